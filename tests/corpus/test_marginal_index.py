"""MarginalIndex: PostgreSQL's marginal-note matches answered from the notes' words in memory."""

import pytest
from django.db import connection

from corpus import search_backends
from corpus.search import search
from corpus.search_backends import MarginalIndex, Scope
from corpus.search_catalogue import catalogue_for, searched_versions
from corpus.search_index import FTS_TABLE
from corpus.search_terms import query_terms

ROWS = [
    (1, 10, "'employ':1 'duti':2"),          # "Employer's duty"
    (2, 10, "'employ':1 'termin':2"),        # "Termination of employment"
    (3, 11, "'employment':1 'equiti':2"),    # in another version
    (4, 11, "'o''neil':1"),                   # a quoted lexeme
    (5, 11, ""),
]


def test_a_prefix_matches_every_word_it_starts_and_an_exact_lexeme_only_itself():
    index = MarginalIndex(ROWS)
    everything = Scope(version_ids=(10, 11), lang="eng", whole_lang=True)
    assert index.matching([("employ", True)], everything) == {1, 2, 3}
    assert index.matching([("employ", False)], everything) == {1, 2}
    assert index.matching([("duti", False), ("termin", True)], everything) == {1, 2}
    assert index.matching([("o'neil", False)], everything) == {4}
    assert index.matching([("zzz", True)], everything) == set()


def test_only_the_versions_searched_count():
    index = MarginalIndex(ROWS)
    assert index.matching([("employ", True)], Scope(version_ids=(11,), lang="eng")) == {3}


@pytest.mark.django_db
def test_marginal_note_matches_are_the_ones_the_database_finds():
    # PostgreSQL answers from MarginalIndex; the truth is the note vector's own GIN query (on
    # SQLite, FTS5's marginal_note column, which term_matches uses directly).
    catalogue = catalogue_for("eng")
    versions = searched_versions(None, "eng", None, catalogue)
    scope = catalogue.scope(versions, "eng")
    terms = query_terms("employer's duty to give notice of termination", "eng")
    matches = search_backends.term_matches(terms, scope)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            where, params = search_backends._pg_scope(scope)
            query = " | ".join(f"({search_backends.pg_group(t)})" for t in terms)
            cursor.execute(f"SELECT provision_id FROM corpus_sectiondoc d WHERE d.marginal_vector @@ "
                           f"to_tsquery('english'::regconfig, %s) AND {where}", [query, *params])
        else:
            every = " OR ".join(f"({search_backends.fts5_group(t)})" for t in terms)
            scope_filter = search_backends.fts5_scope(scope)
            cursor.execute(f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s",
                           [f"{{marginal_note}}: ({every})" + (f" AND {scope_filter}" if scope_filter else "")])
        expected = {row[0] for row in cursor.fetchall()}
    assert len(expected) > 20
    assert matches.marginal == expected
    hits = search("employer's duty to give notice of termination", acts=["L-2"]).hits
    assert hits and hits[0].act_code == "L-2"
