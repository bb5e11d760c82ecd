"""A query that cites a provision finds it first, before any word matching."""

import pytest

from corpus.citation_query import find
from corpus.search import search

pytestmark = pytest.mark.django_db


def pinpoints(results, n=3):
    return [hit.pinpoint for hit in results.hits[:n]]


@pytest.mark.parametrize("query, first", [
    ("PIPEDA s. 10.1", "P-8.6:s10.1"),
    ("section 7 of PIPEDA", "P-8.6:s7"),
    ("s. 240 Canada Labour Code", "L-2:s240"),
    ("s. 7(3)(c) of the Personal Information Protection and Electronic Documents Act", "P-8.6:s7(3)(c)"),
    ("LPRPDE, art. 7", "P-8.6:s7"),
    ("SC 2000, c 5, s 7", "P-8.6:s7"),
    ("Privacy Act subsection 8(2)", "P-21:s8(2)"),
    ("CHRA s. 3 prohibited grounds", "H-6:s3"),
])
def test_a_cited_provision_comes_first(query, first):
    assert pinpoints(search(query))[0] == first


def test_the_cited_section_is_followed_by_its_neighbours():
    assert pinpoints(search("section 7 of PIPEDA")) == ["P-8.6:s7", "P-8.6:s6.1", "P-8.6:s7.1"]


def test_a_bare_label_is_a_citation_when_one_act_is_searched():
    assert pinpoints(search("10.1", acts=["P-8.6"]), 1) == ["P-8.6:s10.1"]


def test_a_french_citation_reads_the_french_text():
    results = search("art. 7(3)c) LPRPDE", lang="fra")
    assert pinpoints(results, 1) == ["P-8.6:s7(3)(c)"]
    assert results.hits[0].act_title.startswith("Loi sur la protection des renseignements personnels")


def test_words_beside_a_citation_still_search():
    results = search("CHRA s. 3 prohibited grounds")
    assert results.total > 3
    assert len({hit.provision_id for hit in results.hits}) == len(results.hits)


def test_a_label_with_no_act_named_is_not_a_citation():
    # Six Acts have a section 7: the query names none, so words rank (a cited hit scores 0).
    assert search("section 7 consent").hits[0].score > 0


def test_a_section_the_act_does_not_hold_falls_back_to_words():
    assert search("PIPEDA s. 999 consent").hits[0].act_code == "P-8.6"


@pytest.mark.parametrize("text, unit", [
    ("s. 10.1", "s10.1"), ("s 7(3)(c)", "s7(3)(c)"), ("ss. 7(3)(c)", "s7(3)(c)"), ("subsection 8(2)", "s8(2)"),
    ("art. 7(3)c)", "s7(3)(c)"), ("alinéa 7(3)c)", "s7(3)(c)"), ("section 47 bis", "s47bis"),
])
def test_it_reads_citation_forms(text, unit):
    assert [c.unit for c in find(text)] == [unit]


def test_it_reads_no_citation_in_ordinary_words():
    assert find("30 days to respond") == []
    assert find("it's 7 days") == []
    assert find("10.1", bare_allowed=False) == []
