"""Broadening disclosed: a search scoped to the Acts asked says how well they match beside the
best matches outside them; a run whose answer lies outside its scope is broadened, says where it
looked, and an answer hiding that is blocked."""

import pytest

from corpus.search_scope import scope_match
from research import pipeline
from research.models import Run
from research.tools import Toolbox
from tests.research.fake_anthropic import FakeAnthropic, reply, submit, tool_use

pytestmark = pytest.mark.django_db

PARODY = "Is fair dealing for the purpose of parody an infringement of copyright?"
SUBPOENA = "Can an organization disclose personal information without consent to comply with a subpoena?"
# PIPEDA s. 22(2)(b), the passage a PIPEDA-scoped search offers for parody.
NEWS = ("any report made in good faith by the Commissioner under this Part and any fair and accurate account "
        "of the report made in good faith for the purpose of news reporting.")


def test_a_scope_that_ranks_far_below_another_act_says_the_answer_lies_outside():
    match = scope_match(PARODY, ["P-8.6"])
    assert match.better_outside is True
    assert match.outside[0].pinpoint == "C-42:s29"  # Fair dealing for research, private study, parody
    assert match.outside[0].score > (match.best_in_scope or 0)
    right = scope_match(PARODY, ["C-42"])
    assert (right.better_outside, right.ahead) == (False, 0)


def test_the_search_tool_reports_the_scope_beside_its_hits_and_broadens_the_run():
    tools = Toolbox(Run.objects.create(question=PARODY, engine="scripted", acts=["P-8.6"]))
    out = tools.search_statutes(PARODY).content
    assert {h["act"] for h in out["hits"]} == {"P-8.6"}  # the hits stay in the scope asked
    assert out["broadened"] is False
    assert out["scope"]["better_outside"] is True and out["scope"]["acts"] == ["P-8.6"]
    assert out["scope"]["outside"][0]["id"] == "C-42:s29"
    tools.run.refresh_from_db()
    assert tools.run.broadened is True
    assert tools.run.broadening["scope"] == ["P-8.6"]
    assert [o["act"] for o in tools.run.broadening["outside"]] == ["C-42"]
    assert tools.run.broadening["outside"][0]["ids"][0] == "C-42:s29"


def test_a_scope_holding_the_answer_is_not_broadened():
    tools = Toolbox(Run.objects.create(question=SUBPOENA, engine="scripted", acts=["P-8.6"]))
    out = tools.search_statutes(SUBPOENA).content
    assert out["scope"]["better_outside"] is False
    tools.run.refresh_from_db()
    assert (tools.run.broadened, tools.run.broadening) == (False, {})


def test_a_narrower_scope_the_engine_chose_is_reported_but_does_not_broaden_the_run():
    tools = Toolbox(Run.objects.create(question=PARODY, engine="scripted"))
    assert tools.search_statutes(PARODY, acts=["P-8.6"]).content["scope"]["better_outside"] is True
    tools.run.refresh_from_db()
    assert tools.run.broadened is False


@pytest.mark.usefixtures("answer_all")  # about what the answer discloses, not whether it answers
def test_the_extractive_engine_discloses_where_it_looked_and_where_the_better_matches_are():
    run = Run.objects.create(question=PARODY, engine="extractive", acts=["P-8.6"])
    run = pipeline.execute(run.pk)
    assert run.broadened is True and run.broadening["outside"][0]["act"] == "C-42"
    assert run.gate == Run.GATE_PASS
    assert run.not_in_text.startswith(
        "The search looked in the Personal Information Protection and Electronic Documents Act, as asked; "
        "sections outside it match the question much better (the Copyright Act: s. 29")
    assert all(c.citations.filter(provision_id__startswith="P-8.6:").count() == c.citations.count()
               for c in run.claims.all())


def test_the_search_api_reports_the_scope(client):
    body = client.get("/api/v1/search", {"q": PARODY, "act": "P-8.6"}).json()
    assert body["scope"]["better_outside"] is True
    assert body["scope"]["outside"][0]["act"] == "C-42"
    assert client.get("/api/v1/search", {"q": PARODY}).json()["scope"] is None


@pytest.fixture
def api(settings, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-a-real-key")
    with FakeAnthropic() as fake:
        settings.ANTHROPIC_BASE_URL = fake.url
        yield fake


def _answer(not_in_text):
    return {"claims": [{"text": "A fair account of the Commissioner's report for news reporting is privileged.",
                        "citations": [{"provision_id": "P-8.6:s22(2)(b)", "quote": NEWS}]}],
            "reading": "Reading: P-8.6:s22(2)(b) is about news reporting, not parody.", "not_in_text": not_in_text}


def _agent_run(api, *answers):
    api.queue(reply(tool_use("search_statutes", {"query": PARODY})),
              reply(tool_use("get_provision", {"id": "P-8.6:s22(2)(b)"})),
              *[reply(submit(a)) for a in answers])
    run = Run.objects.create(question=PARODY, engine="anthropic", acts=["P-8.6"])
    return pipeline.execute(run.pk)


def test_an_agent_answer_hiding_the_broadening_is_blocked(api):
    hidden = _answer("The section does not say what parody is.")
    run = _agent_run(api, hidden, hidden)
    assert run.broadened is True
    assert run.gate == Run.GATE_BLOCKED
    [finding] = [f for f in pipeline.answer_findings(run) if f["code"] == "broadened"]
    assert finding["severity"] == "blocking" and finding["details"]["outside"] == ["C-42"]
    # The repair turn was told why.
    repair = api.requests[-1]["json"]["messages"][-1]["content"][-1]["content"]
    assert "The answer as a whole:" in repair and "broadened" in repair


def test_an_agent_answer_disclosing_the_broadening_passes(api):
    disclosed = _answer("The search was limited to PIPEDA; the Copyright Act (C-42), s. 29, matches "
                        "better and was not quoted.")
    run = _agent_run(api, disclosed)
    assert (run.broadened, run.gate) == (True, Run.GATE_PASS)
    assert not [f for f in pipeline.answer_findings(run) if f["code"] == "broadened"]
