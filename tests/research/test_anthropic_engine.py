"""The anthropic engine, driving the real SDK against a fake Messages API on loopback."""

import signal
import time
from contextlib import contextmanager
from decimal import Decimal

import pytest

from research import pipeline
from research.models import Citation, Claim, ModelCall, Run, RunEvent
from tests.research.fake_anthropic import (
    FakeAnthropic,
    delayed,
    error,
    raw,
    reply,
    stalled,
    submit,
    tool_use,
)

pytestmark = pytest.mark.django_db

SUBPOENA = ("required to comply with a subpoena or warrant issued or an order made by a court, person or "
            "body with jurisdiction to compel the production of information, or to comply with rules of "
            "court relating to the production of records;")
SUBPOENA_SHA = "36417c9370b254ca5e719aec624ae63c38c620750ea0b9cbd1fbffdc22e894ef"
DEBT = "for the purpose of collecting a debt owed by the individual to the organization;"
NOT_IN_TEXT = ("Subsection 7(3) applies despite the note to clause 4.3 and only if a listed case applies; "
               "the definitions are not quoted.")


def answer(*claims, reading="Reading: P-8.6:s7(3)(c) lets the organization comply with a subpoena."):
    return {"claims": [{"text": text, "citations": [{"provision_id": pid, "quote": quote}]}
                       for text, pid, quote in claims],
            "reading": reading, "not_in_text": NOT_IN_TEXT}


SUBPOENA_CLAIM = ("An organization may disclose personal information without consent to comply with a subpoena.",
                  "P-8.6:s7(3)(c)", SUBPOENA)


@pytest.fixture
def api(settings, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-a-real-key")
    settings.VERBATIM_ANTHROPIC_MAX_RETRIES = 2
    with FakeAnthropic() as fake:
        settings.ANTHROPIC_BASE_URL = fake.url
        yield fake


def start(**kwargs):
    run = Run.objects.create(question="May an organization disclose personal information for a subpoena?",
                             engine="anthropic", acts=["P-8.6"], **kwargs)
    return pipeline.execute(run.pk)


def test_it_answers_with_quotes_verified_against_the_stored_text(api):
    api.queue(reply(tool_use("search_statutes", {"query": "disclose without consent subpoena"})),
              reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"})),
              reply(submit(answer(SUBPOENA_CLAIM))))
    run = start()
    assert (run.status, run.gate, run.error) == (Run.STATUS_DONE, Run.GATE_PASS, "")
    citation = Citation.objects.get(claim__run=run)
    assert (citation.status, citation.checked_id, citation.text_sha256) == ("pass", "P-8.6:s7(3)(c)", SUBPOENA_SHA)
    assert citation.checked_label == "verbatim · text sha256 36417c93…"
    assert run.reading.startswith("Reading: P-8.6:s7(3)(c)")
    assert run.model_calls.count() == 3
    assert [e.kind for e in run.events.all()].count(RunEvent.KIND_TOOL_RESULT) == 2


def test_it_repairs_one_claim_and_keeps_the_other_blocked(api):
    altered = SUBPOENA.replace("a subpoena or warrant", "a warrant")
    invented = "for the purpose of collecting any debt whatsoever;"
    first = answer(("Subpoenas allow disclosure.", "P-8.6:s7(3)(c)", altered),
                   ("Debts allow disclosure.", "P-8.6:s7(3)(b)", invented))
    fixed = answer(("Subpoenas allow disclosure.", "P-8.6:s7(3)(c)", SUBPOENA),
                   ("Debts allow disclosure.", "P-8.6:s7(3)(b)", invented))
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)"})), reply(submit(first)), reply(submit(fixed)))
    run = start()
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_BLOCKED)
    claims = list(run.claims.all())
    assert [(c.status, c.repaired) for c in claims] == [("pass", True), ("blocked", False)]
    assert [f["code"] for f in claims[1].blocking] == ["quote-mismatch"]
    feedback = api.requests[2]["json"]["messages"][-1]["content"][-1]
    assert feedback["type"] == "tool_result" and feedback["is_error"] is True
    assert "quote-mismatch" in feedback["content"] and "Claim 2: Debts allow disclosure." in feedback["content"]
    assert [m.purpose for m in run.model_calls.all()] == ["answer", "answer", "repair"]
    assert run.events.filter(kind=RunEvent.KIND_REPAIR).count() == 1


def test_it_waits_as_retry_after_asks_then_succeeds(api):
    api.queue(error(429, "slow down", headers={"retry-after": "1"}),
              reply(tool_use("get_provision", {"id": "P-8.6:s7"})),
              reply(submit(answer(SUBPOENA_CLAIM))))
    run = start()
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PASS)
    assert len(api.requests) == 3
    assert api.requests[1]["at"] - api.requests[0]["at"] >= 0.95


def test_it_fails_with_a_reason_when_the_api_is_overloaded(api, settings):
    settings.VERBATIM_ANTHROPIC_MAX_RETRIES = 1
    api.queue(error(529, "Overloaded"), error(529, "Overloaded"))
    run = start()
    assert (run.status, run.gate) == (Run.STATUS_FAILED, Run.GATE_FAILED)
    assert run.error == "the model API is overloaded (529) and retries ran out; try again in a few minutes"
    assert len(api.requests) == 2
    assert run.events.last().kind == RunEvent.KIND_FINAL


def test_a_timeout_ends_the_run_as_partial_not_stuck(api, settings):
    settings.VERBATIM_ANTHROPIC_MAX_RETRIES = 0
    settings.VERBATIM_WALL_CLOCK_SECONDS = 1.0
    api.queue(delayed(reply(submit(answer(SUBPOENA_CLAIM))), 3))
    run = start()
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PARTIAL)
    assert run.partial_reason == "the model API did not answer within the wall-clock limit (1 s)"
    assert run.claims.count() == 0


@contextmanager
def within(seconds):
    """Fail (rather than hang) when the block takes longer than `seconds`: a run that sleeps as
    long as the API asks would otherwise stop the suite."""
    def too_slow(*_):
        raise AssertionError(f"took longer than {seconds} s")
    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_retry_after_longer_than_the_time_left_ends_the_run_as_partial(api):
    api.queue(error(429, "slow down", headers={"retry-after": "100000"}))
    started = time.monotonic()
    with within(10):
        run = start()
    assert time.monotonic() - started < 5
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PARTIAL)
    assert run.partial_reason == "the model API asked to wait 100000 s"
    assert len(api.requests) == 1


@pytest.mark.parametrize("fault", [delayed, stalled], ids=["no-answer", "stalled-body"])
def test_a_slow_api_takes_the_wall_clock_not_a_multiple_of_it(api, settings, fault):
    settings.VERBATIM_WALL_CLOCK_SECONDS = 2.0
    api.queue(*[fault(reply(submit(answer(SUBPOENA_CLAIM))), 8) for _ in range(3)])
    started = time.monotonic()
    with within(20):
        run = start()
    took = time.monotonic() - started
    assert 1.9 <= took < 3.5, took
    assert (run.gate, run.partial_reason) == (
        Run.GATE_PARTIAL, "the model API did not answer within the wall-clock limit (2 s)")
    assert len(api.requests) == 1


def test_a_model_that_keeps_sending_an_invalid_submission_stops_at_the_call_cap(api, settings):
    settings.VERBATIM_MAX_MODEL_CALLS = 4
    no_citation = {"claims": [{"text": "Anything goes.", "citations": []}], "reading": "", "not_in_text": ""}
    api.queue(*[reply(submit(no_citation)) for _ in range(10)])
    run = start()
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PARTIAL)
    assert run.partial_reason == "stopped at the model call limit (4 calls)"
    assert (len(api.requests), run.model_calls.count()) == (4, 4)
    assert run.events.filter(kind=RunEvent.KIND_TOOL_ERROR).count() == 4


def test_the_call_cap_counts_the_repair_turn(api, settings):
    settings.VERBATIM_MAX_MODEL_CALLS = 2
    altered = SUBPOENA.replace("a subpoena or warrant", "a warrant")
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)"})),
              reply(submit(answer(("Subpoenas allow disclosure.", "P-8.6:s7(3)(c)", altered)))),
              reply(submit(answer(SUBPOENA_CLAIM))))
    run = start()
    assert (run.gate, run.partial_reason) == (Run.GATE_BLOCKED, "stopped at the model call limit (2 calls)")
    assert [c.status for c in run.claims.all()] == [Claim.STATUS_BLOCKED]
    assert len(api.requests) == 2


def test_a_garbage_response_fails_the_run_with_a_reason(api, settings):
    settings.VERBATIM_ANTHROPIC_MAX_RETRIES = 0
    api.queue(raw(b"{this is not json"))
    run = start()
    assert run.status == Run.STATUS_FAILED
    assert run.error.startswith("the model API sent a response that could not be read")


def test_malformed_tool_input_is_a_tool_error_the_model_sees(api):
    api.queue(reply(tool_use("get_provision", {"provision": "P-8.6:s7"}, id="toolu_bad")),
              reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"})),
              reply(submit(answer(SUBPOENA_CLAIM))))
    run = start()
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PASS)
    seen = api.requests[1]["json"]["messages"][-1]["content"][0]
    assert (seen["tool_use_id"], seen["is_error"]) == ("toolu_bad", True)
    assert "get_provision has no argument provision" in seen["content"]
    assert list(run.events.filter(kind=RunEvent.KIND_TOOL_ERROR).values_list("data", flat=True)) == [
        {"name": "get_provision", "error": "get_provision has no argument provision"}]


def test_a_submission_breaking_the_schema_goes_back_to_the_model(api):
    no_citation = {"claims": [{"text": "Anything goes.", "citations": []}], "reading": "", "not_in_text": ""}
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"})), reply(submit(no_citation)),
              reply(submit(answer(SUBPOENA_CLAIM))))
    run = start()
    assert run.gate == Run.GATE_PASS
    assert "claim 1 needs at least one citation" in api.requests[2]["json"]["messages"][-1]["content"][0]["content"]


def test_the_tool_call_limit_marks_the_answer_partial(api, settings):
    settings.VERBATIM_MAX_TOOL_CALLS = 2
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"})),
              reply(tool_use("search_statutes", {"query": "subpoena"})),
              reply(tool_use("list_acts", {})),
              reply(submit(answer(SUBPOENA_CLAIM))))
    run = start()
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PARTIAL)
    assert run.partial_reason == "stopped at the tool call limit (2 calls)"
    assert run.claims.get().status == Claim.STATUS_PASS
    told = api.requests[3]["json"]["messages"][-1]["content"][0]
    assert told["is_error"] is True and "tool call limit reached" in told["content"]


def test_the_wall_clock_limit_marks_the_answer_partial(api, settings):
    settings.VERBATIM_ANTHROPIC_MAX_RETRIES = 0
    settings.VERBATIM_WALL_CLOCK_SECONDS = 2.0
    api.queue(delayed(reply(tool_use("get_provision", {"id": "P-8.6:s7"})), 0.5),
              delayed(reply(submit(answer(SUBPOENA_CLAIM))), 4))
    run = start()
    assert (run.gate, run.partial_reason) == (
        Run.GATE_PARTIAL, "the model API did not answer within the wall-clock limit (2 s)")
    assert run.model_calls.count() == 1


def test_hitting_max_tokens_marks_the_answer_partial(api):
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7"})),
              reply("I was about to write a long", stop_reason="max_tokens"))
    run = start()
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PARTIAL)
    assert run.partial_reason == "stopped at the output token limit (16000 tokens)"
    assert api.requests[0]["json"]["max_tokens"] == 16000


def test_usage_and_cost_add_up(api):
    # 1200 input, 300 output, 1000 cache read, 200 cache write at 2.00 / 10.00 / 0.20 / 2.50 per
    # million: 0.0024 + 0.0030 + 0.0002 + 0.0005 = 0.0061 USD. The second call: 500 input, 100
    # output, 1500 cache read: 0.0010 + 0.0010 + 0.0003 = 0.0023 USD.
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"}), input_tokens=1200, output_tokens=300,
                    cache_read=1000, cache_write=200),
              reply(submit(answer(SUBPOENA_CLAIM)), input_tokens=500, output_tokens=100, cache_read=1500))
    run = start()
    calls = list(run.model_calls.all())
    assert [c.usd for c in calls] == [Decimal("0.006100"), Decimal("0.002300")]
    assert [(c.input_tokens, c.output_tokens, c.cache_read_tokens, c.cache_write_tokens) for c in calls] == [
        (1200, 300, 1000, 200), (500, 100, 1500, 0)]
    assert (run.input_tokens, run.output_tokens, run.cache_read_tokens, run.cache_write_tokens) == (1700, 400, 2500, 200)
    assert run.usd == Decimal("0.008400")
    assert all(c.latency_ms >= 0 and c.model == "claude-sonnet-5-5" for c in calls)


def test_a_failed_run_keeps_what_its_model_calls_cost(api):
    # The first call costs 1000 input and 200 output tokens: 0.0020 + 0.0020 = 0.0040 USD.
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"}), input_tokens=1000, output_tokens=200),
              error(400, "prompt is too long", kind="invalid_request_error"))
    run = start()
    assert (run.status, run.error) == (Run.STATUS_FAILED,
                                       "the model API refused the request (400): prompt is too long")
    assert (run.input_tokens, run.output_tokens, run.usd) == (1000, 200, Decimal("0.004000"))


def test_a_model_error_in_the_repair_turn_keeps_the_checked_answer(api):
    altered = SUBPOENA.replace("a subpoena or warrant", "a warrant")
    first = answer(SUBPOENA_CLAIM, ("Debts allow disclosure.", "P-8.6:s7(3)(b)", altered))
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)"})), reply(submit(first)),
              error(400, "invalid request", kind="invalid_request_error"))
    run = start()
    assert (run.status, run.gate, run.error) == (Run.STATUS_DONE, Run.GATE_BLOCKED, "")
    assert [(c.status, c.repaired) for c in run.claims.all()] == [("pass", False), ("blocked", False)]
    assert run.events.filter(kind=RunEvent.KIND_STATUS, data__status="repair failed").get().data["reason"] == (
        "the model API refused the request (400): invalid request")
    assert run.model_calls.count() == 2 and run.usd == sum(m.usd for m in run.model_calls.all())


def test_system_tools_and_the_newest_tool_result_carry_cache_control(api):
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7"})),
              reply(tool_use("get_provision", {"id": "P-8.6:s8"})),
              reply(submit(answer(SUBPOENA_CLAIM))))
    start()
    first, _, third = (r["json"] for r in api.requests)
    assert first["system"][0]["cache_control"] == {"type": "ephemeral"}
    assert first["tools"][-1]["cache_control"] == {"type": "ephemeral"}
    assert [t["name"] for t in first["tools"]] == [
        "search_statutes", "get_provision", "list_acts", "find_definition", "submit_answer"]
    results = [b for m in third["messages"] if m["role"] == "user" for b in m["content"]
               if b.get("type") == "tool_result"]
    assert [("cache_control" in b) for b in results] == [False, True]
    assert "sk-test" not in str(list(Run.objects.values())) + str(list(RunEvent.objects.values()))


def test_a_model_without_a_price_refuses_to_start(api):
    run = start(model="claude-unpriced-1")
    assert (run.status, run.gate) == (Run.STATUS_FAILED, Run.GATE_FAILED)
    assert run.error.startswith("model 'claude-unpriced-1' has no price in VERBATIM_PRICES")
    assert api.requests == []
    assert ModelCall.objects.filter(run=run).count() == 0


def test_it_refuses_to_start_without_an_api_key(api, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    run = start()
    assert run.error == "ANTHROPIC_API_KEY is not set; use the extractive engine or set the key"
    assert api.requests == []
