"""PostgreSQL: a separate, small tsvector of the marginal note with its own GIN index.

Matching "in the marginal note" through the weighted search_vector (':A') forces PostgreSQL to
recheck every candidate's whole vector; a vector of the note alone answers from the index.
SQLite's FTS5 already has a marginal_note column, so nothing changes there.
"""

from django.db import migrations

PG_UP = [
    """ALTER TABLE corpus_sectiondoc ADD COLUMN marginal_vector tsvector GENERATED ALWAYS AS (
        to_tsvector(CASE WHEN lang = 'fra' THEN 'french'::regconfig ELSE 'english'::regconfig END,
                    coalesce(marginal_note, ''))) STORED""",
    "CREATE INDEX corpus_sectiondoc_marginal_gin ON corpus_sectiondoc USING GIN (marginal_vector)",
]
PG_DOWN = [
    "DROP INDEX IF EXISTS corpus_sectiondoc_marginal_gin",
    "ALTER TABLE corpus_sectiondoc DROP COLUMN IF EXISTS marginal_vector",
]


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for sql in PG_UP:
            schema_editor.execute(sql)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for sql in PG_DOWN:
            schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("corpus", "0004_section_embeddings")]
    operations = [migrations.RunPython(forwards, backwards)]
