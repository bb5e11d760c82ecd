"""Keep the section search documents in step with ingested versions."""

from django.db import connection

from corpus.models import Provision, SectionDoc

FTS_TABLE = "corpus_sectiondoc_fts"


def searchable(provisions):
    """Sections, top-level schedule clauses, and schedules with no clauses."""
    with_children = {p.parent_id for p in provisions if p.parent_id}
    by_pk = {p.pk: p for p in provisions}
    for p in provisions:
        if p.kind == Provision.KIND_SECTION:
            yield p
        elif p.kind == Provision.KIND_SCHEDULE_ITEM and by_pk.get(p.parent_id) and by_pk[p.parent_id].kind == Provision.KIND_SCHEDULE:
            yield p
        elif p.kind == Provision.KIND_SCHEDULE and p.pk not in with_children:
            yield p


def index_version(version):
    """Write one SectionDoc per searchable provision of `version` (and the FTS rows on SQLite)."""
    provisions = list(Provision.objects.filter(version=version).select_related("text").order_by("position"))
    headings_above = _headings_above(provisions)
    docs = [
        SectionDoc(provision=p, version=version, act_code=version.act.code, lang=version.lang,
                   headings=headings_above.get(p.pk, ""), marginal_note=p.marginal_note,
                   body=p.text.text)
        for p in searchable(provisions)
    ]
    SectionDoc.objects.bulk_create(docs, batch_size=2000)
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.executemany(
                f"INSERT INTO {FTS_TABLE}(rowid, headings, marginal_note, body) VALUES (?, ?, ?, ?)",
                [(d.provision_id, d.headings, d.marginal_note, d.body) for d in docs],
            )
    return len(docs)


def _headings_above(provisions):
    """Title text of every heading in force above each section (Part, Division, group)."""
    stack, result = [], {}
    for p in provisions:
        if p.kind == Provision.KIND_HEADING:
            stack = [(lv, t) for lv, t in stack if lv < p.level]
            stack.append((p.level, p.text.text))
        elif p.kind == Provision.KIND_SCHEDULE:
            stack = [(0, p.text.text[:300])]
        elif p.kind in {Provision.KIND_SECTION, Provision.KIND_SCHEDULE_ITEM}:
            result[p.pk] = " · ".join(t for _, t in stack)
    return result
