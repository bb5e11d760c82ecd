"""Request and response shapes of the research API (/api/v1/research)."""

import datetime
from typing import Any

from ninja import Field, Schema

from corpus.schemas import IsoDate


class RunIn(Schema):
    question: str = Field(..., description="the question, at most VERBATIM_MAX_QUESTION_CHARS characters")
    as_at: IsoDate | None = Field(None, description="the law as at this date (YYYY-MM-DD); default today")
    acts: list[str] = Field(default_factory=list, description="Act codes in scope, e.g. ['P-8.6']; empty = all")
    lang: str = Field("eng", description="eng or fra")
    engine: str | None = Field(None, description="extractive (anyone), or any engine for staff; default by server")


class RunCreatedOut(Schema):
    run_id: int
    uuid: str
    status: str
    location: str


class CitationOut(Schema):
    provision_id: str
    checked_id: str
    quote: str
    status: str
    checked_label: str
    text_sha256: str
    pit_date: datetime.date | None
    findings: list[dict[str, Any]]


class ClaimFaithfulnessOut(Schema):
    score: float  # 0-1: a judge model's judgment of how far the claim follows from its cited sections
    reason: str  # the judge's reason


class ClaimOut(Schema):
    position: int
    text: str
    status: str
    repaired: bool
    faithfulness: ClaimFaithfulnessOut | None  # null: the judge scored no such claim (blocked, or run not scored)
    findings: list[dict[str, Any]]
    citations: list[CitationOut]


class ModelCallOut(Schema):
    seq: int
    model: str
    purpose: str
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int
    latency_ms: int
    usd: str
    stop_reason: str


class UsageOut(Schema):
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int
    usd: str
    seconds: float | None
    model_calls: list[ModelCallOut]


class BroadenedToOut(Schema):
    act: str
    act_title: str
    ids: list[str]  # its best sections, best first


class BroadeningOut(Schema):
    scope: list[str]  # the Act codes the run searched within
    outside: list[BroadenedToOut]  # the instruments outside it where the matches were


class ReadingPartOut(Schema):
    text: str
    withheld: bool
    blocked_claims: list[int]
    reason: str


class LeadOut(Schema):
    provision_id: str  # the unit whose passage came closest
    section_id: str
    citation: str  # "s. 7 of the Personal Information Protection and Electronic Documents Act"
    marginal_note: str
    lead_in: str  # the lead-ins the passage reads under, verbatim ("" when none)
    passage: str  # the passage, verbatim in the stored text of provision_id


class AnswersQuestionOut(Schema):
    measure: str  # "retrieval confidence" or "model judge": what measured it, never code
    verdict: str  # "supported", "partly" or "not shown"
    score: float | None
class FaithfulnessScoreOut(Schema):
    claim: int  # the claim's number (position + 1)
    position: int
    faithfulness: float  # 0-1
    answers_question: float  # 0-1
    reason: str


class FaithfulnessOut(Schema):
    """The faithfulness judge (research/judge.py): a model's judgment, never a check of the text."""

    measure: str  # "model judge"
    scored: bool
    model: str
    mean: float | None
    lowest: float | None
    review_below: float | None  # a kept claim under it flags the run for review
    flagged: bool
    not_scored: str  # why there are no scores ("" when scored)
    scores: list[FaithfulnessScoreOut]


class RunOut(Schema):
    id: int
    uuid: str
    status: str
    gate: str
    finished: bool
    question: str
    as_at: datetime.date | None
    acts: list[str]
    lang: str
    engine: str
    model: str
    recorded: bool
    recorded_label: str
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    claims: list[ClaimOut]
    blocked_claims: list[ClaimOut]
    usage: UsageOut
    reading: str
    reading_parts: list[ReadingPartOut]
    not_in_text: str
    scope_note: str
    # No clear answer: the engine's retrieval confidence was below its threshold, so the run
    # declined and lists the closest sections as leads to read, not as an answer.
    no_clear_answer: bool
    leads: list[LeadOut]
    answers_question: AnswersQuestionOut | None  # whether the answer answers the question, and what measured it
    faithfulness: FaithfulnessOut  # each kept claim scored 0-1 by a judge model, or not_scored with why
    broadened: bool
    broadening: BroadeningOut | None  # where a broadened run looked; null when it did not broaden
    partial_reason: str
    error: str
    shared: bool  # its asker shared it with the firm: every signed-in user may read it
    events_url: str


class EventOut(Schema):
    seq: int
    kind: str
    data: dict[str, Any]
    created_at: datetime.datetime


class EventsOut(Schema):
    events: list[EventOut]
    finished: bool
    next_after: int
