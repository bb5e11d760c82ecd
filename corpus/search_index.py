"""Keep the section search documents in step with ingested versions.

On SQLite the documents are also written to an FTS5 index: English and Korean to one whose
tokenizer stems with Porter (migration 0003), French to one of its own whose text is stemmed
here with Snowball French before it is stored (migration 0010), since FTS5 ships no French
stemmer. Porter on French text leaves "fédéraux" and "fédérale" apart; Snowball brings them
together, as PostgreSQL's `french` configuration does.
"""

from collections import namedtuple

from django.db import connection

from corpus.bulk import insert_rows
from corpus.models import Provision, SectionDoc
from corpus.search_terms import WORD
from corpus.stemming import stem

FTS_TABLE = "corpus_sectiondoc_fts"
FTS_TABLE_FRA = "corpus_sectiondoc_fts_fra"


def fts_table(lang):
    """The SQLite FTS5 table holding documents in `lang`."""
    return FTS_TABLE_FRA if lang == "fra" else FTS_TABLE


def french_stems(text):
    """Text as the French index holds it: each word lowercased and Snowball-stemmed."""
    return " ".join(stem(w, "fra") for w in WORD.findall((text or "").lower()))


def fts_row(pk, lang, headings, marginal_note, body, scope):
    """One FTS5 row (rowid, headings, marginal_note, body, scope) for a document in `lang`."""
    if lang == "fra":
        headings, marginal_note, body = french_stems(headings), french_stems(marginal_note), french_stems(body)
    return (pk, headings, marginal_note, body, scope)


def version_token(version_id):
    """The scope token of one version's documents in the FTS5 index ("vtag12")."""
    return f"vtag{int(version_id)}"


def lang_token(lang):
    """The scope token of every document in one language ("langeng")."""
    return f"lang{lang}"


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


Row = namedtuple("Row", "pk parent_id kind level label marginal_note text")


def index_version(version):
    """Write one SectionDoc per searchable provision of `version` (and the FTS rows on SQLite).

    The FTS row's `scope` column must equal what the corpus_sectiondoc_fts_source view
    computes (migration 0003): the version and language tokens. French rows go to the
    French table (see the module docstring).

    Reads plain rows and writes with the cursor: model instances for every provision of a
    large Act cost more than the indexing itself.
    """
    provisions = [Row(*values) for values in Provision.objects.filter(version=version).order_by("position")
                  .values_list("pk", "parent_id", "kind", "level", "label", "marginal_note", "text__text")]
    headings_above = _headings_above(provisions)
    docs = [(p.pk, version.pk, version.act.code, version.lang, headings_above.get(p.pk, ""), p.marginal_note, p.text)
            for p in searchable(provisions)]
    with connection.cursor() as cursor:
        insert_rows(cursor, SectionDoc._meta.db_table,
                    ["provision_id", "version_id", "act_code", "lang", "headings", "marginal_note", "body"], docs)
        if connection.vendor == "sqlite":
            scope = f"{version_token(version.pk)} {lang_token(version.lang)}"
            cursor.executemany(
                f"INSERT INTO {fts_table(version.lang)}(rowid, headings, marginal_note, body, scope) "
                "VALUES (%s, %s, %s, %s, %s)",
                [fts_row(d[0], version.lang, d[4], d[5], d[6], scope) for d in docs],
            )
    return len(docs)


def _headings_above(provisions):
    """Title text of every heading in force above each section (Part, Division, group)."""
    stack, result = [], {}
    for p in provisions:
        if p.kind == Provision.KIND_HEADING:
            stack = [(lv, t) for lv, t in stack if lv < p.level]
            stack.append((p.level, p.text))
        elif p.kind == Provision.KIND_SCHEDULE:
            # Its title, not its text: a schedule's text is every clause's ("4.1 Principle 1 —
            # Accountability An organization is responsible ...").
            stack = [(0, p.marginal_note or p.label)]
        elif p.kind in {Provision.KIND_SECTION, Provision.KIND_SCHEDULE_ITEM}:
            result[p.pk] = " · ".join(t for _, t in stack)
    return result
