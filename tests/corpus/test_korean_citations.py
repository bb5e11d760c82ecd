"""Korean citations as lawyers write them (corpus/korean_citations.py)."""

import pytest

from corpus.korean_citations import find_korean_citations, law_names, resolve_law

LAWS = law_names({"민법": "민법", "개인정보보호법": "개인정보 보호법", "근로기준법": "근로기준법"})


def only(text, current=None):
    [citation] = find_korean_citations(text, LAWS, current)
    return citation


@pytest.mark.parametrize("text, law, unit", [
    ("개인정보 보호법 제15조 제1항 제2호는", "개인정보보호법", "제15조제1항제2호"),
    ("개인정보 보호법 제15조제1항제2호는", "개인정보보호법", "제15조제1항제2호"),
    ("개인정보 보호법 15조 1항 2호는", "개인정보보호법", "제15조제1항제2호"),
    ("개인정보 보호법 제15조①에 따라", "개인정보보호법", "제15조제1항"),
    ("개인정보 보호법 제2조제1호나목은", "개인정보보호법", "제2조제1호나목"),
    ("개인정보 보호법 제2조 제1호 나목은", "개인정보보호법", "제2조제1호나목"),
    ("개인정보 보호법 제2조제1호의2는", "개인정보보호법", "제2조제1의2호"),
    ("민법 제14조의2는", "민법", "제14조의2"),
    ("민법 제 103 조는", "민법", "제103조"),
])
def test_it_reads_every_form_lawyers_write(text, law, unit):
    citation = only(text)
    assert (citation.law_code, citation.unit, citation.provision_id) == (law, unit, f"{law}:{unit}")


@pytest.mark.parametrize("text, written", [
    ("개인정보 보호법 제15조", "개인정보 보호법"),
    ("개인정보보호법 제15조", "개인정보보호법"),
    ("「개인정보 보호법」 제15조", "개인정보 보호법"),
    ("개보법 제15조", "개보법"),
    ("근기법 제23조", "근기법"),
    ("근로기준법상 제23조", "근로기준법"),
])
def test_it_reads_a_law_with_or_without_spaces_and_by_its_short_name(text, written):
    citation = only(text)
    assert (citation.law, citation.law_code) == (written, "개인정보보호법" if "개" in written else "근로기준법")


def test_short_names_come_from_the_data_table_and_point_only_at_laws_held():
    assert resolve_law("근기법", LAWS).code == "근로기준법"
    assert resolve_law("근기법", law_names({"민법": "민법"})) is None
    assert resolve_law("개인 정보 보호법", LAWS).code == "개인정보보호법"


def test_a_decree_of_a_law_is_not_the_law():
    citation = only("개인정보 보호법 시행령 제15조는")
    assert (citation.law_code, citation.other_instrument) == (None, "시행령")


def test_a_law_not_held_keeps_its_name_and_resolves_to_nothing():
    citation = only("임대인은 주택임대차보호법 제3조에 따라")
    assert (citation.law, citation.law_code, citation.unit) == ("주택임대차보호법", None, "제3조")


def test_the_law_named_earlier_carries_to_a_bare_citation_and_to_the_same_law():
    민법 = resolve_law("민법", LAWS)
    assert only("제104조는 불공정한 법률행위를 정한다.", current=민법).law_code == "민법"
    first, second = find_korean_citations("근로기준법 제23조 및 같은 법 제26조", LAWS)
    assert (first.law_code, second.law_code, second.unit) == ("근로기준법", "근로기준법", "제26조")
    assert [c.unit for c in find_korean_citations("민법 제103조 및 제104조", LAWS)] == ["제103조", "제104조"]


def test_money_and_words_that_look_like_citations_are_not():
    assert find_korean_citations("회사는 3조 원의 손해를 입었다.", LAWS) == []
    assert only("개인정보 보호법 제2조 제1호 가 목적").unit == "제2조제1호"


def test_the_parse_shape_is_the_protocols():
    assert only("개인정보 보호법 제15조 제1항 제2호는").as_parse() == {
        "kind": "statute", "law": "개인정보 보호법", "jo": "제15조", "hang": 1, "ho": 2, "mok": None}
    assert only("민법 제103조는").as_parse() == {
        "kind": "statute", "law": "민법", "jo": "제103조", "hang": None, "ho": None, "mok": None}
