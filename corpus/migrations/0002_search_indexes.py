"""Full-text indexes: FTS5 on SQLite, a weighted tsvector with GIN on PostgreSQL.

Weights: marginal note A, headings B, body C. PostgreSQL picks the text-search
configuration from the document's language.
"""

from django.db import migrations

SQLITE_UP = """
CREATE VIRTUAL TABLE corpus_sectiondoc_fts USING fts5(
    headings, marginal_note, body,
    content='corpus_sectiondoc', content_rowid='provision_id',
    tokenize='porter unicode61 remove_diacritics 2'
)
"""
SQLITE_DOWN = "DROP TABLE IF EXISTS corpus_sectiondoc_fts"


def _config(column):
    return ("to_tsvector(CASE WHEN lang = 'fra' THEN 'french'::regconfig "
            f"ELSE 'english'::regconfig END, coalesce({column}, ''))")


PG_UP = [
    f"""ALTER TABLE corpus_sectiondoc ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight({_config('marginal_note')}, 'A') ||
        setweight({_config('headings')}, 'B') ||
        setweight({_config('body')}, 'C')) STORED""",
    "CREATE INDEX corpus_sectiondoc_search_gin ON corpus_sectiondoc USING GIN (search_vector)",
]
PG_DOWN = [
    "DROP INDEX IF EXISTS corpus_sectiondoc_search_gin",
    "ALTER TABLE corpus_sectiondoc DROP COLUMN IF EXISTS search_vector",
]


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for sql in [SQLITE_UP] if vendor == "sqlite" else PG_UP if vendor == "postgresql" else []:
        schema_editor.execute(sql)


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for sql in [SQLITE_DOWN] if vendor == "sqlite" else PG_DOWN if vendor == "postgresql" else []:
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("corpus", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
