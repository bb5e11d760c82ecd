"""A schedule's clauses are indexed under the schedule's title, not under its first clause's text."""

import importlib
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.db import connection

from corpus.models import SectionDoc
from corpus.search_index import FTS_TABLE

pytestmark = pytest.mark.django_db

TITLE = ("Principles Set Out in the National Standard of Canada Entitled Model Code for the Protection "
         "of Personal Information, CAN/CSA-Q830-96")
migration = importlib.import_module("corpus.migrations.0006_schedule_headings")


def clause(unit_id):
    return (SectionDoc.objects.filter(act_code="P-8.6", lang="eng", provision__unit_id=unit_id)
            .order_by("-version_id").first())


def test_pipeda_principles_carry_the_schedule_title_as_their_heading():
    assert clause("sch1/4.5").headings == TITLE
    assert clause("sch1/4.10").headings == TITLE


def test_the_migration_mends_headings_written_by_the_old_indexer():
    doc = clause("sch1/4.5")
    stale = doc.provision.version.provisions.get(unit_id="sch1").text.text[:300]
    assert "Principle 1 — Accountability" in stale
    _set_headings(doc, stale)  # what the indexer used to write, index row included
    assert _heading_matches("accountability") >= 1

    # The migration only reads the editor's connection; SQLite's schema editor cannot open
    # inside the test's transaction.
    migration.forwards(apps, SimpleNamespace(connection=connection))

    doc.refresh_from_db()
    assert doc.headings == TITLE
    assert _heading_matches("accountability") == 0
    if connection.vendor == "sqlite":  # the FTS5 rows still match their documents
        with connection.cursor() as cursor:
            cursor.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rank) VALUES ('integrity-check', 1)")


def _set_headings(doc, headings):
    scope = f"vtag{doc.version_id} lang{doc.lang}"
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, headings, marginal_note, body, scope) "
                           "VALUES ('delete', %s, %s, %s, %s, %s)",
                           [doc.pk, doc.headings, doc.marginal_note, doc.body, scope])
        cursor.execute("UPDATE corpus_sectiondoc SET headings = %s WHERE provision_id = %s", [headings, doc.pk])
        if connection.vendor == "sqlite":
            cursor.execute(f"INSERT INTO {FTS_TABLE}(rowid, headings, marginal_note, body, scope) "
                           "VALUES (%s, %s, %s, %s, %s)", [doc.pk, headings, doc.marginal_note, doc.body, scope])


def _heading_matches(word):
    """English search documents whose headings hold `word`, through the engine's own index."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(f"SELECT count(*) FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s",
                           [f"headings:{word} AND scope:langeng"])
        else:
            cursor.execute("SELECT count(*) FROM corpus_sectiondoc WHERE lang = 'eng' AND "
                           "to_tsvector('english', headings) @@ to_tsquery('english', %s)", [word])
        return cursor.fetchone()[0]
