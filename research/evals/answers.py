"""Score an answer engine end to end against golden questions.

    report = evaluate_answers(items, "extractive")

Each golden item becomes a real Run (created by the system user "eval-bot"), executed in this
process through research.pipeline.execute, so the verifier and the gates are the ones users get.
Then, per run:

- every SHOWN quote (a citation whose status is pass or downgraded) is checked again with
  verifier.quotes.check_quote against the stored text (DbCorpus at the run's date and language),
  and the text's SHA-256 must be the one the citation recorded: quote fidelity must be 1.0;
- a `decline: true` item must end with gate "declined"; an in-scope item must not;
- an in-scope item hits when any section it cites (in a shown quote) is one of `expected`;
- with a key, the faithfulness judge's mean and lowest score (research/judge.py: a model's
  judgment, not a check) are averaged and minimised over the runs it scored.

Refused: the scripted engine without a transcript for an item (that item is skipped and listed),
the anthropic engine without ANTHROPIC_API_KEY or without a price for the model (EvalRefused).
"""

import os
import statistics
import time
from dataclasses import asdict, dataclass, field
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model

from corpus.languages import question_lang
from research import judge
from research.models import Citation, Claim, Run, RunEvent
from research.pipeline import execute
from verifier.adapter import DbCorpus
from verifier.pinpoints import PinpointError, parse_provision_id
from verifier.quotes import check_quote

ENGINES = ("extractive", "scripted", "anthropic")
ANSWERED = {Run.GATE_PASS, Run.GATE_PARTIAL}  # gates of a run that answered with checked quotes
EVAL_USER = "eval-bot"
SHOWN = {Claim.STATUS_PASS, Claim.STATUS_DOWNGRADED}
# Every engine must show only quotes that verify, whatever thresholds.yaml says.
DEFAULT_THRESHOLDS = {"quote_fidelity": 1.0}
NOT_SCORED = "not scored"


class EvalRefused(Exception):
    """The eval cannot start; the message says what to do."""


@dataclass
class AnswerResult:
    id: str
    question: str
    expected: list
    decline: bool
    run_id: int | None = None
    gate: str = ""
    cited: list = field(default_factory=list)  # section ids of shown quotes, in order
    shown_quotes: int = 0
    verified_quotes: int = 0
    fidelity_failures: list = field(default_factory=list)
    blocking_codes: list = field(default_factory=list)
    hit: bool = False
    # The extractive engine's retrieval confidence (None for other engines), and for a run that
    # listed leads instead of answering, the leads' sections and whether one was expected.
    confidence: float | None = None
    leads: list = field(default_factory=list)
    lead_hit: bool = False
    ok: bool = False
    reason: str = ""
    usd: float = 0.0
    seconds: float = 0.0
    # The faithfulness judge's scores (a model's judgment); None where the run was not scored.
    faithfulness_mean: float | None = None
    faithfulness_lowest: float | None = None
    faithfulness_flagged: bool = False


@dataclass
class AnswerReport:
    engine: str
    results: list = field(default_factory=list)
    skipped: list = field(default_factory=list)  # (id, why) of items not run

    def figures(self) -> dict:
        """The eval's numbers, rounded for printing and storing; rates are None with no items."""
        runs = self.results
        in_scope = [r for r in runs if not r.decline]
        out_of_scope = [r for r in runs if r.decline]
        answered = [r for r in in_scope if r.gate in ANSWERED]
        shown = sum(r.shown_quotes for r in runs)
        verified = sum(r.verified_quotes for r in runs)
        seconds = [r.seconds for r in runs]
        judged = [r for r in runs if r.faithfulness_mean is not None]
        return {
            "engine": self.engine,
            "n": len(runs),
            "n_in_scope": len(in_scope),
            "n_decline": len(out_of_scope),
            "shown_quotes": shown,
            "verified_quotes": verified,
            # No quote shown is no quote wrong: fidelity is about what a reader sees.
            "quote_fidelity": _round(verified / shown) if shown else 1.0,
            "decline_rate": _rate(sum(r.gate == Run.GATE_DECLINED for r in out_of_scope), len(out_of_scope)),
            "false_decline_rate": _rate(sum(r.gate == Run.GATE_DECLINED for r in in_scope), len(in_scope)),
            "blocked_rate": _rate(sum(r.gate == Run.GATE_BLOCKED for r in runs), len(runs)),
            "failed_rate": _rate(sum(r.gate == Run.GATE_FAILED for r in runs), len(runs)),
            "expected_section_hit_rate": _rate(sum(r.hit for r in in_scope), len(in_scope)),
            # Coverage and precision: of the in-scope questions, the share answered (not declined,
            # failed or blocked), and of those answered, the share whose quotes include an
            # expected section. A run listing leads is not answered.
            "answered_rate": _rate(len(answered), len(in_scope)),
            "answer_precision": _rate(sum(r.hit for r in answered), len(answered)),
            "leads_rate": _rate(sum(bool(r.leads) for r in in_scope), len(in_scope)),
            "confidence_curve": confidence_curve(in_scope),
            # A model's judgment over the runs the judge scored; "not scored" when it scored none.
            **({"faithfulness_mean": _round(statistics.fmean(r.faithfulness_mean for r in judged)),
                "faithfulness_lowest": _round(min(r.faithfulness_lowest for r in judged)),
                "faithfulness_scored_runs": len(judged),
                "faithfulness_flagged_runs": sum(r.faithfulness_flagged for r in judged)}
               if judged else {"faithfulness": NOT_SCORED}),
            "usd": _round(sum(r.usd for r in runs), 6),
            "seconds_p50": _round(statistics.median(seconds), 3) if seconds else 0.0,
            "seconds_total": _round(sum(seconds), 3),
            "skipped": [item_id for item_id, _ in self.skipped],
        }


def confidence_curve(in_scope, points=12) -> list:
    """[[threshold, coverage, precision]] for the extractive engine's retrieval confidence: were
    the engine to answer exactly the questions scoring at or above each threshold, the share of
    in-scope questions answered and the share of those whose sections include an expected one
    (the quoted sections of an answer, the leads of a run that listed leads). Questions with no
    confidence (declined by scope, failed, other engines) are never answered. Thresholds are the
    scores at evenly spaced shares of the scored questions, highest first; [] when none is scored."""
    scored = sorted(((r.confidence, r.hit or r.lead_hit) for r in in_scope if r.confidence is not None),
                    key=lambda pair: -pair[0])
    if not scored:
        return []
    curve, seen = [], set()
    for i in range(1, points + 1):
        n = max(1, round(len(scored) * i / points))
        threshold = scored[n - 1][0]
        n = sum(1 for score, _ in scored if score >= threshold)  # ties answer together
        if n in seen:
            continue
        seen.add(n)
        hits = sum(hit for score, hit in scored if score >= threshold)
        curve.append([_round(threshold, 3), _round(n / len(in_scope), 3), _round(hits / n, 3)])
    return curve


def evaluate_answers(items, engine, *, scripts=None, limit=None, progress=None) -> AnswerReport:
    """Run every golden item through `engine` and score it.

    `scripts` maps a question id to its transcript (scripted engine only); `limit` keeps the
    first N items; `progress(result)` is called after each question. Raises EvalRefused when
    the engine cannot run at all.
    """
    check_engine(engine)
    items = list(items)[:limit] if limit else list(items)
    user = eval_user()
    report = AnswerReport(engine=engine)
    for item in items:
        script = None
        if engine == "scripted":
            script = (scripts or {}).get(item["id"])
            if script is None:
                report.skipped.append((item["id"], "no transcript for this question"))
                continue
        result = answer_one(item, engine, user, script=script)
        report.results.append(result)
        if progress:
            progress(result)
    return report


def check_engine(engine) -> None:
    """Raise EvalRefused when `engine` is unknown or cannot start on this machine."""
    if engine not in ENGINES:
        raise EvalRefused(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine == "anthropic":
        if not os.environ.get("ANTHROPIC_API_KEY"):
            raise EvalRefused("the anthropic answer eval calls a paid model and needs ANTHROPIC_API_KEY "
                              "set; it is opt-in. Use --engine extractive to run without a key.")
        if settings.VERBATIM_MODEL not in settings.VERBATIM_PRICES:
            raise EvalRefused(f"model {settings.VERBATIM_MODEL!r} has no price in VERBATIM_PRICES; "
                              "refusing to start")


def eval_user():
    """The system user that owns eval runs: it cannot log in."""
    user, created = get_user_model().objects.get_or_create(username=EVAL_USER,
                                                           defaults={"is_active": False})
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def answer_one(item, engine, user, script=None) -> AnswerResult:
    """Create, execute and score the run for one golden item, asked in its `lang` or else in the
    question's language, as the ask page reads it (corpus/languages.py)."""
    result = AnswerResult(id=str(item["id"]), question=item["question"],
                          expected=list(item.get("expected") or []), decline=bool(item.get("decline")))
    run = Run.objects.create(question=item["question"], engine=engine, script=script, created_by=user,
                             lang=item.get("lang") or question_lang(item["question"]),
                             model=settings.VERBATIM_MODEL if engine == "anthropic" else "",
                             for_eval=True)  # scored by the eval, never put in the review queue
    run.add_event(RunEvent.KIND_STATUS, {"status": Run.STATUS_QUEUED, "engine": engine})
    started = time.monotonic()
    run = execute(run.pk) or Run.objects.get(pk=run.pk)
    result.seconds = time.monotonic() - started
    result.run_id, result.gate, result.usd = run.pk, run.gate, float(run.usd or Decimal("0"))
    _score_quotes(run, result)
    _score_confidence(run, result)
    block = judge.stored(run.answer)
    if block is not None and "not_scored" not in block:
        result.faithfulness_mean, result.faithfulness_lowest = block["mean"], block["lowest"]
        result.faithfulness_flagged = bool(block["flagged"])
    result.ok, result.reason = _verdict(run, result)
    return result


def _score_quotes(run, result) -> None:
    """Check each shown quote again and collect the sections the answer cites."""
    corpus = DbCorpus(lang=run.lang, as_at=run.as_at)
    citations = Citation.objects.filter(claim__run=run).select_related("claim").order_by(
        "claim__position", "position")
    for citation in citations:
        if citation.status not in SHOWN:
            continue
        result.shown_quotes += 1
        checked_id = citation.checked_id or citation.provision_id
        view = corpus.get(checked_id)
        problem = _fidelity_problem(citation, view)
        if problem:
            result.fidelity_failures.append(f"{checked_id}: {problem}")
        else:
            result.verified_quotes += 1
        section = view.section_id if view is not None else _section_of(checked_id)
        if section and section not in result.cited:
            result.cited.append(section)
    result.blocking_codes = sorted({f["code"] for claim in run.claims.all() for f in claim.findings
                                    if f.get("severity") == "blocking"})
    result.hit = any(_covers(e, cited) for e in result.expected for cited in result.cited)


def _score_confidence(run, result) -> None:
    """The engine's retrieval confidence, and the leads of a run that listed them instead of
    answering (with whether one of them is expected)."""
    answer = run.answer or {}
    score = (answer.get("confidence") or {}).get("score")
    result.confidence = float(score) if isinstance(score, (int, float)) else None
    result.leads = list(dict.fromkeys(lead.get("section_id", "") for lead in answer.get("leads") or []))
    result.lead_hit = any(_covers(e, lead) for e in result.expected for lead in result.leads)


def _fidelity_problem(citation, view) -> str:
    if view is None:
        return "the stored text it was checked against is no longer found"
    if citation.text_sha256 and view.sha256 != citation.text_sha256:
        return f"stored text changed (sha256 {citation.text_sha256[:8]}… now {view.sha256[:8]}…)"
    if not check_quote(citation.quote, view.text).is_match:
        return "the quote is not verbatim in the stored text"
    return ""


def _verdict(run, result) -> tuple[bool, str]:
    """Whether the item counts as right, and a sentence saying why."""
    if result.fidelity_failures:
        return False, "shown quote failed the re-check: " + "; ".join(result.fidelity_failures)
    if run.gate == Run.GATE_FAILED:
        return False, f"run failed: {run.error[:300]}"
    declined = run.gate == Run.GATE_DECLINED
    if result.decline:
        if declined:
            return True, "declined as expected"
        cited = ", ".join(result.cited) or "nothing"
        return False, f"answered an out-of-scope question (gate {run.gate}): cited {cited}"
    if declined and result.leads:
        found = "an expected section among them" if result.lead_hit else "no expected section among them"
        return False, (f"no clear answer (retrieval confidence {result.confidence:.2f}): listed leads "
                       f"{', '.join(result.leads)}, {found}")
    if declined:
        note = (run.scope_note or "no scope note").strip()
        return False, f"declined an in-scope question: {note[:300]}"
    if run.gate == Run.GATE_BLOCKED:
        return False, f"blocked claim: {', '.join(result.blocking_codes) or 'blocked'}"
    if result.hit:
        hits = [c for c in result.cited if any(_covers(e, c) for e in result.expected)]
        others = [c for c in result.cited if c not in hits]
        reason = f"cited {', '.join(hits)} (expected)"
        return True, reason + (f"; also {', '.join(others)}" if others else "")
    got = ", ".join(result.cited) or "no quote shown"
    partial = f" (partial: {run.partial_reason})" if run.gate == Run.GATE_PARTIAL else ""
    return False, f"no expected section cited: got {got}{partial}"


def _covers(expected, cited_section) -> bool:
    """A cited section answers for an expected id when it is that section, or a clause of an
    expected schedule principle (sch1/4.3.2 under sch1/4.3)."""
    if cited_section == expected:
        return True
    return "/" in expected and cited_section.startswith(expected + ".")


def _section_of(provision_id) -> str:
    try:
        return parse_provision_id(provision_id).section_id
    except PinpointError:
        return ""


def check_thresholds(figures, thresholds) -> list[str]:
    """The figures below their minimums, as sentences ([] when all are met)."""
    failures = []
    for name, minimum in {**DEFAULT_THRESHOLDS, **(thresholds or {})}.items():
        value = figures.get(name)
        if value is None:
            continue  # nothing to measure (e.g. no decline items in this golden file)
        if value < minimum:
            failures.append(f"{name} {value} < {minimum}")
    return failures


def result_dict(result: AnswerResult) -> dict:
    return asdict(result)


def _rate(part, whole):
    return _round(part / whole) if whole else None


def _round(value, places=4):
    return round(value, places)
