"""The tools a research engine may call, as Anthropic tool definitions.

Every tool but submit_answer is read-only. submit_answer is strict: an answer is claims that
each cite at least one provision with a verbatim quote, or a decline with a scope note.
"""

from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

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


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


def _chars(field, description="", at_least=0, strip=True):
    """A string field capped at MAX_CHARS[field] (stripped first unless `strip` is False)."""
    return Annotated[str, StringConstraints(strip_whitespace=strip, min_length=at_least, max_length=MAX_CHARS[field]),
                     Field(description=description)]


class Citation(_Strict):
    provision_id: _chars("provision_id", "the smallest unit holding the quote, e.g. P-8.6:s7(3)(c)", at_least=3)
    quote: _chars("quote", "verbatim text of that unit, whole sentences, no ellipses", at_least=1, strip=False)

    @field_validator("quote")
    @classmethod
    def _not_blank(cls, quote):
        if not quote.strip():
            raise ValueError("blank")  # said as "needs exactly provision_id and quote" (_what_to_fix)
        return quote


class Claim(_Strict):
    text: _chars("text", "one statement of law", at_least=1)
    citations: Annotated[list[Citation], Field(min_length=1, max_length=MAX_CITATIONS_PER_CLAIM)]


# The tool's JSON schema and the check of what a model submits (validate_submission) both come
# from this one model; its docstring is the schema's description the model reads.
class SubmitAnswerInput(_Strict):
    """An answer (claims, reading, not_in_text) or a decline (decline: true and a scope_note)."""

    claims: Annotated[list[Claim], Field(min_length=1, max_length=MAX_CLAIMS)] | None = None
    reading: _chars("reading", "your reading; cite only quoted provisions", strip=False) = ""
    not_in_text: _chars("not_in_text", "what the quotes do not answer, and qualifiers not followed",
                        strip=False) = ""
    decline: bool | None = None
    scope_note: _chars("scope_note", "why the corpus cannot answer this question") | None = None

    @model_validator(mode="after")
    def _an_answer_or_a_decline(self):
        if self.decline:
            if not self.scope_note:
                raise ValueError("a decline needs decline: true and a scope_note")
            if self.claims:
                raise ValueError("a decline carries no claims")
        elif not self.claims:
            raise ValueError("claims must be a non-empty list (or decline with a scope_note)")
        return self


SUBMIT_ANSWER = {
    "name": "submit_answer",
    "description": (
        "Submit the answer: claims, each citing at least one provision with a verbatim quote, "
        "a Reading and a Not in the text above note. Or decline with a scope note when the "
        "statutes in the corpus do not answer the question."
    ),
    "input_schema": SubmitAnswerInput.model_json_schema(),
}

READ_TOOLS = [SEARCH_STATUTES, GET_PROVISION, LIST_ACTS, FIND_DEFINITION, LIST_VERSIONS,
              GET_VERSION_CHANGES, PENDING_AMENDMENTS]
ALL_TOOLS = READ_TOOLS + [SUBMIT_ANSWER]
READ_TOOL_NAMES = frozenset(t["name"] for t in READ_TOOLS)


class SubmissionError(ValueError):
    """A submit_answer payload that breaks the schema; the message says what to fix."""


def validate_submission(payload) -> dict:
    """Check a submit_answer payload against SubmitAnswerInput; return it cleaned.

    Returns {"decline": True, "scope_note": ...} or {"claims": [...], "reading", "not_in_text"}.
    Raises SubmissionError naming the first problem in words a model can act on: a claim without
    citations, a citation without a quote, unknown keys, a field over its cap, a decline without a
    scope note.
    """
    try:
        answer = SubmitAnswerInput.model_validate(payload)
    except ValidationError as e:
        raise SubmissionError(_what_to_fix(e.errors(), payload)) from None
    if answer.decline:
        return {"decline": True, "scope_note": answer.scope_note}
    return {"claims": [claim.model_dump() for claim in answer.claims], "reading": answer.reading,
            "not_in_text": answer.not_in_text}


def _what_to_fix(errors, payload) -> str:
    """The first of pydantic's errors, said as what the model should change."""
    unknown = sorted(str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden" and len(e["loc"]) == 1)
    if unknown:
        return f"unknown keys: {', '.join(unknown)}"
    error = errors[0]
    loc, kind, value = error["loc"], error["type"], error.get("input")
    if kind == "value_error" and not loc:  # the model's own rule: an answer or a decline
        return str(error["ctx"]["error"])
    if not loc:
        return "submit_answer takes an object"
    if loc[0] in ("reading", "not_in_text"):
        return _too_long(f"the {loc[0]}", value, loc[0]) if kind == "string_too_long" else f"{loc[0]} must be a string"
    if loc[0] in ("decline", "scope_note"):
        return (_too_long("the scope_note", value, "scope_note") if kind == "string_too_long"
                else "a decline needs decline: true and a scope_note")
    if len(loc) == 1:  # the claims list itself
        if kind == "too_long":
            return f"{len(value)} claims; at most {MAX_CLAIMS}: keep the claims that answer the question"
        return "claims must be a non-empty list (or decline with a scope_note)"
    claim = f"claim {loc[1] + 1}"
    if len(loc) == 2 or loc[2] == "text":
        return _too_long(f"{claim}'s text", value, "text") if kind == "string_too_long" else f"{claim} needs a text"
    if loc[2] != "citations":
        extra = sorted(str(e["loc"][2]) for e in errors if e["type"] == "extra_forbidden" and len(e["loc"]) == 3)
        return f"{claim} has unknown keys: {', '.join(extra)}"
    if len(loc) == 3:
        if kind == "too_long":
            return f"{claim} has {len(value)} citations; at most {MAX_CITATIONS_PER_CLAIM}"
        return f"{claim} needs at least one citation"
    citation = f"{claim}, citation {loc[3] + 1}"
    if len(loc) == 5 and kind == "string_too_long":
        return _too_long(f"{citation}'s {loc[4]}", value, loc[4])
    return f"{citation} needs exactly provision_id and quote"


def _too_long(what, value, field):
    hint = (" (quote the smallest unit that holds the point; a quote is never shortened for you)"
            if field == "quote" else "")
    return f"{what} is {len(value):,} characters; at most {MAX_CHARS[field]:,}{hint}"
