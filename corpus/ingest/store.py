"""Write parsed versions into the corpus, content-addressed and idempotent.

A file whose bytes we already hold is skipped before parsing (re-ingest writes
nothing). Otherwise it becomes a new ActVersion; provision texts are stored once
per SHA-256, so unchanged provisions of a new version share the old rows.
"""

import hashlib
from collections import defaultdict
from dataclasses import dataclass

from django.db import connection, transaction

from corpus import search_index
from corpus.bulk import insert_rows
from corpus.ingest import justice_laws
from corpus.ingest.justice_laws import ParsedVersion
from corpus.instrument_names import chapter_citations
from corpus.models import (
    KOREAN,
    Act,
    ActVersion,
    CitedInstrument,
    EnablingAct,
    PendingAmendment,
    Provision,
    ProvisionText,
)

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


def ingest_bytes(name, data, parse=justice_laws.parse):
    """Ingest one file's bytes with `parse` (justice_laws.parse, or korean_laws.parse).

    Call inside a transaction to make a batch atomic.
    """
    digest = sha256_bytes(data)
    if ActVersion.objects.filter(source_sha256=digest).exists():
        return IngestResult(name=name, status="unchanged")
    parsed = parse(data, name)
    with transaction.atomic():
        version = _create_version(parsed, name, digest)
        new_texts = _store_texts(parsed)
        provisions = _store_nodes(parsed, version)
        _store_pending(parsed, version)
        CitedInstrument.objects.bulk_create(
            [CitedInstrument(code=code, lang=parsed.lang, name=name) for code, name in parsed.cited],
            ignore_conflicts=True)
        search_index.index_version(version)
    return IngestResult(name=name, status="added", code=parsed.code, lang=parsed.lang,
                        pit_date=parsed.pit_date, provisions=provisions, new_texts=new_texts)


def _create_version(parsed: ParsedVersion, name, digest):
    act, _ = Act.objects.get_or_create(code=parsed.code, defaults={"kind": parsed.kind,
                                                                    "jurisdiction": parsed.jurisdiction})
    if act.jurisdiction != parsed.jurisdiction:
        raise justice_laws.ParseError(f"{name}: line 1: {parsed.code} is already held as a law of "
                                      f"jurisdiction {act.jurisdiction}, not {parsed.jurisdiction}")
    latest = act.versions.filter(lang=parsed.lang).order_by("-pit_date").first()
    if latest is None or parsed.pit_date >= latest.pit_date:
        # The newest consolidation names the Act.
        if parsed.lang == KOREAN:
            act.title_ko = parsed.short_title[:500]
        else:
            field, long_field = ("title_fr", "long_title_fr") if parsed.lang == "fra" else ("title_en", "long_title_en")
            setattr(act, field, parsed.short_title or parsed.long_title[:500])
            setattr(act, long_field, parsed.long_title)
        if parsed.chapter is not None:
            citations = chapter_citations(parsed.chapter)
            act.citation_en, act.citation_fr = citations.get("eng", ""), citations.get("fra", "")
        if parsed.kind == Act.KIND_REGULATION:
            _identify_regulation(act, parsed)
        act.save()
    return ActVersion.objects.create(
        act=act, lang=parsed.lang, pit_date=parsed.pit_date, current_date=parsed.current_date,
        last_amended_date=parsed.last_amended_date, title=parsed.short_title[:500],
        promulgated_date=parsed.promulgated_date, revision=parsed.revision[:40],
        source_name=name[-300:], source_sha256=digest,
        has_pending_amendments=any(p.schedule == "NifProvs" for p in parsed.pending),
        provision_count=len(parsed.nodes),
    )


def _identify_regulation(act, parsed):
    """A regulation's instrument number in this language and the Acts it is made under."""
    act.kind = Act.KIND_REGULATION
    setattr(act, "instrument_number_fr" if parsed.lang == "fra" else "instrument_number_en",
            parsed.instrument_number[:80])
    if act.pk is not None:
        EnablingAct.objects.filter(regulation=act).exclude(act_code__in=parsed.enabling_acts).delete()
        held = set(EnablingAct.objects.filter(regulation=act).values_list("act_code", flat=True))
        EnablingAct.objects.bulk_create([EnablingAct(regulation=act, act_code=code[:40], position=n)
                                         for n, code in enumerate(parsed.enabling_acts) if code not in held])


def _store_texts(parsed):
    texts = {sha256_text(n.text): n.text for n in parsed.nodes}
    for node in parsed.nodes:
        node.sha256 = sha256_text(node.text)
    existing = set()
    keys = list(texts)
    for i in range(0, len(keys), 900):
        existing.update(ProvisionText.objects.filter(sha256__in=keys[i:i + 900]).values_list("sha256", flat=True))
    new = [(k, v) for k, v in texts.items() if k not in existing]
    with connection.cursor() as cursor:
        for i in range(0, len(new), BATCH):
            cursor.executemany(f"INSERT INTO {ProvisionText._meta.db_table} (sha256, text) VALUES (%s, %s) "
                               "ON CONFLICT DO NOTHING", new[i:i + BATCH])
    return len(new)


PROVISION_COLUMNS = ["version_id", "position", "parent_id", "kind", "unit_id", "section_unit", "label", "level",
                     "marginal_note", "heading_path", "path", "lead", "tail", "text_id", "status",
                     "historical_note", "lims_id", "in_force_start", "defined_term", "defined_term_other"]


def _store_nodes(parsed, version):
    """Create provisions depth by depth so each parent's primary key is known.

    Plain rows through the cursor (corpus.bulk): building ~250k model instances for bulk_create
    cost more than parsing. Returns the number of provisions written.
    """
    by_depth = defaultdict(list)
    for index, node in enumerate(parsed.nodes):
        by_depth[node.depth].append(index)
    table = Provision._meta.db_table
    date_value = connection.ops.adapt_datefield_value
    pks = {}
    with connection.cursor() as cursor:
        for depth in sorted(by_depth):
            rows = []
            for index in by_depth[depth]:
                node = parsed.nodes[index]
                rows.append((
                    version.pk, index, pks.get(node.parent), node.kind, node.unit_id[:200],
                    node.section_unit[:120], node.label[:120],
                    node.level if node.kind == "heading" else node.depth, node.marginal_note,
                    node.heading_path, node.path, node.lead, node.tail, node.sha256, node.status,
                    node.historical_note, node.lims_id[:40], date_value(node.in_force_start),
                    node.defined_term[:300], node.defined_term_other[:300],
                ))
            insert_rows(cursor, table, PROVISION_COLUMNS, rows)
            if depth != max(by_depth):  # the next depth needs these rows' keys as parents
                pks.update(Provision.objects.filter(version=version).values_list("position", "pk"))
    return len(parsed.nodes)


def _store_pending(parsed, version):
    # A Korean revision's 부칙 land here too (schedule "부칙"): like amendments not in force,
    # they are kept apart from the articles.
    PendingAmendment.objects.bulk_create([
        PendingAmendment(version=version, position=i, schedule=p.schedule, heading=p.heading,
                         kind=p.kind[:20], label=p.label[:60], marginal_note=p.marginal_note, text=p.text)
        for i, p in enumerate(parsed.pending)
    ], batch_size=BATCH)
