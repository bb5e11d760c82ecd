"""The research API in-process: create, idempotency, validation, auth, visibility, spend guard."""

import json
from decimal import Decimal

import pytest
from django.test import Client, override_settings

from research.models import ModelCall, Run, RunEvent
from research.tokens import create_token
from tests.base import finished_run

pytestmark = pytest.mark.django_db

QUESTION = "May an organization disclose personal information without consent to comply with a subpoena?"


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # The personas have passwords; the production hasher costs about a second each.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def api(people):
    alice = people[0]
    _, token = create_token(alice)
    return ApiClient(token)


class ApiClient:
    def __init__(self, token=None):
        self.client = Client()
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}

    def post(self, body, **headers):
        return self.client.post("/api/v1/research", data=json.dumps(body), content_type="application/json",
                                headers={**self.headers, **headers})

    def get(self, url, **headers):
        return self.client.get(url, headers={**self.headers, **headers})


def assert_api_error(resp, fragment, status):
    assert resp.status_code == status, resp.content[:500]
    assert fragment in resp.json()["detail"]


def test_it_queues_a_run_and_answers_202_with_location(api, people):
    resp = api.post({"question": QUESTION, "acts": ["P-8.6"], "as_at": "2024-06-01"})
    assert resp.status_code == 202
    body = resp.json()
    run = Run.objects.get(pk=body["run_id"])
    assert body == {"run_id": run.pk, "uuid": str(run.uuid), "status": "queued",
                    "location": f"/api/v1/research/{run.pk}"}
    assert resp["Location"] == f"/api/v1/research/{run.pk}"
    assert (run.created_by, run.engine, run.acts, str(run.as_at)) == (people[0], "extractive", ["P-8.6"], "2024-06-01")
    assert list(run.events.values_list("seq", "kind", "data")) == [
        (1, "status", {"status": "queued", "engine": "extractive"})]


def test_it_enqueues_the_run_on_commit(api, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        resp = api.post({"question": QUESTION})
    assert resp.status_code == 202
    assert len(callbacks) == 1


def test_it_honours_the_idempotency_key(api):
    first = api.post({"question": QUESTION}, **{"Idempotency-Key": "k-1"})
    again = api.post({"question": QUESTION}, **{"Idempotency-Key": "k-1"})
    assert first.status_code == again.status_code == 202
    assert first.json()["run_id"] == again.json()["run_id"]
    assert again["Idempotent-Replayed"] == "true"
    assert Run.objects.count() == 1


def test_it_refuses_a_reused_key_for_another_question(api):
    api.post({"question": QUESTION}, **{"Idempotency-Key": "k-1"})
    resp = api.post({"question": "What is a federal work?"}, **{"Idempotency-Key": "k-1"})
    assert_api_error(resp, "already used for run", status=409)
    assert Run.objects.count() == 1


def test_it_refuses_a_ten_megabyte_question_and_stores_nothing(api):
    resp = api.post({"question": "x" * 10_000_000})
    assert_api_error(resp, "request body too large", status=413)
    assert Run.objects.count() == 0


def test_it_refuses_a_question_over_the_limit(api):
    resp = api.post({"question": "w" * 4004})
    assert_api_error(resp, "question: too long: 4004 characters; at most 4000", status=422)
    assert resp.json()["errors"] == {"question": "too long: 4004 characters; at most 4000"}
    assert Run.objects.count() == 0


def test_it_refuses_an_empty_question(api):
    assert_api_error(api.post({"question": "   "}), "question: ask a question", status=422)


def test_it_refuses_an_unknown_act(api):
    resp = api.post({"question": QUESTION, "acts": ["P-8.6", "X-99"]})
    assert_api_error(resp, "unknown Act code(s): X-99", status=422)
    assert "P-8.6" in resp.json()["errors"]["acts"]
    assert Run.objects.count() == 0


def test_it_refuses_a_malformed_date(api):
    for as_at in ("2024-13-45", 0, "2024-01-01T00:00:00"):
        resp = api.post({"question": QUESTION, "as_at": as_at})
        assert_api_error(resp, "invalid request: as_at: ", status=422)
        assert list(resp.json()["errors"]) == ["as_at"]
    assert Run.objects.count() == 0


def test_it_refuses_a_question_of_invisible_characters(api):
    resp = api.post({"question": "\u200b\u200c\u2060\ufeff \u3164"})
    assert_api_error(resp, "question: ask a question (it holds only invisible characters)", status=422)
    assert Run.objects.count() == 0


def test_it_refuses_a_date_in_the_future(api):
    assert_api_error(api.post({"question": QUESTION, "as_at": "2999-01-01"}), "is in the future", status=422)


def test_it_refuses_a_date_before_the_versions_held(api):
    resp = api.post({"question": QUESTION, "acts": ["P-8.6"], "as_at": "1990-01-01"})
    assert_api_error(resp, "version not held: the earliest eng version of P-8.6", status=422)


def test_it_requires_a_token_to_write(people):
    resp = ApiClient().post({"question": QUESTION})
    assert_api_error(resp, "Authorization: Bearer <token>", status=401)
    assert Run.objects.count() == 0


def test_it_refuses_an_unknown_token(people):
    assert_api_error(ApiClient("vbt_nope").post({"question": QUESTION}), "invalid API token", status=401)


def test_it_refuses_other_engines_to_non_staff(api):
    assert_api_error(api.post({"question": QUESTION, "engine": "scripted"}), "is for staff", status=422)


def test_it_shows_a_run_to_its_creator(api, people):
    run = finished_run(people[0])
    resp = api.get(f"/api/v1/research/{run.pk}")
    assert resp.status_code == 200
    body = resp.json()
    assert (body["status"], body["gate"], body["question"]) == ("done", "pass", run.question)
    assert body["claims"][0]["citations"][0]["provision_id"] == "P-8.6:s7(3)(c)"
    assert body["blocked_claims"] == []
    assert body["usage"]["usd"] == "0.000000"


def test_it_lists_blocked_claims(api, people):
    run = finished_run(people[0], status="blocked")
    body = api.get(f"/api/v1/research/{run.pk}").json()
    assert [c["status"] for c in body["blocked_claims"]] == ["blocked"]


def test_it_hides_a_run_from_an_outsider(people):
    alice, bob, charlie = people
    run = finished_run(alice)
    _, charlie_token = create_token(charlie)
    resp = ApiClient(charlie_token).get(f"/api/v1/research/{run.pk}")
    assert_api_error(resp, f"no run {run.pk}, or it is not yours to see", status=404)
    assert ApiClient(charlie_token).get(f"/api/v1/research/{run.pk}/events?after=0").status_code == 404


def test_it_shows_a_run_to_a_reviewer_signed_in(people):
    alice, bob, _ = people
    run = finished_run(alice)
    client = Client()
    client.force_login(bob)
    assert client.get(f"/api/v1/research/{run.pk}").status_code == 200


def test_it_answers_404_for_an_unknown_run(api):
    assert_api_error(api.get("/api/v1/research/999999"), "no run 999999", status=404)


@override_settings(VERBATIM_DAILY_USD_CAP=1.0)
def test_it_refuses_a_model_run_over_the_daily_spend_cap(api, people, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    earlier = Run.objects.create(question="earlier", engine="anthropic", created_by=people[1], usd=Decimal("1.25"),
                                 status=Run.STATUS_DONE)
    ModelCall.objects.create(run=earlier, seq=1, model="claude-sonnet-5-5", usd=Decimal("1.25"))
    resp = api.post({"question": QUESTION})
    assert_api_error(resp, "daily spend cap reached: $1.25 of $1.00 used today", status=429)
    assert Run.objects.count() == 1


@override_settings(VERBATIM_DAILY_USD_CAP=1.0)
def test_the_spend_cap_counts_failed_and_running_runs(api, people, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    # Neither run has totalled its usage on the run row: a running run has not finished, and a
    # failed run did not keep its cost before issue 18.
    failed = Run.objects.create(question="failed", engine="anthropic", created_by=people[1], status=Run.STATUS_FAILED)
    running = Run.objects.create(question="running", engine="anthropic", created_by=people[1],
                                 status=Run.STATUS_RUNNING)
    ModelCall.objects.create(run=failed, seq=1, model="claude-sonnet-5-5", usd=Decimal("0.60"))
    ModelCall.objects.create(run=running, seq=1, model="claude-sonnet-5-5", usd=Decimal("0.45"))
    assert_api_error(api.post({"question": QUESTION}), "daily spend cap reached: $1.05 of $1.00 used today",
                     status=429)


@override_settings(VERBATIM_DAILY_RUNS_PER_USER=1)
def test_it_refuses_a_model_run_over_the_users_daily_runs(api, people, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    Run.objects.create(question="earlier", engine="anthropic", created_by=people[0], usd=Decimal("0.01"))
    assert_api_error(api.post({"question": QUESTION}), "daily run limit reached: 1 model-backed runs", status=429)


@override_settings(VERBATIM_DAILY_USD_CAP=1.0, VERBATIM_DAILY_RUNS_PER_USER=0)
def test_it_does_not_cap_the_extractive_engine(api, people):
    Run.objects.create(question="earlier", engine="anthropic", created_by=people[0], usd=Decimal("5"))
    assert api.post({"question": QUESTION, "engine": "extractive"}).status_code == 202


def test_it_polls_events_after_a_seq(api, people):
    run = finished_run(people[0])
    run.add_event(RunEvent.KIND_STATUS, {"status": "running"})
    run.add_event(RunEvent.KIND_FINAL, {"status": "done", "gate": "pass"})
    first = api.get(f"/api/v1/research/{run.pk}/events?after=0").json()
    assert [(e["seq"], e["kind"]) for e in first["events"]] == [(1, "status"), (2, "final")]
    assert (first["finished"], first["next_after"]) == (True, 2)
    rest = api.get(f"/api/v1/research/{run.pk}/events?after=1").json()
    assert [e["seq"] for e in rest["events"]] == [2]


def test_it_says_not_finished_while_running(api, people):
    run = Run.objects.create(question=QUESTION, engine="extractive", created_by=people[0], status="running")
    run.add_event(RunEvent.KIND_STATUS, {"status": "running"})
    body = api.get(f"/api/v1/research/{run.pk}/events?after=0").json()
    assert (len(body["events"]), body["finished"]) == (1, False)


def test_it_streams_events_as_sse_and_resumes(api, people):
    run = finished_run(people[0])
    run.add_event(RunEvent.KIND_STATUS, {"status": "running"})
    run.add_event(RunEvent.KIND_FINAL, {"status": "done", "gate": "pass"})
    resp = api.get(f"/api/v1/research/{run.pk}/events")
    assert resp["Content-Type"] == "text/event-stream"
    text = b"".join(resp.streaming_content).decode()
    assert "id: 1\nevent: status\ndata: " in text
    assert text.rstrip().split("\n\n")[-1].startswith("id: 2\nevent: final\n")
    resumed = api.get(f"/api/v1/research/{run.pk}/events", **{"Last-Event-ID": "1"})
    text = b"".join(resumed.streaming_content).decode()
    assert "id: 1\n" not in text and "id: 2\nevent: final" in text


@override_settings(VERBATIM_SSE_MAX_SECONDS=0.3)
def test_it_ends_a_stream_that_runs_too_long_and_says_where_to_resume(api, people):
    run = Run.objects.create(question=QUESTION, engine="extractive", created_by=people[0], status="running")
    run.add_event(RunEvent.KIND_STATUS, {"status": "running"})
    text = b"".join(api.get(f"/api/v1/research/{run.pk}/events").streaming_content).decode()
    assert text.startswith("retry: 2000\n\nid: 1\nevent: status\n")
    assert text.endswith('event: timeout\ndata: {"after": 1, "reconnect": true}\n\n')
