"""No run stays running, and none runs twice: stale runs are queued again or failed, a killed
worker's run is finished by the next worker, an idle worker recovers a stale run on its own, a
model call longer than the stale threshold is not run again, a worker that lost its run writes
nothing more, and two workers never take the same run.

The worker tests run real `manage.py run_worker` processes against their own database (a copy
of the seeded SQLite file, or on PostgreSQL a clone of the session's test database), so the
shared test database is never flushed. The anthropic runs talk to the fake Messages API.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from research.models import Run, RunEvent, RunLost
from research.tasks import RETRIED_ONCE, recover_stale_runs
from tests.base import on_a_copy_of_the_seeded_database, process_database
from tests.research.fake_anthropic import FakeAnthropic, held, reply, submit, tool_use

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


@pytest.mark.django_db
def test_an_attempt_that_lost_its_run_writes_nothing():
    run = Run.objects.create(question="q", engine="scripted")
    assert run.claim()
    Run.objects.filter(pk=run.pk).update(heartbeat_at=timezone.now() - timedelta(seconds=600))
    assert recover_stale_runs()["requeued"] == [run.pk]
    assert Run.objects.get(pk=run.pk).claim()  # attempt 2, by another worker
    for write in (run.beat, lambda: run.add_event(RunEvent.KIND_STATUS, {"status": "late"}),
                  lambda: run.fail("late")):
        with pytest.raises(RunLost):
            write()
    run.refresh_from_db()
    assert (run.status, run.attempts, run.error) == (Run.STATUS_RUNNING, 2, "")
    assert not run.events.filter(data__status="late").exists()


# --- real worker processes -------------------------------------------------------------------

def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    # The judge off, as tests/conftest.py has it: these tests count the engine's model calls.
    env.update({"DJANGO_SETTINGS_MODULE": "research.settings", "PYTHONUNBUFFERED": "1", "VERBATIM_JUDGE": "0"},
               **extra)
    return env


def _manage(env, *args, code=None, timeout=120):
    command = [sys.executable, "manage.py", *args] + (["-c", code] if code else [])
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _worker(env, log=None):
    """A worker process; its log (stderr) goes to the file `log`, if given."""
    with open(log or os.devnull, "wb") as stderr:
        return subprocess.Popen([sys.executable, "manage.py", "run_worker", "--queue-name", "*", "--interval", "0.2",
                                 "--no-startup-delay", "--no-reload", "-v0"],
                                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=stderr,
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


@on_a_copy_of_the_seeded_database
def test_a_worker_killed_mid_run_is_recovered_and_the_run_finished(worker_db):
    env, query = worker_db
    env = {**env, "VERBATIM_RUN_STALE_SECONDS": "2"}
    script = {"turns": [
        {"sleep": 60, "attempts": [1]},  # the first worker dies in here
        {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7(3)(b)"}}]},
        {"submit_answer": {"claims": [{"text": "Collecting a debt permits disclosure.",
                                       "citations": [{"provision_id": "P-8.6:s7(3)(b)", "quote": DEBT}]}],
                           "reading": "", "not_in_text": "despite; only if"}},
    ]}
    run_id = int(_manage(env, "shell", "-v0", code=ENQUEUE.format(script=json.dumps(script))).strip())

    def row():
        return query("SELECT status, gate, attempts, error FROM research_run WHERE id = %s", run_id)[0]
    first = _worker(env)
    try:
        _wait_for(lambda: row()[0] == "running")
        time.sleep(0.5)
    finally:
        _stop(first)  # kill -9: no chance to clean up
    assert row()[:3] == ("running", "", 1)
    time.sleep(2.5)  # the heartbeat goes stale
    assert "requeued [" + str(run_id) + "]" in _manage(env, "recover_runs")
    assert row()[0] == "queued"
    second = _worker(env)
    try:
        status = _wait_for(lambda: row() if row()[0] in ("done", "failed") else None)
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


# --- one attempt's result, on either database ------------------------------------------------

SUBPOENA = ("required to comply with a subpoena or warrant issued or an order made by a court, person or "
            "body with jurisdiction to compel the production of information, or to comply with rules of "
            "court relating to the production of records;")
ANSWER = {"claims": [{"text": "An organization may disclose without consent to comply with a subpoena.",
                      "citations": [{"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA}]}],
          "reading": "", "not_in_text": "Only if a listed case applies; despite the note to clause 4.3."}
STALE = 3  # seconds; workers beat every 0.6 s and sweep every 0.75 s

ENQUEUE_ANTHROPIC = """
from research.models import Run
from research.tasks import execute_run
run = Run.objects.create(question="May an organization disclose personal information for a subpoena?",
                         engine="anthropic", acts=["P-8.6"])
execute_run.enqueue(run_id=run.pk)
print(run.pk)
"""


@pytest.fixture
def worker_db(request, tmp_path):
    """(env, query) for worker processes sharing one database like the suite's own
    (tests.base.process_database)."""
    with process_database(request, tmp_path) as (database, query):
        yield _env(**database), query


@pytest.fixture
def fake_api():
    with FakeAnthropic() as api:
        yield api


def _anthropic_env(env, api):
    return {**env, "ANTHROPIC_API_KEY": "sk-test-not-a-real-key", "ANTHROPIC_BASE_URL": api.url,
            "VERBATIM_RUN_STALE_SECONDS": str(STALE), "VERBATIM_WALL_CLOCK_SECONDS": "60"}


def _outcome(query, run_id):
    """status, attempts, final events, claims, model calls and USD of run `run_id`."""
    status, attempts, usd = query("SELECT status, attempts, usd FROM research_run WHERE id = %s", run_id)[0]
    count = {table: query(f"SELECT COUNT(*) FROM {table} WHERE run_id = %s" + extra, run_id)[0][0]
             for table, extra in (("research_runevent", " AND kind = 'final'"), ("research_claim", ""),
                                  ("research_modelcall", ""))}
    return (status, attempts, count["research_runevent"], count["research_claim"], count["research_modelcall"],
            f"{float(usd):.6f}")


def _finished(query, run_id):
    return query("SELECT status FROM research_run WHERE id = %s", run_id)[0][0] in ("done", "failed")


def _stop_all(*processes):
    for process in processes:
        if process is not None:
            _stop(process)


@on_a_copy_of_the_seeded_database
def test_a_model_call_longer_than_the_stale_threshold_runs_once(worker_db, fake_api):
    env, query = worker_db
    env = _anthropic_env(env, fake_api)
    # The first reply is held until the stale threshold has passed and a sweep has run. Replies for
    # a second attempt are queued too: a second attempt would use them.
    release = threading.Event()
    fake_api.queue(held(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"})), release),
                   reply(submit(ANSWER)), reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"})),
                   reply(submit(ANSWER)))
    run_id = int(_manage(env, "shell", "-v0", code=ENQUEUE_ANTHROPIC).strip())
    first = second = None
    try:
        first = _worker(env)
        _wait_for(lambda: fake_api.requests)
        second = _worker(env)
        time.sleep(STALE + 1)  # past the threshold while the call is still out
        # A submission on the idle worker sweeps for stale runs (the run above must not be one).
        other = int(_manage(env, "shell", "-v0", code=ENQUEUE.format(script=json.dumps(
            {"turns": [{"submit_answer": {"decline": True, "scope_note": "not a statute question"}}]}))).strip())
        _wait_for(lambda: _finished(query, other), timeout=60)
        release.set()  # the long call returns
        _wait_for(lambda: _finished(query, run_id), timeout=60)
    finally:
        release.set()
        _stop_all(first, second)
    # 0.000700 USD per call (100 input and 50 output tokens), two calls: billed once.
    assert _outcome(query, run_id) == ("done", 1, 1, 1, 2, "0.001400")
    assert len(fake_api.requests) == 2


@on_a_copy_of_the_seeded_database
def test_a_worker_that_lost_its_run_writes_nothing(worker_db, fake_api, tmp_path):
    env, query = worker_db
    env = _anthropic_env(env, fake_api)
    release = threading.Event()  # the frozen worker's reply comes after the second attempt has finished
    fake_api.queue(held(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"})), release),
                   reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(c)"})), reply(submit(ANSWER)))
    run_id = int(_manage(env, "shell", "-v0", code=ENQUEUE_ANTHROPIC).strip())
    frozen_log = tmp_path / "frozen.log"
    frozen = rescuer = None
    try:
        frozen = _worker(env, log=frozen_log)
        _wait_for(lambda: fake_api.requests)
        os.killpg(frozen.pid, signal.SIGSTOP)  # heartbeat thread and all: it looks dead
        rescuer = _worker(env)
        _wait_for(lambda: _finished(query, run_id), timeout=60)
        done = _outcome(query, run_id)
        os.killpg(frozen.pid, signal.SIGCONT)
        release.set()
        # The frozen attempt gets its reply, finds the run taken, and says so.
        _wait_for(lambda: "it wrote nothing more" in frozen_log.read_text(), timeout=60)
        assert frozen.poll() is None  # it stopped the run, not the process
    finally:
        release.set()
        _stop_all(frozen, rescuer)
    assert done == ("done", 2, 1, 1, 2, "0.001400")
    assert _outcome(query, run_id) == done
    assert len(fake_api.requests) == 3


@on_a_copy_of_the_seeded_database
def test_an_idle_worker_recovers_a_stale_run_without_another_submission(worker_db):
    env, query = worker_db
    env = {**env, "VERBATIM_RUN_STALE_SECONDS": "2"}
    script = {"turns": [{"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7(3)(b)"}}]},
                        {"submit_answer": {"claims": [{"text": "Collecting a debt permits disclosure.",
                                                       "citations": [{"provision_id": "P-8.6:s7(3)(b)",
                                                                      "quote": DEBT}]}],
                                           "reading": "", "not_in_text": "despite; only if"}}]}
    orphan = STALE_ORPHAN.format(script=json.dumps(script))
    run_id = int(_manage(env, "shell", "-v0", code=orphan).strip())
    worker = _worker(env)
    try:
        _wait_for(lambda: _finished(query, run_id), timeout=30)
    finally:
        _stop(worker)
    assert query("SELECT status, gate, attempts FROM research_run WHERE id = %s", run_id)[0] == ("done", "pass", 2)


# A run left "running" by a worker that died ten minutes ago, its task already taken.
STALE_ORPHAN = """
import json
from datetime import timedelta
from django.utils import timezone
from research.models import Run
then = timezone.now() - timedelta(seconds=600)
run = Run.objects.create(question="May an organization disclose to collect a debt?", engine="scripted",
                         acts=["P-8.6"], script=json.loads({script!r}), status="running", attempts=1,
                         started_at=then, heartbeat_at=then)
print(run.pk)
"""
