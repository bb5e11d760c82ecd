"""The faithfulness judge: a model scores each kept claim of a checked answer against the
sections it cites. Its scores are a model's judgment, shown as one, never as a check: the
quotes are checked by code (verifier/), this says whether the statements follow from them.

    answer = judge_answer(run, answer, claims, corpus)

`claims` are the verifier's ClaimResults in the order they are stored (position = index). With
ANTHROPIC_API_KEY set and VERBATIM_JUDGE on, the claims the verifier kept (not blocked) go to the
judge model in one call, with the question and the stored text of every section they cite, and
the model must answer through the record_scores tool (forced by tool_choice): per claim,
`faithfulness` 0-1 (does the statement follow from the cited text), `answers_question` 0-1 and
a reason. The call is one of the run's ModelCalls (purpose "judge"), so it is in the run's cost
and the daily spend guard.

The returned answer (a copy; the one given is not changed) carries

    "faithfulness": {"measure": "model judge", "model", "mean", "lowest", "review_below",
                     "flagged", "scores": [{claim, position, faithfulness, answers_question, reason}]}

and, per kept claim, answer["claims"][i]["faithfulness"] = {"score", "reason"} and
["answers_question"] in research/answers_question.py's shape (measure "model judge"). The run's
own answers_question is its best claim's: an answer answers the question when one of its claims
does. When the judge could not score (the API failed after its retries or took too long, the
reply broke the tool's schema, the model has no price, the daily spend cap is reached), the
answer gets "faithfulness": {"measure": "model judge", "not_scored": "<why>"} and nothing else
changes. Nothing here raises but RunLost: the run finishes with or without scores.
"""

import copy
import itertools
import json
import logging
import os
import statistics
import time
from typing import Annotated

from django.conf import settings
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from research.engines.anthropic import (
    INITIAL_RETRY_DELAY,
    MAX_RETRY_DELAY,
    failure_reason,
    looks_like_message,
    new_client,
    record_call,
    retry_after,
    retryable,
)
from research.models import RunEvent, RunLost
from research.submit import SpendLimit, check_spend

logger = logging.getLogger("verbatim.research")

MEASURE = "model judge"
PURPOSE = "judge"
# From a claim's answers_question score to the verdict research/answers_question.py shows.
# Chosen, not fitted: no labelled set of judged answers exists yet to fit them on.
SUPPORTED_FROM = 0.8
PARTLY_FROM = 0.5
MAX_REASON = 600
OUTPUT_TOKENS_BASE, OUTPUT_TOKENS_PER_CLAIM = 400, 300

INSTRUCTIONS = (
    "You grade statements of law against the statute text they cite. Read only the section texts "
    "given in the message; do not use what you know of the law from elsewhere. For each numbered "
    "claim give two scores from 0 to 1.\n"
    "faithfulness: 1 when everything the claim states follows from its cited sections, including "
    "who may or must act, conditions and exceptions, quantities and periods; 0 when the text "
    "contradicts the claim or does not say it; in between when only part of it follows (for "
    "example, the claim drops a condition the text attaches, or turns 'may' into 'must').\n"
    "answers_question: 1 when the claim answers the question asked, 0 when it is beside the point, "
    "in between when it answers part of it.\n"
    "reason: one or two sentences naming what follows from the text and what does not.\n"
    "Call record_scores once, with one entry for every claim number."
)

_Score01 = Annotated[float, Field(ge=0, le=1, strict=True, allow_inf_nan=False)]


class ClaimScore(BaseModel):
    model_config = ConfigDict(extra="forbid")

    claim: Annotated[int, Field(ge=1, strict=True, description="the claim's number")]
    faithfulness: Annotated[_Score01, Field(description="how far the claim follows from its cited sections")]
    answers_question: Annotated[_Score01, Field(description="how far the claim answers the question asked")]
    reason: Annotated[str, Field(min_length=1, max_length=MAX_REASON, strict=True,
                                 description="one or two sentences: what follows, what does not")]


# record_scores' JSON schema and the check of the judge's reply both come from this model.
class RecordedScores(BaseModel):
    """One score entry for every numbered claim."""

    model_config = ConfigDict(extra="forbid")

    scores: list[ClaimScore]


RECORD_SCORES = {
    "name": "record_scores",
    "description": "Record one score entry for every numbered claim you were given.",
    "input_schema": RecordedScores.model_json_schema(),
}


class NotScored(Exception):
    """The judge gave no usable scores; the message says why, for the run page."""


def enabled() -> bool:
    """Whether finished runs are judged on this install: VERBATIM_JUDGE on and a key set."""
    return bool(settings.VERBATIM_JUDGE and os.environ.get("ANTHROPIC_API_KEY", "").strip())


def judge_model(run) -> str:
    return settings.VERBATIM_JUDGE_MODEL or run.model or settings.VERBATIM_MODEL


def judge_answer(run, answer, claims, corpus) -> dict:
    """`answer` with the judge's scores (or why there are none) when the judge is enabled and
    the answer has a kept claim; `answer` unchanged otherwise. See the module docstring."""
    kept = [(position, claim) for position, claim in enumerate(claims)
            if not claim.blocked and position < len((answer or {}).get("claims") or [])]
    if not kept or not enabled():
        return answer
    model = judge_model(run)
    try:
        block = _score(run, model, kept, corpus)
    except RunLost:
        raise
    except NotScored as e:
        block = {"measure": MEASURE, "model": model, "not_scored": str(e)}
    except Exception as e:  # the judge must never cost the run its answer
        logger.exception("run %s: the faithfulness judge failed", run.pk)
        block = {"measure": MEASURE, "model": model,
                 "not_scored": f"internal error in the judge: {type(e).__name__}"}
    if "not_scored" in block:
        run.add_event(RunEvent.KIND_STATUS, {"status": "not judged", "model": model, "reason": block["not_scored"]})
    else:
        run.add_event(RunEvent.KIND_STATUS, {"status": "judged", "model": model, "claims": len(block["scores"]),
                                             "mean": block["mean"], "lowest": block["lowest"],
                                             "flagged": block["flagged"]})
    return with_scores(answer, block)


def with_scores(answer, block) -> dict:
    """A copy of `answer` carrying the judge's `block`, and each scored claim's own scores."""
    answer = copy.deepcopy(answer)
    answer["faithfulness"] = block
    if "not_scored" in block:
        return answer
    best = None
    for score in block["scores"]:
        claim = answer["claims"][score["position"]]
        claim["faithfulness"] = {"score": score["faithfulness"], "reason": score["reason"]}
        claim["answers_question"] = _answers(score["answers_question"])
        if best is None or score["answers_question"] > best:
            best = score["answers_question"]
    replaced = answer.get("answers_question")
    answer["answers_question"] = _answers(best)
    if isinstance(replaced, dict) and replaced.get("measure") != MEASURE:
        answer["answers_question"]["replaced"] = replaced  # the engine's own measure, kept
    return answer


def _answers(score) -> dict:
    verdict = "supported" if score >= SUPPORTED_FROM else "partly" if score >= PARTLY_FROM else "not shown"
    return {"measure": MEASURE, "verdict": verdict, "score": score}


def _score(run, model, kept, corpus) -> dict:
    if model not in settings.VERBATIM_PRICES:
        raise NotScored(f"the judge model {model!r} has no price in VERBATIM_PRICES; a call must know "
                        "its cost, so none was made")
    try:
        check_spend(None)
    except SpendLimit as e:
        raise NotScored(str(e)) from None
    numbers = {position + 1 for position, _ in kept}
    response = _call(run, model, prompt(run, kept, corpus), len(kept))
    scores = _read_scores(response, numbers)
    values = [s.faithfulness for s in scores]
    review_below = settings.VERBATIM_FAITHFULNESS_REVIEW_BELOW
    return {
        "measure": MEASURE, "model": model,
        "mean": round(statistics.fmean(values), 3), "lowest": round(min(values), 3),
        "review_below": review_below, "flagged": min(values) < review_below,
        "scores": [{"claim": s.claim, "position": s.claim - 1, "faithfulness": round(s.faithfulness, 3),
                    "answers_question": round(s.answers_question, 3), "reason": s.reason.strip()}
                   for s in sorted(scores, key=lambda s: s.claim)],
    }


def prompt(run, kept, corpus) -> str:
    """The judge's message: the question, the stored text of each section the kept claims cite
    (each once), then each claim with its number, its quotes and the sections it cites."""
    sections, lines = {}, []
    for position, claim in kept:
        cited = []
        for citation in claim.citations:
            view = corpus.get(citation.matched_id or citation.provision_id) or corpus.get(citation.provision_id)
            section = corpus.get(view.section_id) if view is not None else None
            if section is not None:
                sections.setdefault(section.id, section)
                cited.append(section.id)
        lines.append(f"Claim {position + 1} (cites {', '.join(dict.fromkeys(cited)) or 'no section held'}): "
                     f"{claim.text}")
        lines += [f"  quoted from {c.provision_id}: \u201c{c.quote}\u201d" for c in claim.citations]
    texts = [f"[{s.id}] {s.marginal_note}\n{s.text}".strip() for s in sections.values()]
    as_at = run.as_at.isoformat() if run.as_at else "today (latest consolidation)"
    return (f"Question: {run.question}\nAs at: {as_at}\n\nCited sections, as stored:\n\n"
            + "\n\n".join(texts) + "\n\nClaims:\n\n" + "\n".join(lines))


def _call(run, model, message, n_claims):
    """One forced record_scores call, recorded as the run's ModelCall, retried by us within
    VERBATIM_JUDGE_TIMEOUT_SECONDS. Raises NotScored when it fails for good."""
    import anthropic  # here, not at the top: research/engines/anthropic.py says why

    client = new_client(os.environ["ANTHROPIC_API_KEY"].strip())
    budget = settings.VERBATIM_JUDGE_TIMEOUT_SECONDS
    started = time.monotonic()
    for retry in itertools.count():
        remaining = budget - (time.monotonic() - started)
        if remaining <= 0:
            raise NotScored(f"the judge model did not answer within {budget:g} s")
        run.beat()  # fenced: an attempt that lost its run spends nothing more
        call_started = time.monotonic()
        try:
            response = client.messages.create(
                model=model,
                max_tokens=OUTPUT_TOKENS_BASE + OUTPUT_TOKENS_PER_CLAIM * n_claims,
                system=INSTRUCTIONS,
                tools=[RECORD_SCORES],
                tool_choice={"type": "tool", "name": RECORD_SCORES["name"]},
                messages=[{"role": "user", "content": message}],
                timeout=remaining,
            )
        except anthropic.APITimeoutError:
            raise NotScored(f"the judge model did not answer within {budget:g} s") from None
        except (anthropic.APIConnectionError, anthropic.APIStatusError) as e:
            _wait_to_retry(e, retry, budget - (time.monotonic() - started))
            continue
        except (anthropic.APIError, ValueError, TypeError, KeyError) as e:
            raise NotScored(f"the judge's reply could not be read ({type(e).__name__})") from None
        if not looks_like_message(response):
            raise NotScored("the judge's reply could not be read (no content)")
        record_call(run, model, PURPOSE, response, int((time.monotonic() - call_started) * 1000))
        return response


def _wait_to_retry(error, retry, remaining):
    if not retryable(error) or retry >= settings.VERBATIM_ANTHROPIC_MAX_RETRIES:
        raise NotScored(failure_reason(error)) from None
    asked = retry_after(error)
    wait = asked if asked is not None else min(INITIAL_RETRY_DELAY * 2 ** retry, MAX_RETRY_DELAY)
    if wait >= remaining:
        raise NotScored(f"{failure_reason(error)}; waiting {wait:g} s more would pass the judge's time limit") from None
    time.sleep(wait)


def _read_scores(response, numbers) -> list[ClaimScore]:
    """The judge's scores, one per claim number sent, or NotScored saying what is wrong."""
    if response.stop_reason == "max_tokens":
        raise NotScored("the judge's reply was cut at its output token limit")
    uses = [b for b in response.content if getattr(b, "type", "") == "tool_use"
            and getattr(b, "name", "") == RECORD_SCORES["name"]]
    if not uses:
        raise NotScored("the judge did not call record_scores")
    try:
        recorded = RecordedScores.model_validate(uses[0].input)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "input"
        raise NotScored(f"the judge's scores break the record_scores schema ({where}: {first['msg']})") from None
    got = [s.claim for s in recorded.scores]
    if sorted(got) != sorted(numbers):
        missing = sorted(numbers - set(got))
        extra = sorted(set(got) - numbers) + sorted(n for n in set(got) if got.count(n) > 1)
        raise NotScored("the judge's scores do not match the claims sent"
                        + (f"; no score for claim {', '.join(map(str, missing))}" if missing else "")
                        + (f"; unexpected or repeated claim {', '.join(map(str, extra))}" if extra else ""))
    return recorded.scores


def stored(answer) -> dict | None:
    """The judge's block stored in a run's answer, or None where no judge ran: what the API,
    pages and exports read."""
    block = (answer or {}).get("faithfulness")
    if not isinstance(block, dict) or block.get("measure") != MEASURE:
        return None
    return json.loads(json.dumps(block))  # a plain copy
