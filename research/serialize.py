"""Runs as plain dicts: the API's response bodies (shapes in research/schemas.py)."""

from research import answers_question, faithfulness
from research.models import Claim
from verifier.adapter import DbCorpus


def run_detail(run):
    """Everything a client needs to show a run: claims with citations and findings, usage."""
    claims = [claim_dict(c, run) for c in run.claims.prefetch_related("citations__version").order_by("position")]
    answer = run.answer or {}
    return {
        "id": run.pk,
        "uuid": str(run.uuid),
        "status": run.status,
        "gate": run.gate,
        "finished": run.finished,
        "question": run.question,
        "as_at": run.as_at,
        "acts": run.acts or [],
        "lang": run.lang,
        "engine": run.engine,
        "model": run.model,
        "recorded": run.recorded,
        "recorded_label": run.recorded_label,
        "created_at": run.created_at,
        "started_at": run.started_at,
        "finished_at": run.finished_at,
        "claims": claims,
        "blocked_claims": [c for c in claims if c["status"] == Claim.STATUS_BLOCKED],
        "usage": usage_dict(run),
        "reading": run.reading,
        "reading_parts": reading_parts(run),
        "not_in_text": run.not_in_text,
        "scope_note": run.scope_note,
        "no_clear_answer": bool(answer.get("no_clear_answer")),
        "leads": answer.get("leads") or [],
        "answers_question": answers_question.stored_measure(answer),
        "faithfulness": faithfulness.api_dict(run),
        "broadened": run.broadened,
        "broadening": run.broadening or None,
        "partial_reason": run.partial_reason,
        "error": run.error,
        "shared": run.shared,
        "events_url": f"/api/v1/research/{run.pk}/events",
    }


def reading_parts(run):
    """The Reading by paragraph; a part resting on a blocked claim is withheld with its reason
    (verifier.reading_basis), for clients to fold as the run page does."""
    from research.presenting import run_reading

    return [{"text": p.text, "withheld": p.withheld, "blocked_claims": list(p.blocked_claims), "reason": p.reason}
            for p in run_reading(run, DbCorpus(lang=run.lang, as_at=run.as_at))]


def claim_dict(claim, run=None):
    run = run or claim.run
    return {
        "position": claim.position,
        "text": claim.text,
        "status": claim.status,
        "repaired": claim.repaired,
        "faithfulness": faithfulness.claim_api_dict(run, claim.position),
        "findings": claim.findings or [],
        "citations": [
            {
                "provision_id": c.provision_id,
                "checked_id": c.checked_id,
                "quote": c.quote,
                "status": c.status,
                "checked_label": c.checked_label,
                "text_sha256": c.text_sha256,
                "pit_date": c.version.pit_date if c.version_id else None,
                "findings": c.findings or [],
            }
            for c in claim.citations.all()
        ],
    }


def usage_dict(run):
    return {
        "input_tokens": run.input_tokens,
        "output_tokens": run.output_tokens,
        "cache_read_tokens": run.cache_read_tokens,
        "cache_write_tokens": run.cache_write_tokens,
        "usd": str(run.usd),
        "seconds": run.seconds,
        "model_calls": [
            {
                "seq": m.seq, "model": m.model, "purpose": m.purpose, "input_tokens": m.input_tokens,
                "output_tokens": m.output_tokens, "cache_read_tokens": m.cache_read_tokens,
                "cache_write_tokens": m.cache_write_tokens, "latency_ms": m.latency_ms,
                "usd": str(m.usd), "stop_reason": m.stop_reason,
            }
            for m in run.model_calls.order_by("seq")
        ],
    }


def event_dict(event):
    return {"seq": event.seq, "kind": event.kind, "data": event.data, "created_at": event.created_at}
