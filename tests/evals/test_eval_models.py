"""EvalRun and EvalResult store an eval's figures and each question's outcome."""

import pytest

from research.eval_models import EvalResult, EvalRun
from research.evals.retrieval import DEV, GOLDEN, HOLDOUT2, evaluate, load_golden, load_thresholds
from research.evals.store import golden_fingerprint, store_retrieval_eval

pytestmark = pytest.mark.django_db


def test_it_stores_and_reads_an_eval_run():
    eval_run = EvalRun.objects.create(kind=EvalRun.KIND_ANSWERS, engine="extractive", golden_file="golden.yaml",
                                      golden_sha256="a" * 64, n=2,
                                      metrics={"quote_fidelity": 1.0, "decline_rate": 0.5},
                                      passed_thresholds=False)
    EvalResult.objects.create(eval_run=eval_run, position=0, question_id="q1", question="Who?",
                              expected=["P-8.6:s7"], got=["P-8.6:s7", "P-8.6:s2"], ok=True,
                              reason="cited P-8.6:s7 (expected)")
    stored = EvalRun.objects.get(pk=eval_run.pk)
    assert stored.metrics == {"quote_fidelity": 1.0, "decline_rate": 0.5}
    assert [(r.question_id, r.got, r.ok, r.reason) for r in stored.results.all()] == [
        ("q1", ["P-8.6:s7", "P-8.6:s2"], True, "cited P-8.6:s7 (expected)")]


def test_a_retrieval_eval_is_stored_with_ranks_and_reasons(tmp_path):
    golden = tmp_path / "small.yaml"
    golden.write_text("- {id: a, question: q, expected: [P-8.6:s7]}\n"
                      "- {id: b, question: q, expected: [P-21:s70]}\n")
    ranked = ["P-8.6:s2", "P-8.6:s7", "P-21:s3"]
    report = evaluate(load_golden(golden), lambda q: ranked, k=5)
    eval_run = store_retrieval_eval(report.as_dict(), report.results, golden)
    assert (eval_run.kind, eval_run.n, eval_run.golden_file) == ("retrieval", 2, "small.yaml")
    assert eval_run.metrics == {"k": 5, "n": 2, "recall_at_k": 0.5, "mrr": 0.25}
    assert eval_run.passed_thresholds is False
    a, b = eval_run.results.all()
    assert (a.rank, a.ok, a.reason) == (2, True, "expected section at rank 2")
    assert (b.rank, b.ok, b.reason) == (None, False, "missed: got P-8.6:s2, P-8.6:s7, P-21:s3")


def test_the_golden_fingerprint_is_the_files_sha256():
    name, sha = golden_fingerprint(GOLDEN)
    assert name == "golden.yaml"
    assert len(sha) == 64 and sha == golden_fingerprint(str(GOLDEN))[1]


def test_the_baseline_figures_are_stored_one_per_key(tmp_path):
    golden = tmp_path / "one.yaml"
    golden.write_text("- {id: a, question: q, expected: [P-8.6:s7]}\n")
    report = evaluate(load_golden(golden), lambda q: ["P-8.6:s7"], k=5)
    figures = {"k": 5, "n": 1, "recall_at_k": 1.0, "mrr": 1.0, "baseline": {"recall_at_k": 0.0, "mrr": 0.5}}
    eval_run = store_retrieval_eval(figures, report.results, golden, baseline=report)
    assert eval_run.metrics == {"k": 5, "n": 1, "recall_at_k": 1.0, "mrr": 1.0,
                                "baseline_recall_at_k": 0.0, "baseline_mrr": 0.5}
    assert eval_run.results.get().reason == "expected section at rank 1; baseline rank 1"


def test_the_retrieval_command_stores_an_eval_run(tmp_path):
    from io import StringIO

    from django.core.management import call_command

    golden = tmp_path / "one.yaml"
    golden.write_text("- {id: subpoena, question: disclose personal information to comply with a subpoena, "
                      "expected: [P-8.6:s7]}\n")
    call_command("eval_retrieval", "--golden", str(golden), "--json", stdout=StringIO())
    eval_run = EvalRun.objects.get()
    assert (eval_run.kind, eval_run.engine, eval_run.n, eval_run.golden_file) == (
        "retrieval", "verbatim-search", 1, "one.yaml")
    assert set(eval_run.metrics) == {"k", "n", "recall_at_k", "mrr", "baseline_recall_at_k", "baseline_mrr",
                                     "recall_at_k_low", "recall_at_k_high", "mrr_low", "mrr_high"}
    assert eval_run.metrics["recall_at_k_low"] <= eval_run.metrics["recall_at_k"] <= eval_run.metrics["recall_at_k_high"]
    assert eval_run.results.get().question_id == "subpoena"


def test_a_run_asked_with_typos_is_a_trend_of_its_own_held_to_the_typo_floors(tmp_path):
    from io import StringIO

    from django.core.management import call_command

    golden = tmp_path / "one.yaml"
    golden.write_text("- {id: subpoena, question: disclose personal information to comply with a subpoena, "
                      "expected: [P-8.6:s7]}\n")
    call_command("eval_retrieval", "--golden", str(golden), "--typos", "--json", stdout=StringIO())
    eval_run = EvalRun.objects.get()
    floors = load_thresholds()["retrieval_typos"]
    assert eval_run.golden_file == "one.yaml with typos"
    assert eval_run.thresholds == {"recall_at_k": floors["recall_at_5"], "mrr": floors["mrr"]}
    asked = eval_run.results.get().question
    assert asked != "disclose personal information to comply with a subpoena"


@pytest.mark.parametrize("path", [HOLDOUT2, DEV])
def test_a_held_out_or_dev_run_is_held_to_its_own_floors(path):
    report = evaluate(load_golden(path)[:2], lambda q: [], k=5)
    eval_run = store_retrieval_eval(report.as_dict(), report.results, path)
    floors = load_thresholds()[f"retrieval_{path.stem}"]
    assert eval_run.golden_file == path.name
    assert eval_run.thresholds == {"recall_at_k": floors["recall_at_5"], "mrr": floors["mrr"]}
