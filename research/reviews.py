"""Reviewer sign-off: one open review per run, audited transitions, voidable approvals.

Four eyes: a reviewer does not approve their own run (VERBATIM_ALLOW_SELF_APPROVAL allows it on
a one-person install). A blocked, failed or partial run can be rejected or sent back with
changes requested, never approved. Eval runs are scored by their eval and never reviewed.

An approval records the SHA-256 of what was approved (research/fingerprints.py): the claims as
shown and the stored texts they quote, read again at the run's as-at date. If either changes
later, the fingerprint no longer matches and the approval is shown as void.

Reasons for refusing a decision are shown on the run page only, so they are translated here.
"""

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from research.fingerprints import fingerprint, fingerprints

# Gates whose answer cannot be approved, and why: what the reviewer would sign is not a checked,
# complete answer.
NOT_APPROVABLE = {
    "blocked": gettext_lazy("a blocked run cannot be approved (a claim in it failed the checks)"),
    "failed": gettext_lazy("a failed run cannot be approved (the run failed)"),
    "partial": gettext_lazy("a partial run cannot be approved (the run stopped at a limit, so the answer may be "
                            "incomplete)"),
}

EVAL_NOT_REVIEWED = gettext_lazy("an eval run is scored by its eval, not reviewed")


class TransitionNotAllowed(Exception):
    pass


DECISIONS = ("approve", "reject", "request_changes")


def decide(run, user, action, comment="", claim_comments=None, seen=None):
    """Record one decision (`action` one of DECISIONS) on `run` from a review form; returns the
    Review decided.

    `seen` is the form's token: the id of the run's newest review when the form was shown ("0"
    for none; see newest_review_id). A form sent twice, or after another reviewer decided, finds
    a newer review and is refused (TransitionNotAllowed), so one form records one decision.
    Without `seen` (no form) the decision is taken as it comes. Checked under a lock on the run.
    """
    from research.models import Run

    if action not in DECISIONS:
        raise ValueError(f"unknown decision {action!r}")
    with transaction.atomic():
        Run.objects.select_for_update().filter(pk=run.pk).first()
        if seen is not None and str(seen) != str(newest_review_id(run)):
            raise TransitionNotAllowed(_("this form was already sent, or the run was decided since it was "
                                         "shown; the decision recorded is below"))
        if not run.finished:
            raise TransitionNotAllowed(_("the run has not finished"))
        review = Review.open_for(run)
        getattr(review, action)(user, comment, claim_comments)
    return review


def newest_review_id(run):
    """The id of the run's newest review, open or decided (0 when none): a review form's token."""
    return Review.objects.filter(run=run).order_by("-pk").values_list("pk", flat=True).first() or 0


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
        """The run's open review, opened now if there is none (idempotent). Refused
        (TransitionNotAllowed) for an eval run, which its eval scores and nobody reviews."""
        if run.for_eval:
            raise TransitionNotAllowed(EVAL_NOT_REVIEWED)
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
                raise TransitionNotAllowed(_("this review is already %(status)s") % {
                    "status": _(current.get_status_display())})
            if not self.run.finished:
                raise TransitionNotAllowed(_("the run has not finished"))
            if self.run.for_eval:
                raise TransitionNotAllowed(EVAL_NOT_REVIEWED)
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
        return _("%(reason)s; reject it or request changes") % {"reason": NOT_APPROVABLE[run.gate]}
    if run.created_by_id == user.pk and not settings.VERBATIM_ALLOW_SELF_APPROVAL:
        return _("you asked this question, so another reviewer must approve it (four eyes)")
    return ""
