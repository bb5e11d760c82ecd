"""load_default_data fills /demo/evals/ with a first measurement, once per question set."""

from io import StringIO

import pytest
from django.urls import reverse

from research.eval_models import EvalRun
from research.evals.retrieval import KOREAN_GOLDEN
from research.management.commands.load_default_data import first_evals

pytestmark = pytest.mark.django_db


def test_a_first_measurement_fills_the_evals_page_and_is_not_repeated(client):
    out = StringIO()
    first_evals(out, retrieval=[KOREAN_GOLDEN], answers=[KOREAN_GOLDEN])
    assert out.getvalue().splitlines() == ["Search measured on korean_golden.yaml (/demo/evals/).",
                                           "Extractive answers measured on korean_golden.yaml (/demo/evals/)."]
    first_evals(out, retrieval=[KOREAN_GOLDEN], answers=[KOREAN_GOLDEN])
    assert EvalRun.objects.count() == 2
    html = client.get(reverse("research:demo_evals")).content.decode()
    assert "Latest figures by question set" in html
    assert "Korean golden" in html and "Found in the top 5 (recall@5)" in html
    assert "Shown quotes that verify: <strong>1.000</strong>" in html
    assert "<details" in html and "baseline_recall_at_k" not in html
