"""Store an eval's figures and per-question outcomes as an EvalRun with its EvalResults.

    store_retrieval_eval(figures, per_question, golden_path)   # from eval_retrieval
    store_answer_eval(report, golden_path, thresholds)          # from eval_answers
    store_claims_eval(report, claims_path)                      # from eval_claims

Both return the EvalRun. Thresholds are read from research/evals/thresholds.yaml when not
given, so the stored "passed" is the same verdict `make test` gives.
"""

import hashlib
from dataclasses import asdict, is_dataclass
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from research.eval_models import EvalResult, EvalRun
from research.evals.answers import check_thresholds
from research.evals.retrieval import load_thresholds


def golden_fingerprint(golden_path) -> tuple[str, str]:
    """(file name, SHA-256 of its bytes) of a golden file."""
    path = Path(golden_path)
    return path.name, hashlib.sha256(path.read_bytes()).hexdigest()


TYPOS = "with typos"  # the variant name of a run asked mistyped (eval_retrieval --typos)


def store_retrieval_eval(figures, per_question, golden_path, *, engine="verbatim-search",
                         thresholds=None, baseline=None, started_at=None, variant="") -> EvalRun:
    """Store a retrieval eval.

    `figures` is the command's JSON object (recall_at_k, mrr, n, k, optional baseline) or a
    retrieval Report; `per_question` is a list of retrieval QuestionResults or dicts with id,
    question, expected, rank and top. `baseline` (optional) is the baseline's Report or
    per-question list, used to add the baseline's rank to each reason. `variant` ("with
    typos") follows the golden file's name, so such runs are a trend of their own.
    """
    figures = _plain(figures)
    metrics = _flat({key: value for key, value in figures.items() if key != "results"})
    k = int(metrics.get("k") or 5)
    if thresholds is None:
        # A question set with floors of its own has a "retrieval_<file stem>" section.
        own = f"retrieval_{Path(golden_path).stem}"
        section = _section(own if own in load_thresholds() else "retrieval", variant)
        thresholds = _retrieval_thresholds(k, section)
    failures = [f"{name} {metrics.get(key)} < {minimum}" for name, key, minimum in thresholds
                if metrics.get(key) is not None and metrics[key] < minimum]
    baseline_rank = {row["id"]: row.get("rank") for row in map(_plain, _rows(baseline))}
    results = []
    for position, row in enumerate(map(_plain, per_question)):
        rank = row.get("rank")
        found = rank is not None and rank <= k
        reason = (f"expected section at rank {rank}" if found
                  else f"missed: got {', '.join(row.get('top', [])[:3]) or 'nothing'}"
                  + (f" (expected at rank {rank})" if rank else ""))
        if row["id"] in baseline_rank:
            reason += f"; baseline rank {baseline_rank[row['id']] or '-'}"
        results.append(EvalResult(position=position, question_id=row["id"], question=row["question"],
                                  expected=list(row.get("expected") or []), got=list(row.get("top") or []),
                                  rank=rank, ok=found, reason=reason))
    return _store(EvalRun.KIND_RETRIEVAL, engine, golden_path, metrics,
                  {key: minimum for _, key, minimum in thresholds}, not failures, results, started_at,
                  variant=variant)


def store_answer_eval(report, golden_path, thresholds=None, started_at=None, variant="") -> EvalRun:
    """Store an answer eval (an AnswerReport from research.evals.answers); `variant` as for
    store_retrieval_eval."""
    figures = report.figures()
    if thresholds is None:
        thresholds = (load_thresholds().get(_section("answers", variant)) or {}).get(report.engine) or {}
    failures = check_thresholds(figures, thresholds)
    figures["threshold_failures"] = failures
    results = [
        EvalResult(position=position, question_id=r.id, question=r.question, expected=r.expected,
                   decline=r.decline, got=r.cited, ok=r.ok, reason=r.reason, run_id=r.run_id)
        for position, r in enumerate(report.results)
    ]
    return _store(EvalRun.KIND_ANSWERS, report.engine, golden_path, figures, thresholds, not failures,
                  results, started_at, variant=variant)


def store_claims_eval(report, claims_path, started_at=None) -> EvalRun:
    """Store a claim-checker eval (research.evals.claims.ClaimsReport), judged by the
    `claims_<file stem>` section of thresholds.yaml (verified_precision 1.0 always)."""
    figures = report.figures()
    thresholds = {"verified_precision": 1.0,
                  **(load_thresholds().get(f"claims_{Path(claims_path).stem}") or {})}
    failures = check_thresholds(figures, thresholds)
    figures["threshold_failures"] = failures
    results = [
        EvalResult(position=position, question_id=r.id, question=r.claim, expected=[r.expected],
                   got=[r.got], ok=r.ok, reason=r.rationale)
        for position, r in enumerate(report.results)
    ]
    return _store(EvalRun.KIND_CLAIMS, "claim checker", claims_path, figures, thresholds, not failures,
                  results, started_at)


def _store(kind, engine, golden_path, metrics, thresholds, passed, results, started_at, variant="") -> EvalRun:
    name, sha = golden_fingerprint(golden_path)
    name = f"{name} {variant}" if variant else name
    now = timezone.now()
    with transaction.atomic():
        eval_run = EvalRun.objects.create(
            kind=kind, engine=engine, golden_file=name, golden_sha256=sha,
            started_at=started_at or now, finished_at=now, n=int(metrics.get("n") or len(results)),
            metrics=metrics, thresholds=thresholds, passed_thresholds=passed)
        for result in results:
            result.eval_run = eval_run
        EvalResult.objects.bulk_create(results)
    return eval_run


def _section(base, variant):
    """The thresholds.yaml section of a run: `base` ("retrieval", "retrieval_holdout",
    "answers"), with "_typos" for questions asked mistyped."""
    return f"{base}_typos" if variant == TYPOS else base


def _retrieval_thresholds(k, section="retrieval"):
    """[(label, metric key, minimum)] from a thresholds.yaml section (none when it has no such
    section); recall is only checked at its own k."""
    configured = load_thresholds().get(section) or {}
    out = []
    if f"recall_at_{k}" in configured:
        out.append((f"recall@{k}", "recall_at_k", configured[f"recall_at_{k}"]))
    if "mrr" in configured:
        out.append(("MRR", "mrr", configured["mrr"]))
    return out


def _flat(metrics):
    """{"baseline": {"mrr": 0.4}} -> {"baseline_mrr": 0.4}: one figure per key, so each can be
    shown and charted on its own."""
    out = {}
    for key, value in metrics.items():
        if isinstance(value, dict):
            out.update({f"{key}_{inner}": v for inner, v in value.items()})
        else:
            out[key] = value
    return out


def _rows(value):
    if value is None:
        return []
    if hasattr(value, "results"):
        return value.results
    return value


def _plain(value):
    """A dict from a dataclass, a Report (as_dict) or a dict."""
    if isinstance(value, dict):
        return value
    if hasattr(value, "as_dict"):
        return value.as_dict()
    if is_dataclass(value):
        return asdict(value)
    raise TypeError(f"cannot store {type(value).__name__} as eval figures")
