import pytest
from django.core.exceptions import PermissionDenied

from corpus.models import ProvisionText
from research.models import Claim, Review, ReviewAudit, Run
from research.reviews import TransitionNotAllowed
from tests.base import finished_run, repoint_text, stored_sha

pytestmark = pytest.mark.django_db


def test_it_approves_and_records_the_fingerprint(people):
    alice, bob, _ = people
    review = Review.open_for(finished_run(alice))
    review.approve(bob, "Quotes check out.", {"0": "fine"})
    review.refresh_from_db()
    assert review.status == Review.STATUS_APPROVED
    assert review.reviewer == bob
    assert len(review.approved_sha256) == 64
    assert not review.is_void
    assert [a.action for a in ReviewAudit.objects.filter(review=review)] == ["opened", "approved"]


def test_it_requires_a_reviewer(people):
    alice, _, charlie = people
    review = Review.open_for(finished_run(alice))
    with pytest.raises(PermissionDenied):
        review.approve(alice)
    with pytest.raises(PermissionDenied):
        review.reject(charlie)
    assert Review.objects.get(pk=review.pk).status == Review.STATUS_OPEN


def test_it_refuses_a_second_decision(people):
    alice, bob, _ = people
    review = Review.open_for(finished_run(alice))
    review.reject(bob, "Wrong section.")
    with pytest.raises(TransitionNotAllowed):
        review.approve(bob)


def test_it_keeps_one_open_review_per_run(people):
    alice, _, _ = people
    run = finished_run(alice)
    assert Review.open_for(run).pk == Review.open_for(run).pk
    assert Review.objects.filter(run=run).count() == 1


def test_it_voids_an_approval_when_a_quoted_text_changes(people):
    alice, bob, _ = people
    run = finished_run(alice)
    review = Review.open_for(run)
    review.approve(bob)
    assert not review.is_void
    # The quoted paragraph now points at a different stored text, as after a new consolidation.
    old = ProvisionText.objects.get(sha256=stored_sha("P-8.6:s7(3)(c)")).text
    repoint_text("P-8.6:s7(3)(c)", old.replace("subpoena", "summons"))
    assert Review.objects.get(pk=review.pk).is_void


def test_it_voids_an_approval_when_the_answer_changes(people):
    alice, bob, _ = people
    run = finished_run(alice)
    review = Review.open_for(run)
    review.approve(bob)
    claim = run.claims.get()
    claim.text = "Disclosure is always allowed."
    claim.save()
    assert Review.objects.get(pk=review.pk).is_void


def test_a_reviewer_cannot_approve_their_own_run(people):
    _, bob, _ = people
    review = Review.open_for(finished_run(bob))
    with pytest.raises(TransitionNotAllowed, match=r"^you asked this question, so another reviewer must "
                                                   r"approve it \(four eyes\)$"):
        review.approve(bob)
    assert Review.objects.get(pk=review.pk).status == Review.STATUS_OPEN
    review.reject(bob, "My own quote is wrong.")  # rejecting one's own run is allowed
    assert Review.objects.get(pk=review.pk).status == Review.STATUS_REJECTED


def test_a_one_person_install_may_approve_its_own_runs(people, settings):
    _, bob, _ = people
    settings.VERBATIM_ALLOW_SELF_APPROVAL = True
    review = Review.open_for(finished_run(bob))
    review.approve(bob)
    assert Review.objects.get(pk=review.pk).status == Review.STATUS_APPROVED


@pytest.mark.parametrize("gate", ["blocked", "failed", "partial"])
def test_a_run_that_did_not_pass_cannot_be_approved(people, gate):
    alice, bob, _ = people
    run = finished_run(alice, quote="required to comply with a summons or warrant issued",
                       status=Claim.STATUS_BLOCKED)
    Run.objects.filter(pk=run.pk).update(gate=gate)
    run.refresh_from_db()
    review = Review.open_for(run)
    with pytest.raises(TransitionNotAllowed, match=rf"^a {gate} run cannot be approved \(.+\); "
                                                   r"reject it or request changes$"):
        review.approve(bob)
    assert Review.objects.get(pk=review.pk).status == Review.STATUS_OPEN
    review.request_changes(bob, "Quote s. 7(3)(c) as it reads.")
    assert Review.objects.get(pk=review.pk).status == Review.STATUS_CHANGES


def test_an_eval_run_is_not_reviewed(people):
    alice, bob, _ = people
    run = finished_run(alice)
    Run.objects.filter(pk=run.pk).update(for_eval=True)
    run.refresh_from_db()
    with pytest.raises(TransitionNotAllowed, match="an eval run is scored by its eval, not reviewed"):
        Review.open_for(run).reject(bob)


def test_the_batch_fingerprint_is_the_one_approved(people):
    from research.fingerprints import fingerprint, fingerprints

    alice, bob, _ = people
    runs = [finished_run(alice), finished_run(alice, quote="required to comply with a summons or warrant issued",
                                              status=Claim.STATUS_BLOCKED)]
    review = Review.open_for(runs[0])
    review.approve(bob)
    batch = fingerprints(runs)
    assert batch[runs[0].pk] == review.approved_sha256 == fingerprint(runs[0])
    assert batch[runs[1].pk] == fingerprint(runs[1]) != batch[runs[0].pk]
