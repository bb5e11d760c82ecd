"""Management commands refuse invalid text (corpus/text_input.py) with a message naming where,
in their arguments and in the files they read, and store nothing."""

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from research.models import Run

pytestmark = pytest.mark.django_db


def test_check_claims_refuses_a_memo_holding_a_nul(tmp_path):
    memo = tmp_path / "memo.txt"
    memo.write_text("Under s. 7(3)(c) of PIPEDA, disclosure is allowed.\nA second\x00 line.", encoding="utf-8")
    with pytest.raises(CommandError, match=rf"^{memo}: line 2: a NUL character \(U\+0000\) at position 59; refused$"):
        call_command("check_claims", str(memo))


def test_import_runs_refuses_a_recording_with_a_nul_in_a_field(tmp_path):
    source = settings.BASE_DIR / "research" / "recorded" / "01-pass-pipeda-subpoena.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["run"]["question"] = "May an organization\u0000 disclose?"
    recording = tmp_path / "bad.json"
    recording.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError, match=r"bad.json: run.question: a NUL character \(U\+0000\) at position 19; refused"):
        call_command("import_runs", str(recording))
    assert Run.objects.count() == 0


def test_manage_py_refuses_an_argument_that_is_not_utf8():
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run([sys.executable, "manage.py", "create_api_token", b"al\xffice"], cwd=settings.BASE_DIR,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == "Error: argument 2 holds a lone surrogate (U+DCFF) at position 2; refused"
