"""trend_svg draws a small line chart from stored eval runs; the page context gathers them."""

import xml.etree.ElementTree as ET

import pytest

from research.eval_models import EvalResult, EvalRun
from research.evals.chart import latest_eval_context, latest_per_set, trend_svg

SVG = "{http://www.w3.org/2000/svg}"


def runs(*values, metric="mrr"):
    return [EvalRun(kind="retrieval", metrics={metric: v, "k": 5}) for v in values]


def test_it_draws_a_well_formed_line_with_one_point_per_run():
    root = ET.fromstring(trend_svg(runs(0.5, 0.75, 0.8), "mrr"))
    assert root.tag == f"{SVG}svg"
    assert len(root.findall(f"{SVG}circle")) == 3
    assert len(root.findall(f"{SVG}polyline")) == 1
    assert [c.find(f"{SVG}title").text for c in root.findall(f"{SVG}circle")] == ["0.500", "0.750", "0.800"]


def test_it_says_so_when_there_is_nothing_to_draw():
    root = ET.fromstring(trend_svg([], "mrr"))
    assert [t.text for t in root.findall(f"{SVG}text")][-1] == "no runs yet"
    assert root.findall(f"{SVG}circle") == []


def test_it_draws_only_numbers_and_no_style_attributes():
    hostile = runs("<script>alert(1)</script>", float("nan"), True, 0.9)
    svg = trend_svg(hostile, "mrr", title='"><script>alert(2)</script>')
    root = ET.fromstring(svg)
    assert len(root.findall(f"{SVG}circle")) == 1
    assert "<script" not in svg
    assert not any("style" in el.attrib or any(a.startswith("on") for a in el.attrib) for el in root.iter())


def test_values_outside_zero_to_one_stay_inside_the_chart():
    root = ET.fromstring(trend_svg(runs(-3, 7), "mrr"))
    ys = [float(c.get("cy")) for c in root.findall(f"{SVG}circle")]
    height = float(root.get("height"))
    assert all(0 <= y <= height for y in ys)


@pytest.mark.django_db
def test_the_page_context_has_the_latest_runs_and_three_trends():
    for value in (0.6, 0.8):
        EvalRun.objects.create(kind="retrieval", engine="verbatim-search", golden_file="g.yaml", golden_sha256="0" * 64,
                               n=1, metrics={"k": 5, "recall_at_k": value, "mrr": value})
    answers = EvalRun.objects.create(kind="answers", engine="extractive", golden_file="g.yaml",
                                     golden_sha256="0" * 64, n=1, metrics={"quote_fidelity": 1.0})
    EvalResult.objects.create(eval_run=answers, question_id="q", question="Q?", ok=True,
                              reason="declined as expected")
    context = latest_eval_context()
    assert context["retrieval"].metrics["mrr"] == 0.8
    assert context["answers"] == answers
    assert [r.reason for r in context["answer_results"]] == ["declined as expected"]
    assert [(t["metric"], t["runs"]) for t in context["trends"]] == [
        ("recall_at_k", 2), ("mrr", 2), ("quote_fidelity", 1)]
    for trend in context["trends"]:
        ET.fromstring(trend["svg"])


@pytest.mark.django_db
def test_a_trend_follows_the_golden_file_of_the_latest_run():
    # golden.yaml and the held-out set score differently: one line must not mix them.
    for golden_file, value in (("golden.yaml", 0.9), ("holdout.yaml", 0.7), ("golden.yaml", 0.91)):
        EvalRun.objects.create(kind="retrieval", engine="verbatim-search", golden_file=golden_file,
                               golden_sha256="0" * 64, n=1, metrics={"k": 5, "recall_at_k": value, "mrr": value})
    trend = latest_eval_context()["trends"][0]
    assert trend["runs"] == 2
    assert trend["label"] == "Recall@5 (retrieval) · golden.yaml"
    points = [c.find(f"{SVG}title").text for c in ET.fromstring(trend["svg"]).iter(f"{SVG}circle")]
    assert points == ["0.900", "0.910"]


@pytest.mark.django_db
def test_the_summary_has_the_newest_run_of_each_set_under_plain_names():
    for golden_file, value in (("golden.yaml", 0.9), ("korean_holdout.yaml", 0.4), ("golden.yaml", 0.91)):
        EvalRun.objects.create(kind="retrieval", engine="verbatim-search", golden_file=golden_file,
                               golden_sha256="0" * 64, n=1, metrics={"k": 5, "recall_at_k": value, "mrr": value})
    EvalRun.objects.create(kind="answers", engine="extractive", golden_file="golden.yaml with typos",
                           golden_sha256="0" * 64, n=1, metrics={"quote_fidelity": 1.0, "decline_rate": 0.5})
    rows = [(r["run"].kind, r["set"], r["figures"]) for r in latest_per_set()]
    assert rows == [
        ("retrieval", "Golden", [("Found in the top 5 (recall@5)", 0.91), ("Mean reciprocal rank", 0.91),
                                 ("Plain BM25: found in the top 5", None)]),
        ("retrieval", "Korean holdout", [("Found in the top 5 (recall@5)", 0.4), ("Mean reciprocal rank", 0.4),
                                         ("Plain BM25: found in the top 5", None)]),
        ("answers", "Golden (with typos)", [("Shown quotes that verify", 1.0),
                                            ("Out-of-scope questions declined", 0.5),
                                            ("In-scope questions answered (coverage)", None),
                                            ("Answers citing an expected section (precision)", None)]),
    ]
