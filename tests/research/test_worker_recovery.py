"""No run stays running: stale runs are queued again or failed, a killed worker's run is finished
by the next worker, and two workers never take the same run.

The worker tests run real `manage.py db_worker` processes against their own file database (a
copy of the dev corpus), so the shared test database is never flushed.
"""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from research.models import Run, RunEvent
from research.tasks import RETRIED_ONCE, recover_stale_runs
from tests.base import copy_seeded_db

ROOT = Path(settings.BASE_DIR)
PG_URL = os.environ.get("VERBATIM_TEST_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DEBT = "for the purpose of collecting a debt owed by the individual to the organization;"


def stale_run(attempts, seconds_ago=600):
    then = timezone.now() - timedelta(seconds=seconds_ago)
    return Run.objects.create(question="q", engine="scripted", status=Run.STATUS_RUNNING, attempts=attempts,
                              started_at=then, heartbeat_at=then)


@pytest.mark.django_db
def test_a_stale_run_is_queued_again_once(django_capture_on_commit_callbacks):
    run = stale_run(attempts=1)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert recover_stale_runs() == {"requeued": [run.pk], "failed": []}
    run.refresh_from_db()
    assert (run.status, run.heartbeat_at) == (Run.STATUS_QUEUED, None)
    assert len(callbacks) == 1
    assert run.events.get().data["reason"] == "worker stopped during the run; queued again"


@pytest.mark.django_db
def test_a_stale_run_already_retried_fails_with_a_reason():
    run = stale_run(attempts=2)
    assert recover_stale_runs() == {"requeued": [], "failed": [run.pk]}
    run.refresh_from_db()
    assert (run.status, run.gate, run.error) == (Run.STATUS_FAILED, Run.GATE_FAILED, RETRIED_ONCE)
    assert run.events.get().kind == RunEvent.KIND_FINAL


@pytest.mark.django_db
def test_a_run_with_a_fresh_heartbeat_is_left_alone():
    run = stale_run(attempts=1, seconds_ago=5)
    assert recover_stale_runs() == {"requeued": [], "failed": []}
    run.refresh_from_db()
    assert run.status == Run.STATUS_RUNNING


# --- real worker processes -------------------------------------------------------------------

def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update({"DJANGO_SETTINGS_MODULE": "research.settings", "PYTHONUNBUFFERED": "1"}, **extra)
    return env


def _manage(env, *args, code=None, timeout=120):
    command = [sys.executable, "manage.py", *args] + (["-c", code] if code else [])
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _worker(env):
    return subprocess.Popen([sys.executable, "manage.py", "db_worker", "--queue-name", "*", "--interval", "0.2",
                             "--no-startup-delay", "--no-reload", "-v0"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)


def _stop(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def _wait_for(check, timeout=60, every=0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError("timed out waiting")


@pytest.fixture
def file_db(tmp_path, seeded_db_file):
    path = copy_seeded_db(seeded_db_file, tmp_path)
    env = _env(VERBATIM_SQLITE_PATH=str(path), VERBATIM_RUN_STALE_SECONDS="2")
    _manage(env, "migrate", "--noinput", "-v0")
    return path, env


ENQUEUE = """
import json
from research.models import Run
from research.tasks import execute_run
script = json.loads({script!r})
run = Run.objects.create(question="May an organization disclose to collect a debt?", engine="scripted",
                         acts=["P-8.6"], script=script)
execute_run.enqueue(run_id=run.pk)
print(run.pk)
"""


def _row(path, run_id):
    with sqlite3.connect(path, timeout=20) as db:
        return db.execute("SELECT status, gate, attempts, error FROM research_run WHERE id = ?", (run_id,)).fetchone()


def test_a_worker_killed_mid_run_is_recovered_and_the_run_finished(file_db):
    path, env = file_db
    script = {"turns": [
        {"sleep": 60, "attempts": [1]},  # the first worker dies in here
        {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7(3)(b)"}}]},
        {"submit_answer": {"claims": [{"text": "Collecting a debt permits disclosure.",
                                       "citations": [{"provision_id": "P-8.6:s7(3)(b)", "quote": DEBT}]}],
                           "reading": "", "not_in_text": "despite; only if"}},
    ]}
    run_id = int(_manage(env, "shell", "-v0", code=ENQUEUE.format(script=json.dumps(script))).strip())
    first = _worker(env)
    try:
        _wait_for(lambda: _row(path, run_id)[0] == "running")
        time.sleep(0.5)
    finally:
        _stop(first)  # kill -9: no chance to clean up
    assert _row(path, run_id)[:3] == ("running", "", 1)
    time.sleep(2.5)  # the heartbeat goes stale
    assert "requeued [" + str(run_id) + "]" in _manage(env, "recover_runs")
    assert _row(path, run_id)[0] == "queued"
    second = _worker(env)
    try:
        status = _wait_for(lambda: _row(path, run_id) if _row(path, run_id)[0] in ("done", "failed") else None)
    finally:
        _stop(second)
    assert status == ("done", "pass", 2, "")


CLAIM_RACE = """
import threading
from django.db import connection
from research.models import Run
run = Run.objects.create(question="q", engine="scripted")
barrier = threading.Barrier(8)
won = []
def take():
    barrier.wait()
    won.append(Run.objects.get(pk=run.pk).claim())
    connection.close()
threads = [threading.Thread(target=take) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
run.refresh_from_db()
print(sorted(won), run.status, run.attempts)
"""


def test_two_workers_never_take_the_same_run_on_postgresql():
    psycopg = pytest.importorskip("psycopg")
    name = f"verbatim_claim_{os.getpid()}"
    admin_url = PG_URL
    try:
        admin = psycopg.connect(admin_url.replace("postgres://", "postgresql://"), autocommit=True, connect_timeout=3)
    except psycopg.OperationalError:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("PostgreSQL is not running at " + PG_URL + " and CI=true")
        pytest.skip("PostgreSQL is not running at " + PG_URL)
    with admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            env = _env(DATABASE_URL=PG_URL.rsplit("/", 1)[0] + "/" + name)
            _manage(env, "migrate", "--noinput", "-v0", timeout=300)
            outcome = _manage(env, "shell", "-v0", code=CLAIM_RACE).strip()
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    assert outcome == "[False, False, False, False, False, False, False, True] running 1"
