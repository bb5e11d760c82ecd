"""The scripted engine replays a transcript; its tool calls run for real."""

import pytest

from research import pipeline
from research.models import Run, RunEvent

pytestmark = pytest.mark.django_db

DEBT = "for the purpose of collecting a debt owed by the individual to the organization;"


def claim(quote, pid="P-8.6:s7(3)(b)", text="Collecting a debt permits disclosure."):
    return {"text": text, "citations": [{"provision_id": pid, "quote": quote}]}


def replay(script, **kwargs):
    run = Run.objects.create(question="May an organization disclose to collect a debt?", engine="scripted",
                             script=script, **kwargs)
    return pipeline.execute(run.pk)


def test_it_replays_a_transcript():
    run = replay({"turns": [
        {"tool_calls": [{"name": "search_statutes", "arguments": {"query": "collecting a debt"}},
                        {"name": "get_provision", "arguments": {"id": "P-8.6:s7(3)(b)"}}]},
        {"submit_answer": {"claims": [claim(DEBT)], "reading": "r", "not_in_text": "despite, only if"}},
    ]})
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PASS)
    assert [e.kind for e in run.events.all()][:5] == [
        "status", "tool_call", "tool_result", "tool_call", "tool_result"]
    assert run.answer["claims"][0]["citations"][0]["quote"] == DEBT


def test_a_quote_never_fetched_is_blocked_as_not_retrieved():
    run = replay([{"submit_answer": {"claims": [claim(DEBT)], "reading": "", "not_in_text": ""}}])
    assert run.gate == Run.GATE_BLOCKED
    assert [f["code"] for f in run.claims.get().blocking] == ["not-retrieved"]


def test_a_repair_fixes_one_claim_and_the_blocked_one_is_kept():
    bad = "for the purpose of collecting any debt;"
    fetch = {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7"}}]}
    run = replay({
        "turns": [fetch, {"submit_answer": {"claims": [claim(bad), claim("invented words", text="Other.")],
                                            "reading": "", "not_in_text": ""}}],
        "repair": [{"submit_answer": {"claims": [claim(DEBT), claim("invented words", text="Other.")],
                                      "reading": "", "not_in_text": ""}}],
    })
    assert run.gate == Run.GATE_BLOCKED
    assert [(c.status, c.repaired) for c in run.claims.all()] == [("pass", True), ("blocked", False)]
    assert run.events.filter(kind=RunEvent.KIND_REPAIR).get().data["blocked_claims"] == [0, 1]


def test_a_claim_dropped_in_repair_is_kept_with_its_findings():
    fetch = {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7"}}]}
    run = replay({
        "turns": [fetch, {"submit_answer": {"claims": [claim(DEBT), claim("invented words", text="Other.")],
                                            "reading": "", "not_in_text": ""}}],
        "repair": {"submit_answer": {"claims": [claim(DEBT)], "reading": "", "not_in_text": ""}},
    })
    claims = list(run.claims.all())
    assert [(c.text, c.status) for c in claims] == [
        ("Collecting a debt permits disclosure.", "pass"), ("Other.", "blocked")]
    assert [f["code"] for f in claims[1].findings][-1] == "dropped-in-repair"
    assert run.gate == Run.GATE_BLOCKED


def test_a_decline_is_stored_with_its_scope_note():
    run = replay([{"submit_answer": {"decline": True, "scope_note": "Provincial law is not in the corpus."}}])
    assert (run.gate, run.scope_note, run.claims.count()) == (
        Run.GATE_DECLINED, "Provincial law is not in the corpus.", 0)


def test_a_script_without_an_answer_is_partial():
    run = replay([{"tool_calls": [{"name": "list_acts", "arguments": {}}]}])
    assert (run.status, run.gate, run.partial_reason) == (
        Run.STATUS_DONE, Run.GATE_PARTIAL, "the script ended without submit_answer")


def test_an_empty_script_fails_the_run_with_a_reason():
    run = replay([])
    assert (run.status, run.error) == (Run.STATUS_FAILED, "the scripted engine needs run.script with at least one turn")


def test_a_run_that_is_not_queued_is_left_alone():
    run = Run.objects.create(question="q", engine="scripted", status=Run.STATUS_RUNNING, script=[{"sleep": 0}])
    assert pipeline.execute(run.pk) is None
    run.refresh_from_db()
    assert run.status == Run.STATUS_RUNNING and run.events.count() == 0
