"""One decision per review form: a form sent twice records one decision and one audit row."""

import pytest
from django.urls import reverse

from research.models import Review, ReviewAudit
from tests.base import finished_run, login

pytestmark = pytest.mark.django_db


def form_token(client, run):
    html = client.get(reverse("research:run", args=[run.pk])).content.decode()
    marker = 'name="seen_review" value="'
    start = html.index(marker) + len(marker)
    return html[start:html.index('"', start)]


def test_a_double_submitted_approval_records_one(client, people):
    alice, bob, _ = people
    run = finished_run(alice)
    login(client, bob)
    form = {"approve": "1", "comment": "Fine.", "seen_review": form_token(client, run)}
    url = reverse("research:review_run", args=[run.pk])
    first = client.post(url, form, headers={"HX-Request": "true"})
    second = client.post(url, form, headers={"HX-Request": "true"})
    assert first.status_code == second.status_code == 200
    assert "Not recorded: this form was already sent" in second.content.decode()
    assert list(Review.objects.filter(run=run).values_list("status", flat=True)) == ["approved"]
    assert [a.action for a in ReviewAudit.objects.filter(review__run=run)] == ["opened", "approved"]


def test_a_fresh_form_after_a_decision_may_decide_again(client, people):
    alice, bob, _ = people
    run = finished_run(alice)
    login(client, bob)
    url = reverse("research:review_run", args=[run.pk])
    client.post(url, {"reject": "1", "seen_review": form_token(client, run)})
    client.post(url, {"approve": "1", "seen_review": form_token(client, run)})
    assert [a.action for a in ReviewAudit.objects.filter(review__run=run)] == [
        "opened", "rejected", "opened", "approved"]


def test_a_form_shown_before_anothers_decision_is_refused(client, people):
    alice, bob, _ = people
    run = finished_run(alice)
    login(client, bob)
    stale = form_token(client, run)
    Review.open_for(run).reject(bob, "Wrong section.")
    response = client.post(reverse("research:review_run", args=[run.pk]), {"approve": "1", "seen_review": stale})
    assert response.status_code == 302
    assert list(Review.objects.filter(run=run).values_list("status", flat=True)) == ["rejected"]
