"""What every research engine provides: an answer produced through the toolbox, and
optionally one repair turn.

    engine = engine_for(run, toolbox)
    engine.check_can_start()            # EngineRefused before any work (no price, no key)
    submission = engine.answer()        # Submission
    fixed = engine.repair(findings)     # Submission, or None when the engine cannot repair

An engine never raises for the model's mistakes (those become tool errors or a partial
answer); it raises EngineFailed with a sentence a reader understands when the run cannot go on.
"""

import time
from dataclasses import dataclass, field

from django.conf import settings

from research.tool_schemas import SubmissionError, validate_submission


class EngineRefused(Exception):
    """The engine will not start; the message says why (e.g. the model has no price)."""


class EngineFailed(Exception):
    """The engine stopped and the run cannot finish; the message is shown to the user."""


@dataclass
class Limits:
    """Budgets for one run, from settings (VERBATIM_MAX_TOOL_CALLS, _WALL_CLOCK_SECONDS,
    _MAX_OUTPUT_TOKENS, _MAX_MODEL_CALLS). The wall clock bounds everything, retries included."""

    max_tool_calls: int
    wall_clock_seconds: float
    max_output_tokens: int
    max_model_calls: int = 24

    @classmethod
    def from_settings(cls):
        return cls(settings.VERBATIM_MAX_TOOL_CALLS, settings.VERBATIM_WALL_CLOCK_SECONDS,
                   settings.VERBATIM_MAX_OUTPUT_TOKENS, settings.VERBATIM_MAX_MODEL_CALLS)


@dataclass
class Submission:
    """What an engine hands back.

    `answer` is the validated submit_answer payload (claims/reading/not_in_text, or
    decline/scope_note), or None when nothing valid was submitted. `partial_reason` is set when
    a limit stopped the engine. `raw` is the payload exactly as the engine submitted it.
    """

    answer: dict | None
    partial_reason: str = ""
    raw: dict | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def declined(self) -> bool:
        return bool(self.answer and self.answer.get("decline"))


def submission_from(payload, partial_reason="") -> Submission:
    """Validate a raw submit_answer payload. Raises SubmissionError when it breaks the schema."""
    return Submission(validate_submission(payload), partial_reason=partial_reason, raw=payload)


class Engine:
    """Base class. Subclasses set `name` and implement answer(); repair() is optional."""

    name = ""
    supports_repair = False

    def __init__(self, run, toolbox, limits: Limits | None = None):
        self.run = run
        self.toolbox = toolbox
        self.limits = limits or Limits.from_settings()
        self.started = time.monotonic()

    def check_can_start(self) -> None:
        """Raise EngineRefused when the engine cannot run at all; makes no calls."""

    def answer(self) -> Submission:
        raise NotImplementedError

    def repair(self, blocked_claims: list[dict]) -> Submission | None:
        """One repair turn. `blocked_claims` is [{index, text, citations, findings}], the
        findings as dicts (code, severity, message, details); an entry with index None holds
        what blocks the answer as a whole. None when not supported."""
        return None

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def beat(self) -> None:
        """Tell the recovery sweep this run is alive."""
        self.run.beat()


__all__ = ["Engine", "EngineFailed", "EngineRefused", "Limits", "Submission", "SubmissionError",
           "submission_from"]
