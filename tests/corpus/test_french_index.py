"""French documents are matched on Snowball stems on both databases (SQLite: their own FTS5 table)."""

import pytest
from django.db import connection

from corpus import search_backends
from corpus.models import SectionDoc
from corpus.search_catalogue import catalogue_for, searched_versions
from corpus.search_index import FTS_TABLE, FTS_TABLE_FRA, french_stems
from corpus.search_terms import Term

pytestmark = pytest.mark.django_db
sqlite_only = pytest.mark.skipif("connection.vendor != 'sqlite'", reason="the FTS5 tables are SQLite's")


def _french_scope():
    catalogue = catalogue_for("fra")
    return catalogue.scope(searched_versions(None, "fra", None, catalogue), "fra")


def _latest_french(act_code, unit_id):
    return (SectionDoc.objects.filter(lang="fra", act_code=act_code, provision__unit_id=unit_id)
            .order_by("-version_id").first())


def test_a_plural_matches_a_section_that_only_has_the_feminine():
    doc = _latest_french("P-8.6", "s4")
    assert "fédéraux" not in doc.body and "fédérale" in doc.body
    matches = search_backends.term_matches([Term("fédéraux", ["fédéraux"], lang="fra")], _french_scope())
    assert doc.pk in matches.ids[0]


def test_a_french_phrase_is_stemmed_word_by_word():
    doc = _latest_french("P-8.6", "s4")
    assert "renseignements personnels" in doc.body
    phrase = Term("renseignements personnels", ["renseignements personnels"], lang="fra")
    assert doc.pk in search_backends.term_matches([phrase], _french_scope()).ids[0]


def test_french_stems_are_snowball_stems_of_lowercased_words():
    assert french_stems("Les entreprises fédérales, communiquées") == "le entrepris fédéral communiqu"
    assert french_stems("") == "" and french_stems(None) == ""


@sqlite_only
def test_each_language_is_in_one_fts5_table_only():
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {FTS_TABLE_FRA}")
        assert cursor.fetchone()[0] == SectionDoc.objects.filter(lang="fra").count() > 0
        cursor.execute(f"SELECT count(*) FROM {FTS_TABLE}")
        assert cursor.fetchone()[0] == SectionDoc.objects.exclude(lang="fra").count()
        cursor.execute(f"SELECT count(*) FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH 'scope:langfra'")
        assert cursor.fetchone()[0] == 0
        cursor.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rank) VALUES ('integrity-check', 1)")


@sqlite_only
def test_the_french_table_holds_stems_without_accents():
    doc = _latest_french("P-8.6", "s4")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT rowid FROM {FTS_TABLE_FRA} WHERE {FTS_TABLE_FRA} MATCH %s", ['body:"federal"'])
        assert doc.pk in {row[0] for row in cursor.fetchall()}
        cursor.execute(f"SELECT count(*) FROM {FTS_TABLE_FRA} WHERE {FTS_TABLE_FRA} MATCH %s", ['body:"federale"'])
        assert cursor.fetchone()[0] == 0

