"""SQLite: French section documents get an FTS5 index of their own, stemmed with Snowball.

FTS5's only stemmer is Porter, which is English. The French table is contentless: its rows
are written already stemmed (corpus.search_index.fts_row), so it cannot be rebuilt from a
view the way the Porter table is; this migration fills it from the existing French documents
and takes them out of the Porter table (its source view now skips them). Nothing needs
re-ingesting. PostgreSQL needs nothing: its French documents already use the `french`
text-search configuration.
"""

from django.db import migrations

from corpus.search_index import FTS_TABLE, FTS_TABLE_FRA, fts_row, lang_token, version_token

BATCH = 2000

VIEW = """CREATE VIEW corpus_sectiondoc_fts_source AS
   SELECT provision_id, headings, marginal_note, body,
          'vtag' || version_id || ' lang' || lang AS scope
   FROM corpus_sectiondoc{where}"""


def _rebuild_porter(schema_editor, where):
    schema_editor.execute("DROP VIEW IF EXISTS corpus_sectiondoc_fts_source")
    schema_editor.execute(VIEW.format(where=where))
    schema_editor.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES('rebuild')")


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    schema_editor.execute(f"DROP TABLE IF EXISTS {FTS_TABLE_FRA}")
    schema_editor.execute(f"""CREATE VIRTUAL TABLE {FTS_TABLE_FRA} USING fts5(
        headings, marginal_note, body, scope,
        content='', tokenize='unicode61 remove_diacritics 2')""")
    SectionDoc = apps.get_model("corpus", "SectionDoc")
    docs = (SectionDoc.objects.filter(lang="fra").order_by("provision_id")
            .values_list("provision_id", "version_id", "headings", "marginal_note", "body"))
    with schema_editor.connection.cursor() as cursor:
        batch = []
        for pk, version_id, headings, note, body in docs.iterator(chunk_size=BATCH):
            scope = f"{version_token(version_id)} {lang_token('fra')}"
            batch.append(fts_row(pk, "fra", headings, note, body, scope))
            if len(batch) >= BATCH:
                _insert(cursor, batch)
                batch = []
        _insert(cursor, batch)
    _rebuild_porter(schema_editor, " WHERE lang <> 'fra'")


def _insert(cursor, rows):
    if rows:
        cursor.executemany(f"INSERT INTO {FTS_TABLE_FRA}(rowid, headings, marginal_note, body, scope) "
                           "VALUES (%s, %s, %s, %s, %s)", rows)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    schema_editor.execute(f"DROP TABLE IF EXISTS {FTS_TABLE_FRA}")
    _rebuild_porter(schema_editor, "")


class Migration(migrations.Migration):
    dependencies = [("corpus", "0009_cited_instruments")]
    operations = [migrations.RunPython(forwards, backwards)]
