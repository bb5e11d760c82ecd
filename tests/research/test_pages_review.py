import pytest
from django.urls import reverse

from research.models import Review, ReviewAudit, Run
from tests.base import finished_run, login, repoint_text, stored_sha
from tests.research.pages import SUBPOENA, checked_run

pytestmark = pytest.mark.django_db


def review_url(run):
    return reverse("research:review_run", args=[run.pk])


def test_the_queue_requires_a_reviewer(client, people):
    alice, _, _ = people
    assert login(client, alice).get(reverse("research:review_queue")).status_code == 403


def test_the_queue_lists_finished_runs_awaiting_review(client, people):
    alice, bob, _ = people
    waiting = finished_run(alice)
    decided = finished_run(alice)
    Review.open_for(decided).reject(bob, "Wrong section.")
    Run.objects.create(question="Still running?", engine="extractive", created_by=alice, status=Run.STATUS_RUNNING)
    html = login(client, bob).get(reverse("research:review_queue")).content.decode()
    awaiting = html[html.index("Awaiting review"):html.index("Recent decisions")]
    assert f'href="/runs/{waiting.pk}/#review">Run {waiting.pk}</a>' in awaiting
    assert f"Run {decided.pk}</a>" not in awaiting
    assert "Still running?" not in html
    recent = html[html.index("Recent decisions"):]
    assert f"Run {decided.pk}</a>" in recent
    assert '<span class="badge badge--bad">Rejected</span>' in recent


def test_a_lawyer_cannot_approve(client, people):
    alice, _, _ = people
    run = finished_run(alice)
    response = login(client, alice).post(review_url(run), {"approve": "1"})
    assert response.status_code == 403
    assert not Review.objects.filter(run=run).exclude(status=Review.STATUS_OPEN).exists()


def test_an_outsider_gets_404(client, people):
    alice, _, charlie = people
    run = finished_run(alice)
    assert login(client, charlie).post(review_url(run), {"approve": "1"}).status_code == 404


def test_it_handles_bad_id(client, people):
    _, bob, _ = people
    assert login(client, bob).post("/runs/999999/review/", {"approve": "1"}).status_code == 404


def test_a_reviewer_approves_and_the_lawyer_sees_it(client, people):
    alice, bob, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    response = login(client, bob).post(review_url(run), {"approve": "1", "comment": "Quotes check out.",
                                                           "claim_comment_0": "Right paragraph."})
    assert response.status_code == 302
    assert response["Location"] == f"/runs/{run.pk}/#review"
    review = Review.objects.get(run=run)
    assert (review.status, review.reviewer, review.comment) == ("approved", bob, "Quotes check out.")
    assert review.claim_comments == {"0": "Right paragraph."}
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    assert '<span class="badge badge--ok">Approved</span>' in html
    assert "by bob on" in html
    assert "Right paragraph." in html
    assert "Your decision" not in html  # the lawyer gets no decision form


def test_the_buttons_reject_and_request_changes(client, people):
    alice, bob, _ = people
    login(client, bob)
    rejected, changed = finished_run(alice), finished_run(alice)
    client.post(review_url(rejected), {"reject": "1"})
    client.post(review_url(changed), {"request_changes": "1", "comment": "Quote subsection (3) too."})
    assert Review.objects.get(run=rejected).status == Review.STATUS_REJECTED
    assert Review.objects.get(run=changed).status == Review.STATUS_CHANGES


def test_an_htmx_decision_gets_the_review_block(client, people):
    alice, bob, _ = people
    run = finished_run(alice)
    response = login(client, bob).post(review_url(run), {"request_changes": "1"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="review"')
    assert "Review recorded: changes requested." in html
    assert '<span class="badge badge--warn">Changes requested</span>' in html


def test_it_refuses_to_decide_an_unfinished_run(client, people):
    alice, bob, _ = people
    run = Run.objects.create(question="Q?", engine="extractive", created_by=alice, status=Run.STATUS_RUNNING)
    response = login(client, bob).post(review_url(run), {"approve": "1"}, HTTP_HX_REQUEST="true")
    assert "Not recorded: the run has not finished." in response.content.decode()
    assert not Review.objects.filter(run=run).exists()


def test_it_refuses_a_request_without_a_decision(client, people):
    alice, bob, _ = people
    assert login(client, bob).post(review_url(finished_run(alice)), {"comment": "hm"}).status_code == 400


def test_it_shows_the_history(client, people):
    alice, bob, _ = people
    run = finished_run(alice)
    login(client, bob)
    client.post(review_url(run), {"reject": "1", "comment": "Wrong section."})
    client.post(review_url(run), {"approve": "1", "comment": "Fine after all."})
    assert [a.action for a in ReviewAudit.objects.filter(review__run=run)] == [
        "opened", "rejected", "opened", "approved"]
    html = client.get(reverse("research:run", args=[run.pk])).content.decode()
    history = html[html.index("Review history (4)"):]
    assert history.index("Rejected") < history.index("“Wrong section.”") < history.index("Approved")


def test_an_approval_is_void_after_the_quoted_text_changes(client, people):
    alice, bob, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    Review.open_for(run).approve(bob, "Fine.")
    old = stored_sha("P-8.6:s7(3)(c)")
    from corpus.models import ProvisionText

    repoint_text("P-8.6:s7(3)(c)", ProvisionText.objects.get(sha256=old).text.replace("subpoena", "summons"))
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    assert '<span class="badge badge--bad">Approval void</span>' in html
    assert "the answer or a quoted text has changed since" in html
    queue = login(client, bob).get(reverse("research:review_queue")).content.decode()
    assert '<span class="badge badge--bad">Approval void</span>' in queue
