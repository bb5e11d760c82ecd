import pytest

from verifier.pinpoints import PinpointError, parse_citation_units, parse_provision_id


def test_it_parses_a_deep_pinpoint():
    pid = parse_provision_id("P-8.6:s7(3)(c)(i)(A)")
    assert (pid.act, pid.section, pid.subpath) == ("P-8.6", "7", ("3", "c", "i", "A"))
    assert pid.section_id == "P-8.6:s7"
    assert pid.parent_ids() == ["P-8.6:s7(3)(c)(i)", "P-8.6:s7(3)(c)", "P-8.6:s7(3)", "P-8.6:s7"]
    assert str(pid) == "P-8.6:s7(3)(c)(i)(A)"


@pytest.mark.parametrize("raw, canonical, section_id", [
    ("P-8.6:s10.1", "P-8.6:s10.1", "P-8.6:s10.1"),
    ("L-2:s29.21", "L-2:s29.21", "L-2:s29.21"),
    ("C-42:s47 bis", "C-42:s47bis", "C-42:s47bis"),
    ("P-8.6:s2(1)/personal-information", "P-8.6:s2(1)/personal-information", "P-8.6:s2"),
    ("P-8.6:sch1", "P-8.6:sch1", "P-8.6:sch1"),
    ("P-8.6:sch1/4.7.1", "P-8.6:sch1/4.7.1", "P-8.6:sch1"),
    ("민법:제14조의2", "민법:제14조의2", "민법:제14조의2"),
    ("민법:제103조", "민법:제103조", "민법:제103조"),
    ("개인정보보호법:제15조제1항제2호", "개인정보보호법:제15조제1항제2호", "개인정보보호법:제15조"),
    ("개인정보보호법:제2조제1호나목", "개인정보보호법:제2조제1호나목", "개인정보보호법:제2조"),
    ("근로기준법:제2조 제1항 제1의2호", "근로기준법:제2조제1항제1의2호", "근로기준법:제2조"),
    ("B-1.01:s7(3)(c.1)", "B-1.01:s7(3)(c.1)", "B-1.01:s7"),
])
def test_it_reads_every_label_form(raw, canonical, section_id):
    pid = parse_provision_id(raw)
    assert str(pid) == canonical
    assert pid.section_id == section_id


def test_a_korean_unit_has_its_enclosing_units_as_parents_and_reads_as_cited():
    pid = parse_provision_id("개인정보보호법:제15조제1항제2호")
    assert pid.parent_ids() == ["개인정보보호법:제15조제1항", "개인정보보호법:제15조"]
    assert pid.human() == "제15조제1항제2호"
    assert parse_provision_id("개인정보보호법:제2조제1호나목").parent_ids() == [
        "개인정보보호법:제2조제1호", "개인정보보호법:제2조"]


def test_a_definition_has_its_subsection_and_section_as_parents():
    assert parse_provision_id("P-8.6:s2(1)/personal-information").parent_ids() == ["P-8.6:s2(1)", "P-8.6:s2"]


@pytest.mark.parametrize("bad, says", [
    ("P-8.6", "expected ACT:unit"),
    (":s7", "no Act code"),
    ("P-8.6:", "no unit"),
    ("P-8.6:x7", "not a section label"),
    ("P-8.6:s7(3", "not a section label"),
    ("P-8.6:sch1(2)", "schedule items"),
    ("민법:제103", "not a Korean article citation"),
    ("민법:제15조제1호제1항", "not a Korean article citation"),
])
def test_it_refuses_malformed_ids_with_a_readable_message(bad, says):
    with pytest.raises(PinpointError, match=says):
        parse_provision_id(bad)


@pytest.mark.parametrize("citation, units", [
    ("s. 7(3)(c)", ["s7(3)(c)"]),
    ("section 7", ["s7"]),
    ("subsection 7(3)", ["s7(3)"]),
    ("paragraph 7(3)(c)", ["s7(3)(c)"]),
    ("subparagraph 7(3)(c)(i)", ["s7(3)(c)(i)"]),
    ("ss. 7 and 8", ["s7", "s8"]),
    ("ss. 7, 8 and 10", ["s7", "s8", "s10"]),
    ("sections 7 to 9", ["s7", "s8", "s9"]),
    ("sections 7 to 90", ["s7", "s90"]),
    ("sections 10.1 to 10.3", ["s10.1", "s10.3"]),
    ("paragraphs 7(3)(c) and (d)", ["s7(3)(c)", "s7(3)(d)"]),
    ("s 29.21", ["s29.21"]),
    ("10.1", ["s10.1"]),
    ("47 bis", ["s47bis"]),
    ("art. 7", ["s7"]),
    ("article 7", ["s7"]),
    ("paragraphe 7(3)", ["s7(3)"]),
    ("alinéa 7(3)c)", ["s7(3)(c)"]),
    ("clause 4.3 of Schedule 1", ["sch1/4.3"]),
    ("제15조의2 제1항 제2호", ["제15조의2제1항제2호"]),
    ("민법 제103조", ["제103조"]),
    ("개인정보 보호법 제15조 제1항 제2호", ["제15조제1항제2호"]),
    ("개인정보 보호법 제2조제1호나목", ["제2조제1호나목"]),
    ("Privacy Act, subsection 8(2)", ["s8(2)"]),
    ("nothing cited here", []),
])
def test_it_turns_human_citations_into_units(citation, units):
    assert parse_citation_units(citation) == units


def test_it_does_not_read_a_bare_number_in_prose_as_a_citation():
    assert parse_citation_units("The 7 organizations filed 10.1 reports") == []
