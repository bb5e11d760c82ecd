"""The standalone answer verifier (scripts/verify_answer_standalone.py) agrees with the in-app
one (`manage.py verify_answer`) on every recorded run, as exported and with a word changed,
and runs with the standard library alone."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from research.export import run_export
from research.recording import import_run
from verifier.standalone import TARGET, build

pytestmark = pytest.mark.django_db
ROOT = Path(settings.BASE_DIR)
RECORDED = sorted((ROOT / "research" / "recorded").glob("*.json"))


def in_app(md, ev):
    out = StringIO()
    try:
        call_command("verify_answer", str(md), str(ev), stdout=out)
    except CommandError as exc:
        return out.getvalue().splitlines() + [str(exc)], exc.returncode
    return out.getvalue().splitlines(), 0


def standalone(md, ev):
    # -I -S: no site-packages, so no Django could be imported even by mistake.
    done = subprocess.run([sys.executable, "-I", "-S", str(ROOT / TARGET), str(md), str(ev)],
                          capture_output=True, text=True, timeout=60)
    return done.stdout.splitlines(), done.returncode


def exported(run, folder):
    markdown, evidence = run_export(run)
    md, ev = folder / "answer.md", folder / "evidence.json"
    md.write_text(markdown, encoding="utf-8")
    ev.write_text(json.dumps(evidence), encoding="utf-8")
    return md, ev


def test_the_shipped_script_is_what_the_verifier_modules_build():
    assert (ROOT / TARGET).read_text(encoding="utf-8") == build(ROOT)


@pytest.mark.parametrize("path", [p for p in RECORDED if json.loads(p.read_text())["claims"]], ids=lambda p: p.stem)
def test_it_agrees_with_the_in_app_verifier_on_a_recorded_run(path, tmp_path):
    run = import_run(json.loads(path.read_text(encoding="utf-8")))
    md, ev = exported(run, tmp_path)
    lines, code = in_app(md, ev)
    assert standalone(md, ev) == (lines, code)
    assert lines[-1].endswith("passages hold") or "failed" in lines[-1]
    # Change one word of the first passage checked: both verifiers fail it the same way.
    text = md.read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.startswith('> "'))
    word = next(w for w in first[3:].split() if w.isalpha() and len(w) > 3)
    md.write_text(text.replace(first, first.replace(word, word[::-1], 1), 1), encoding="utf-8")
    lines, code = in_app(md, ev)
    assert standalone(md, ev) == (lines, code)
    if "Checked: verbatim" in text.split(first, 1)[1].split("\n\n", 2)[1]:
        assert code == 1 and ": mismatch — differs at character" in lines[0]


def test_it_refuses_unusable_input_like_the_command(tmp_path):
    md, ev = tmp_path / "answer.md", tmp_path / "evidence.json"
    md.write_text("no passages here", encoding="utf-8")
    ev.write_text("[]", encoding="utf-8")
    lines, code = standalone(md, ev)
    assert (lines, code) == ([], 2)
    with pytest.raises(CommandError, match="must map provision ids"):
        call_command("verify_answer", str(md), str(ev), stdout=StringIO())
