"""The MCP server's tools and prompts, called in-process through the SDK, and through the
official client over stdio against `manage.py mcp`."""

import json
import os
import sys

import anyio
import pytest
from django.conf import settings
from mcp import Client, StdioServerParameters

from research.mcp_server import build_server
from tests.base import on_a_copy_of_the_seeded_database, process_database

# The stdio test reads the dev database in a subprocess; only the in-process tests use the test DB.
in_process = pytest.mark.django_db

SUBPOENA = "required to comply with a subpoena or warrant issued or an order made by a court"


def call(name, **arguments):
    """Call a tool the way a client does, in-process (the SDK's in-memory transport)."""
    async def go():
        async with Client(build_server()) as client:
            return await client.call_tool(name, arguments)
    return anyio.run(go)


TOOL_NAMES = ["search_statutes", "get_provision", "find_definition", "list_acts", "list_versions",
              "get_version_changes", "pending_amendments", "verify_quote", "check_claim"]
PROMPT_NAMES = ["verbatim-verified-answer", "verbatim-research"]
# PIPEDA s. 7 as consolidated on 2019-06-21 (tests/corpus/test_provision_history.py).
S7_2019 = "c19928029dd4dd9379478e57c1fbfeb1509ba95e9aef453f2cf96c1d6569d413"
# One call per tool, with what each must answer on the default corpus.
CALLS = {
    "search_statutes": ({"query": "subpoena warrant disclose", "acts": ["P-8.6"]},
                        lambda got: "P-8.6:s7" in [h["id"] for h in got["hits"]]),
    "get_provision": ({"id": "P-8.6:s7(3)(c)"},
                      lambda got: got["text"].startswith(SUBPOENA) and got["section_id"] == "P-8.6:s7"),
    "find_definition": ({"act": "P-8.6", "term": "personal information"},
                        lambda got: got["id"] == "P-8.6:s2(1)/personal-information"),
    # The seeded database holds the six default Acts and the three Korean laws.
    "list_acts": ({}, lambda got: {a["code"] for a in got["acts"]} == {
        "C-42", "H-6", "I-21", "L-2", "P-21", "P-8.6", "민법", "개인정보보호법", "근로기준법"}),
    "list_versions": ({"id": "P-8.6:s7"}, lambda got: got["versions"][0]["text_sha256"] == S7_2019),
    "get_version_changes": ({"id": "P-8.6:s7", "from_date": "2020-01-01"},
                            lambda got: [u["id"] for u in got["units"]] == [
                                "P-8.6:s7(1)(b.01)", "P-8.6:s7(2)(d)", "P-8.6:s7(3)(d.21)"]),
    "pending_amendments": ({"act": "P-8.6", "provision": "s11"},
                           lambda got: [a["citation"] for a in got["amendments"]] == ["2026, c. 3, s. 390"]),
    "verify_quote": ({"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA}, lambda got: got["status"] == "match"),
    "check_claim": ({"text": f'PIPEDA, paragraph 7(3)(c): a disclosure "{SUBPOENA}".'},
                    lambda got: got["claims"][0]["label"] == "verified"),
}


@in_process
def test_it_lists_every_read_only_tool_and_two_prompts():
    async def go():
        async with Client(build_server()) as client:
            return (await client.list_tools()).tools, (await client.list_prompts()).prompts
    tools, prompts = anyio.run(go)
    assert [t.name for t in tools] == TOOL_NAMES
    assert all(t.annotations.read_only_hint for t in tools)
    assert [p.name for p in prompts] == PROMPT_NAMES


@in_process
def test_its_prompts_come_from_the_same_source_as_the_agents_system_prompt():
    from research import prompts
    from research.engines.anthropic import SYSTEM_PROMPT
    from verifier.answer_markdown import FOOTER

    async def go():
        async with Client(build_server()) as client:
            return [await client.get_prompt(name) for name in PROMPT_NAMES]
    answer, research = [p.messages[0].content.text for p in anyio.run(go)]
    assert answer == prompts.verified_answer_prompt() and research == prompts.research_prompt()
    assert FOOTER in answer and '"notwithstanding"' in answer and "quote-mismatch" in answer
    for rule in prompts.QUOTE_RULES:  # the rules the agent is given are the MCP client's
        assert rule in SYSTEM_PROMPT and rule in answer
    for kind, tools, trap in prompts.RESEARCH_GUIDE:
        assert f"## {kind}\nTools: {tools}.\nTrap: {trap}" in research


@in_process
def test_it_says_when_the_text_a_client_read_has_changed():
    got = call("get_provision", id="P-8.6:s7", text_sha256=S7_2019).structured_content
    assert got["text_changed"] is True and got["text_sha256"] != S7_2019
    then = call("get_provision", id="P-8.6:s7", as_at="2020-01-01", text_sha256=S7_2019).structured_content
    assert then["text_changed"] is False
    quote = call("verify_quote", provision_id="P-8.6:s7(3)(c)", quote=SUBPOENA, text_sha256=S7_2019).structured_content
    assert (quote["status"], quote["text_changed"]) == ("match", True)


@in_process
def test_it_pages_a_long_section():
    first = call("get_provision", id="C-42:s2").structured_content  # 101 units: definitions
    assert first["next_offset"] == 80 and len(first["units"]) == 80
    rest = call("get_provision", id="C-42:s2", offset=80).structured_content
    assert rest["offset"] == 80 and rest["next_offset"] is None
    assert len(rest["units"]) == first["units_total"] - 80


@in_process
def test_it_searches_the_statutes():
    result = call("search_statutes", query="subpoena warrant disclose", acts=["P-8.6"])
    hits = result.structured_content["hits"]
    assert "P-8.6:s7" in [h["id"] for h in hits]
    assert all(h["act"] == "P-8.6" for h in hits)
    assert "<mark>" not in hits[0]["snippet"]
    assert result.structured_content["scope"]["better_outside"] is False  # PIPEDA holds the answer


@in_process
def test_a_scoped_search_names_the_better_matches_outside_the_scope():
    scope = call("search_statutes", query="fair dealing for the purpose of parody", acts=["P-8.6"]).structured_content["scope"]
    assert scope["better_outside"] is True and scope["outside"][0]["id"] == "C-42:s29"


@in_process
def test_find_definition_gives_the_definition_that_applies_at_the_provision():
    found = call("find_definition", act="L-2", term="employer", provision="L-2:s230(1)").structured_content
    assert (found["id"], found["applies_at_provision"]) == ("L-2:s166/employer", True)


@in_process
def test_it_says_what_a_mistyped_query_was_read_as():
    result = call("search_statutes", query="overtme pay", acts=["L-2"])
    assert result.structured_content["read_as"] == {"overtme": "overtime"}
    assert result.structured_content["hits"][0]["id"] == "L-2:s174"


@in_process
def test_it_refuses_an_unknown_act_in_search():
    result = call("search_statutes", query="privacy", acts=["X-1"])
    assert result.is_error
    assert "unknown Act code(s): X-1" in result.content[0].text


@in_process
def test_it_gets_the_whole_section_of_a_provision():
    got = call("get_provision", id="P-8.6:s7(3)(c)").structured_content
    assert (got["id"], got["section_id"], got["act"]) == ("P-8.6:s7(3)(c)", "P-8.6:s7", "P-8.6")
    requested = [u for u in got["units"] if u.get("requested")]
    assert [u["id"] for u in requested] == ["P-8.6:s7(3)(c)"]
    assert requested[0]["text"].startswith(SUBPOENA)


@in_process
def test_it_says_why_a_provision_is_missing():
    result = call("get_provision", id="P-8.6:s999")
    assert result.is_error
    assert "unknown provision: P-8.6:s999" in result.content[0].text


@in_process
def test_it_says_a_date_before_the_versions_held():
    result = call("get_provision", id="P-8.6:s7", as_at="1990-01-01")
    assert result.is_error and "version not held" in result.content[0].text


@in_process
def test_it_verifies_a_verbatim_quote():
    got = call("verify_quote", provision_id="P-8.6:s7(3)(c)", quote=SUBPOENA).structured_content
    assert got["status"] == "match"
    assert got["checked"].startswith("verbatim · text sha256 ")


@in_process
def test_it_shows_where_an_altered_quote_differs():
    got = call("verify_quote", provision_id="P-8.6:s8(1)",
               quote="A request under clause 4.9 of Schedule 1 may be made in writing.").structured_content
    assert got["status"] == "mismatch"
    assert got["first_difference"] == {"offset": 41, "expected": "must", "found": "may"}


@in_process
def test_it_checks_a_claim():
    text = f'PIPEDA, paragraph 7(3)(c): a disclosure "{SUBPOENA}".'
    [verdict] = call("check_claim", text=text).structured_content["claims"]
    assert (verdict["label"], verdict["provision_id"]) == ("verified", "P-8.6:s7(3)(c)")


@in_process
def test_it_contradicts_a_claim_citing_a_missing_section():
    [verdict] = call("check_claim", text='Section 999 of PIPEDA says "nothing at all here".').structured_content["claims"]
    assert verdict["label"] == "contradicted"


@on_a_copy_of_the_seeded_database
def test_it_answers_over_stdio(request, tmp_path):
    """The official client starts `manage.py mcp` (on a copy of the seeded database), lists its
    tools and prompts, reads each prompt and calls each tool."""
    with process_database(request, tmp_path) as (database, _):
        tools, prompts, texts, results = _over_stdio(database)
    assert tools == TOOL_NAMES and prompts == PROMPT_NAMES
    assert all(text.startswith("# ") for text in texts)
    assert set(results) == set(TOOL_NAMES)
    for name, result in results.items():
        assert not result.is_error, (name, result.content)
        assert CALLS[name][1](json.loads(result.content[0].text)), name


def _over_stdio(database):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    params = StdioServerParameters(command=sys.executable, args=["manage.py", "mcp"], cwd=str(settings.BASE_DIR),
                                   env={**env, **database})

    async def go():
        async with Client(params) as client:
            tools = [t.name for t in (await client.list_tools()).tools]
            prompts = [p.name for p in (await client.list_prompts()).prompts]
            texts = [(await client.get_prompt(name)).messages[0].content.text for name in prompts]
            results = {name: await client.call_tool(name, arguments) for name, (arguments, _) in CALLS.items()}
            return tools, prompts, texts, results

    return anyio.run(go)


@in_process
@pytest.mark.parametrize("name", TOOL_NAMES)
def test_every_tool_refuses_invalid_text_in_its_arguments(name):
    # A NUL byte and a lone surrogate, put in the first string argument of each tool's call.
    arguments = dict(CALLS[name][0]) or {"lang": "eng"}
    key = next(k for k, v in arguments.items() if isinstance(v, str))
    for bad in ("\x00", "\ud800"):
        result = call(name, **{**arguments, key: arguments[key] + bad})
        assert result.is_error, (name, key, bad)
        assert f"{key!r} holds" in result.content[0].text
