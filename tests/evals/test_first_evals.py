"""load_default_data fills /demo/evals/ with a first measurement, once per question set."""

from io import StringIO

import pytest
import yaml
from django.urls import reverse

from research.eval_models import EvalRun
from research.evals.retrieval import GOLDEN, KOREAN_GOLDEN, load_golden, question_sets
from research.management.commands.load_default_data import first_evals

pytestmark = pytest.mark.django_db


@pytest.fixture
def korean_sample(tmp_path):
    """Three entries of the Korean golden set (two to find, one to decline): what is measured
    here is that a first measurement is stored and shown once, not how good it is (the question
    sets' floors are tests/evals/test_retrieval_thresholds.py and test_answer_thresholds.py)."""
    entries = yaml.safe_load(KOREAN_GOLDEN.read_text(encoding="utf-8"))
    sample = [e for e in entries if not e.get("decline")][:2] + [e for e in entries if e.get("decline")][:1]
    path = tmp_path / "korean_sample.yaml"
    path.write_text(yaml.safe_dump(sample, allow_unicode=True), encoding="utf-8")
    return path


def test_a_first_measurement_fills_the_evals_page_and_is_not_repeated(client, korean_sample):
    out = StringIO()
    first_evals(out, retrieval=[korean_sample], answers=[korean_sample])
    assert out.getvalue().splitlines() == ["Search measured on korean_sample.yaml (/demo/evals/).",
                                           "Extractive answers measured on korean_sample.yaml (/demo/evals/)."]
    first_evals(out, retrieval=[korean_sample], answers=[korean_sample])
    assert EvalRun.objects.count() == 2
    html = client.get(reverse("research:demo_evals")).content.decode()
    assert "Latest figures by question set" in html
    assert "Korean sample" in html and "Found in the top 5 (recall@5)" in html
    assert "Shown quotes that verify: <strong>1.000</strong>" in html
    assert "<details" in html and "baseline_recall_at_k" not in html


def test_every_set_a_fresh_install_measures_is_a_question_set():
    # make run measures these on first load: a file of another kind (the eval ledger, the
    # thresholds) among them stops load_default_data half way.
    sets = question_sets()
    assert GOLDEN in sets and all(path.exists() for path in sets)
    for path in sets:
        assert load_golden(path), path.name
