"""Browser-test harness: a real server on loopback, a real Chromium, strict pages.

Browser tests talk to the app over HTTP only. They never request pytest-django's `db`
fixtures, so the session's `django_db_setup` (the in-process test database) is not built for
them. Instead this harness copies the seeded SQLite file (tests/conftest.py, `seeded_db_file`)
into a temporary folder, creates the personas, and starts
`uvicorn research.asgi:application` on a free port (and, for tests that need it, a
`manage.py db_worker`) with that database in the environment.

Playwright's sync API keeps an event loop open on the main thread while it runs, which makes
Django's ORM refuse to run in the same thread ("SynchronousOnlyOperation"). The Playwright
fixtures are therefore module-scoped: they stop when the browser module ends, before any
database test of the same session runs.

Every page fails its test on a console error (CSP violations included) or on any request to a
host that is not loopback: the app must work offline.

Browser tests are marked `@pytest.mark.browser`. Without /usr/bin/chromium they are skipped,
unless CI=true, when a missing browser is a failure.
"""

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.base import copy_seeded_db

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = ROOT / "tests" / "artifacts" / "screenshots"
PASSWORD = "pass-for-tests-only"
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1"}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
START_TIMEOUT = 60  # seconds for the server to answer

# alice is a lawyer (any signed-in user), bob a reviewer, charlie an outsider with no role.
PERSONAS_SCRIPT = f"""
from django.contrib.auth.models import Group, User
from research.roles import REVIEWERS, ensure_roles
ensure_roles()
for name in ("alice", "bob", "charlie"):
    user, _ = User.objects.get_or_create(username=name, defaults={{"email": name + "@example.test"}})
    user.set_password({PASSWORD!r})
    user.save()
User.objects.get(username="bob").groups.add(Group.objects.get(name=REVIEWERS))
"""


def _manage(env, *args, timeout=600):
    """Run `manage.py ARGS` with `env`; a failure shows its output."""
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)
    if done.returncode != 0:
        pytest.fail(f"manage.py {' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_until_answering(url, process, log_path):
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"server exited with {process.returncode}:\n{Path(log_path).read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status < 500:
                    return
        except urllib.error.HTTPError as error:
            if error.code < 500:
                return
        except OSError:
            pass
        time.sleep(0.2)
    pytest.fail(f"server did not answer {url} within {START_TIMEOUT}s:\n{Path(log_path).read_text()}")


def _stop(process):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@pytest.fixture(scope="session")
def browser_env(tmp_path_factory, seeded_db_file):
    """Environment for app subprocesses: a migrated SQLite file with the default corpus and personas."""
    folder = tmp_path_factory.mktemp("browser-app")
    copy_seeded_db(seeded_db_file, folder)
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update({
        "DJANGO_SETTINGS_MODULE": "research.settings",
        "VERBATIM_SQLITE_PATH": str(folder / "verbatim.sqlite3"),
        "PYTHONUNBUFFERED": "1",
    })
    env.pop("DJANGO_DEBUG", None)  # serve pages as in production: no debug pages, same CSP
    _manage(env, "shell", "-c", PERSONAS_SCRIPT)
    env["VERBATIM_BROWSER_TMP"] = str(folder)
    return env


@pytest.fixture(scope="session")
def app_server(browser_env):
    """Base URL (no trailing slash) of a real uvicorn server on loopback, stopped at the end."""
    port = _free_port()
    log_path = Path(browser_env["VERBATIM_BROWSER_TMP"]) / "server.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "research.asgi:application", "--host", "127.0.0.1",
             "--port", str(port), "--no-access-log"],
            cwd=ROOT, env=browser_env, stdout=log, stderr=subprocess.STDOUT)
    base_url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_answering(base_url + "/", process, log_path)
        yield base_url
    finally:
        _stop(process)


@pytest.fixture(scope="session")
def db_worker(browser_env):
    """A `manage.py db_worker` on the browser database, for tests whose pages enqueue tasks."""
    log_path = Path(browser_env["VERBATIM_BROWSER_TMP"]) / "worker.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--queue-name", "*"],
            cwd=ROOT, env=browser_env, stdout=log, stderr=subprocess.STDOUT)
    time.sleep(0.5)
    if process.poll() is not None:
        pytest.fail(f"db_worker exited with {process.returncode}:\n{log_path.read_text()}")
    try:
        yield process
    finally:
        _stop(process)


@pytest.fixture(scope="module")
def browser():
    """Headless Debian Chromium driven by Playwright's sync API (module-scoped: see above)."""
    if not CHROMIUM.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{CHROMIUM} is missing and CI=true: browser tests must run in CI")
        pytest.skip(f"{CHROMIUM} is missing (install Debian's chromium, or `make browser-deps`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, app_server):
    """A fresh page (own cookies) whose test fails on console errors or non-loopback requests."""
    context = browser.new_context(base_url=app_server, viewport={"width": 1280, "height": 900},
                                  locale="en-CA", timezone_id="America/Toronto")
    context.set_default_timeout(10_000)
    page = context.new_page()
    problems = []
    page.on("console", lambda msg: msg.type == "error" and problems.append(f"console error: {msg.text}"))
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("request", lambda request: _check_host(request.url, problems))
    yield page
    context.close()
    if problems:
        pytest.fail("the page was not clean:\n" + "\n".join(problems))


def _check_host(url, problems):
    parts = urlparse(url)
    if parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname not in LOOPBACK_HOSTS:
        problems.append(f"request left loopback: {url}")


@pytest.fixture
def screenshot():
    """save(page, name) -> path: a full-page PNG in tests/artifacts/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page, name):
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", name)
        path = SCREENSHOTS / f"{safe}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


@pytest.fixture
def login(app_server):
    """login(page, username): sign in through the login form as one of the personas."""

    def sign_in(page, username):
        page.goto("/login/")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(re.compile(r"^(?!.*/login/).*$"))

    return sign_in
