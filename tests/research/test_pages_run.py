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
    assert 'data-signal="quotes"><span class="badge badge--ok">Quotes: verified verbatim</span>' in html
    assert "Blocked claims" not in html


def test_it_shows_the_two_signals_apart(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    result = html[html.index('aria-label="Run result"'):html.index('id="text-heading"')]
    assert 'data-signal="quotes"><span class="badge badge--ok">Quotes: verified verbatim</span>' in result
    # Nothing in this run measured whether the quote answers the question: it says so.
    assert ('data-signal="answers"><span class="badge badge--info">Answers the question: not shown</span>'
            in result)
    assert "Nothing in this run measured whether the quotes answer the question" in result
    claim = " ".join(html[html.index('id="claim-1"'):].split())
    assert 'class="badge badge--ok">Quotes: verified verbatim</span> Claim 1' in claim
    assert '<span class="badge badge--info">Answers the question: not scored</span>' in claim


def test_it_labels_a_stored_measure_for_what_it_is(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)], answer={
        "answers_question": {"measure": "retrieval confidence", "verdict": "partly", "score": 0.614},
        "claims": [{"answers_question": {"measure": "model judge", "verdict": "supported", "score": 0.91}}]})
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    result = html[html.index('aria-label="Run result"'):html.index('id="text-heading"')]
    assert '<span class="badge badge--warn">Answers the question: partly</span>' in result
    assert "Score 0.61. Measured by the engine&#x27;s retrieval confidence, not a check of the text." in result
    claim = html[html.index('id="claim-1"'):]
    assert '<span class="badge badge--ok">Answers the question: supported</span>' in claim
    assert "score 0.91 · Measured by a model&#x27;s judgment, not a check of the text." in claim


# PIPEDA s. 8(3), quoted right; s. 8(1) says "must", and the blocked claim quotes it as "can".
TIME_LIMIT = ("An organization shall respond to a request with due diligence and in any case not later "
              "than thirty days after receipt of the request.")
WRITING_ALTERED = "A request under clause 4.9 of Schedule 1 can be made in writing."


def test_it_withholds_the_reading_that_rests_on_a_blocked_claim(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s8(3)", TIME_LIMIT), ("P-8.6:s8(1)", WRITING_ALTERED)],
                      reading="Section 8(3) gives the organization thirty days.\n\n"
                              "Section 8(1) makes writing optional.")
    assert list(run.claims.values_list("status", flat=True)) == ["pass", "blocked"]
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    reading = html[html.index('id="reading-heading"'):html.index('id="nit-heading"')]
    assert "(1 of 2 paragraphs): unfold to read, do not rely on it." in reading
    withheld = reading[reading.index("<details"):reading.index("</details>")]
    assert '<span class="badge badge--bad">Withheld</span> Rests on a blocked claim.' in withheld
    assert "It names P-8.6:s8(1), which only blocked claim 2 cites." in withheld
    assert "<p>Section 8(1) makes writing optional.</p>" in withheld
    assert reading.count("Section 8(1) makes writing optional.") == 1  # nowhere outside the fold
    standing = reading[:reading.index("<details")]
    assert "<p>Section 8(3) gives the organization thirty days.</p>" in standing


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
    assert "query: subpoena" in page
    assert '<span class="badge badge--info">Running</span>' in page
    fragment = client.get(reverse("research:run_trace", args=[run.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in fragment
    # The badge comes with each poll, so it says what the trace says.
    assert 'id="run-result" class="run-result" hx-swap-oob="true"' in fragment
    assert '<span class="badge badge--info">Running</span>' in fragment and "The run is running" in fragment
    Run.objects.filter(pk=run.pk).update(status=Run.STATUS_QUEUED)
    fragment = client.get(reverse("research:run_trace", args=[run.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert '<span class="badge badge--info">Queued</span>' in fragment and "The run is queued" in fragment


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


def test_a_verified_quote_offers_its_citation_in_legal_form(client, people):
    from verifier.adapter import DbCorpus

    alice = people[0]
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    legal = DbCorpus().legal_citation("P-8.6:s7(3)(c)")
    assert legal.startswith("Personal Information Protection and Electronic Documents Act") and legal.endswith("7(3)(c)")
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    assert f'data-copy="{legal}">Copy citation</button>' in html
