"""The eval ledger (research/evals/history.yaml) and its generated report (docs/eval-history.md)."""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from research.eval_models import EvalRun
from research.evals.history import LEDGER, REPORT, load_ledger, render_report

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_report_is_the_ledgers():
    assert REPORT.read_text(encoding="utf-8") == render_report(load_ledger()) + "\n", (
        "docs/eval-history.md is stale: run manage.py eval_report --write")


def test_every_set_the_ledger_names_by_path_exists():
    named = {m.set for m in load_ledger() if m.set.endswith(".yaml")}
    assert named
    assert sorted(name for name in named if not (ROOT / name).exists()) == []


def test_the_held_out_runs_come_first_with_their_intervals():
    report = render_report(load_ledger())
    held_out = report.split("## Held-out runs", 1)[1].split("\n## ", 1)[0]
    assert "| held out |" in held_out and "| tuning |" not in held_out
    assert "(0." in held_out  # an interval is printed as value (low-high)


@pytest.mark.parametrize("entry, message", [
    ("- {date: 2026-12-01, set: a.yaml, eval: retrieval, corpus: default, variant: v, use: held out, note: n}",
     "entry 1: missing figures"),
    ("- {date: 2026-12-01, set: a.yaml, eval: vibes, corpus: default, variant: v, use: held out, "
     "figures: {mrr: 0.5}, note: n}", "entry 1: eval 'vibes' is not one of"),
    ("- {date: 2026-12-01, set: a.yaml, eval: retrieval, corpus: default, variant: v, use: held out, "
     "figures: {mrr: [0.5, 0.4]}, note: n}", "entry 1: figure mrr must be a number or [value, low, high]"),
    ("- {date: yesterday, set: a.yaml, eval: retrieval, corpus: default, variant: v, use: tuning, "
     "figures: {mrr: 0.5}, note: n}", "entry 1: date 'yesterday' is not YYYY-MM-DD"),
])
def test_a_malformed_entry_is_named(tmp_path, entry, message):
    ledger = tmp_path / "history.yaml"
    ledger.write_text(entry, encoding="utf-8")
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_ledger(ledger)


def test_the_ledger_is_well_formed():
    assert len(load_ledger(LEDGER)) >= 20


@pytest.mark.django_db
def test_the_command_adds_the_latest_stored_run_of_each_set():
    EvalRun.objects.create(kind="retrieval", engine="verbatim-search", golden_file="golden.yaml",
                           golden_sha256="0" * 64, n=3, metrics={"recall_at_k": 0.1, "mrr": 0.1},
                           finished_at=timezone.now() - timezone.timedelta(days=1))
    EvalRun.objects.create(kind="retrieval", engine="verbatim-search", golden_file="golden.yaml",
                           golden_sha256="0" * 64, n=3, metrics={"recall_at_k": 0.667, "mrr": 0.5},
                           finished_at=timezone.now(), passed_thresholds=True)
    out = StringIO()
    call_command("eval_report", "--stored", stdout=out)
    stored = out.getvalue().split("## Latest stored eval runs (this database)", 1)[1]
    assert "| retrieval | golden.yaml | verbatim-search | 3 | mrr 0.5, recall_at_k 0.667 | met |" in stored
    assert "recall_at_k 0.1 |" not in stored  # the older run of the same set is not listed


def test_write_and_stored_are_not_mixed():
    with pytest.raises(CommandError, match="--write writes the ledger's report only"):
        call_command("eval_report", "--stored", "--write")
