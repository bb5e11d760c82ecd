"""Load phase of `make bench`: the app as `make run` serves it, under several concurrent clients.

Usage: python bench/load.py  (against the database in the environment, which must hold the
default corpus) — prints one JSON line.

Starts uvicorn with VERBATIM_WEB_WORKERS (default 2) worker processes and two task workers on a
free loopback port, then for each target runs CLIENTS client threads for SECONDS seconds each,
every client on its own keep-alive connection: the search API, a section page, and run
submission (extractive engine, so the task workers answer them while the load goes on: runs
in flight). Reports requests/s, p50 and p95 latency and errors per target, and how many of the
submitted runs had finished when the phase ended. Rate limits and the run cap are off for the
server it starts: this measures throughput, not the limits.
"""

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research.settings")

CLIENTS = int(os.environ.get("VERBATIM_LOAD_CLIENTS", "4"))
SECONDS = float(os.environ.get("VERBATIM_LOAD_SECONDS", "5"))
QUERIES = ["privacy consent", "disclose personal information subpoena", "unjust dismissal",
           "hours of work overtime", "copyright infringement", "discriminatory practice employment",
           "retention of personal information", "federal work undertaking"]
SECTIONS = ["/acts/P-8.6/s7/", "/acts/L-2/s240/", "/acts/P-21/s8/", "/acts/H-6/s7/", "/acts/C-42/s27/"]
QUESTION = "May an organization disclose personal information without consent to comply with a subpoena? ({n})"


def main():
    import django

    django.setup()
    token = _research_token()
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), VERBATIM_MAX_ACTIVE_RUNS_PER_USER="0",
               **{f"VERBATIM_RATE_{scope}_{kind}": "0" for scope in ("CLAIMS", "SEARCH", "RESEARCH")
                  for kind in ("ANON", "USER")})
    workers = os.environ.get("VERBATIM_WEB_WORKERS", "2")
    procs = [subprocess.Popen([sys.executable, "-m", "uvicorn", "research.asgi:application", "--host", "127.0.0.1",
                               "--port", str(port), "--workers", workers, "--no-access-log", "--log-level", "warning"],
                              cwd=ROOT, env=env)]
    procs += [subprocess.Popen([sys.executable, "manage.py", "db_worker", "--queue-name", "*", "-v", "0"],
                               cwd=ROOT, env=env) for _ in range(2)]
    try:
        _wait_until_up(port)
        submitted = []
        targets = {
            "search_api": lambda n: ("GET", f"/api/v1/search?q={QUERIES[n % len(QUERIES)].replace(' ', '+')}",
                                     None, {}),
            "section_page": lambda n: ("GET", SECTIONS[n % len(SECTIONS)], None, {}),
            "run_submission": lambda n: (
                "POST", "/api/v1/research", json.dumps({"question": QUESTION.format(n=n), "engine": "extractive"}),
                {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}),
        }
        # Every worker process loads the search model and indexes on its first requests: warm
        # them all (requests spread over the processes) before anything is timed.
        for request_for in targets.values():
            _load(port, request_for, clients=4 * int(workers), requests_each=2, on_body=submitted.append)
        result = {"clients": CLIENTS, "seconds_each": SECONDS, "web_workers": int(workers), "task_workers": 2}
        for name, request_for in targets.items():
            result[name] = _load(port, request_for, on_body=submitted.append if name == "run_submission" else None)
        result["runs_submitted"] = len(submitted)
        result["runs_finished_at_end"] = _finished(submitted)
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    print(json.dumps(result))


def _load(port, request_for, on_body=None, clients=CLIENTS, requests_each=None):
    """`clients` threads each sending requests for SECONDS (or `requests_each` requests);
    latency per request in ms."""
    latencies, errors, counter, lock = [], [0], [0], threading.Lock()
    kinds = {}  # what the errors were: an HTTP status or an exception name -> count
    deadline = time.monotonic() + SECONDS

    def client():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        sent = 0
        while (sent < requests_each) if requests_each else (time.monotonic() < deadline):
            sent += 1
            with lock:
                counter[0] += 1
                n = counter[0]
            method, path, body, headers = request_for(n)
            started = time.perf_counter()
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException) as exc:
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                with lock:
                    errors[0] += 1
                    kinds[type(exc).__name__] = kinds.get(type(exc).__name__, 0) + 1
                continue
            elapsed = (time.perf_counter() - started) * 1000
            with lock:
                if response.status >= 400:
                    errors[0] += 1
                    kinds[str(response.status)] = kinds.get(str(response.status), 0) + 1
                else:
                    latencies.append(elapsed)
                    if on_body is not None and method == "POST":
                        on_body(json.loads(data)["run_id"])
        conn.close()

    started = time.monotonic()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - started
    return {"requests": len(latencies), "errors": errors[0], "rps": round(len(latencies) / wall, 1),
            "p50_ms": _percentile(latencies, 50), "p95_ms": _percentile(latencies, 95), "error_kinds": kinds}


def _percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return None
    return round(ordered[max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))], 1)


def _research_token():
    from django.contrib.auth.models import User

    from research.tokens import create_token

    user, _ = User.objects.get_or_create(username="bench-load")
    return create_token(user, name="bench load", days=1)[1]


def _finished(run_ids):
    from research.models import Run

    return Run.objects.filter(pk__in=run_ids, status__in=[Run.STATUS_DONE, Run.STATUS_FAILED]).count()


def _free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_until_up(port, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/v1/acts")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"the server on port {port} did not answer within {timeout} s")


if __name__ == "__main__":
    main()
