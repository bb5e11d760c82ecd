"""The per-user cap on runs in flight holds under concurrency, and an Idempotency-Key is bound
to the whole request."""

import datetime
import json
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client

from research.models import Run
from research.tokens import create_token
from tests.base import copy_seeded_db

QUESTION = "May an organization disclose personal information without consent to comply with a subpoena?"


def post(client, token, body, **headers):
    return client.post("/api/v1/research", data=json.dumps(body), content_type="application/json",
                       headers={"Authorization": f"Bearer {token}", **headers})


@pytest.mark.django_db(transaction=True)
def test_twenty_concurrent_requests_admit_exactly_the_cap(people, settings, request, tmp_path):
    if connection.vendor == "sqlite":
        # The in-memory test database cannot wait for a lock; race on a real file instead.
        codes, runs = _race_on_a_sqlite_file(request.getfixturevalue("seeded_db_file"), tmp_path)
    else:
        codes, runs = _race_in_threads(people[0], settings)
    assert codes == [202] * 5 + [429] * 15
    assert runs == 5


def _race_in_threads(alice, settings):
    settings.VERBATIM_MAX_ACTIVE_RUNS_PER_USER = 5
    settings.VERBATIM_RATE_LIMITS = {s: {"anonymous": 0, "user": 0} for s in ("claims", "search", "research")}
    _, token = create_token(alice)
    barrier = threading.Barrier(20)

    def one(n):
        barrier.wait()
        try:
            return post(Client(), token, {"question": f"{QUESTION} ({n})"}).status_code
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=20) as pool:
        codes = sorted(pool.map(one, range(20)))
    return codes, Run.objects.filter(created_by=alice).count()


def _race_on_a_sqlite_file(seeded_db_file, folder):
    path = copy_seeded_db(seeded_db_file, folder)
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update({"VERBATIM_SQLITE_PATH": str(path), "VERBATIM_MAX_ACTIVE_RUNS_PER_USER": "5",
                "VERBATIM_RATE_RESEARCH_USER": "0"})
    script = Path(__file__).with_name("run_cap_race.py")
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result["codes"], result["runs"]


@pytest.mark.django_db
def test_a_finished_run_frees_its_place(people, settings):
    settings.VERBATIM_MAX_ACTIVE_RUNS_PER_USER = 1
    alice = people[0]
    _, token = create_token(alice)
    client = Client()
    first = post(client, token, {"question": QUESTION})
    assert first.status_code == 202
    refused = post(client, token, {"question": "What is a federal work?"})
    assert refused.status_code == 429
    assert refused.json()["detail"] == "run limit reached: 1 of your runs are queued or running (limit 1); " \
                                       "wait for one to finish"
    Run.objects.filter(pk=first.json()["run_id"]).update(status=Run.STATUS_DONE)
    assert post(client, token, {"question": "What is a federal work?"}).status_code == 202


@pytest.fixture
def alice_token(people):
    return create_token(people[0])[1]


@pytest.mark.django_db
@pytest.mark.parametrize("other", [{"acts": ["P-8.6"]}, {"as_at": "2024-06-01"}, {"lang": "fra"},
                                   {"question": "What is a federal work?"}])
def test_a_reused_key_with_another_body_is_409(alice_token, other):
    client = Client()
    first = post(client, alice_token, {"question": QUESTION}, **{"Idempotency-Key": "k-1"})
    assert first.status_code == 202
    again = post(client, alice_token, {"question": QUESTION, **other}, **{"Idempotency-Key": "k-1"})
    assert again.status_code == 409
    field = next(iter(other))
    assert f"was already used for run {first.json()['run_id']} with a different request ({field} differ)" \
        in again.json()["detail"]
    assert Run.objects.count() == 1


@pytest.mark.django_db
def test_a_reused_key_with_the_same_request_replays(alice_token):
    client = Client()
    body = {"question": QUESTION, "acts": ["P-8.6", "P-21"], "as_at": "2024-06-01"}
    first = post(client, alice_token, body, **{"Idempotency-Key": "k-2"})
    same = post(client, alice_token, {**body, "acts": ["P-21", "P-8.6"], "as_at": datetime.date(2024, 6, 1).isoformat()},
                **{"Idempotency-Key": "k-2"})
    assert first.status_code == same.status_code == 202
    assert same["Idempotent-Replayed"] == "true"
    assert same.json()["run_id"] == first.json()["run_id"]
