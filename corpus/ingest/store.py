"""Write parsed versions into the corpus, content-addressed and idempotent.

A file whose bytes we already hold is skipped before parsing (re-ingest writes
nothing). Otherwise it becomes a new ActVersion; provision texts are stored once
per SHA-256, so unchanged provisions of a new version share the old rows.
"""

import hashlib
from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction

from corpus import search_index
from corpus.ingest.justice_laws import ParsedVersion, parse
from corpus.models import Act, ActVersion, PendingAmendment, Provision, ProvisionText

BATCH = 2000


@dataclass
class IngestResult:
    name: str
    status: str  # "unchanged" | "added"
    code: str = ""
    lang: str = ""
    pit_date: object = None
    provisions: int = 0
    new_texts: int = 0


def sha256_bytes(data):
    return hashlib.sha256(data).hexdigest()


def sha256_text(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def ingest_bytes(name, data):
    """Ingest one file's bytes. Call inside a transaction to make a batch atomic."""
    digest = sha256_bytes(data)
    if ActVersion.objects.filter(source_sha256=digest).exists():
        return IngestResult(name=name, status="unchanged")
    parsed = parse(data, name)
    with transaction.atomic():
        version = _create_version(parsed, name, digest)
        new_texts = _store_texts(parsed)
        provisions = _store_nodes(parsed, version)
        _store_pending(parsed, version)
        search_index.index_version(version)
    return IngestResult(name=name, status="added", code=parsed.code, lang=parsed.lang,
                        pit_date=parsed.pit_date, provisions=len(provisions), new_texts=new_texts)


def _create_version(parsed: ParsedVersion, name, digest):
    act, _ = Act.objects.get_or_create(code=parsed.code)
    latest = act.versions.filter(lang=parsed.lang).order_by("-pit_date").first()
    if latest is None or parsed.pit_date >= latest.pit_date:
        # The newest consolidation names the Act.
        field, long_field = ("title_fr", "long_title_fr") if parsed.lang == "fra" else ("title_en", "long_title_en")
        setattr(act, field, parsed.short_title or parsed.long_title[:500])
        setattr(act, long_field, parsed.long_title)
        act.save()
    return ActVersion.objects.create(
        act=act, lang=parsed.lang, pit_date=parsed.pit_date, current_date=parsed.current_date,
        last_amended_date=parsed.last_amended_date, title=parsed.short_title[:500],
        source_name=name[-300:], source_sha256=digest,
        has_pending_amendments=any(p.schedule == "NifProvs" for p in parsed.pending),
        provision_count=len(parsed.nodes),
    )


def _store_texts(parsed):
    texts = {sha256_text(n.text): n.text for n in parsed.nodes}
    for node in parsed.nodes:
        node.sha256 = sha256_text(node.text)
    existing = set()
    keys = list(texts)
    for i in range(0, len(keys), 900):
        existing.update(ProvisionText.objects.filter(sha256__in=keys[i:i + 900]).values_list("sha256", flat=True))
    new = [ProvisionText(sha256=k, text=v) for k, v in texts.items() if k not in existing]
    ProvisionText.objects.bulk_create(new, batch_size=BATCH, ignore_conflicts=True)
    return len(new)


def _store_nodes(parsed, version):
    """Create provisions depth by depth so each parent's primary key is known."""
    by_depth = defaultdict(list)
    for index, node in enumerate(parsed.nodes):
        by_depth[node.depth].append(index)
    pks = {}
    created = []
    for depth in sorted(by_depth):
        rows = []
        for index in by_depth[depth]:
            node = parsed.nodes[index]
            rows.append(Provision(
                version=version, position=index, parent_id=pks.get(node.parent), kind=node.kind,
                unit_id=node.unit_id[:200], section_unit=node.section_unit[:120], label=node.label[:120],
                level=node.level if node.kind == "heading" else node.depth, marginal_note=node.marginal_note,
                heading_path=node.heading_path, path=node.path, lead=node.lead, tail=node.tail,
                text_id=node.sha256, status=node.status, historical_note=node.historical_note,
                lims_id=node.lims_id[:40], in_force_start=node.in_force_start,
                defined_term=node.defined_term[:300], defined_term_other=node.defined_term_other[:300],
            ))
        saved = Provision.objects.bulk_create(rows, batch_size=BATCH)
        for index, row in zip(by_depth[depth], saved, strict=True):
            pks[index] = row.pk
        created.extend(saved)
    return created


def _store_pending(parsed, version):
    PendingAmendment.objects.bulk_create([
        PendingAmendment(version=version, position=i, schedule=p.schedule, heading=p.heading,
                         kind=p.kind[:20], label=p.label[:60], marginal_note=p.marginal_note, text=p.text)
        for i, p in enumerate(parsed.pending)
    ], batch_size=BATCH)
