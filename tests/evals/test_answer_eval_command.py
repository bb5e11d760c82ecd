"""manage.py eval_answers: answers golden questions with an engine, prints the figures with
a reason per question, and stores an EvalRun."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from research.eval_models import EvalRun
from research.models import Run

# The harness's figures, on questions the engine answers whatever its confidence (the threshold's
# figures: tests/research/test_extractive_confidence.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("answer_all")]

GOLDEN = """
- id: pa-cabinet
  question: Can I get cabinet confidences about me under the Privacy Act?
  expected: [P-21:s70]
- id: decline-gdpr
  question: How does the GDPR define a data controller?
  expected: []
  decline: true
"""
DEBT = "for the purpose of collecting a debt owed by the individual to the organization;"
DEBT_QUESTION = """
- id: debt
  question: May an organization disclose personal information to collect a debt?
  expected: [P-8.6:s7]
- id: no-transcript
  question: Who appoints the Privacy Commissioner?
  expected: [P-21:s53]
"""


def transcript(quote):
    return {"turns": [
        {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7"}}]},
        {"submit_answer": {"claims": [{"text": "Collecting a debt permits disclosure.",
                                       "citations": [{"provision_id": "P-8.6:s7(3)(b)", "quote": quote}]}],
                           "reading": "", "not_in_text": ""}},
    ]}


def run_command(*args):
    out = StringIO()
    call_command("eval_answers", *args, stdout=out)
    return out.getvalue().splitlines()


def golden_file(tmp_path, text):
    path = tmp_path / "golden.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_it_prints_the_figures_as_json_on_the_last_line(tmp_path):
    lines = run_command("--engine", "extractive", "--golden", golden_file(tmp_path, GOLDEN), "--json")
    figures = json.loads(lines[-1])
    assert figures["n"] == 2
    assert (figures["n_in_scope"], figures["n_decline"]) == (1, 1)
    assert figures["quote_fidelity"] == 1.0
    assert figures["decline_rate"] == 1.0
    assert figures["expected_section_hit_rate"] == 1.0
    assert figures["usd"] == 0.0
    assert figures["passed_thresholds"] is True


def test_it_stores_an_eval_run_with_a_reason_per_question(tmp_path):
    lines = run_command("--engine", "extractive", "--golden", golden_file(tmp_path, GOLDEN), "--json")
    eval_run = EvalRun.objects.get(pk=json.loads(lines[-1])["eval_run"])
    assert (eval_run.kind, eval_run.engine, eval_run.n, eval_run.golden_file) == (
        "answers", "extractive", 2, "golden.yaml")
    assert len(eval_run.golden_sha256) == 64
    cabinet, gdpr = eval_run.results.all()
    assert cabinet.ok and cabinet.reason.startswith("cited P-21:s70 (expected)")
    assert cabinet.run.engine == "extractive"
    assert cabinet.run.created_by.username == "eval-bot"
    assert (gdpr.ok, gdpr.reason, gdpr.run.gate) == (True, "declined as expected", Run.GATE_DECLINED)


def test_a_blocked_quote_is_not_shown_so_fidelity_stays_whole(tmp_path):
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    (scripts / "debt.json").write_text(json.dumps(transcript("for the purpose of collecting any debt;")))
    lines = run_command("--engine", "scripted", "--golden", golden_file(tmp_path, DEBT_QUESTION),
                        "--script-dir", str(scripts), "--json")
    figures = json.loads(lines[-1])
    assert (figures["n"], figures["skipped"]) == (1, ["no-transcript"])
    assert (figures["shown_quotes"], figures["quote_fidelity"], figures["blocked_rate"]) == (0, 1.0, 1.0)
    result = EvalRun.objects.get(pk=figures["eval_run"]).results.get()
    assert (result.ok, result.reason) == (False, "blocked claim: quote-mismatch")


def test_a_scripted_answer_quoting_the_expected_section_is_a_hit(tmp_path):
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    (scripts / "debt.json").write_text(json.dumps(transcript(DEBT)))
    lines = run_command("--engine", "scripted", "--golden", golden_file(tmp_path, DEBT_QUESTION),
                        "--script-dir", str(scripts), "--json")
    figures = json.loads(lines[-1])
    assert (figures["shown_quotes"], figures["verified_quotes"]) == (1, 1)
    assert figures["expected_section_hit_rate"] == 1.0
    assert EvalRun.objects.get(pk=figures["eval_run"]).results.get().reason == "cited P-8.6:s7 (expected)"


def test_the_scripted_engine_needs_a_script_dir(tmp_path):
    with pytest.raises(CommandError, match="--script-dir"):
        run_command("--engine", "scripted", "--golden", golden_file(tmp_path, GOLDEN))


def test_the_anthropic_engine_needs_a_key(tmp_path, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(CommandError, match="ANTHROPIC_API_KEY"):
        run_command("--engine", "anthropic", "--golden", golden_file(tmp_path, GOLDEN))
    assert not EvalRun.objects.exists()


def test_limit_keeps_the_first_questions(tmp_path):
    lines = run_command("--engine", "extractive", "--golden", golden_file(tmp_path, GOLDEN),
                        "--limit", "1", "--json")
    assert json.loads(lines[-1])["n"] == 1
