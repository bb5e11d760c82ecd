"""Definitions apply where their introducing words say: the Act, a Part, a Division, sections."""

import pytest

from verifier.adapter import DbCorpus
from verifier.definition_scope import ACT, DIVISION, PART, SECTIONS, covers, scope_of
from verifier.gates import gate_answer

LABOUR = "Canada Labour Code > Part III > Division X > section 230"


@pytest.mark.parametrize(("intro", "path", "kind"), [
    ("In this Act, Board means the Canada Industrial Relations Board", "Canada Labour Code > section 2", ACT),
    ("(1) In every enactment, Act, in respect of an Act of a legislature", "Interpretation Act > section 35", ACT),
    ("(1) The definitions in this subsection apply in this Part.", "PIPEDA > Part 1 > section 2 > subsection (1)",
     PART),
    ("In this Division, vacation pay means", "Canada Labour Code > Part III > Division IV > section 183", DIVISION),
    ("(1) The following definitions apply in this section.", "Copyright Act > Part III > section 31", SECTIONS),
    ("Les définitions qui suivent s’appliquent à la présente partie.", "Code > Part III > section 166", PART),
    ("Words nobody uses to introduce definitions.", "Copyright Act > Part III > section 31", ACT),
])
def test_the_introducing_words_give_the_scope(intro, path, kind):
    assert scope_of(intro, path).kind == kind


def test_a_range_of_sections_is_read_in_statute_order():
    scope = scope_of("The following definitions apply in sections 44.02 to 44.4.", "Copyright Act > Part IV > section 44")
    # 44.02 comes before 44.1 in the Act, and the defining section itself is not named.
    assert [covers(scope, "", n) for n in ("44", "44.02", "44.1", "44.4", "44.5")] == [False, True, True, True, False]
    scope = scope_of("The following definitions apply in this section and in sections 41.1 to 41.21.",
                     "Copyright Act > Part IV > section 41")
    assert [covers(scope, "", n) for n in ("41", "41.19", "41.21", "41.22")] == [True, True, True, False]


def test_a_part_scope_covers_only_that_part():
    scope = scope_of("In this Part, employer means", "Canada Labour Code > Part III > section 166")
    assert covers(scope, LABOUR, "230")
    assert not covers(scope, "Canada Labour Code > Part I > Division III > section 44", "44")


@pytest.mark.django_db
def test_a_labour_code_part_iii_quote_is_read_with_part_iii_definitions():
    corpus = DbCorpus()
    where = corpus.get("L-2:s230(1)")
    in_scope = corpus.definitions("L-2", where=where)
    assert in_scope["employer"].id == "L-2:s166/employer"  # not Part I's s. 3
    assert "employee" not in in_scope  # defined for Part I only
    assert in_scope["board"].id == "L-2:s2/board"  # "In this Act"
    assert corpus.definitions("L-2")["employer"].id == "L-2:s3(1)/employer"  # without `where`: the first


@pytest.mark.django_db
def test_the_defined_term_warning_names_the_definition_that_applies():
    corpus = DbCorpus()
    quote = "An employer who terminates the employment of an employee"
    answer = {"claims": [{"text": "Notice is owed.", "citations": [{"provision_id": "L-2:s230(1)", "quote": quote}]}],
              "reading": "", "not_in_text": ""}
    result = gate_answer(answer, corpus, ["L-2:s230"])
    warned = {f.details["term"]: f.details["definition_id"] for f in result.all_findings() if f.code == "defined-term"}
    assert warned["employer"] == "L-2:s166/employer"
    assert "L-2:s3(1)/employee" not in warned.values()


def _gated(*citations):
    answer = {"claims": [{"text": "The statute says so.", "citations": [{"provision_id": pid, "quote": quote}]}
                         for pid, quote in citations], "reading": "", "not_in_text": ""}
    result = gate_answer(answer, DbCorpus(), [pid for pid, _ in citations])
    return {f.details["term"]: f.details["definition_id"] for f in result.all_findings() if f.code == "defined-term"}


RETRANSMITTER = "It is not an infringement of copyright for a retransmitter to communicate to the public"


@pytest.mark.django_db
def test_a_section_scoped_definition_is_asked_for_inside_its_section_and_not_outside():
    assert _gated(("C-42:s31(2)", RETRANSMITTER))["retransmitter"] == "C-42:s31(1)/retransmitter"
    definition = DbCorpus().get("C-42:s31(1)/retransmitter").text
    assert "retransmitter" not in _gated(("C-42:s31(2)", RETRANSMITTER), ("C-42:s31(1)/retransmitter", definition))
    # Section 31 defines "signal" for itself: s. 21(1), on broadcasters' "communication signals",
    # uses the word and owes that definition nothing.
    s21 = DbCorpus().get("C-42:s21(1)").text
    assert "signals" in s21
    assert "signal" not in _gated(("C-42:s21(1)", s21))


@pytest.mark.django_db
def test_the_warning_goes_once_the_part_iii_definition_is_quoted():
    quote = "An employer who terminates the employment of an employee"
    assert _gated(("L-2:s230(1)", quote))["employer"] == "L-2:s166/employer"
    part_i = DbCorpus().get("L-2:s3(1)/employer").text
    # Part I's definition does not answer for a Part III quote; Part III's does.
    assert "employer" in _gated(("L-2:s230(1)", quote), ("L-2:s3(1)/employer", part_i))
    part_iii = DbCorpus().get("L-2:s166/employer").text
    assert "employer" not in _gated(("L-2:s230(1)", quote), ("L-2:s166/employer", part_iii))
