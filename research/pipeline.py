"""One research run from claim to stored answer.

    execute(run_id)

claims the run (a queued run only; another worker's run is left alone), asks its engine for an
answer through the read-only tools, checks every claim with the verifier, gives the engine one
repair turn when a claim is blocked, and stores claims and citations — blocked ones are kept
with their findings, never dropped. Any exception fails the run with a readable reason, so no
run is left running; a model error in the repair turn keeps the answer checked before it.
With a key, the faithfulness judge (research/judge.py) then scores the kept claims; whatever it
does, the checked answer is stored.

A Heartbeat thread keeps the run fresh for the stale-run sweep while it works, and every write
is fenced by the attempt (Run.owned): when the sweep gave the run to another attempt, this one
gets RunLost at its next write and stops without writing anything more.
"""

import logging

from django.utils import timezone

from research import judge
from research.engines import EngineFailed, EngineRefused, engine_for
from research.models import Citation, Claim, Run, RunEvent, RunLost
from research.tools import Toolbox
from research.worker import Heartbeat
from verifier.adapter import DbCorpus
from verifier.gates import BLOCKED, DOWNGRADED, gate_answer, run_gate
from verifier.pinpoints import PinpointError, parse_provision_id

logger = logging.getLogger("verbatim.research")

# Shown on a claim the model left out of its repaired answer: kept, so the reviewer sees it.
DROPPED_IN_REPAIR = {
    "code": "dropped-in-repair", "severity": "info", "details": {},
    "message": "The model withdrew this claim in its repair turn; it is kept as it was checked.",
}


def execute(run_id) -> Run | None:
    """Run the research run `run_id` to the end. Returns the run, or None when it was not
    queued (already taken by another worker, finished, or missing)."""
    run = Run.objects.filter(pk=run_id).first()
    if run is None or not run.claim():
        return None
    try:
        with Heartbeat(run):
            _execute_or_fail(run)
    except RunLost:
        logger.warning("run %s: attempt %s lost the run to the stale-run sweep; it wrote nothing more",
                       run.pk, run.owned_attempt)
    run.refresh_from_db()
    return run


def _execute_or_fail(run):
    run.add_event(RunEvent.KIND_STATUS, {"status": Run.STATUS_RUNNING, "attempt": run.attempts,
                                         "engine": run.engine})
    try:
        _execute(run)
    except RunLost:
        raise
    except (EngineRefused, EngineFailed) as e:
        run.fail(str(e))
    except Exception as e:
        logger.exception("run %s failed", run.pk)
        run.fail(f"internal error while running: {type(e).__name__}: {e}")


def _execute(run: Run) -> None:
    toolbox = Toolbox(run)
    engine = engine_for(run, toolbox)
    engine.check_can_start()
    submission = engine.answer()
    run.beat()
    if submission.answer is None:
        if not submission.partial_reason:
            raise EngineFailed("the engine finished without submitting an answer")
        _finish(run, None, [], [], partial_reason=submission.partial_reason)
        return
    _record_submission(run, submission, "answer")
    if submission.declined:
        _finish(run, submission.answer, [], [], partial_reason=submission.partial_reason)
        return

    answer = submission.answer
    findings = _gate(run, answer, toolbox)
    partial_reason = submission.partial_reason
    kept, repaired = [], set()
    if findings.blocked and engine.supports_repair:
        blocked = [_blocked_claim(c) for c in findings.claims if c.blocked]
        run.add_event(RunEvent.KIND_REPAIR, {"blocked_claims": [b["index"] for b in blocked],
                                             "findings": blocked})
        # What blocks the answer as a whole (a broadening it hides) goes back with the claims.
        blocked += [{"index": None, "text": "", "citations": [], "findings": [f.as_dict()]}
                    for f in findings.findings if f.is_blocking]
        try:
            fixed = engine.repair(blocked)
        except EngineFailed as e:
            # The answer was already checked: keep it (its blocked claims stay blocked) rather
            # than throw it away for an error in the turn meant to improve it.
            run.add_event(RunEvent.KIND_STATUS, {"status": "repair failed", "reason": str(e)})
            fixed = None
        run.beat()
        if fixed is not None and fixed.answer is not None and not fixed.declined:
            _record_submission(run, fixed, "repair")
            first = findings
            answer, findings = fixed.answer, _gate(run, fixed.answer, toolbox)
            kept, repaired = _compare(first, findings)
        partial_reason = partial_reason or (fixed.partial_reason if fixed else "")
    _finish(run, answer, findings.claims + kept, findings.findings, partial_reason=partial_reason,
            repaired=repaired, dropped=len(kept))


def _gate(run, answer, toolbox):
    corpus = DbCorpus(lang=run.lang, as_at=run.as_at)
    run.refresh_from_db(fields=["broadened", "broadening"])
    findings = gate_answer(answer, corpus, toolbox.retrieved_ids, as_at=run.as_at, broadened=run.broadened,
                           broadening=run.broadening)
    run.add_event(RunEvent.KIND_FINDINGS, {
        "claims": [{"index": c.index, "status": _claim_status(c),
                    "codes": [f.code for f in c.findings]} for c in findings.claims],
        "answer": [f.as_dict() for f in findings.findings],
    })
    return findings


def _compare(first, second):
    """Claims blocked before the repair and absent after it (kept), and the texts of claims
    that were blocked before and pass now (repaired)."""
    texts_after = {c.text for c in second.claims}
    kept = [c for c in first.claims if c.blocked and c.text not in texts_after]
    blocked_before = {c.index for c in first.claims if c.blocked} | {c.text for c in first.claims if c.blocked}
    repaired = {c.index for c in second.claims
                if not c.blocked and (c.index in blocked_before or c.text in blocked_before)}
    for c in kept:
        c.dropped = True
    return kept, repaired


def _blocked_claim(claim) -> dict:
    return {"index": claim.index, "text": claim.text,
            "citations": [{"provision_id": c.provision_id, "quote": c.quote, "status": c.status,
                           "findings": [f.as_dict() for f in c.findings]} for c in claim.citations],
            "findings": [f.as_dict() for f in claim.findings if f.is_blocking]}


def _record_submission(run, submission, purpose):
    run.add_event(RunEvent.KIND_STATUS, {"status": "submitted", "purpose": purpose,
                                         "declined": submission.declined,
                                         "claims": len((submission.answer or {}).get("claims") or [])})


def _claim_status(claim) -> str:
    if claim.blocked:
        return Claim.STATUS_BLOCKED
    if any(c.status == DOWNGRADED for c in claim.citations):
        return Claim.STATUS_DOWNGRADED
    return Claim.STATUS_PASS


def _finish(run, answer, claims, answer_findings, partial_reason="", repaired=(), dropped=0):
    """Store claims, citations, the answer and usage; set status and gate; write `final`."""
    declined = bool(answer and answer.get("decline"))
    partial = bool(partial_reason)
    all_findings = [f for c in claims for f in c.findings] + list(answer_findings)
    gate = run_gate(all_findings, declined=declined, partial=partial or answer is None)
    corpus = DbCorpus(lang=run.lang, as_at=run.as_at)
    # The judge scores the checked claims before they are stored, so the stored run has its
    # scores (or why there are none) from the start; it never raises but RunLost.
    answer = judge.judge_answer(run, answer, claims, corpus) if claims else answer
    # One transaction under this attempt's lock: claims, the final event and the status are
    # written together, or (RunLost) not at all.
    with run.owned():
        for position, claim in enumerate(claims):
            _store_claim(run, position, claim, corpus, repaired=claim.index in repaired
                         and not getattr(claim, "dropped", False))
        run.add_event(RunEvent.KIND_FINAL, {
            "status": Run.STATUS_DONE, "gate": gate, "partial_reason": partial_reason,
            "claims": len(claims), "blocked": sum(1 for c in claims if c.blocked),
            "dropped_in_repair": dropped,
            "answer_findings": [f.as_dict() for f in answer_findings],
        })
        answer = answer or {}
        Run.objects.filter(pk=run.pk).update(
            status=Run.STATUS_DONE, gate=gate, finished_at=timezone.now(),
            answer=answer or None, reading=answer.get("reading", ""),
            not_in_text=answer.get("not_in_text", ""), scope_note=answer.get("scope_note", ""),
            partial_reason=partial_reason[:200], **run.usage_totals())


def _store_claim(run, position, result, corpus, repaired=False):
    findings = [f.as_dict() for f in result.findings]
    if getattr(result, "dropped", False):
        findings.append(DROPPED_IN_REPAIR)
    claim = Claim.objects.create(run=run, position=position, text=result.text,
                                 status=_claim_status(result), findings=findings, repaired=repaired)
    Citation.objects.bulk_create([
        Citation(claim=claim, position=i, provision_id=c.provision_id[:240],
                 checked_id=(c.matched_id or "")[:240], quote=c.quote,
                 version=_version(corpus, c.provision_id), text_sha256=c.sha256 or "",
                 status=c.status if c.status != BLOCKED else Claim.STATUS_BLOCKED,
                 checked_label=c.checked_label[:200], findings=[f.as_dict() for f in c.findings])
        for i, c in enumerate(result.citations)
    ])


def _version(corpus, provision_id):
    try:
        return corpus.version_of(parse_provision_id(provision_id).act)
    except PinpointError:
        return None


def answer_findings(run: Run) -> list[dict]:
    """Answer-level findings (broadened, reading-unfetched) of a finished run, from its final event."""
    final = run.events.filter(kind=RunEvent.KIND_FINAL).order_by("-seq").first()
    return (final.data.get("answer_findings") if final else None) or []
