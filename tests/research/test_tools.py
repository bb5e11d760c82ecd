"""The read-only research tools over the default corpus."""

import pytest

from research.models import Run, RunEvent
from research.tools import Toolbox, retrieved_ids_for

pytestmark = pytest.mark.django_db


def toolbox(**kwargs):
    return Toolbox(Run.objects.create(question="q", engine="scripted", **kwargs))


def test_get_provision_returns_the_whole_section_with_the_unit_marked():
    tools = toolbox()
    out = tools.get_provision("P-8.6:s7(3)(c)")
    assert not out.is_error
    assert (out.content["id"], out.content["section_id"], out.content["act"]) == ("P-8.6:s7(3)(c)", "P-8.6:s7", "P-8.6")
    units = {u["id"]: u for u in out.content["units"]}
    assert units["P-8.6:s7(3)(c)"]["requested"] is True
    assert units["P-8.6:s7(3)(b)"]["text"] == "for the purpose of collecting a debt owed by the individual to the organization;"
    assert "requested" not in units["P-8.6:s7(3)(b)"]
    assert tools.retrieved_ids == ["P-8.6:s7", "P-8.6:s7(3)(c)"]


def test_search_limited_to_the_runs_acts_finds_sections_there():
    tools = toolbox(acts=["P-8.6"])
    out = tools.search_statutes("disclose personal information subpoena")
    assert out.content["broadened"] is False
    assert out.content["hits"] and {h["act"] for h in out.content["hits"]} == {"P-8.6"}
    assert "<" not in "".join(h["snippet"] for h in out.content["hits"])
    assert tools.retrieved_ids[:1] == [out.content["hits"][0]["id"]]


def test_the_trace_keeps_how_well_each_hit_matched():
    tools = toolbox(acts=["P-8.6"])
    hits = tools.search_statutes("disclose personal information subpoena").content["hits"]
    event = tools.run.events.filter(kind=RunEvent.KIND_TOOL_RESULT).last().data
    assert event["ids"] == [h["id"] for h in hits]
    assert event["coverage"] == [h["coverage"] for h in hits]
    assert event["similarity"] == [h["similarity"] for h in hits]
    assert 0 < event["coverage"][0] <= 1


def test_search_broadens_to_every_act_when_the_scope_has_nothing():
    tools = toolbox(acts=["I-21"])
    out = tools.search_statutes("copyright infringement")
    assert out.content["broadened"] is True
    assert {h["act"] for h in out.content["hits"]} >= {"C-42"}
    tools.run.refresh_from_db()
    assert tools.run.broadened is True


def test_find_definition_matches_the_term_whatever_its_case():
    tools = toolbox()
    out = tools.find_definition("P-8.6", "Personal Information")
    assert out.content["id"] == "P-8.6:s2(1)/personal-information"
    assert out.content["text"] == ("personal information means information about an identifiable "
                                   "individual. (renseignement personnel)")
    assert "P-8.6:s2(1)/personal-information" in tools.retrieved_ids


def test_the_tools_read_korean_laws_by_their_ids():
    tools = toolbox()
    out = tools.get_provision("개인정보보호법:제15조제1항제2호")
    assert (out.content["id"], out.content["section_id"]) == ("개인정보보호법:제15조제1항제2호", "개인정보보호법:제15조")
    units = {u["id"]: u for u in out.content["units"]}
    assert units["개인정보보호법:제15조제1항제2호"]["text"] == (
        "법률에 특별한 규정이 있거나 법령상 의무를 준수하기 위하여 불가피한 경우")
    hits = tools.search_statutes("사회질서에 반하는 법률행위는 무효").content["hits"]
    assert hits[0]["id"] == "민법:제103조"


def test_find_definition_reads_a_korean_definitions_article():
    tools = toolbox()
    out = tools.find_definition("근로기준법", "근로자")
    assert (out.content["id"], out.content["section_id"]) == ("근로기준법:제2조제1항제1호", "근로기준법:제2조")
    assert out.content["text"] == ('"근로자"란 직업의 종류와 관계없이 임금을 목적으로 사업이나 사업장에 '
                                   '근로를 제공하는 사람을 말한다.')
    assert tools.find_definition("개인정보 보호법", "개인정보").content["id"] == "개인정보보호법:제2조제1호"


def test_list_acts_marks_the_acts_in_scope():
    acts = toolbox(acts=["P-21"]).list_acts().content["acts"]
    assert [a["code"] for a in acts] == ["C-42", "H-6", "I-21", "L-2", "P-21", "P-8.6",
                                         "개인정보보호법", "근로기준법", "민법"]
    assert [a["code"] for a in acts if a["in_scope"]] == ["P-21"]


@pytest.mark.parametrize(("name", "arguments", "message"), [
    ("get_provision", {"id": "P-8.6:s999"}, "unknown provision: P-8.6:s999"),
    ("get_provision", {}, "get_provision needs 'id'"),
    ("get_provision", {"id": 7}, "get_provision: 'id' must be a non-empty str"),
    ("find_definition", {"act": "P-8.6", "term": "unicorn"}, "P-8.6 defines no term 'unicorn'"),
    ("search_statutes", {"query": "x", "as_at": "yesterday"}, "as_at 'yesterday' is not a date; write YYYY-MM-DD"),
    ("delete_everything", {}, "unknown tool 'delete_everything'"),
])
def test_bad_calls_come_back_as_tool_errors_and_are_counted(name, arguments, message):
    tools = toolbox()
    out = tools.call(name, arguments)
    assert out.is_error and out.content["error"].startswith(message)
    assert tools.errors == 1
    assert tools.run.events.filter(kind=RunEvent.KIND_TOOL_ERROR).count() == 1


def test_the_allowlist_can_be_rebuilt_from_the_trace():
    tools = toolbox()
    tools.get_provision("P-8.6:s8(1)")
    tools.find_definition("P-8.6", "organization")
    assert retrieved_ids_for(tools.run) == tools.retrieved_ids


S7_2019 = "c19928029dd4dd9379478e57c1fbfeb1509ba95e9aef453f2cf96c1d6569d413"  # PIPEDA s. 7, 2019-06-21


def test_get_provision_says_when_the_text_read_has_changed():
    tools = toolbox()
    now = tools.get_provision("P-8.6:s7", text_sha256=S7_2019).content
    assert now["text_changed"] is True and now["text_sha256"] != S7_2019
    then = tools.get_provision("P-8.6:s7", as_at="2020-01-01", text_sha256=S7_2019).content
    assert (then["text_changed"], then["consolidated_to"]) == (False, "2019-06-21")


def test_the_version_tools_list_and_compare_consolidations():
    tools = toolbox()
    versions = tools.list_versions("P-8.6:s7").content["versions"]
    assert [v["pit_date"] for v in versions if v["changed"]] == ["2025-03-04"]
    changes = tools.get_version_changes("P-8.6:s7", "2020-01-01", "2025-12-31").content
    assert [(u["id"], u["change"]) for u in changes["units"]] == [
        ("P-8.6:s7(1)(b.01)", "added"), ("P-8.6:s7(2)(d)", "changed"), ("P-8.6:s7(3)(d.21)", "added")]
    assert tools.retrieved_ids == []  # other versions' texts are not quotable in this run


def test_pending_amendments_come_apart_and_only_those_touching_the_provision():
    tools = toolbox()
    found = tools.pending_amendments("P-8.6", provision="P-8.6:s14").content
    assert [(a["citation"], a["touches"]) for a in found["amendments"]] == [("2026, c. 3, s. 391", ["s14(1)"])]
    assert found["note"].startswith("Not in force")
    assert tools.pending_amendments("P-8.6", provision="s7").content["amendments"] == []
    wrong = tools.pending_amendments("P-8.6", provision="P-21:s8")
    assert wrong.is_error and wrong.content["error"] == "provision 'P-21:s8' is not in P-8.6"


@pytest.mark.parametrize("arguments", [{"query": "privacy\x00"}, {"query": "privacy", "acts": ["P-8.6\ud800"]}])
def test_a_tool_call_with_invalid_text_is_a_tool_error_naming_the_argument(arguments):
    tools = toolbox()
    out = tools.call("search_statutes", arguments)
    assert out.is_error
    assert out.content["error"].startswith("search_statutes: ")
    assert "holds a" in out.content["error"]
    assert tools.retrieved_ids == []


def test_list_acts_finds_an_instrument_by_name_and_lists_at_most_a_page():
    from research.tools import MAX_LISTED, acts_held

    run = Run.objects.create(question="x", engine="extractive", acts=["P-21"])
    listed = Toolbox(run).call("list_acts", {}).content
    assert [a["code"] for a in listed["acts"] if a["in_scope"]] == ["P-21"]
    assert listed["total"] == len(listed["acts"]) <= MAX_LISTED and listed["more"] is False
    found = Toolbox(run).call("list_acts", {"name": "PIPEDA"}).content
    assert [a["code"] for a in found["acts"]] == ["P-8.6"] and found["total"] == 1
    assert [a["code"] for a in acts_held("eng", name="Labour")["acts"]] == ["L-2"]
    assert acts_held("eng", name="no such instrument") == {"acts": [], "total": 0, "more": False}
