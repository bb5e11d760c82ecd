"""Search documents under a schedule: its title as their heading, not its first 300 characters.

A schedule's text holds all of its clauses, so every clause of PIPEDA's Schedule 1 carried
"4.1 Principle 1 — Accountability An organization is responsible ..." in its headings, and
search read clause 4.1's words into clauses 4.2 to 4.10. The indexer now takes the schedule's
title (corpus/search_index.py); this corrects the documents already written, and on SQLite
their rows in the FTS5 index (external content: the old row is deleted, the new one added).
PostgreSQL's search_vector is a generated column and follows by itself.
The section vectors of those documents are keyed by their text, so `manage.py embed_sections`
(run by load_default_data) stores vectors for the corrected texts.
"""

from django.db import migrations

FTS = "corpus_sectiondoc_fts"


def _headings(rows, title_of):
    """{section or clause pk: headings} for one version's rows, as the indexer computes them."""
    stack, result = [], {}
    for pk, kind, level, label, note, text in rows:
        if kind == "heading":
            stack = [(lv, t) for lv, t in stack if lv < level]
            stack.append((level, text))
        elif kind == "schedule":
            stack = [(0, title_of(label, note, text))]
        elif kind in ("section", "schedule_item"):
            result[pk] = " · ".join(t for _, t in stack)
    return result


def _rewrite(apps, schema_editor, title_of):
    Provision = apps.get_model("corpus", "Provision")
    SectionDoc = apps.get_model("corpus", "SectionDoc")
    sqlite = schema_editor.connection.vendor == "sqlite"
    versions = Provision.objects.filter(kind="schedule").values_list("version_id", flat=True).distinct()
    with schema_editor.connection.cursor() as cursor:
        for version_id in list(versions):
            rows = (Provision.objects.filter(version_id=version_id).order_by("position")
                    .values_list("pk", "kind", "level", "label", "marginal_note", "text__text"))
            wanted = _headings(rows, title_of)
            docs = SectionDoc.objects.filter(version_id=version_id).values_list(
                "provision_id", "lang", "headings", "marginal_note", "body")
            for pk, lang, headings, note, body in list(docs):
                if pk not in wanted or wanted[pk] == headings:
                    continue
                scope = f"vtag{version_id} lang{lang}"
                if sqlite:
                    cursor.execute(f"INSERT INTO {FTS}({FTS}, rowid, headings, marginal_note, body, scope) "
                                   "VALUES ('delete', %s, %s, %s, %s, %s)", [pk, headings, note, body, scope])
                cursor.execute("UPDATE corpus_sectiondoc SET headings = %s WHERE provision_id = %s", [wanted[pk], pk])
                if sqlite:
                    cursor.execute(f"INSERT INTO {FTS}(rowid, headings, marginal_note, body, scope) "
                                   "VALUES (%s, %s, %s, %s, %s)", [pk, wanted[pk], note, body, scope])


def forwards(apps, schema_editor):
    _rewrite(apps, schema_editor, lambda label, note, text: note or label)


def backwards(apps, schema_editor):
    _rewrite(apps, schema_editor, lambda label, note, text: text[:300])


class Migration(migrations.Migration):
    dependencies = [("corpus", "0005_pg_marginal_vector")]
    operations = [migrations.RunPython(forwards, backwards)]
