"""Builders for the page tests: runs whose claims carry the verifier's real findings."""

from django.utils import timezone

from research.models import Citation, Claim, Run, RunEvent
from verifier.adapter import DbCorpus
from verifier.gates import gate_answer, run_gate

SUBPOENA = "required to comply with a subpoena or warrant issued"
SUMMONS = "required to comply with a summons or warrant issued"


def checked_run(user, quotes, question="May an organization disclose without consent for a subpoena?",
                reading="Section 7(3)(c) permits disclosure to comply with a subpoena.", **fields):
    """A finished run whose claims quote `quotes` ([(provision_id, quote)], one claim each),
    gated by verifier.gates against the default corpus and stored as the pipeline stores them."""
    answer = {"claims": [{"text": f"Claim quoting {pid}.", "citations": [{"provision_id": pid, "quote": q}]}
                         for pid, q in quotes],
              "reading": reading,
              "not_in_text": "Whether a foreign subpoena counts."}
    corpus = DbCorpus()
    findings = gate_answer(answer, corpus, [pid for pid, _ in quotes])
    now = timezone.now()
    run = Run.objects.create(question=question, engine="scripted", created_by=user, status=Run.STATUS_DONE,
                             gate=run_gate(findings), reading=answer["reading"],
                             not_in_text=answer["not_in_text"], started_at=now, finished_at=now,
                             input_tokens=1200, output_tokens=300, cache_read_tokens=800, **fields)
    for position, result in enumerate(findings.claims):
        status = Claim.STATUS_BLOCKED if result.blocked else result.citations[0].status
        claim = Claim.objects.create(run=run, position=position, text=result.text, status=status,
                                     findings=[f.as_dict() for f in result.findings])
        for i, c in enumerate(result.citations):
            Citation.objects.create(claim=claim, position=i, provision_id=c.provision_id,
                                    checked_id=c.matched_id or "", quote=c.quote, text_sha256=c.sha256 or "",
                                    status=c.status, checked_label=c.checked_label,
                                    findings=[f.as_dict() for f in c.findings])
    run.add_event(RunEvent.KIND_STATUS, {"status": "queued", "engine": "scripted"})
    run.add_event(RunEvent.KIND_TOOL_CALL, {"name": "get_provision", "arguments": {"id": "P-8.6:s7"}})
    run.add_event(RunEvent.KIND_TOOL_RESULT, {"name": "get_provision", "ids": ["P-8.6:s7"], "count": 40})
    run.add_event(RunEvent.KIND_FINAL, {"status": "done", "gate": run.gate, "claims": len(quotes)})
    return run
