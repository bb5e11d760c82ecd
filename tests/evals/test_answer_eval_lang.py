"""research.evals.answers.answer_one asks an item in its `lang` (bench/generated_questions.py asks
half its questions in French); an item without one is asked in the question's language, as the
ask page reads it."""

import pytest

from research.evals.answers import answer_one, eval_user
from research.models import Citation, Run

pytestmark = pytest.mark.django_db


def test_an_item_in_french_runs_in_french_and_scores_against_the_french_text():
    item = {"id": "fr", "lang": "fra", "expected": ["P-21:s53"],
            "question": "Qui nomme le Commissaire à la protection de la vie privée ?"}
    result = answer_one(item, "extractive", eval_user())
    run = Run.objects.get(pk=result.run_id)
    assert run.lang == "fra" and run.gate in (Run.GATE_PASS, Run.GATE_PARTIAL), (run.gate, run.error)
    assert result.hit and result.verified_quotes == result.shown_quotes > 0, result.reason
    quotes = " ".join(Citation.objects.filter(claim__run=run).values_list("quote", flat=True))
    assert "commissaire" in quotes.lower()


def test_an_item_without_a_language_runs_in_english():
    item = {"id": "en", "expected": ["P-21:s53"], "question": "Who appoints the Privacy Commissioner?"}
    result = answer_one(item, "extractive", eval_user())
    assert Run.objects.get(pk=result.run_id).lang == "eng"


def test_an_item_without_a_language_in_french_runs_in_french():
    item = {"id": "fr2", "expected": ["P-21:s53"], "question": "Qui nomme le Commissaire à la protection de la vie privée ?"}
    result = answer_one(item, "extractive", eval_user())
    assert Run.objects.get(pk=result.run_id).lang == "fra"
