import pytest
from django.urls import reverse

from research.models import Run
from tests.base import personas
from tests.research.pages import SUBPOENA, SUMMONS, checked_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def recorded():
    alice, _, _ = personas()
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA), ("P-8.6:s7(3)(c)", SUMMONS)],
                      recorded=True, recorded_label="Subpoena: one quote altered")
    return run


def test_it_lists_recorded_runs_to_anyone(client, recorded):
    personas_run = Run.objects.create(question="Private question", engine="extractive", status=Run.STATUS_DONE)
    html = client.get(reverse("research:demo")).content.decode()
    assert f'href="/demo/{recorded.pk}/">Subpoena: one quote altered</a>' in html
    assert "Private question" not in html
    assert client.get(reverse("research:demo_replay", args=[personas_run.pk])).status_code == 404


def test_the_replay_shows_the_whole_trace_and_answer_without_javascript(client, recorded):
    html = client.get(reverse("research:demo_replay", args=[recorded.pk])).content.decode()
    assert html.count('class="trace__item') == 4
    assert 'data-replay-controls hidden' in html
    for button in ("data-replay-play", "data-replay-pause", "data-replay-step"):
        assert button in html
    assert f"<mark>{SUBPOENA}</mark>" in html
    assert "<del>summons</del><ins>subpoena</ins>" in html
    assert "Export as Markdown" not in html and "Your decision" not in html


def test_the_replay_keeps_original_timings_capped(client, recorded):
    from datetime import timedelta

    events = list(recorded.events.order_by("seq"))
    for i, event in enumerate(events):
        event.created_at = events[0].created_at + timedelta(seconds=[0, 1.2, 30, 30.1][i])
        event.save()
    data = client.get(reverse("research:demo_events", args=[recorded.pk])).json()
    assert [e["delay_ms"] for e in data["events"]] == [300, 1200, 2500, 300]
    assert [e["kind"] for e in data["events"]] == ["status", "tool_call", "tool_result", "final"]
    assert data["events"][1]["title"] == "Tool call: get_provision"


def test_the_recorded_blocked_run_withholds_its_reading(client, db):
    # research/recorded/03 is /demo/3/ after load_default_data: its one claim ("An access request
    # may be made in writing", quoting "can" where PIPEDA s. 8(1) says "must") is blocked.
    import json

    from django.conf import settings

    from research.recording import import_run

    path = settings.BASE_DIR / "research" / "recorded" / "03-blocked-after-repair.json"
    run = import_run(json.loads(path.read_text(encoding="utf-8")))
    assert (run.gate, run.reading, list(run.claims.values_list("status", flat=True))) == (
        "blocked", "Writing is optional.", ["blocked"])
    html = client.get(reverse("research:demo_replay", args=[run.pk])).content.decode()
    reading = html[html.index('id="reading-heading"'):html.index('id="nit-heading"')]
    assert reading.count("Writing is optional.") == 1
    withheld = reading[reading.index('<details class="reading__withheld"'):reading.index("</details>")]
    assert "<p>Writing is optional.</p>" in withheld
    assert ("Rests on a blocked claim. Claim 1 is blocked and this part names no provision that a claim "
            "which passed quotes, so it may rest on it.") in withheld
    assert '<span class="badge badge--bad">Quotes: blocked</span>' in html


def test_the_evals_page_says_when_there_are_none(client, db):
    html = client.get(reverse("research:demo_evals")).content.decode()
    assert "No eval runs yet" in html


def test_the_evals_page_shows_the_latest_results_with_reasons(client, db):
    from research.eval_models import EvalResult, EvalRun

    er = EvalRun.objects.create(kind=EvalRun.KIND_RETRIEVAL, engine="fts", golden_file="golden.yaml",
                                golden_sha256="a" * 64, n=1, metrics={"recall_at_k": 1.0, "mrr": 0.5, "k": 5},
                                passed_thresholds=True)
    EvalResult.objects.create(eval_run=er, question_id="pipeda-subpoena", question="Subpoena disclosure?",
                              expected=["P-8.6:s7"], got=["P-8.6:s9", "P-8.6:s7"], rank=2, ok=True,
                              reason="P-8.6:s7 found at rank 2 of 5.")
    html = client.get(reverse("research:demo_evals")).content.decode()
    assert "No eval runs yet" not in html
    assert '<span class="badge badge--ok">Thresholds met</span>' in html
    assert "P-8.6:s7 found at rank 2 of 5." in html
    assert "<svg" in html


def test_the_list_tells_the_stories_in_order_under_plain_names(client):
    from django.conf import settings
    from django.core.management import call_command

    call_command("import_runs", str(settings.BASE_DIR / "research" / "recorded"), verbosity=0)
    html = client.get(reverse("research:demo")).content.decode()
    names = ["Pass: disclosure to comply with a subpoena", "Pass with a downgraded pinpoint",
             "Blocked after repair", "Blocked, then repaired to pass", "Declined: Ontario residential",
             "Partial: stopped at the tool-call limit", "Gate pass: When may an organization disclose"]
    positions = [html.find(f">{name}") for name in names]
    assert -1 not in positions
    assert positions == sorted(positions)
    assert "scripted engine ·" not in html and "extractive engine ·" not in html
