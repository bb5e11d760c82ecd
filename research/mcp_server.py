"""The MCP server: every read-only research tool, and two prompts, for agents (`manage.py mcp`,
stdio or streamable HTTP).

    search_statutes(query, acts?, as_at?, lang?)            sections matching the words (scoped: and outside)
    get_provision(id, as_at?, offset?, text_sha256?, lang?)  the whole section holding a provision, paged
    find_definition(act, term, as_at?, provision?, lang?)   a defined term's definition (where it applies)
    list_acts(lang?, name?)                                 the Acts and regulations held (50 at most)
    list_versions(id, lang?)                                a provision's text hash in each version held
    get_version_changes(id, from_date, to_date?, lang?)     units added, removed or changed
    pending_amendments(act, provision?, as_at?, lang?)      amendments not in force, apart
    verify_quote(provision_id, quote, as_at?, text_sha256?, lang?)  is the quote verbatim there?
    check_claim(text, as_at?, lang?)                        verified | contradicted | unknown per claim

    prompts: verbatim-verified-answer, verbatim-research (research/prompts.py, the same source
    as the research agent's system prompt)

The tools call the same code as the API and the research agent: the corpus modules and the
one provision serializer (corpus/serializers.py) for the text, research.tools for definitions
and Acts, verifier.service for the checks; their descriptions are the agent's
(research/tool_schemas.py). Failures a caller can fix (a malformed id, an unknown Act, a date
before the versions held) come back as tool errors with the reason, never as crashes.
"""

import functools
from typing import Any

from django.db import close_old_connections, connection
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

from corpus import lookup
from corpus.history import provision_versions, version_changes
from corpus.models import Act, VersionNotHeld
from corpus.search import search as search_sections
from corpus.search_scope import scope_match
from corpus.serializers import BadOffset, hit_dict, provision_dict
from corpus.text_input import invalid_in
from research import prompts, tools
from research.tool_schemas import READ_TOOLS
from verifier import service
from verifier.pinpoints import PinpointError

SEARCH_LIMIT = tools.SEARCH_LIMIT
INSTRUCTIONS = (
    "Canadian federal statutes (Justice Laws consolidations). Search with search_statutes, read a "
    "whole section with get_provision, and quote only text those tools return. verify_quote checks "
    "a passage against the stored text; check_claim audits sentences that cite provisions. The "
    f"prompts {prompts.VERIFIED_ANSWER} and {prompts.RESEARCH} say how to answer and which tool to use."
)
_LANG_NOTE = " lang: eng (default) or fra."
_DESCRIPTIONS = {t["name"]: t["description"] for t in READ_TOOLS} | {
    "verify_quote": (
        "Is the quote verbatim in that provision as at as_at? status match | mismatch | not_found, the "
        "first difference, the passage as stored, the stored text's SHA-256, and the findings an answer "
        "citing it would get. Pass the text_sha256 you read and text_changed says whether it changed."
    ),
    "check_claim": (
        "Audit text that cites provisions (\"s. 7(3)(c) of PIPEDA says ...\"): each sentence gets "
        "verified | contradicted | unknown, a finding code, a rationale and links to the source."
    ),
}


def _own_connection(fn):
    """The SDK runs each sync tool in a worker thread; give each call its own database
    connection and close it after, so no thread keeps one open. Lookup failures become tool
    errors with their reason."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        where, problem = invalid_in(kwargs)
        if problem:  # NUL, lone surrogates, controls: refused as the API refuses them
            raise ToolError(f"{fn.__name__}: {where!r} holds {problem}")
        close_old_connections()
        try:
            return fn(*args, **kwargs)
        except (lookup.LookupFailed, VersionNotHeld, BadOffset, tools.ToolError, PinpointError) as e:
            raise ToolError(str(e)) from None
        finally:
            connection.close()
    return call


@_own_connection
def search_statutes(query: str, acts: list[str] | None = None, as_at: str | None = None,
                    lang: str = "eng") -> dict[str, Any]:
    codes = [c.strip() for c in acts or [] if c.strip()] or None
    if codes:
        unknown = sorted(set(codes) - set(Act.objects.filter(code__in=codes).values_list("code", flat=True)))
        if unknown:
            raise ToolError(f"unknown Act code(s): {', '.join(unknown)}; list_acts with a name finds a code")
    results = search_sections(query, acts=codes, lang=_lang(lang), as_at=_date(as_at), limit=SEARCH_LIMIT)
    found = {"query": query, "total": results.total,
             "read_as": dict(results.corrections),  # mistyped words and the statute word searched for
             "hits": [hit_dict(h) for h in results.hits]}
    match = scope_match(query, codes, lang=_lang(lang), as_at=_date(as_at)) if codes else None
    if match is not None:
        found["scope"] = match.as_dict()
    return found


@_own_connection
def get_provision(id: str, as_at: str | None = None, offset: int | None = None,  # noqa: A002 - tool argument
                  text_sha256: str | None = None, lang: str = "eng") -> dict[str, Any]:
    provision = lookup.get_provision(id, as_at=_date(as_at), lang=_lang(lang))
    return provision_dict(provision, offset=offset, detail=True, read_sha256=text_sha256)


@_own_connection
def find_definition(act: str, term: str, as_at: str | None = None, provision: str | None = None,
                    lang: str = "eng") -> dict[str, Any]:
    return tools.definition_of(act, term, _date(as_at), _lang(lang), provision=provision)


@_own_connection
def list_acts(lang: str = "eng", name: str | None = None) -> dict[str, Any]:
    return tools.acts_held(_lang(lang), name=name)


@_own_connection
def list_versions(id: str, lang: str = "eng") -> dict[str, Any]:  # noqa: A002
    return provision_versions(id, lang=_lang(lang))


@_own_connection
def get_version_changes(id: str, from_date: str, to_date: str | None = None,  # noqa: A002
                        lang: str = "eng") -> dict[str, Any]:
    return version_changes(id, _date(from_date), _date(to_date), lang=_lang(lang))


@_own_connection
def pending_amendments(act: str, provision: str | None = None, as_at: str | None = None,
                       lang: str = "eng") -> dict[str, Any]:
    return tools.pending_amendments_of(act, provision, _date(as_at), _lang(lang))


@_own_connection
def verify_quote(provision_id: str, quote: str, as_at: str | None = None, text_sha256: str | None = None,
                 lang: str = "eng") -> dict[str, Any]:
    if not quote or not quote.strip():
        raise ToolError("quote is empty; pass the passage to check")
    try:
        return service.verify_quote(provision_id, quote, as_at=as_at, lang=lang, read_sha256=text_sha256)
    except ValueError as e:
        raise ToolError(str(e)) from None


@_own_connection
def check_claim(text: str, as_at: str | None = None, lang: str = "eng") -> dict[str, Any]:
    if not text or not text.strip():
        raise ToolError("text is empty; pass the claim or memo to check")
    try:
        verdicts = service.check_claims_text(text, as_at=as_at, lang=lang)
    except ValueError as e:
        raise ToolError(str(e)) from None
    return {"claims": verdicts}


TOOLS = (search_statutes, get_provision, find_definition, list_acts, list_versions, get_version_changes,
         pending_amendments, verify_quote, check_claim)


def build_server() -> MCPServer:
    server = MCPServer("verbatim", instructions=INSTRUCTIONS, version="1")
    for fn in TOOLS:
        server.add_tool(fn, name=fn.__name__, description=_DESCRIPTIONS[fn.__name__] + _LANG_NOTE,
                        annotations=ToolAnnotations(read_only_hint=True, idempotent_hint=True),
                        structured_output=True)
    server.prompt(name=prompts.VERIFIED_ANSWER, title="Verified answer",
                  description="The answer's shape, the gates a quote must pass, the qualifier scan and the footer.",
                  )(prompts.verified_answer_prompt)
    server.prompt(name=prompts.RESEARCH, title="Research",
                  description="Which tool for which kind of question, and the trap of each.")(prompts.research_prompt)
    return server


def _date(value):
    try:
        return service.parse_as_at(value)
    except ValueError as e:
        raise ToolError(str(e)) from None


def _lang(value):
    if value not in ("eng", "fra"):
        raise ToolError(f"lang {value!r} is not 'eng' or 'fra'")
    return value

