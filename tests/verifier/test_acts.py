import pytest

from verifier.acts import ActRef, find_act_mentions, resolve_act

from .fixtures import ACTS


@pytest.mark.parametrize("reference, code", [
    ("P-8.6", "P-8.6"),
    ("p-21", "P-21"),
    ("PIPEDA", "P-8.6"),
    ("Personal Information Protection and Electronic Documents Act", "P-8.6"),
    ("Privacy Act", "P-21"),
    ("the Privacy Act", "P-21"),
    ("CHRA", "H-6"),
    ("Canada Labour Code", "L-2"),
    ("CLC", "L-2"),
    ("Labour Code", "L-2"),
    ("Copyright Act", "C-42"),
    ("Interpretation Act", "I-21"),
    ("Access to Information Act", "A-1"),
    ("ATIA", "A-1"),
    ("Bank Act", "B-1.01"),
    ("Loi sur la protection des renseignements personnels", "P-21"),
    ("Loi sur la protection des renseignements personnels et les documents électroniques", "P-8.6"),
    ("Code canadien du travail", "L-2"),
    ("민법", "민법"),
    ("개인정보보호법", "개인정보 보호법"),
])
def test_it_resolves_codes_titles_and_abbreviations(reference, code):
    result = resolve_act(reference, ACTS)
    assert (result.status, result.code) == ("resolved", code)


def test_it_uses_abbreviations_the_caller_supplies():
    acts = [ActRef("X-1", ["Widget Act"], abbreviations=["WA"])]
    assert resolve_act("WA", acts).code == "X-1"


def test_it_reports_a_partial_title_as_ambiguous_instead_of_guessing():
    result = resolve_act("Human Rights Act", ACTS)
    assert result.status == "ambiguous"
    assert result.code is None
    assert result.candidates == ["H-6"]


def test_it_reports_a_name_two_acts_share_as_ambiguous():
    acts = [ActRef("X-1", ["Widget Act"]), ActRef("X-2", ["Widget Act"])]
    result = resolve_act("Widget Act", acts)
    assert (result.status, result.candidates) == ("ambiguous", ["X-1", "X-2"])


def test_it_says_when_no_act_matches():
    result = resolve_act("Foo Act", ACTS)
    assert (result.status, result.code) == ("unknown", None)
    assert "Foo Act" in result.message


def test_it_finds_act_mentions_in_free_text_preferring_the_longest_name():
    text = "Under s. 7(3)(c) of PIPEDA and the Privacy Act; see the Canada Labour Code and P-21."
    codes = [code for _s, _e, code in find_act_mentions(text, ACTS)]
    assert codes == ["P-8.6", "P-21", "L-2", "P-21"]
    start, end, _ = find_act_mentions(text, ACTS)[2]
    assert text[start:end] == "Canada Labour Code"


def test_it_finds_a_korean_act_with_a_particle_attached():
    assert find_act_mentions("민법상 제103조", ACTS) == [(0, 2, "민법")]
