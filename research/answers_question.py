"""The second signal: whether an answer answers the question, kept apart from the first
("Quotes: verified verbatim", which code proves).

No code proves that a verbatim quote answers a question, so this signal shows only what measured
it and what that measure said. A run carries a measure when whatever measured it stored one in
the run's answer (`Run.answer`):

    "answers_question": {"measure": "retrieval confidence" | "model judge",
                         "verdict": "supported" | "partly" | "not shown",
                         "score": 0.0-1.0 (optional)}

and, per claim, the same under `answer["claims"][i]["answers_question"]`. Nothing else is read
as a measure: without one the run says "not shown" and each claim "not scored", with why.
"""

from django.utils.translation import gettext_noop

MEASURES = {
    "retrieval confidence": "the engine's retrieval confidence, not a check of the text",
    "model judge": "a model's judgment, not a check of the text",
}
VERDICTS = {"supported": "ok", "partly": "warn", "not shown": "bad"}
UNMEASURED_RUN = gettext_noop("Nothing in this run measured whether the quotes answer the question: a verbatim "
                     "quote may still be beside the point. Read them against the question.")
UNMEASURED_CLAIM = gettext_noop("No judge scored whether this claim answers the question.")
# Every label and explanation the signals can have, for the catalogue: the pages translate them
# ({% translate answers.label %}); the exports print them in English.
SHOWN_WORDS = (gettext_noop("Answers the question: supported"), gettext_noop("Answers the question: partly"),
               gettext_noop("Answers the question: not shown"), gettext_noop("Answers the question: not scored"),
               gettext_noop("Measured by the engine's retrieval confidence, not a check of the text."),
               gettext_noop("Measured by a model's judgment, not a check of the text."))


def run_signal(run) -> dict | None:
    """{label, tone, measure, score, explanation} for the run, or None for a run with no answer
    (failed, declined or still working)."""
    if not run.finished or run.gate in ("failed", "declined"):
        return None
    found = _measured((run.answer or {}).get("answers_question"))
    if found is None:
        return {"label": "Answers the question: not shown", "tone": "info", "measure": "",
                "score": None, "explanation": UNMEASURED_RUN}
    return found


def claim_signal(run, position) -> dict:
    """The signal for the claim at `position` of the run's stored answer: its measure, or
    "not scored"."""
    claims = (run.answer or {}).get("claims") or []
    record = claims[position].get("answers_question") if position < len(claims) else None
    found = _measured(record)
    if found is None:
        return {"label": "Answers the question: not scored", "tone": "info", "measure": "",
                "score": None, "explanation": UNMEASURED_CLAIM}
    return found


def stored_measure(answer: dict) -> dict | None:
    """The run's measure as stored ({measure, verdict, score}), or None where nothing measured it:
    what the API returns."""
    record = (answer or {}).get("answers_question")
    if _measured(record) is None:
        return None
    score = record.get("score")
    return {"measure": record["measure"], "verdict": record["verdict"],
            "score": float(score) if isinstance(score, (int, float)) else None}


def _measured(record) -> dict | None:
    """The signal a stored measure gives, or None when `record` is not a measure we know."""
    if not isinstance(record, dict):
        return None
    measure, verdict = record.get("measure"), record.get("verdict")
    if measure not in MEASURES or verdict not in VERDICTS:
        return None
    score = record.get("score")
    score = round(float(score), 2) if isinstance(score, (int, float)) else None
    return {"label": f"Answers the question: {verdict}", "tone": VERDICTS[verdict], "measure": measure,
            "score": score, "explanation": f"Measured by {MEASURES[measure]}."}
