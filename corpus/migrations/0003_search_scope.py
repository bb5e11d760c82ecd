"""SQLite: a `scope` column in the FTS5 index so a search matches only the versions it wants.

Each section document carries the tokens "vtag<version id>" and "lang<eng|fra>"; a search
adds `scope:(vtag12 OR vtag13)` or `scope:langeng` to its MATCH, so FTS5 never reads
the sections of other versions (history, the other language). The index's content is a
view over corpus_sectiondoc that computes the scope, so 'rebuild' keeps working. The
existing documents are re-indexed here; nothing needs re-ingesting.

PostgreSQL needs nothing: its search filters on version_id (btree) or lang next to the GIN index.
"""

from django.db import migrations

TOKENIZE = "tokenize='porter unicode61 remove_diacritics 2'"

SQLITE_UP = [
    "DROP TABLE IF EXISTS corpus_sectiondoc_fts",
    """CREATE VIEW corpus_sectiondoc_fts_source AS
       SELECT provision_id, headings, marginal_note, body,
              'vtag' || version_id || ' lang' || lang AS scope
       FROM corpus_sectiondoc""",
    f"""CREATE VIRTUAL TABLE corpus_sectiondoc_fts USING fts5(
        headings, marginal_note, body, scope,
        content='corpus_sectiondoc_fts_source', content_rowid='provision_id', {TOKENIZE})""",
    "INSERT INTO corpus_sectiondoc_fts(corpus_sectiondoc_fts) VALUES('rebuild')",
]
SQLITE_DOWN = [
    "DROP TABLE IF EXISTS corpus_sectiondoc_fts",
    "DROP VIEW IF EXISTS corpus_sectiondoc_fts_source",
    f"""CREATE VIRTUAL TABLE corpus_sectiondoc_fts USING fts5(
        headings, marginal_note, body,
        content='corpus_sectiondoc', content_rowid='provision_id', {TOKENIZE})""",
    "INSERT INTO corpus_sectiondoc_fts(corpus_sectiondoc_fts) VALUES('rebuild')",
]


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for sql in SQLITE_UP:
            schema_editor.execute(sql)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for sql in SQLITE_DOWN:
            schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("corpus", "0002_search_indexes")]
    operations = [migrations.RunPython(forwards, backwards)]
