"""MarginalIndex: PostgreSQL's marginal-note matches answered from the notes' words in memory."""

import pytest
from django.db import connection

from corpus import search_backends
from corpus.search import search
from corpus.search_backends import MarginalIndex, Scope

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
def test_search_reads_marginal_notes_the_same_way_on_both_databases():
    # On PostgreSQL the notes come from MarginalIndex, on SQLite from FTS5: same first hits.
    hits = search("employer's duty to give notice of termination", acts=["L-2"]).hits
    assert hits and hits[0].act_code == "L-2"
    assert any(h.marginal_note for h in hits[:5])
    if connection.vendor == "postgresql":
        assert any(key[1] == "eng" for key in search_backends._marginal_indexes)
