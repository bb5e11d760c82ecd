"""The MCP server: read-only statute tools for agents (`manage.py mcp`, stdio or streamable HTTP).

    search_statutes(query, acts?, as_at?, lang?)     sections matching the words
    get_provision(id, as_at?, lang?)                 the whole section holding a provision
    verify_quote(provision_id, quote, as_at?, lang?) is the quote verbatim in that unit?
    check_claim(text, as_at?, lang?)                 verified | contradicted | unknown per claim

The tools call the same code as the API and the research runs: corpus.search and
corpus.lookup for the text, verifier.service for the checks. Failures a caller can fix (a
malformed id, an unknown Act, a date before the versions held) come back as tool errors with
the reason, never as crashes.
"""

import functools
import html
import re
from typing import Any

from django.db import close_old_connections, connection
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

from corpus import lookup
from corpus.models import Act, VersionNotHeld
from corpus.search import search as search_sections
from verifier import service
from verifier.pinpoints import PinpointError

SEARCH_LIMIT = 8
MAX_SECTION_UNITS = 200
INSTRUCTIONS = (
    "Canadian federal statutes (Justice Laws consolidations). Search with search_statutes, read a "
    "whole section with get_provision, and quote only text those tools return. verify_quote checks "
    "a passage against the stored text; check_claim audits sentences that cite provisions."
)
_TAG = re.compile(r"<[^>]+>")


def _own_connection(fn):
    """The SDK runs each sync tool in a worker thread; give each call its own database
    connection and close it after, so no thread keeps one open."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        close_old_connections()
        try:
            return fn(*args, **kwargs)
        finally:
            connection.close()
    return call


@_own_connection
def search_statutes(query: str, acts: list[str] | None = None, as_at: str | None = None,
                    lang: str = "eng") -> dict[str, Any]:
    """Full-text search of the statutes: up to 8 sections with provision id, Act, marginal note,
    headings and a snippet. `acts` limits to Act codes (e.g. ["P-8.6"]); `as_at` is YYYY-MM-DD.
    A mistyped word is searched as the statute word meant; `read_as` says which."""
    codes = [c.strip() for c in acts or [] if c.strip()] or None
    if codes:
        unknown = sorted(set(codes) - set(Act.objects.filter(code__in=codes).values_list("code", flat=True)))
        if unknown:
            raise ToolError(f"unknown Act code(s): {', '.join(unknown)}; held: {_held()}")
    try:
        results = search_sections(query, acts=codes, lang=_lang(lang), as_at=_date(as_at), limit=SEARCH_LIMIT)
    except VersionNotHeld as e:
        raise ToolError(str(e)) from None
    return {
        "query": query,
        "total": results.total,
        "read_as": dict(results.corrections),  # mistyped words and the statute word searched for
        "hits": [
            {"id": h.pinpoint, "act": h.act_code, "act_title": h.act_title, "label": h.label,
             "marginal_note": h.marginal_note, "headings": h.headings,
             "snippet": html.unescape(_TAG.sub("", h.snippet_html)),
             "consolidated_to": h.pit_date.isoformat() if h.pit_date else None}
            for h in results.hits
        ],
    }


@_own_connection
def get_provision(id: str, as_at: str | None = None, lang: str = "eng") -> dict[str, Any]:  # noqa: A002 - tool argument
    """The whole section holding provision `id` (e.g. P-8.6:s7(3)(c), P-8.6:s2(1)/personal-information)
    as at `as_at`: every unit's id and text, the unit asked for marked, with the text's SHA-256."""
    try:
        provision = lookup.get_provision(id, as_at=_date(as_at), lang=_lang(lang))
    except (lookup.LookupFailed, VersionNotHeld) as e:
        raise ToolError(str(e)) from None
    version = provision.version
    section = lookup.section_of(provision)
    units = lookup.units_of_section(version, section.section_unit or section.unit_id)
    return {
        "id": provision.pinpoint,
        "section_id": section.pinpoint,
        "act": version.act.code,
        "act_title": version.act.title(version.lang),
        "marginal_note": section.marginal_note,
        "path": provision.path,
        "consolidated_to": version.pit_date.isoformat(),
        "status": provision.status,
        "url": provision.official_url(),
        "text_sha256": provision.text_id,
        "units": [
            {"id": u.pinpoint, "label": u.label, "kind": u.kind, "status": u.status,
             "text": u.text.text, "text_sha256": u.text_id, "requested": u.pk == provision.pk}
            for u in units[:MAX_SECTION_UNITS]
        ],
        "truncated": len(units) > MAX_SECTION_UNITS,
    }


@_own_connection
def verify_quote(provision_id: str, quote: str, as_at: str | None = None, lang: str = "eng") -> dict[str, Any]:
    """Is `quote` verbatim in provision `provision_id` as at `as_at`? status match | mismatch |
    not_found, the first difference, the passage as stored, the stored text's SHA-256, and the
    findings an answer citing it would get."""
    if not quote or not quote.strip():
        raise ToolError("quote is empty; pass the passage to check")
    try:
        return service.verify_quote(provision_id, quote, as_at=as_at, lang=lang)
    except (PinpointError, ValueError) as e:
        raise ToolError(str(e)) from None


@_own_connection
def check_claim(text: str, as_at: str | None = None, lang: str = "eng") -> dict[str, Any]:
    """Audit text that cites provisions ("s. 7(3)(c) of PIPEDA says ..."): each sentence gets
    verified | contradicted | unknown, a finding code, a rationale and links to the source."""
    if not text or not text.strip():
        raise ToolError("text is empty; pass the claim or memo to check")
    try:
        verdicts = service.check_claims_text(text, as_at=as_at, lang=lang)
    except ValueError as e:
        raise ToolError(str(e)) from None
    return {"claims": verdicts}


def build_server() -> MCPServer:
    server = MCPServer("verbatim", instructions=INSTRUCTIONS, version="1")
    for fn in (search_statutes, get_provision, verify_quote, check_claim):
        server.add_tool(fn, name=fn.__name__, description=fn.__doc__,
                        annotations=ToolAnnotations(read_only_hint=True, idempotent_hint=True),
                        structured_output=True)
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


def _held():
    return ", ".join(Act.objects.values_list("code", flat=True))
