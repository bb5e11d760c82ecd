import pytest
from django.core.exceptions import PermissionDenied

from corpus.models import ProvisionText
from research.models import Review, ReviewAudit
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
