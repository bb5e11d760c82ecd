import pytest
from django.urls import reverse

from research.models import Run, RunEvent
from tests.base import finished_run, login
from tests.research.pages import SUBPOENA, SUMMONS, checked_run

pytestmark = pytest.mark.django_db


def test_it_shows_the_quote_highlighted_in_its_section(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    assert f"<mark>{SUBPOENA}</mark>" in html
    assert html.count("<mark>") == 1
    assert "Personal Information Protection and Electronic Documents Act &gt; Part 1 &gt; Division 1 &gt; " \
           "section 7 &gt; subsection (3) &gt; paragraph (c)" in html
    assert "Checked: verbatim · text sha256 " in html
    assert "https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html" in html
    assert 'class="badge badge--ok">Pass</span>' in html
    assert "Blocked claims" not in html


def test_it_keeps_reading_and_not_in_text_apart_from_quotes(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    reading = html.index('class="reading"')
    assert html.index(SUBPOENA) < reading < html.index('class="not-in-text"')
    assert "an interpretation, not the text of the law" in html
    assert "Whether a foreign subpoena counts." in html


def test_it_shows_a_blocked_claim_with_the_closest_passage(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA), ("P-8.6:s7(3)(c)", SUMMONS)])
    assert run.gate == Run.GATE_BLOCKED
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    blocked = html[html.index('id="blocked"'):]
    assert 'class="badge badge--bad">Blocked</span> Claim 2' in blocked
    assert "The quote does not match the law&#x27;s text" in blocked
    assert "<del>summons</del><ins>subpoena</ins>" in blocked
    assert f"The law's text here: “{SUBPOENA}”" in blocked
    assert "Checked: blocked: quote-mismatch" in blocked
    # The closest passage is marked in the section text, flagged as closest rather than quoted.
    assert "closest passage marked" in blocked


def test_it_shows_usage(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    assert "<dt>Tokens in</dt><dd>1200</dd>" in html
    assert "<dt>Tokens out</dt><dd>300</dd>" in html
    assert "<dt>Cache share</dt><dd>40%" in html


def test_it_checks_ownership(client, people):
    alice, _, charlie = people
    run = finished_run(alice)
    login(client, charlie)
    for name in ("research:run", "research:run_trace", "research:run_export"):
        assert client.get(reverse(name, args=[run.pk])).status_code == 404


def test_a_reviewer_may_read_another_users_run(client, people):
    alice, bob, _ = people
    run = finished_run(alice)
    assert login(client, bob).get(reverse("research:run", args=[run.pk])).status_code == 200


def test_it_handles_bad_id(client, people):
    alice, _, _ = people
    login(client, alice)
    assert client.get("/runs/999999/").status_code == 404
    assert client.get("/runs/abc/").status_code == 404


def test_it_requires_login(client, people):
    alice, _, _ = people
    run = finished_run(alice)
    response = client.get(reverse("research:run", args=[run.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=")


def test_the_trace_polls_while_the_run_works(client, people):
    alice, _, _ = people
    run = Run.objects.create(question="Q?", engine="extractive", created_by=alice, status=Run.STATUS_RUNNING)
    run.add_event(RunEvent.KIND_TOOL_CALL, {"name": "search_statutes", "arguments": {"query": "subpoena"}})
    login(client, alice)
    page = client.get(reverse("research:run", args=[run.pk])).content.decode()
    assert 'hx-trigger="every 1s"' in page
    assert f'href="/runs/{run.pk}/">Refresh</a>' in page
    assert "Tool call: search_statutes" in page
    assert "{&quot;query&quot;: &quot;subpoena&quot;}" in page
    fragment = client.get(reverse("research:run_trace", args=[run.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in fragment
    assert "run-result" not in fragment


def test_the_trace_stops_polling_when_the_run_finishes(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    login(client, alice)
    fragment = client.get(reverse("research:run_trace", args=[run.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert "hx-trigger" not in fragment
    assert 'id="run-result" class="run-result" hx-swap-oob="true"' in fragment
    assert f"<mark>{SUBPOENA}</mark>" in fragment


def test_it_escapes_the_question(client, people):
    alice, _, _ = people
    run = finished_run(alice)
    Run.objects.filter(pk=run.pk).update(question="<script>alert(1)</script> may I?")
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; may I?" in html
