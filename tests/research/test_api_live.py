"""The research API against a running server: uvicorn (ASGI) and a db_worker on a copy of the
seeded database (SQLite or PostgreSQL, as the suite runs). A real HTTP client posts a question, follows the SSE stream to the final event,
and resumes it with Last-Event-ID."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from django.conf import settings

from tests.base import on_a_copy_of_the_seeded_database, process_database

QUESTION = "When may an organization disclose personal information without the individual's consent?"
CREATE_TOKEN = (
    "from django.contrib.auth.models import User; from research.tokens import create_token; "
    "u = User.objects.create_user('live-alice'); print(create_token(u)[1])"
)

pytestmark = on_a_copy_of_the_seeded_database


@pytest.fixture(scope="module")
def live(tmp_path_factory, request):
    with process_database(request, tmp_path_factory.mktemp("live")) as (database, _):
        yield from _serve(database)


def _serve(database):
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "ANTHROPIC_API_KEY"}}
    env |= {**database, "DJANGO_SETTINGS_MODULE": "research.settings"}
    manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
    token = subprocess.run([*manage, "shell", "-v", "0", "-c", CREATE_TOKEN], env=env, check=True,
                           capture_output=True, text=True, cwd=settings.BASE_DIR).stdout.strip().splitlines()[-1]
    port = _free_port()
    web = subprocess.Popen([sys.executable, "-m", "uvicorn", "research.asgi:application", "--host", "127.0.0.1",
                            "--port", str(port), "--log-level", "warning"], env=env, cwd=settings.BASE_DIR)
    worker = subprocess.Popen([*manage, "db_worker", "--interval", "0.2", "--no-startup-delay", "-v", "0"],
                              env=env, cwd=settings.BASE_DIR)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base)
        yield base, token
    finally:
        for process in (web, worker):
            process.terminate()
        for process in (web, worker):
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def test_it_streams_a_run_to_its_final_event_and_resumes(live):
    base, token = live
    status, headers, body = _request(base, "POST", "/api/v1/research", token,
                                     {"question": QUESTION, "acts": ["P-8.6"], "engine": "extractive"})
    assert status == 202
    assert headers["Location"] == body["location"] == f"/api/v1/research/{body['run_id']}"

    events = _read_sse(base, body["location"] + "/events", token)
    seqs = [e["id"] for e in events]
    assert seqs == list(range(1, len(events) + 1))
    assert events[0]["event"] == "status" and events[0]["data"]["data"]["status"] == "queued"
    assert events[-1]["event"] == "final"
    assert "tool_call" in [e["event"] for e in events]

    resumed = _read_sse(base, body["location"] + "/events", token, last_event_id=seqs[-2])
    assert [(e["id"], e["event"]) for e in resumed] == [(seqs[-1], "final")]

    _, _, run = _request(base, "GET", body["location"], token)
    assert (run["status"], run["engine"]) == ("done", "extractive")
    assert run["gate"] in {"pass", "blocked", "partial", "declined"}


def test_it_serves_polling_on_the_running_server(live):
    base, token = live
    _, _, body = _request(base, "POST", "/api/v1/research", token,
                          {"question": "What are the standard hours of work?", "acts": ["L-2"],
                           "engine": "extractive"})
    after, kinds, deadline = 0, [], time.monotonic() + 60
    while time.monotonic() < deadline:
        _, _, page = _request(base, "GET", f"{body['location']}/events?after={after}", token)
        kinds += [e["kind"] for e in page["events"]]
        after = page["next_after"]
        if page["finished"]:
            break
        time.sleep(0.2)
    assert kinds[0] == "status" and kinds[-1] == "final"


def test_it_refuses_a_write_without_a_token_on_the_running_server(live):
    base, _ = live
    status, _, body = _request(base, "POST", "/api/v1/research", None, {"question": QUESTION})
    assert status == 401
    assert "Authorization: Bearer <token>" in body["detail"]


def _read_sse(base, path, token, last_event_id=None, timeout=60):
    """Events of an SSE stream until the server closes it: [{id, event, data}]."""
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    request = urllib.request.Request(base + path, headers=headers)
    events, fields = [], {}
    with urllib.request.urlopen(request, timeout=timeout) as response:
        assert response.headers["Content-Type"].startswith("text/event-stream")
        for raw in response:
            line = raw.decode("utf-8").rstrip("\n")
            if not line:
                if "event" in fields:
                    events.append({"id": int(fields["id"]), "event": fields["event"],
                                   "data": json.loads(fields["data"])})
                fields = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(": ")
                fields[name] = value
    return events


def _request(base, method, path, token, body=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, e.headers, json.loads(e.read())


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(base, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/api/v1/research/1", timeout=2)
        except urllib.error.HTTPError:
            return  # 401: the server is up
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server at {base} did not start in {seconds} s")
