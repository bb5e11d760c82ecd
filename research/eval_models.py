"""Stored eval runs: one EvalRun per `eval_retrieval` or `eval_answers` invocation, with one
EvalResult per golden question and a reason a person can read.

The figures live in `metrics` (JSON) so a new figure needs no migration; the /demo/evals page
plots the trend of a metric over the stored runs of one kind.
"""

from django.db import models
from django.utils import timezone


class EvalRun(models.Model):
    KIND_RETRIEVAL = "retrieval"
    KIND_ANSWERS = "answers"
    KIND_CLAIMS = "claims"  # the claim checker against a labelled claims set
    KIND_CHOICES = [(KIND_RETRIEVAL, "retrieval"), (KIND_ANSWERS, "answers"), (KIND_CLAIMS, "claims")]

    kind = models.CharField(max_length=10, choices=KIND_CHOICES)
    engine = models.CharField(max_length=40, blank=True,
                              help_text="answer engine, or the search ranked for retrieval")
    golden_file = models.CharField(max_length=300, help_text="file name of the golden set")
    golden_sha256 = models.CharField(max_length=64, help_text="SHA-256 of the golden file's bytes")
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    n = models.PositiveIntegerField(default=0, help_text="questions scored")
    metrics = models.JSONField(default=dict, help_text="figures, e.g. recall_at_k, mrr, quote_fidelity")
    thresholds = models.JSONField(default=dict, blank=True, help_text="the minimums checked")
    passed_thresholds = models.BooleanField(default=False)

    class Meta:
        ordering = ["-started_at", "-pk"]

    def __str__(self):
        return f"{self.kind} eval {self.pk} ({self.engine}, n={self.n})"

    @property
    def seconds(self):
        if self.finished_at:
            return (self.finished_at - self.started_at).total_seconds()
        return None


class EvalResult(models.Model):
    """One golden question's outcome: what was expected, what came back, and why it counts."""

    eval_run = models.ForeignKey(EvalRun, on_delete=models.CASCADE, related_name="results")
    position = models.PositiveIntegerField(default=0)
    question_id = models.CharField(max_length=120)
    question = models.TextField()
    expected = models.JSONField(default=list, blank=True, help_text="section ids, [] for decline items")
    decline = models.BooleanField(default=False, help_text="the golden item must be declined")
    got = models.JSONField(default=list, blank=True, help_text="ranked ids (retrieval) or cited ids (answers)")
    rank = models.PositiveIntegerField(null=True, blank=True)
    ok = models.BooleanField(default=False)
    reason = models.TextField(blank=True)
    run = models.ForeignKey("research.Run", null=True, blank=True, on_delete=models.SET_NULL,
                            related_name="eval_results")

    class Meta:
        ordering = ["eval_run", "position"]

    def __str__(self):
        return f"{self.eval_run_id}/{self.question_id}: {'ok' if self.ok else 'miss'}"
