"""Reviewer sign-off: one open review per run, audited transitions, voidable approvals.

Four eyes: a reviewer does not approve their own run (VERBATIM_ALLOW_SELF_APPROVAL allows it on
a one-person install). A blocked, failed or partial run can be rejected or sent back with
changes requested, never approved. Eval runs are scored by their eval and never reviewed.

An approval records the SHA-256 of what was approved (research/fingerprints.py): the claims as
shown and the stored texts they quote, read again at the run's as-at date. If either changes
later, the fingerprint no longer matches and the approval is shown as void.
"""

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone

from research.fingerprints import fingerprint, fingerprints

# Gates whose answer cannot be approved, and why: what the reviewer would sign is not a checked,
# complete answer.
NOT_APPROVABLE = {
    "blocked": "a claim in it failed the checks",
    "failed": "the run failed",
    "partial": "the run stopped at a limit, so the answer may be incomplete",
}


class TransitionNotAllowed(Exception):
    pass


class Review(models.Model):
    STATUS_OPEN = "open"
    STATUS_APPROVED = "approved"
    STATUS_REJECTED = "rejected"
    STATUS_CHANGES = "changes_requested"
    STATUS_CHOICES = [(STATUS_OPEN, "awaiting review"), (STATUS_APPROVED, "approved"),
                      (STATUS_REJECTED, "rejected"), (STATUS_CHANGES, "changes requested")]

    run = models.ForeignKey("research.Run", on_delete=models.CASCADE, related_name="reviews")
    status = models.CharField(max_length=20, choices=STATUS_CHOICES, default=STATUS_OPEN)
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+")
    comment = models.TextField(blank=True)
    claim_comments = models.JSONField(default=dict, blank=True, help_text="claim position -> comment")
    approved_sha256 = models.CharField(max_length=64, blank=True)
    opened_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-opened_at"]
        constraints = [
            models.UniqueConstraint(fields=["run"], condition=Q(status="open"), name="one_open_review_per_run"),
        ]

    def __str__(self):
        return f"Review of run {self.run_id}: {self.status}"

    @classmethod
    def open_for(cls, run):
        """The run's open review, opened now if there is none (idempotent)."""
        with transaction.atomic():
            review = cls.objects.select_for_update().filter(run=run, status=cls.STATUS_OPEN).first()
            if review is None:
                review = cls.objects.create(run=run)
                ReviewAudit.objects.create(review=review, action="opened")
        return review

    def approve(self, user, comment="", claim_comments=None):
        """Approve the run. Refused (TransitionNotAllowed) for the reviewer's own run and for a
        blocked, failed or partial run: see approval_refused."""
        self._decide(user, self.STATUS_APPROVED, comment, claim_comments)

    def reject(self, user, comment="", claim_comments=None):
        self._decide(user, self.STATUS_REJECTED, comment, claim_comments)

    def request_changes(self, user, comment="", claim_comments=None):
        self._decide(user, self.STATUS_CHANGES, comment, claim_comments)

    def _decide(self, user, status, comment, claim_comments):
        if not user.has_perm("research.review_run"):
            raise PermissionDenied("only reviewers may decide on a run")
        with transaction.atomic():
            current = Review.objects.select_for_update().get(pk=self.pk)
            if current.status != self.STATUS_OPEN:
                raise TransitionNotAllowed(f"this review is already {current.get_status_display()}")
            if not self.run.finished:
                raise TransitionNotAllowed("the run has not finished")
            if self.run.for_eval:
                raise TransitionNotAllowed("an eval run is scored by its eval, not reviewed")
            refused = approval_refused(self.run, user) if status == self.STATUS_APPROVED else ""
            if refused:
                raise TransitionNotAllowed(refused)
            self.status = status
            self.reviewer = user
            self.comment = comment
            self.claim_comments = claim_comments or {}
            self.approved_sha256 = fingerprint(self.run) if status == self.STATUS_APPROVED else ""
            self.decided_at = timezone.now()
            self.save()
            ReviewAudit.objects.create(review=self, actor=user, action=status, comment=comment,
                                       claim_comments=self.claim_comments, content_sha256=self.approved_sha256)

    @property
    def is_void(self):
        """An approval whose answer or quoted texts changed since it was given."""
        return self.status == self.STATUS_APPROVED and self.approved_sha256 != fingerprint(self.run)

    @classmethod
    def mark_void(cls, reviews):
        """Set `void` on each of `reviews` (what is_void says), reading every approved run's
        fingerprint in one batch: a list of decisions costs the same queries for 1 row or 100."""
        approved = [r for r in reviews if r.status == cls.STATUS_APPROVED]
        now = fingerprints([r.run for r in approved]) if approved else {}
        for review in reviews:
            review.void = review.status == cls.STATUS_APPROVED and review.approved_sha256 != now.get(review.run_id)
        return reviews


class ReviewAudit(models.Model):
    """One row per transition: who did what, when, with which fingerprint."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")
    action = models.CharField(max_length=20)
    comment = models.TextField(blank=True)
    claim_comments = models.JSONField(default=dict, blank=True)
    content_sha256 = models.CharField(max_length=64, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self):
        return f"{self.action} by {self.actor_id} at {self.at:%Y-%m-%d %H:%M}"


def approval_refused(run, user) -> str:
    """Why `user` may not approve `run`, or "" when they may. A reviewer may still reject the
    run or request changes."""
    if run.gate in NOT_APPROVABLE:
        return (f"a {run.gate} run cannot be approved ({NOT_APPROVABLE[run.gate]}); "
                "reject it or request changes")
    if run.created_by_id == user.pk and not settings.VERBATIM_ALLOW_SELF_APPROVAL:
        return "you asked this question, so another reviewer must approve it (four eyes)"
    return ""
