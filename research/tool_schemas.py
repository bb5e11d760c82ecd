"""The tools a research engine may call, as Anthropic tool definitions.

Every tool but submit_answer is read-only. submit_answer is strict: an answer is claims that
each cite at least one provision with a verbatim quote, or a decline with a scope note.
"""

# Caps on what a model may submit, checked by validate_submission: an answer over one is
# refused with a message naming the field (the model may resubmit), never cut short, since a
# shortened quote or reading would no longer be what was checked or said. A quote of 15,000
# characters holds any section of the default corpus whole (the longest is 14,553).
MAX_CLAIMS = 40
MAX_CITATIONS_PER_CLAIM = 10
MAX_CHARS = {"text": 2_000, "provision_id": 240, "quote": 15_000, "reading": 20_000,
             "not_in_text": 10_000, "scope_note": 4_000}

DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD; omit for the latest version"}

SEARCH_STATUTES = {
    "name": "search_statutes",
    "description": (
        "Full-text search of the statutes in the corpus. Returns up to 8 sections with their "
        "provision ids, Act, marginal note, headings and a snippet. When nothing matches in the "
        "Acts in scope, every Act is searched and the result says broadened: true. A scoped search "
        "also returns scope: how the scope's best section ranks among every Act's (outside_ahead, "
        "best_in_scope) and the best sections outside it (outside, same score scale); "
        "better_outside: true means the answer probably lies outside the scope. A mistyped "
        "word is searched as the statute word meant, and read_as says which ({typed: read as}). "
        "Each hit's coverage (0-1) is the share of the query's rare words it holds, similarity its "
        "closeness in meaning where measured. not_held lists instruments the query names that the "
        "corpus cites but does not hold ([{act, name}]): an answer about them is not in the corpus. "
        "unmatched lists the query's words that no section searched uses, nor any synonym of them."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "description": "words to look for"},
            "acts": {"type": "array", "items": {"type": "string"},
                     "description": "Act codes to search, e.g. [\"P-8.6\"]; omit for the run's scope"},
            "as_at": DATE,
        },
        "required": ["query"],
        "additionalProperties": False,
    },
}

GET_PROVISION = {
    "name": "get_provision",
    "description": (
        "The whole section holding a provision: the text of every unit with its provision id, "
        "the unit asked for marked, and the SHA-256 of its stored text. A long section comes in "
        "pages: while next_offset is not null, call again with offset=next_offset. Pass the "
        "text_sha256 you read earlier and text_changed says whether the text is still that text. "
        "Quote only text returned by this tool or find_definition."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "id": {"type": "string", "minLength": 3,
                   "description": "provision id, e.g. P-8.6:s7(3)(c), P-8.6:s2(1)/personal-information"},
            "as_at": DATE,
            "offset": {"type": "integer", "minimum": 0,
                       "description": "first unit of the page (next_offset of the page before)"},
            "text_sha256": {"type": "string", "minLength": 64, "maxLength": 64,
                            "description": "the hash of the provision's text as you read it before"},
        },
        "required": ["id"],
        "additionalProperties": False,
    },
}

LIST_ACTS = {
    "name": "list_acts",
    "description": ("The Acts and regulations in the corpus: code, title and latest consolidation date, at "
                    "most 50, those in the run's scope first; total says how many there are. Pass name (a "
                    "title, part of one, an abbreviation, a citation or a code) to find one."),
    "input_schema": {"type": "object", "properties": {
        "name": {"type": "string", "maxLength": 300, "description": "e.g. \"Bank Act\", \"PIPEDA\", \"SOR/2001-7\""},
    }, "additionalProperties": False},
}

FIND_DEFINITION = {
    "name": "find_definition",
    "description": (
        "The definition of a term an Act defines, with its provision id and text. A definition may "
        "apply only in one Part or section: pass provision (the id you quote from) to get the one "
        "that applies there; also_defined_at lists the term's other definitions."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "act": {"type": "string", "minLength": 1, "description": "Act code, e.g. P-8.6"},
            "term": {"type": "string", "minLength": 1, "description": "the defined term"},
            "as_at": DATE,
            "provision": {"type": "string", "minLength": 3,
                          "description": "the provision whose words use the term, e.g. L-2:s230(1)"},
        },
        "required": ["act", "term"],
        "additionalProperties": False,
    },
}

_PROVISION_ID = {"type": "string", "minLength": 3, "description": "provision id, e.g. P-8.6:s7(3)"}

LIST_VERSIONS = {
    "name": "list_versions",
    "description": (
        "Every consolidation held of a provision's Act, oldest first, each with its dates, the "
        "SHA-256 of the provision's text in it (null where it did not exist) and whether that "
        "text changed from the version before."
    ),
    "input_schema": {"type": "object", "properties": {"id": _PROVISION_ID}, "required": ["id"],
                     "additionalProperties": False},
}

GET_VERSION_CHANGES = {
    "name": "get_version_changes",
    "description": (
        "What changed in a provision and the units under it between the versions in force on "
        "two dates: each unit added, removed or changed, with its text in both. Use it for a "
        "question about a change instead of comparing two fetches yourself. An empty list means "
        "no change between the consolidations held, not that the provision was never amended."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "id": _PROVISION_ID,
            "from_date": {**DATE, "description": "YYYY-MM-DD: the earlier as-at date"},
            "to_date": DATE,
        },
        "required": ["id", "from_date"],
        "additionalProperties": False,
    },
}

PENDING_AMENDMENTS = {
    "name": "pending_amendments",
    "description": (
        "Amendments to an Act that are not in force, each with the amending Act's citation, its "
        "text and the units it touches; with provision, only those touching it. They are not "
        "the law in force: report them apart from the quotes, never merge or quote them as law."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "act": {"type": "string", "minLength": 1, "description": "Act code, e.g. P-8.6"},
            "provision": {"type": "string", "minLength": 2,
                          "description": "a provision id or unit of that Act, e.g. P-8.6:s11 or s11"},
            "as_at": DATE,
        },
        "required": ["act"],
        "additionalProperties": False,
    },
}

_CITATION = {
    "type": "object",
    "properties": {
        "provision_id": {"type": "string", "minLength": 3, "maxLength": MAX_CHARS["provision_id"],
                         "description": "the smallest unit holding the quote, e.g. P-8.6:s7(3)(c)"},
        "quote": {"type": "string", "minLength": 1, "maxLength": MAX_CHARS["quote"],
                  "description": "verbatim text of that unit, whole sentences, no ellipses"},
    },
    "required": ["provision_id", "quote"],
    "additionalProperties": False,
}

_ANSWER = {
    "type": "object",
    "properties": {
        "claims": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_CLAIMS,
            "items": {
                "type": "object",
                "properties": {
                    "text": {"type": "string", "minLength": 1, "maxLength": MAX_CHARS["text"],
                             "description": "one statement of law"},
                    "citations": {"type": "array", "minItems": 1, "maxItems": MAX_CITATIONS_PER_CLAIM,
                                  "items": _CITATION},
                },
                "required": ["text", "citations"],
                "additionalProperties": False,
            },
        },
        "reading": {"type": "string", "maxLength": MAX_CHARS["reading"], "description": "your reading; cite only quoted provisions"},
        "not_in_text": {"type": "string", "maxLength": MAX_CHARS["not_in_text"],
                        "description": "what the quotes do not answer, and qualifiers not followed"},
    },
    "required": ["claims", "reading", "not_in_text"],
    "additionalProperties": False,
}

_DECLINE = {
    "type": "object",
    "properties": {
        "decline": {"type": "boolean", "const": True},
        "scope_note": {"type": "string", "minLength": 1, "maxLength": MAX_CHARS["scope_note"],
                       "description": "why the corpus cannot answer this question"},
    },
    "required": ["decline", "scope_note"],
    "additionalProperties": False,
}

SUBMIT_ANSWER = {
    "name": "submit_answer",
    "description": (
        "Submit the answer: claims, each citing at least one provision with a verbatim quote, "
        "a Reading and a Not in the text above note. Or decline with a scope note when the "
        "statutes in the corpus do not answer the question."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "claims": _ANSWER["properties"]["claims"],
            "reading": _ANSWER["properties"]["reading"],
            "not_in_text": _ANSWER["properties"]["not_in_text"],
            "decline": _DECLINE["properties"]["decline"],
            "scope_note": _DECLINE["properties"]["scope_note"],
        },
        "additionalProperties": False,
    },
}

READ_TOOLS = [SEARCH_STATUTES, GET_PROVISION, LIST_ACTS, FIND_DEFINITION, LIST_VERSIONS,
              GET_VERSION_CHANGES, PENDING_AMENDMENTS]
ALL_TOOLS = READ_TOOLS + [SUBMIT_ANSWER]
READ_TOOL_NAMES = frozenset(t["name"] for t in READ_TOOLS)


class SubmissionError(ValueError):
    """A submit_answer payload that breaks the schema; the message says what to fix."""


def validate_submission(payload) -> dict:
    """Check a submit_answer payload against the strict shape; return it cleaned.

    Returns {"decline": True, "scope_note": ...} or {"claims": [...], "reading", "not_in_text"}.
    Raises SubmissionError naming the first problem: a claim without citations, a citation
    without a quote, unknown keys, a decline without a scope note.
    """
    if not isinstance(payload, dict):
        raise SubmissionError("submit_answer takes an object")
    if payload.get("decline"):
        note = payload.get("scope_note")
        if payload.get("decline") is not True or not isinstance(note, str) or not note.strip():
            raise SubmissionError("a decline needs decline: true and a scope_note")
        if payload.get("claims"):
            raise SubmissionError("a decline carries no claims")
        _check_size("the scope_note", note.strip(), "scope_note")
        return {"decline": True, "scope_note": note.strip()}
    unknown = set(payload) - {"claims", "reading", "not_in_text", "decline", "scope_note"}
    if unknown:
        raise SubmissionError(f"unknown keys: {', '.join(sorted(unknown))}")
    claims = payload.get("claims")
    if not isinstance(claims, list) or not claims:
        raise SubmissionError("claims must be a non-empty list (or decline with a scope_note)")
    if len(claims) > MAX_CLAIMS:
        raise SubmissionError(f"{len(claims)} claims; at most {MAX_CLAIMS}: keep the claims that answer the question")
    clean = []
    for i, claim in enumerate(claims, 1):
        if not isinstance(claim, dict) or not isinstance(claim.get("text"), str) or not claim["text"].strip():
            raise SubmissionError(f"claim {i} needs a text")
        if set(claim) - {"text", "citations"}:
            raise SubmissionError(f"claim {i} has unknown keys: {', '.join(sorted(set(claim) - {'text', 'citations'}))}")
        citations = claim.get("citations")
        if not isinstance(citations, list) or not citations:
            raise SubmissionError(f"claim {i} needs at least one citation")
        if len(citations) > MAX_CITATIONS_PER_CLAIM:
            raise SubmissionError(f"claim {i} has {len(citations)} citations; at most {MAX_CITATIONS_PER_CLAIM}")
        _check_size(f"claim {i}'s text", claim["text"].strip(), "text")
        out = []
        for j, c in enumerate(citations, 1):
            if (not isinstance(c, dict) or set(c) != {"provision_id", "quote"}
                    or not all(isinstance(c[k], str) and c[k].strip() for k in c)):
                raise SubmissionError(f"claim {i}, citation {j} needs exactly provision_id and quote")
            _check_size(f"claim {i}, citation {j}'s provision_id", c["provision_id"].strip(), "provision_id")
            _check_size(f"claim {i}, citation {j}'s quote", c["quote"], "quote")
            out.append({"provision_id": c["provision_id"].strip(), "quote": c["quote"]})
        clean.append({"text": claim["text"].strip(), "citations": out})
    for key in ("reading", "not_in_text"):
        if not isinstance(payload.get(key, ""), str):
            raise SubmissionError(f"{key} must be a string")
        _check_size(f"the {key}", payload.get(key) or "", key)
    return {"claims": clean, "reading": payload.get("reading") or "",
            "not_in_text": payload.get("not_in_text") or ""}


def _check_size(what, value, field):
    limit = MAX_CHARS[field]
    if len(value) > limit:
        hint = (" (quote the smallest unit that holds the point; a quote is never shortened for you)"
                if field == "quote" else "")
        raise SubmissionError(f"{what} is {len(value):,} characters; at most {limit:,}{hint}")
