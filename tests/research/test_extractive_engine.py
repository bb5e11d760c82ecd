"""The extractive engine answers from the default corpus with verified quotes only, or declines."""

import pytest

from research import pipeline
from research.engines.extractive import out_of_scope_reason
from research.models import Citation, Run

pytestmark = pytest.mark.django_db


def ask(question, **kwargs):
    run = Run.objects.create(question=question, engine="extractive", **kwargs)
    return pipeline.execute(run.pk)


@pytest.mark.parametrize(("question", "act"), [
    ("Can an organization disclose personal information without consent to comply with a subpoena?", "P-8.6"),
    ("How much vacation does an employee get under the Canada Labour Code?", "L-2"),
    ("How long does copyright last after the author dies?", "C-42"),
])
def test_it_answers_with_only_verified_quotes(question, act):
    run = ask(question)
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PASS)
    citations = Citation.objects.filter(claim__run=run)
    assert citations.first().provision_id.startswith(f"{act}:")
    assert {c.status for c in citations} <= {"pass", "downgraded"}
    assert all(len(c.text_sha256) == 64 for c in citations)
    assert run.reading.startswith("Reading (extractive, no model)")
    assert run.not_in_text.startswith("The passages were picked by matching words")


def test_it_quotes_the_paragraph_with_its_lead_in():
    run = ask("Can an organization disclose personal information without consent to comply with a subpoena?")
    first = run.claims.first()
    assert [c.provision_id for c in first.citations.all()] == ["P-8.6:s7(3)", "P-8.6:s7(3)(c)"]
    assert first.citations.last().quote.startswith("required to comply with a subpoena or warrant")
    assert "Section 7 of P-8.6 also contains" in run.not_in_text
    assert not any(f["code"] == "qualifier" for c in run.claims.all() for f in c.findings)


@pytest.mark.parametrize(("question", "reason"), [
    ("What does Ontario's Employment Standards Act say about overtime?", "provincial law"),
    ("What did the court decisions say about privacy in case law?", "case law"),
    ("How is income tax calculated on a bonus?", "tax"),
    ("What does the GDPR say about consent?", "the law of another country"),
])
def test_it_declines_questions_outside_the_corpus(question, reason):
    run = ask(question)
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_DECLINED)
    assert run.scope_note.startswith(f"Not answered: this question is about {reason}")
    assert run.claims.count() == 0


def test_it_declines_when_nothing_matches_well():
    run = ask("How do I get a divorce?")
    assert run.gate == Run.GATE_DECLINED
    assert "no passage that matches the question well enough" in run.scope_note


def test_a_question_about_quebec_under_pipeda_is_not_mistaken_for_provincial_law():
    assert out_of_scope_reason("May an organization disclose information to a notary in Quebec?") == ""
