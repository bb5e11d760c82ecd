"""What a run shows of its faithfulness judge (research/judge.py): the scores, each labelled as a
model's judgment, or "not scored" with why. Kept apart from "Quotes: verified verbatim", which
code proves.

    run_signal(run, translate)        # {scored, label, tone, flagged, explanation, reason, …} or None
    claim_signal(run, position, …)    # {label, tone, score, reason} or None
    api_dict(run), claim_api_dict(run, position)   # the API's shapes (English, numbers as stored)

The words are English here, marked with gettext_noop: pages pass `translate=gettext` (and get
localised numbers), the exports print them as they are.
"""

from django.utils import formats
from django.utils.translation import gettext_noop

from research import judge

SCORED = gettext_noop("Faithfulness (a model's judgment): mean %(mean)s, lowest %(lowest)s")
FLAGGED = gettext_noop("%(scores)s — flagged for review")
NOT_SCORED = gettext_noop("Faithfulness: not scored")
CLAIM_SCORED = gettext_noop("Faithfulness (a model's judgment): %(score)s")
EXPLAINED = gettext_noop("A judge model (%(model)s) scored each claim that passed the checks from 0 to 1 on "
                         "whether it follows from the sections it cites. It is a model's judgment, not a check "
                         "of the text; a claim under %(review_below)s flags the run for review.")
NO_JUDGE = gettext_noop("No judge model scored this run.")
JUDGE_FAILED = gettext_noop("The judge model could not score this run:")


def _as_is(text):
    return text


def run_signal(run, translate=_as_is) -> dict | None:
    """The run's faithfulness line, or None for a run with nothing to score (working, failed,
    declined). `translate` is gettext on pages; numbers are then localised too."""
    if not run.finished or run.gate in ("failed", "declined"):
        return None
    block = judge.stored(run.answer)
    localize = translate is not _as_is
    if block is None or "not_scored" in block:
        reason = (block or {}).get("not_scored", "")
        return {"scored": False, "label": translate(NOT_SCORED), "tone": "info", "flagged": False,
                "mean": None, "lowest": None, "model": (block or {}).get("model", ""),
                "explanation": translate(JUDGE_FAILED) if reason else translate(NO_JUDGE), "reason": reason}
    label = translate(SCORED) % {"mean": _number(block["mean"], localize), "lowest": _number(block["lowest"], localize)}
    if block["flagged"]:
        label = translate(FLAGGED) % {"scores": label}
    return {"scored": True, "label": label, "tone": "warn" if block["flagged"] else "ok",
            "flagged": bool(block["flagged"]), "mean": block["mean"], "lowest": block["lowest"],
            "model": block.get("model", ""), "reason": "",
            "explanation": translate(EXPLAINED) % {"model": block.get("model", ""),
                                                   "review_below": _number(block["review_below"], localize)}}


def claim_signal(run, position, translate=_as_is) -> dict | None:
    """The claim's score and the judge's reason, or None where the judge scored no such claim
    (a blocked claim, or a run not scored: the run's line says so)."""
    score = _score_of(run, position)
    if score is None:
        return None
    below = score["faithfulness"] < (judge.stored(run.answer) or {}).get("review_below", 0)
    return {"label": translate(CLAIM_SCORED) % {"score": _number(score["faithfulness"], translate is not _as_is)},
            "tone": "warn" if below else "ok", "score": score["faithfulness"], "reason": score["reason"]}


def _score_of(run, position):
    block = judge.stored(run.answer)
    if block is None or "not_scored" in block:
        return None
    return next((s for s in block.get("scores") or [] if s.get("position") == position), None)


def api_dict(run) -> dict:
    """The run's faithfulness for the API: always an object; `scored` false with `not_scored`
    saying why where there are no scores."""
    block = judge.stored(run.answer)
    if block is None or "not_scored" in block:
        return {"measure": judge.MEASURE, "scored": False, "model": (block or {}).get("model", ""),
                "mean": None, "lowest": None, "review_below": None, "flagged": False,
                "not_scored": (block or {}).get("not_scored") or NO_JUDGE, "scores": []}
    return {"measure": judge.MEASURE, "scored": True, "model": block.get("model", ""), "mean": block["mean"],
            "lowest": block["lowest"], "review_below": block["review_below"], "flagged": block["flagged"],
            "not_scored": "", "scores": block.get("scores") or []}


def claim_api_dict(run, position) -> dict | None:
    score = _score_of(run, position)
    return None if score is None else {"score": score["faithfulness"], "reason": score["reason"]}


def export_lines(run) -> list[str]:
    """One line per claim the judge scored, with its reason, in English, for the Markdown and
    Word exports (the run's own line is in research/export.py's signals line)."""
    block = judge.stored(run.answer) or {}
    if "not_scored" in block:
        return []
    return [f"Claim {score['claim']} faithfulness (a model's judgment): {_number(score['faithfulness'], False)} "
            f"({score['reason']})" for score in block.get("scores") or []]


def _number(value, localize):
    return formats.number_format(value, 2) if localize else f"{value:.2f}"
