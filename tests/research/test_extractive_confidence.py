"""The extractive engine answers only when its retrieval confidence reaches its threshold; below
it, the run declines with no claim and lists the closest sections as leads to read."""

import pytest

from research import pipeline
from research.engines import extractive_confidence
from research.eval_models import EvalRun
from research.evals.answers import evaluate_answers
from research.export import run_markdown
from research.models import Run
from verifier.adapter import DbCorpus
from verifier.quotes import find_verbatim

pytestmark = pytest.mark.django_db

# A question the Act answers in its own words, and one it does not answer at all (the issue's
# example: the Labour Code's sections on union notices and safety data came closest).
ANSWERED = "What must an organization do when it has a breach of security safeguards involving personal information?"
UNANSWERED = "Can my employer read my work email?"


def ask(question, **kwargs):
    run = Run.objects.create(question=question, engine="extractive", **kwargs)
    return pipeline.execute(run.pk)


def test_a_confident_answer_says_what_measured_it():
    run = ask(ANSWERED)
    assert run.gate == Run.GATE_PASS
    confidence = run.answer["confidence"]
    assert confidence["score"] >= confidence["threshold"] == extractive_confidence.threshold()
    # The score is the weakest of the signs it is read from.
    signs = [confidence[k] for k in ("search_coverage", "similarity", "passage_coverage") if confidence[k] is not None]
    assert confidence["score"] == min(signs)
    assert run.answer["answers_question"] == {"measure": "retrieval confidence", "verdict": "supported",
                                              "score": confidence["score"]}
    assert run.claims.first().citations.first().provision_id.startswith("P-8.6:s10.1")


def test_below_the_threshold_it_lists_leads_and_claims_nothing():
    run = ask(UNANSWERED)
    assert run.gate == Run.GATE_DECLINED
    assert run.claims.count() == 0
    answer = run.answer
    assert answer["no_clear_answer"] is True
    assert answer["confidence"]["score"] < extractive_confidence.threshold()
    assert run.scope_note.startswith("No provision was found that clearly answers the question.")
    assert "leads to read, not an answer" in run.scope_note
    corpus = DbCorpus()
    assert 1 <= len(answer["leads"]) <= 3
    for lead in answer["leads"]:
        unit = corpus.get(lead["provision_id"])
        assert unit is not None and lead["provision_id"].startswith(lead["section_id"])
        # The passage shown is the stored text, word for word, and cited as people cite it.
        assert find_verbatim(lead["passage"], unit.text) is not None
        assert lead["citation"].startswith("s. ") and "Canada Labour Code" in lead["citation"]


def test_the_threshold_is_a_setting(settings):
    settings.VERBATIM_EXTRACTIVE_MIN_CONFIDENCE = 0
    run = ask(UNANSWERED)
    assert run.gate == Run.GATE_PASS
    assert run.answer["confidence"]["threshold"] == 0


def test_the_run_page_shows_leads_not_an_answer(client, django_user_model):
    user = django_user_model.objects.create_user("lawyer", password="pw-long-enough-1")
    run = ask(UNANSWERED, created_by=user)
    client.force_login(user)
    html = client.get(f"/runs/{run.pk}/").content.decode()
    assert "No clear answer" in html and "Leads to read (not an answer)" in html
    assert "Quotes: verified verbatim" not in html
    for lead in run.answer["leads"]:
        section = lead["section_id"].split(":", 1)[1]
        assert f'data-lead="{lead["section_id"]}"' in html
        assert f'href="/acts/{lead["section_id"].split(":")[0]}/{section}/"' in html


def test_the_api_and_the_export_say_there_is_no_clear_answer(client, django_user_model):
    user = django_user_model.objects.create_user("lawyer", password="pw-long-enough-1")
    leads_run, answered_run = ask(UNANSWERED, created_by=user), ask(ANSWERED, created_by=user)
    client.force_login(user)
    body = client.get(f"/api/v1/research/{leads_run.pk}").json()
    assert body["no_clear_answer"] is True and body["answers_question"] is None
    assert [lead["section_id"] for lead in body["leads"]] == [lead["section_id"] for lead in leads_run.answer["leads"]]
    body = client.get(f"/api/v1/research/{answered_run.pk}").json()
    assert (body["no_clear_answer"], body["leads"]) == (False, [])
    assert body["answers_question"]["measure"] == "retrieval confidence"
    markdown = run_markdown(leads_run)
    assert "## Leads to read (not an answer)" in markdown
    assert leads_run.answer["leads"][0]["citation"] in markdown


def test_the_eval_reports_coverage_precision_and_the_curve():
    items = [{"id": "answered", "question": ANSWERED, "expected": ["P-8.6:s10.1"]},
             {"id": "leads", "question": UNANSWERED, "expected": ["L-2:s125"]},
             {"id": "decline", "question": "How does the GDPR define a data controller?", "expected": [],
              "decline": True}]
    report = evaluate_answers(items, "extractive")
    answered, leads, _ = report.results
    assert answered.confidence >= extractive_confidence.threshold() > leads.confidence
    assert leads.leads and leads.lead_hit is ("L-2:s125" in leads.leads)
    assert "no clear answer (retrieval confidence" in leads.reason
    figures = report.figures()
    assert (figures["answered_rate"], figures["answer_precision"], figures["leads_rate"]) == (0.5, 1.0, 0.5)
    # Highest threshold first: answering only the confident question, then both.
    curve = figures["confidence_curve"]
    assert [point[1] for point in curve] == [0.5, 1.0]
    assert curve[0] == [round(answered.confidence, 3), 0.5, 1.0]
    assert curve[1][2] == (1.0 if leads.lead_hit else 0.5)


def test_the_evals_page_draws_the_curve_and_marks_the_threshold_in_use(client):
    EvalRun.objects.create(kind="answers", engine="extractive", golden_file="golden.yaml", golden_sha256="0" * 64,
                           n=3, metrics={"answered_rate": 0.5, "answer_precision": 0.9, "confidence_curve": [
                               [0.7, 0.2, 1.0], [extractive_confidence.threshold(), 0.5, 0.9], [0.1, 1.0, 0.6],
                               ["<script>", 1, 1]]})
    html = client.get("/demo/evals/").content.decode()
    assert "When the extractive engine answers" in html
    assert html.count('class="trend__point') >= 3 and html.count("curve__chosen") == 1
    assert "answered 0.50, precision 0.90" in html
    assert "<script>" not in html.split("<svg", 1)[1].split("</svg>", 1)[0]
