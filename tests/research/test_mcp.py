"""The MCP server's tools, called in-process through the SDK, and a stdio smoke test."""

import json
import os
import sys

import anyio
import pytest
from django.conf import settings
from mcp import Client, StdioServerParameters

from research.mcp_server import build_server

# The stdio test reads the dev database in a subprocess; only the in-process tests use the test DB.
in_process = pytest.mark.django_db

SUBPOENA = "required to comply with a subpoena or warrant issued or an order made by a court"


def call(name, **arguments):
    """Call a tool the way a client does, in-process (the SDK's in-memory transport)."""
    async def go():
        async with Client(build_server()) as client:
            return await client.call_tool(name, arguments)
    return anyio.run(go)


@in_process
def test_it_lists_the_four_tools():
    async def go():
        async with Client(build_server()) as client:
            return (await client.list_tools()).tools
    tools = anyio.run(go)
    assert [t.name for t in tools] == ["search_statutes", "get_provision", "verify_quote", "check_claim"]
    assert all(t.annotations.read_only_hint for t in tools)


@in_process
def test_it_searches_the_statutes():
    result = call("search_statutes", query="subpoena warrant disclose", acts=["P-8.6"])
    hits = result.structured_content["hits"]
    assert "P-8.6:s7" in [h["id"] for h in hits]
    assert all(h["act"] == "P-8.6" for h in hits)
    assert "<mark>" not in hits[0]["snippet"]


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
    requested = [u for u in got["units"] if u["requested"]]
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


def test_it_answers_over_stdio(seeded_db_file):
    """A real client starts `manage.py mcp` and calls a tool (against a seeded SQLite file)."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    params = StdioServerParameters(command=sys.executable, args=["manage.py", "mcp"], cwd=str(settings.BASE_DIR),
                                   env={**env, "VERBATIM_SQLITE_PATH": str(seeded_db_file)})

    async def go():
        async with Client(params) as client:
            return await client.call_tool("verify_quote", {"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA})

    result = anyio.run(go)
    assert json.loads(result.content[0].text)["status"] == "match"
