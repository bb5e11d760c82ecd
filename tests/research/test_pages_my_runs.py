"""My runs (filtered, paginated) and sharing a run with the firm."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from research.history_views import RUNS_PER_PAGE
from research.models import Review, Run
from tests.base import login
from tests.research.pages import SUBPOENA, checked_run

pytestmark = pytest.mark.django_db


def test_a_run_shared_with_the_firm_is_readable_by_every_colleague(client, people):
    alice, bob, charlie = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    login(client, charlie)
    assert client.get(reverse("research:run", args=[run.pk])).status_code == 404
    assert client.post(reverse("research:share_run", args=[run.pk]), {"share": "1"}).status_code == 404
    login(client, alice)
    page = client.get(reverse("research:run", args=[run.pk])).content.decode()
    assert "Share with the firm" in page
    response = client.post(reverse("research:share_run", args=[run.pk]), {"share": "1"}, follow=True)
    assert "every signed-in colleague can read this run" in response.content.decode()
    login(client, charlie)
    page = client.get(reverse("research:run", args=[run.pk])).content.decode()
    assert "Shared with the firm by alice." in page and "Share with the firm</button>" not in page
    # A colleague reads it, through the API too, but may not stop the sharing.
    shown = client.get(f"/api/v1/research/{run.pk}")
    assert shown.status_code == 200 and shown.json()["shared"] is True
    assert client.post(reverse("research:share_run", args=[run.pk]), {"share": "0"}).status_code == 403
    login(client, alice)
    client.post(reverse("research:share_run", args=[run.pk]), {"share": "0"})
    login(client, charlie)
    assert client.get(reverse("research:run", args=[run.pk])).status_code == 404


def test_sharing_needs_the_csrf_token(people):
    from django.test import Client

    alice = people[0]
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    client = Client(enforce_csrf_checks=True)
    login(client, alice)
    assert client.post(reverse("research:share_run", args=[run.pk]), {"share": "1"}).status_code == 403
    run.refresh_from_db()
    assert run.shared is False


def test_my_runs_lists_only_the_askers_runs_with_their_review(client, people):
    alice, bob, charlie = people
    approved = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)], question="Subpoena disclosure?")
    Review.objects.create(run=approved, status=Review.STATUS_APPROVED, reviewer=bob, decided_at=timezone.now())
    checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)], question="Another question about PIPEDA?")
    checked_run(charlie, [("P-8.6:s7(3)(c)", SUBPOENA)], question="Charlie's own question?")
    login(client, alice)
    page = client.get(reverse("research:my_runs")).content.decode()
    assert "Subpoena disclosure?" in page and "Another question about PIPEDA?" in page
    assert "Charlie&#x27;s own question?" not in page and "Charlie's own question?" not in page
    assert "Approved" in page and "by bob" in page and "not decided" in page
    approved_only = client.get(reverse("research:my_runs"), {"decision": "approved"}).content.decode()
    assert "Subpoena disclosure?" in approved_only and "Another question about PIPEDA?" not in approved_only
    undecided = client.get(reverse("research:my_runs"), {"decision": "none"}).content.decode()
    assert "Subpoena disclosure?" not in undecided and "Another question about PIPEDA?" in undecided


def test_my_runs_filters_by_act_cited_and_date(client, people):
    alice = people[0]
    old = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)], question="An old PIPEDA question?")
    Run.objects.filter(pk=old.pk).update(created_at=timezone.now() - datetime.timedelta(days=40))
    checked_run(alice, [("L-2:s240(1)", "Subject to subsections (2) and 242(3.1), any person")],
                question="A Labour Code question?")
    login(client, alice)
    by_act = client.get(reverse("research:my_runs"), {"act": "L-2"}).content.decode()
    assert "A Labour Code question?" in by_act and "An old PIPEDA question?" not in by_act
    since = (timezone.localdate() - datetime.timedelta(days=7)).isoformat()
    recent = client.get(reverse("research:my_runs"), {"since": since}).content.decode()
    assert "A Labour Code question?" in recent and "An old PIPEDA question?" not in recent
    assert client.get(reverse("research:my_runs"), {"since": "not-a-date"}).status_code == 200


def test_my_runs_pages_past_the_first_page(client, people):
    alice = people[0]
    for n in range(RUNS_PER_PAGE + 2):
        Run.objects.create(question=f"Question number {n}?", engine="extractive", created_by=alice)
    login(client, alice)
    first = client.get(reverse("research:my_runs")).content.decode()
    assert f"Question number {RUNS_PER_PAGE + 1}?" in first and "Question number 0?" not in first
    assert "Page 1 of 2" in first and 'rel="next"' in first
    second = client.get(reverse("research:my_runs"), {"page": 2}).content.decode()
    assert "Question number 0?" in second and "Question number 1?" in second
    assert client.get(reverse("research:my_runs"), {"page": 99}).status_code == 200


def test_my_runs_needs_sign_in(client):
    response = client.get(reverse("research:my_runs"))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_the_act_filter_offers_the_instruments_the_users_runs_cite(client, people):
    alice, bob, _ = people
    checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    login(client, alice)
    page = client.get(reverse("research:my_runs")).content.decode()
    assert 'value="P-8.6"' in page and 'value="L-2"' not in page
    login(client, bob)
    assert 'value="P-8.6"' not in client.get(reverse("research:my_runs")).content.decode()
