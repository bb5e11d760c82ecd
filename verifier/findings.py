"""Finding codes and the Finding record the gates and the claim checker return."""

from dataclasses import dataclass, field

BLOCKING = "blocking"
WARNING = "warning"

# Blocking, per claim.
NO_CITATION = "no-citation"
MALFORMED = "malformed"
UNKNOWN_SECTION = "unknown-section"
NOT_RETRIEVED = "not-retrieved"
PINPOINT_NOT_FOUND = "pinpoint-not-found"
QUOTE_MISMATCH = "quote-mismatch"
WRONG_UNIT = "wrong-unit"
REPEALED = "repealed"
ELLIPSIS = "ellipsis"
# Blocking, per answer: the run's best matches lie outside the scope asked, and the answer's
# "Not in the text above" does not say so.
BROADENED = "broadened"

# Claim checker only (Korean auditor): the text says otherwise than the claim (another figure,
# a prohibition where the claim permits); local-only mode; precedent claims.
TEXT_DIFFERS = "text-differs"
LOCAL_ONLY = "local-only"
PRECEDENT_NOT_HELD = "precedent-not-held"
CASE_NOT_FOUND = "case-not-found"
TOPIC_DIFFERS = "topic-differs"

# Warnings, shown to the reviewer.
QUALIFIER = "qualifier"
DEFINED_TERM = "defined-term"
VERSION = "version"
READING_UNFETCHED = "reading-unfetched"

BLOCKING_CODES = frozenset(
    {NO_CITATION, MALFORMED, UNKNOWN_SECTION, NOT_RETRIEVED, PINPOINT_NOT_FOUND,
     QUOTE_MISMATCH, WRONG_UNIT, REPEALED, ELLIPSIS, BROADENED}
)
WARNING_CODES = frozenset({QUALIFIER, DEFINED_TERM, VERSION, READING_UNFETCHED})


@dataclass(frozen=True)
class Finding:
    """One problem found. `message` is written for a reviewer; `details` holds plain data
    (ids, offsets, snippets) for pages and for the model's repair turn."""

    code: str
    severity: str
    message: str
    details: dict = field(default_factory=dict)

    @property
    def is_blocking(self) -> bool:
        return self.severity == BLOCKING

    def as_dict(self) -> dict:
        return {"code": self.code, "severity": self.severity, "message": self.message,
                "details": self.details}


def blocking(code: str, message: str, **details) -> Finding:
    return Finding(code, BLOCKING, message, details)


def warning(code: str, message: str, **details) -> Finding:
    return Finding(code, WARNING, message, details)
