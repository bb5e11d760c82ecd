import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils.timezone import localtime

from research.models import Review, ReviewAudit, Run
from research.roles import REVIEWERS
from tests.base import PASSWORD, finished_run, login, repoint_text, stored_sha
from tests.research.pages import SUBPOENA, SUMMONS, checked_run

WRITING = "A request under clause 4.9 of Schedule 1 must be made in writing."

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


def test_a_reviewer_gets_no_approve_button_on_their_own_run(client, people):
    _, bob, _ = people
    run = checked_run(bob, [("P-8.6:s7(3)(c)", SUBPOENA)])
    html = login(client, bob).get(reverse("research:run", args=[run.pk])).content.decode()
    assert ("Approval is not open: you asked this question, so another reviewer must approve it "
            "(four eyes).") in html
    assert 'name="approve"' not in html and 'name="reject"' in html
    response = client.post(review_url(run), {"approve": "1"}, HTTP_HX_REQUEST="true")
    assert "Not recorded: you asked this question, so another reviewer must approve it (four eyes)." \
        in response.content.decode()
    assert not Review.objects.filter(run=run).exclude(status=Review.STATUS_OPEN).exists()
    queue = client.get(reverse("research:review_queue")).content.decode()
    assert "bob <span class=\"small muted\">(yours: another reviewer approves it)</span>" in queue


def test_a_blocked_run_can_be_rejected_but_not_approved(client, people):
    alice, bob, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUMMONS)])
    assert run.gate == Run.GATE_BLOCKED
    login(client, bob)
    html = client.get(reverse("research:run", args=[run.pk])).content.decode()
    assert ("Approval is not open: a blocked run cannot be approved (a claim in it failed the checks); "
            "reject it or request changes.") in html
    assert 'name="approve"' not in html
    client.post(review_url(run), {"approve": "1"})
    assert not Review.objects.filter(run=run, status=Review.STATUS_APPROVED).exists()
    client.post(review_url(run), {"reject": "1", "comment": "The quote says summons."})
    assert Review.objects.get(run=run).status == Review.STATUS_REJECTED


def test_eval_runs_never_enter_the_queue(client, people, tmp_path):
    from django.core.management import call_command

    _, bob, _ = people
    golden = tmp_path / "golden.yaml"
    golden.write_text("- id: debt\n  question: May an organization disclose personal information to collect "
                      "a debt?\n  expected: [P-8.6:s7]\n", encoding="utf-8")
    call_command("eval_answers", "--engine", "extractive", "--golden", str(golden), stdout=open("/dev/null", "w"))
    eval_run = Run.objects.get(question="May an organization disclose personal information to collect a debt?")
    assert (eval_run.status, eval_run.for_eval) == (Run.STATUS_DONE, True)
    html = login(client, bob).get(reverse("research:review_queue")).content.decode()
    assert "Nothing is waiting." in html
    assert f"Run {eval_run.pk}</a>" not in html
    page = client.get(reverse("research:run", args=[eval_run.pk])).content.decode()
    assert "Your decision" not in page and "Awaiting review" not in page
    assert "An eval run: its eval command scored it, and it is not reviewed." in page


def test_the_decision_stands_at_the_top_of_the_run_page_and_in_the_history(client, people):
    alice, bob, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    login(client, bob).post(review_url(run), {"reject": "1", "comment": "Section 7(3)(c) needs a court order."})
    decided_at = localtime(Review.objects.get(run=run).decided_at).strftime("%Y-%m-%d %H:%M %Z")
    html = login(client, alice).get(reverse("research:run", args=[run.pk])).content.decode()
    top = html[html.index('id="decision"'):html.index('aria-label="Run result"')]
    assert f'<span class="badge badge--bad">Rejected</span>\n        by bob on {decided_at}:' in top
    assert "Section 7(3)(c) needs a court order." in top
    assert html.index('id="decision"') < html.index('id="text-heading"')
    history = client.get(reverse("research:ask")).content.decode()
    item = history[history.index(f'href="/runs/{run.pk}/"'):]
    item = item[:item.index("</li>")]
    assert '<span class="badge badge--bad">Rejected</span>' in item
    assert f"by bob on {decided_at}" in item
    assert "pass" not in item.lower()


def test_an_htmx_decision_updates_the_top_of_the_page_too(client, people):
    alice, bob, _ = people
    run = finished_run(alice)
    html = login(client, bob).post(review_url(run), {"reject": "1"}, HTTP_HX_REQUEST="true").content.decode()
    oob = html[html.index('<section id="decision"'):]
    assert oob.startswith('<section id="decision" class="decision" aria-label="Review decision" hx-swap-oob="true">')
    assert '<span class="badge badge--bad">Rejected</span>' in oob


def test_request_changes_lets_the_asker_start_a_linked_run(client, people):
    alice, bob, _ = people
    old = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)], acts=["P-8.6"])
    login(client, bob).post(review_url(old), {"request_changes": "1", "comment": "Quote s. 7(3)(c.1) too.",
                                               "claim_comment_0": "Name the court."})
    html = login(client, alice).get(reverse("research:run", args=[old.pk])).content.decode()
    assert f'href="/ask/?revises={old.pk}">Start a new run from the reviewer’s comment</a>' in html
    form = client.get(reverse("research:ask"), {"revises": old.pk}).content.decode()
    assert f'<input type="hidden" name="revises" value="{old.pk}">' in form
    assert ("May an organization disclose without consent for a subpoena?\n\nA reviewer asked for changes: "
            "Quote s. 7(3)(c.1) too.\nClaim 1: Name the court.</textarea>") in form
    response = client.post(reverse("research:ask"), {
        "question": "May an organization disclose without consent for a subpoena, and to which court?",
        "acts": ["P-8.6"], "revises": old.pk})
    new = Run.objects.get(revises=old)
    assert response["Location"] == f"/runs/{new.pk}/"
    assert new.question == "May an organization disclose without consent for a subpoena, and to which court?"
    new_page = client.get(reverse("research:run", args=[new.pk])).content.decode()
    assert f'This run revises <a href="/runs/{old.pk}/">run {old.pk}</a>' in new_page
    old_page = client.get(reverse("research:run", args=[old.pk])).content.decode()
    assert f'Revised by <a href="/runs/{new.pk}/">run {new.pk}</a>.' in old_page


def test_only_the_asker_revises_and_only_after_changes_were_requested(client, people):
    alice, bob, charlie = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    assert login(client, alice).get(reverse("research:ask"), {"revises": run.pk}).status_code == 404
    Review.open_for(run).request_changes(bob, "Quote subsection (3).")
    assert login(client, charlie).get(reverse("research:ask"), {"revises": run.pk}).status_code == 404
    assert login(client, alice).get(reverse("research:ask"), {"revises": "x"}).status_code == 404


def test_the_queue_renders_in_a_constant_number_of_queries(client, people, django_assert_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    alice, bob, _ = people
    staff = User.objects.create_user("dora", password=PASSWORD)
    staff.groups.add(Group.objects.get(name=REVIEWERS))

    def add_rows():
        waiting = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA), ("P-8.6:s8(1)", WRITING)])
        approved = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA), ("P-8.6:s8(1)", WRITING)])
        Review.open_for(approved).approve(bob)
        Review.open_for(checked_run(alice, [("P-8.6:s7(3)(c)", SUMMONS)])).reject(bob)
        return waiting

    add_rows()
    login(client, staff)
    with CaptureQueriesContext(connection) as few:
        assert client.get(reverse("research:review_queue")).status_code == 200
    for _ in range(4):
        add_rows()
    with django_assert_num_queries(len(few.captured_queries)):
        html = client.get(reverse("research:review_queue")).content.decode()
    assert html.count('<span class="badge badge--ok">Approved</span>') == 5
    assert html.count('<span class="badge badge--bad">Rejected</span>') == 5
    assert '<h2 id="waiting-heading">Awaiting review <span class="heading-note">5</span></h2>' in html
    waiting = html[html.index("Awaiting review"):html.index("Recent decisions")]
    assert waiting.count('<span class="badge badge--ok">Quotes: verified verbatim</span>') == 5
