"""schemathesis against the live OpenAPI schema: uvicorn on loopback, the default corpus.

Every operation of /api/openapi.json gets EXAMPLES generated requests (a fixed seed, so a run
is repeatable), sent with a valid token. Each response is checked against the schema: no 5xx,
a status the operation documents, its content type, headers and body shape (errors included:
one ErrorOut shape for every router). The test counts requests and failures and prints them.
The server runs on a private copy of the suite's database (tests.base.process_database).
"""

import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from django.conf import settings
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings

from tests.base import on_a_copy_of_the_seeded_database, process_database

schemathesis = pytest.importorskip("schemathesis")
from schemathesis.checks import (  # noqa: E402
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

EXAMPLES = 20
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]
CREATE_TOKEN = (
    "from django.contrib.auth.models import User; from research.tokens import create_token; "
    "u = User.objects.create_user('contract-alice'); print(create_token(u)[1])"
)

pytestmark = on_a_copy_of_the_seeded_database


@pytest.fixture(scope="module")
def live_api(tmp_path_factory, request):
    with process_database(request, tmp_path_factory.mktemp("contract")) as (database, _):
        yield from _serve(database)


def _serve(database):
    env = {k: v for k, v in os.environ.items() if k not in {"ANTHROPIC_API_KEY", "DATABASE_URL"}}
    env |= {**database, "DJANGO_SETTINGS_MODULE": "research.settings", "VERBATIM_SSE_MAX_SECONDS": "1"}
    manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
    token = subprocess.run([*manage, "shell", "-v", "0", "-c", CREATE_TOKEN], env=env, check=True,
                           capture_output=True, text=True, cwd=settings.BASE_DIR).stdout.split()[-1]
    port = _free_port()
    web = subprocess.Popen([sys.executable, "-m", "uvicorn", "research.asgi:application", "--host", "127.0.0.1",
                            "--port", str(port), "--log-level", "warning"], env=env, cwd=settings.BASE_DIR)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base)
        yield base, token
    finally:
        web.terminate()
        web.wait(timeout=10)


def test_the_api_keeps_its_openapi_contract(live_api):
    base, token = live_api
    schema = schemathesis.openapi.from_url(f"{base}/api/openapi.json")
    sent, failures = 0, []
    operations = [result.ok() for result in schema.get_all_operations()]
    for operation in operations:
        @hypothesis_settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                             phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def exercise(case):
            nonlocal sent
            sent += 1
            try:  # a streamed (SSE) body is read, and may be found wrong, while it is received
                response = case.call(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30)
                case.validate_response(response, checks=CHECKS)
            except Exception as exc:  # schemathesis raises one error grouping the failed checks
                failures.append(f"{case.operation.label}: {str(exc)[:600]}")
        exercise()
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"\nschemathesis on {engine}: {len(operations)} operations, {sent} requests, "
          f"{len(failures)} failures")
    assert len(operations) >= 11
    assert sent >= len(operations) * 5
    assert failures == []


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(base, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/api/openapi.json", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the server did not start")
