"""The faithfulness judge (research/judge.py), driving the real SDK against the fake Messages API:
scores stored per run and per claim, flagged under 0.80, shown as a model's judgment on the run
page, the review queue, the API and the exports; "not scored" whenever the judge could not score,
with the run's checked answer untouched."""

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from research import pipeline
from research.export import run_markdown
from research.models import Run, RunEvent
from tests.base import login
from tests.research.fake_anthropic import FakeAnthropic, error, raw, reply, submit, tool_use
from verifier.adapter import DbCorpus

pytestmark = pytest.mark.django_db

DEBT = "for the purpose of collecting a debt owed by the individual to the organization;"
SUBPOENA = ("required to comply with a subpoena or warrant issued or an order made by a court, person or "
            "body with jurisdiction to compel the production of information, or to comply with rules of "
            "court relating to the production of records;")
DEBT_CLAIM = ("An organization may disclose personal information without consent to collect a debt the "
              "individual owes it.")
SUBPOENA_CLAIM = "An organization may disclose personal information without consent to comply with a subpoena."
QUESTION = "May an organization disclose personal information without consent to collect a debt?"


@pytest.fixture
def api(settings, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-a-real-key")
    settings.VERBATIM_JUDGE = True
    settings.VERBATIM_ANTHROPIC_MAX_RETRIES = 1
    with FakeAnthropic() as fake:
        settings.ANTHROPIC_BASE_URL = fake.url
        yield fake


def claim(text, pid, quote):
    return {"text": text, "citations": [{"provision_id": pid, "quote": quote}]}


def scripted_run(*claims, user=None):
    """A scripted run (no model of its own: every request the fake API sees is the judge's) that
    fetches PIPEDA s. 7 and submits `claims`."""
    script = {"turns": [{"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7"}}]},
                        {"submit_answer": {"claims": list(claims), "reading": "Paragraph 7(3)(b) allows it.",
                                           "not_in_text": "Only the listed cases; despite clause 4.3."}}]}
    run = Run.objects.create(question=QUESTION, engine="scripted", script=script, acts=["P-8.6"], created_by=user)
    return pipeline.execute(run.pk)


def scores(*entries):
    """A record_scores reply: entries of (claim number, faithfulness, answers_question)."""
    return reply(tool_use("record_scores", {"scores": [
        {"claim": n, "faithfulness": f, "answers_question": a, "reason": f"Reason for claim {n}."}
        for n, f, a in entries]}), input_tokens=3000, output_tokens=200)


def test_it_scores_each_kept_claim_and_stores_mean_and_lowest(api):
    api.queue(scores((1, 0.95, 0.9), (2, 0.85, 0.3)))
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), claim(SUBPOENA_CLAIM, "P-8.6:s7(3)(c)", SUBPOENA))
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PASS)
    block = run.answer["faithfulness"]
    assert {k: block[k] for k in ("measure", "model", "mean", "lowest", "review_below", "flagged")} == {
        "measure": "model judge", "model": "claude-sonnet-5-5", "mean": 0.9, "lowest": 0.85,
        "review_below": 0.8, "flagged": False}
    assert [(s["claim"], s["faithfulness"], s["answers_question"]) for s in block["scores"]] == [
        (1, 0.95, 0.9), (2, 0.85, 0.3)]
    first, second = run.answer["claims"]
    assert first["faithfulness"] == {"score": 0.95, "reason": "Reason for claim 1."}
    assert first["answers_question"] == {"measure": "model judge", "verdict": "supported", "score": 0.9}
    assert second["answers_question"]["verdict"] == "not shown"
    # The run answers the question when one of its claims does.
    assert run.answer["answers_question"] == {"measure": "model judge", "verdict": "supported", "score": 0.9}
    request = api.requests[0]["json"]
    assert request["tool_choice"] == {"type": "tool", "name": "record_scores"}
    assert [t["name"] for t in request["tools"]] == ["record_scores"]
    judged = run.events.get(kind=RunEvent.KIND_STATUS, data__status="judged").data
    assert (judged["mean"], judged["lowest"], judged["flagged"]) == (0.9, 0.85, False)
    assert run.events.last().kind == RunEvent.KIND_FINAL


def test_the_prompt_carries_the_cited_sections_stored_text(api):
    api.queue(scores((1, 0.9, 0.9)))
    scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT))
    message = api.requests[0]["json"]["messages"][0]["content"]
    section = DbCorpus().get("P-8.6:s7").text
    assert section in message and QUESTION in message
    assert f"Claim 1 (cites P-8.6:s7): {DEBT_CLAIM}" in message
    assert f"quoted from P-8.6:s7(3)(b): \u201c{DEBT}\u201d" in message


def test_a_claim_under_the_mark_flags_the_run(api):
    api.queue(scores((1, 0.95, 0.9), (2, 0.74, 0.6)))
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), claim(SUBPOENA_CLAIM, "P-8.6:s7(3)(c)", SUBPOENA))
    assert (run.answer["faithfulness"]["lowest"], run.answer["faithfulness"]["flagged"]) == (0.74, True)
    assert run.answer["claims"][1]["answers_question"]["verdict"] == "partly"
    assert run.gate == Run.GATE_PASS  # a flag asks for review; it blocks nothing


def test_blocked_claims_are_not_sent_to_the_judge(api):
    invented = "for the purpose of collecting any debt whatsoever;"
    api.queue(scores((2, 0.9, 0.9)))
    run = scripted_run(claim("Any debt allows disclosure.", "P-8.6:s7(3)(b)", invented),
                       claim(SUBPOENA_CLAIM, "P-8.6:s7(3)(c)", SUBPOENA))
    assert run.gate == Run.GATE_BLOCKED
    message = api.requests[0]["json"]["messages"][0]["content"]
    assert "Any debt allows disclosure." not in message and "Claim 1" not in message
    assert f"Claim 2 (cites P-8.6:s7): {SUBPOENA_CLAIM}" in message
    assert [s["position"] for s in run.answer["faithfulness"]["scores"]] == [1]
    assert "faithfulness" not in run.answer["claims"][0]


def test_a_run_with_every_claim_blocked_makes_no_call(api):
    run = scripted_run(claim("Any debt allows disclosure.", "P-8.6:s7(3)(b)", "collecting any debt whatsoever"))
    assert run.gate == Run.GATE_BLOCKED
    assert api.requests == [] and "faithfulness" not in run.answer


@pytest.mark.parametrize(("response", "reason"), [
    (error(529, "Overloaded"), "the model API is overloaded (529) and retries ran out; try again in a few minutes"),
    (raw(b"{this is not json"), "the judge's reply could not be read (JSONDecodeError)"),
    (reply(tool_use("record_scores", {"scores": [{"claim": 1, "faithfulness": 1.7, "answers_question": 0.9,
                                                   "reason": "Too sure."}]})),
     "the judge's scores break the record_scores schema (scores.0.faithfulness: Input should be less than or "
     "equal to 1)"),
    (reply(tool_use("record_scores", {"scores": [{"claim": 1, "faithfulness": "high", "answers_question": 0.9,
                                                   "reason": "Words."}]})),
     "the judge's scores break the record_scores schema (scores.0.faithfulness: Input should be a valid number)"),
    (reply(tool_use("record_scores", {"scores": [{"claim": 3, "faithfulness": 0.9, "answers_question": 0.9,
                                                   "reason": "Another claim."}]})),
     "the judge's scores do not match the claims sent; no score for claim 1; unexpected or repeated claim 3"),
    (reply("I think it is faithful."), "the judge did not call record_scores"),
], ids=["overloaded", "garbage", "out-of-range", "not-a-number", "wrong-claim", "no-tool"])
def test_a_judge_failure_leaves_the_answer_untouched_and_says_why(api, response, reason):
    api.queue(response, response)
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT))
    assert (run.status, run.gate, run.error) == (Run.STATUS_DONE, Run.GATE_PASS, "")
    assert run.answer["faithfulness"] == {"measure": "model judge", "model": "claude-sonnet-5-5",
                                          "not_scored": reason}
    assert "faithfulness" not in run.answer["claims"][0] and "answers_question" not in run.answer
    assert run.claims.get().status == "pass"
    assert run.events.get(kind=RunEvent.KIND_STATUS, data__status="not judged").data["reason"] == reason


def test_a_rate_limit_is_retried_then_scored(api):
    api.queue(error(429, "slow down", headers={"retry-after": "0"}), scores((1, 0.9, 0.9)))
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT))
    assert run.answer["faithfulness"]["mean"] == 0.9
    assert len(api.requests) == 2


def test_the_judges_call_is_in_the_runs_cost(api):
    # The engine's two calls: 1000 in / 100 out = 0.0030 USD, 1000 in / 200 out = 0.0040 USD; the
    # judge's 3000 in / 200 out = 0.0060 + 0.0020 = 0.0080 USD.
    api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7(3)(b)"}), input_tokens=1000, output_tokens=100),
              reply(submit({"claims": [claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT)], "reading": "r",
                            "not_in_text": "Only if a listed case applies; despite clause 4.3."}),
                    input_tokens=1000, output_tokens=200),
              scores((1, 0.9, 0.9)))
    run = pipeline.execute(Run.objects.create(question=QUESTION, engine="anthropic", acts=["P-8.6"]).pk)
    assert run.gate == Run.GATE_PASS
    calls = list(run.model_calls.order_by("seq"))
    assert [(c.purpose, c.usd) for c in calls] == [
        ("answer", Decimal("0.003000")), ("answer", Decimal("0.004000")), ("judge", Decimal("0.008000"))]
    assert run.usd == Decimal("0.015000")
    assert run.answer["faithfulness"]["model"] == "claude-sonnet-5-5"


def test_a_judge_model_without_a_price_makes_no_call(api, settings):
    settings.VERBATIM_JUDGE_MODEL = "claude-unpriced-1"
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT))
    assert api.requests == [] and run.gate == Run.GATE_PASS
    assert run.answer["faithfulness"]["not_scored"].startswith(
        "the judge model 'claude-unpriced-1' has no price in VERBATIM_PRICES")


def test_the_daily_spend_cap_stops_the_judge(api, settings):
    settings.VERBATIM_DAILY_USD_CAP = 0
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT))
    assert api.requests == []
    assert run.answer["faithfulness"]["not_scored"].startswith("daily spend cap reached")


def test_without_a_key_no_call_is_made_and_the_run_is_not_scored(api, monkeypatch, client, people):
    alice, _, _ = people
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), user=alice)
    assert api.requests == [] and "faithfulness" not in run.answer
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    assert '<span class="badge badge--info">Faithfulness: not scored</span>' in html
    assert "No judge model scored this run." in html
    body = client.get(f"/api/v1/research/{run.pk}").json()
    assert (body["faithfulness"]["scored"], body["faithfulness"]["not_scored"]) == (
        False, "No judge model scored this run.")


def test_the_run_page_shows_the_scores_as_a_models_judgment(api, client, people):
    alice, _, _ = people
    api.queue(scores((1, 0.95, 0.9), (2, 0.74, 0.6)))
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), claim(SUBPOENA_CLAIM, "P-8.6:s7(3)(c)", SUBPOENA),
                       user=alice)
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    assert ('<p data-signal="faithfulness" data-flagged><span class="badge badge--warn">Faithfulness (a model&#x27;s '
            'judgment): mean 0.84, lowest 0.74 — flagged for review</span>') in html
    assert "It is a model&#x27;s judgment, not a check of the text" in html
    second = " ".join(html[html.index('id="claim-2"'):].split())
    assert ('<span class="badge badge--warn">Faithfulness (a model&#x27;s judgment): 0.74</span> '
            '<span lang="en">Reason for claim 2.</span>') in second
    assert "Answers the question: partly" in second and "Measured by a model&#x27;s judgment" in second


def test_the_review_queue_marks_a_flagged_run(api, client, people):
    alice, bob, _ = people
    api.queue(scores((1, 0.6, 0.9)), scores((1, 0.95, 0.9)))
    flagged = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), user=alice)
    fine = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), user=alice)
    html = login(client, bob).get(reverse("research:review_queue")).content.decode()
    rows = {pk: html[html.index(f"Run {pk}</a>"):].split("</tr>")[0] for pk in (flagged.pk, fine.pk)}
    assert ('<span class="badge badge--warn" data-flagged>Faithfulness (a model&#x27;s judgment): mean 0.60, '
            'lowest 0.60 — flagged for review</span>') in rows[flagged.pk]
    assert "data-flagged" not in rows[fine.pk]


def test_the_api_serializes_the_scores(api, client, people):
    alice, _, _ = people
    api.queue(scores((1, 0.95, 0.9), (2, 0.74, 0.6)))
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), claim(SUBPOENA_CLAIM, "P-8.6:s7(3)(c)", SUBPOENA),
                       user=alice)
    body = login(client, alice).get(f"/api/v1/research/{run.pk}").json()
    assert {k: v for k, v in body["faithfulness"].items() if k != "scores"} == {
        "measure": "model judge", "scored": True, "model": "claude-sonnet-5-5", "mean": 0.845, "lowest": 0.74,
        "review_below": 0.8, "flagged": True, "not_scored": ""}
    assert body["faithfulness"]["scores"][1] == {"claim": 2, "position": 1, "faithfulness": 0.74,
                                                 "answers_question": 0.6, "reason": "Reason for claim 2."}
    assert [c["faithfulness"] for c in body["claims"]] == [
        {"score": 0.95, "reason": "Reason for claim 1."}, {"score": 0.74, "reason": "Reason for claim 2."}]
    assert [c["purpose"] for c in body["usage"]["model_calls"]] == ["judge"]


def test_the_markdown_export_prints_the_scores_in_english(api, people):
    alice, _, _ = people
    api.queue(scores((1, 0.74, 0.9)))
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), user=alice)
    markdown = run_markdown(run)
    assert (" · Faithfulness (a model's judgment): mean 0.74, lowest 0.74 — flagged for review (A judge model "
            "(claude-sonnet-5-5) scored each claim") in markdown
    assert "- Claim 1 faithfulness (a model's judgment): 0.74 (Reason for claim 1.)" in markdown


def test_the_french_run_page_translates_the_labels(api, people):
    alice, _, _ = people
    api.queue(scores((1, 0.74, 0.9)))
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), user=alice)
    client = login(Client(HTTP_ACCEPT_LANGUAGE="fr"), alice)
    html = client.get(reverse("research:run", args=[run.pk])).content.decode()
    assert '<html lang="fr">' in html
    assert "Fidélité (jugement d’un modèle) : moyenne 0,74, minimum 0,74 — à faire relire" in html
    assert "Faithfulness" not in html
    # Stored content and the API stay English.
    assert client.get(f"/api/v1/research/{run.pk}").json()["faithfulness"]["measure"] == "model judge"


def test_eval_answers_reports_the_judges_mean_and_lowest(api, tmp_path):
    import json
    from io import StringIO

    from django.core.management import call_command

    golden = tmp_path / "golden.yaml"
    golden.write_text("- id: debt\n  question: May an organization disclose personal information to collect a "
                      "debt?\n  expected: [P-8.6:s7]\n", encoding="utf-8")
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    (scripts / "debt.json").write_text(json.dumps({"turns": [
        {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7"}}]},
        {"submit_answer": {"claims": [claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT)], "reading": "",
                           "not_in_text": "Only if a listed case applies; despite clause 4.3."}}]}))
    api.queue(scores((1, 0.7, 0.9)))
    out = StringIO()
    call_command("eval_answers", "--engine", "scripted", "--golden", str(golden), "--script-dir", str(scripts),
                 "--json", stdout=out)
    lines = out.getvalue().splitlines()
    figures = json.loads(lines[-1])
    assert (figures["faithfulness_mean"], figures["faithfulness_lowest"], figures["faithfulness_scored_runs"],
            figures["faithfulness_flagged_runs"]) == (0.7, 0.7, 1, 1)
    assert ("faithfulness (a model's judgment) mean 0.700, lowest 0.700 over 1 scored runs, 1 flagged for review"
            in lines)


def test_eval_answers_says_not_scored_without_a_judge(tmp_path):
    import json
    from io import StringIO

    from django.core.management import call_command

    golden = tmp_path / "golden.yaml"
    golden.write_text("- id: cabinet\n  question: Can I get cabinet confidences about me under the Privacy Act?\n"
                      "  expected: [P-21:s70]\n", encoding="utf-8")
    out = StringIO()
    call_command("eval_answers", "--engine", "extractive", "--golden", str(golden), "--json", stdout=out)
    lines = out.getvalue().splitlines()
    assert json.loads(lines[-1])["faithfulness"] == "not scored"
    assert "faithfulness              not scored (no judge model scored these runs)" in lines


def test_the_demo_shows_each_recorded_run_as_scored_or_not(api, client):
    api.queue(scores((1, 0.95, 0.9)))
    scored = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT))
    unscored = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT))  # the fake API has no reply: not scored
    Run.objects.filter(pk__in=[scored.pk, unscored.pk]).update(recorded=True)
    html = client.get(reverse("research:demo")).content.decode()
    items = {pk: html[html.index(reverse("research:demo_replay", args=[pk])):].split("</li>")[0]
             for pk in (scored.pk, unscored.pk)}
    assert ('data-signal="faithfulness">Faithfulness (a model&#x27;s judgment): mean 0.95, lowest 0.95</span>'
            in items[scored.pk])
    assert 'data-signal="faithfulness">Faithfulness: not scored</span>' in items[unscored.pk]
    replay = client.get(reverse("research:demo_replay", args=[scored.pk])).content.decode()
    assert "Faithfulness (a model&#x27;s judgment): 0.95" in replay


def test_the_word_export_prints_the_scores(api, people):
    import io

    from docx import Document

    from research.export_docx import run_docx

    alice, _, _ = people
    api.queue(scores((1, 0.9, 0.9)))
    run = scripted_run(claim(DEBT_CLAIM, "P-8.6:s7(3)(b)", DEBT), user=alice)
    text = "\n".join(p.text for p in Document(io.BytesIO(run_docx(run))).paragraphs)
    assert "Faithfulness (a model's judgment): mean 0.90, lowest 0.90 (A judge model" in text
    assert "Claim 1 faithfulness (a model's judgment): 0.90 (Reason for claim 1.)" in text
