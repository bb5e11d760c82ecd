"""Research runs: a question, the trace of the agent's work, and the checked answer.

State lives here: STATUS_* and GATE_* constants, transitions as methods. A run is
claimed by a worker with a conditional update so two workers never take it twice, and the
instance that claimed it is fenced by its attempt: each write it makes (heartbeat, events,
model calls, claims, final status) first checks, under the run row's lock, that the run is
still running as that attempt, and raises RunLost otherwise, so a worker the stale-run sweep
gave up on writes nothing more.
"""

import uuid
from contextlib import contextmanager

from django.conf import settings
from django.db import models, transaction
from django.db.models import F, Q, Sum
from django.urls import reverse
from django.utils import timezone

from research.roles import is_reviewer


class RunQuerySet(models.QuerySet):
    def visible_to(self, user):
        """The runs `user` may see: their own, or every run for a reviewer; none when signed out.
        The one access rule for runs, used by the pages and the API alike."""
        if not user.is_authenticated:
            return self.none()
        return self if is_reviewer(user) else self.filter(created_by_id=user.pk)


class RunLost(Exception):
    """This worker's attempt no longer owns the run: the stale-run sweep queued it again or
    failed it, and another attempt may be running. The attempt writes nothing more and stops."""


class Run(models.Model):
    STATUS_QUEUED = "queued"
    STATUS_RUNNING = "running"
    STATUS_DONE = "done"
    STATUS_FAILED = "failed"
    STATUS_CHOICES = [(s, s) for s in (STATUS_QUEUED, STATUS_RUNNING, STATUS_DONE, STATUS_FAILED)]

    GATE_PASS = "pass"
    GATE_BLOCKED = "blocked"
    GATE_PARTIAL = "partial"
    GATE_DECLINED = "declined"
    GATE_FAILED = "failed"
    GATE_CHOICES = [(g, g) for g in (GATE_PASS, GATE_BLOCKED, GATE_PARTIAL, GATE_DECLINED, GATE_FAILED)]

    ENGINE_CHOICES = [("anthropic", "anthropic"), ("extractive", "extractive"), ("scripted", "scripted")]

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    question = models.TextField()
    as_at = models.DateField(null=True, blank=True)
    acts = models.JSONField(default=list, blank=True, help_text="Act codes in scope; empty = all")
    lang = models.CharField(max_length=3, default="eng")
    engine = models.CharField(max_length=16, choices=ENGINE_CHOICES)
    model = models.CharField(max_length=80, blank=True)
    script = models.JSONField(null=True, blank=True, help_text="transcript for the scripted engine")
    status = models.CharField(max_length=10, choices=STATUS_CHOICES, default=STATUS_QUEUED)
    gate = models.CharField(max_length=10, choices=GATE_CHOICES, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="runs")
    idempotency_key = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    reading = models.TextField(blank=True)
    not_in_text = models.TextField(blank=True)
    scope_note = models.TextField(blank=True)
    broadened = models.BooleanField(default=False)
    partial_reason = models.CharField(max_length=200, blank=True)
    answer = models.JSONField(null=True, blank=True, help_text="the final submitted answer, as submitted")
    recorded = models.BooleanField(default=False, help_text="imported recorded run (demo)")
    recorded_label = models.CharField(max_length=200, blank=True)
    for_eval = models.BooleanField(default=False, help_text="made by an eval command: scored, never reviewed")
    revises = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="revisions",
                                help_text="the run whose reviewer asked for the changes this run makes")
    input_tokens = models.PositiveIntegerField(default=0)
    output_tokens = models.PositiveIntegerField(default=0)
    cache_read_tokens = models.PositiveIntegerField(default=0)
    cache_write_tokens = models.PositiveIntegerField(default=0)
    usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)

    objects = RunQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        permissions = [("review_run", "Can review research runs")]
        constraints = [
            models.UniqueConstraint(fields=["created_by", "idempotency_key"],
                                    condition=~Q(idempotency_key=""), name="one_run_per_idempotency_key"),
        ]
        indexes = [models.Index(fields=["status", "heartbeat_at"])]

    def __str__(self):
        return f"Run {self.pk}: {self.question[:60]}"

    def get_absolute_url(self):
        return reverse("research:run", args=[self.pk])

    @property
    def finished(self):
        return self.status in {self.STATUS_DONE, self.STATUS_FAILED}

    @property
    def decision(self):
        """The latest decided Review (approved, rejected or changes requested), or None. Reads
        prefetched `reviews` when the queryset has them."""
        reviews = sorted(self.reviews.all(), key=lambda r: (r.opened_at, r.pk), reverse=True)
        return next((r for r in reviews if r.status != "open"), None)

    @property
    def seconds(self):
        if self.started_at and self.finished_at:
            return (self.finished_at - self.started_at).total_seconds()
        return None

    # The attempt this instance claimed (set by claim()); None for any other instance, whose
    # writes are not fenced (submission, the sweep, reviews).
    owned_attempt = None

    def claim(self):
        """Take a queued run for this worker. False when another worker already has it."""
        now = timezone.now()
        taken = Run.objects.filter(pk=self.pk, status=self.STATUS_QUEUED).update(
            status=self.STATUS_RUNNING, started_at=now, heartbeat_at=now, attempts=F("attempts") + 1)
        if taken:
            self.refresh_from_db()
            self.owned_attempt = self.attempts
        return bool(taken)

    def _mine(self):
        """The run row while this instance's attempt still owns it (every row when not fenced)."""
        rows = Run.objects.filter(pk=self.pk)
        if self.owned_attempt is None:
            return rows
        return rows.filter(status=self.STATUS_RUNNING, attempts=self.owned_attempt)

    def _lost(self):
        return RunLost(f"run {self.pk} is no longer running as attempt {self.owned_attempt}")

    @contextmanager
    def owned(self):
        """A transaction holding the run row's lock in which this attempt still owns the run.
        Raises RunLost (and writes nothing) when the sweep gave the run up meanwhile."""
        with transaction.atomic():
            if not list(self._mine().select_for_update().values_list("pk", flat=True)):
                raise self._lost()
            yield

    def beat(self):
        """Tell the stale-run sweep this run is alive; RunLost when this attempt lost it."""
        if not self._mine().update(heartbeat_at=timezone.now()) and self.owned_attempt is not None:
            raise self._lost()

    def usage_totals(self) -> dict:
        """Tokens and USD summed over every model call the run made, for the run's own fields."""
        usage = self.model_calls.aggregate(
            input_tokens=Sum("input_tokens"), output_tokens=Sum("output_tokens"),
            cache_read_tokens=Sum("cache_read_tokens"), cache_write_tokens=Sum("cache_write_tokens"),
            usd=Sum("usd"))
        return {name: value or 0 for name, value in usage.items()}

    def fail(self, reason):
        """End the run as failed with `reason`, keeping what its model calls cost."""
        with self.owned():
            self.add_event(RunEvent.KIND_FINAL, {"status": self.STATUS_FAILED, "gate": self.GATE_FAILED,
                                                 "error": reason[:4000]})
            Run.objects.filter(pk=self.pk).update(status=self.STATUS_FAILED, gate=self.GATE_FAILED,
                                                  error=reason[:4000], finished_at=timezone.now(),
                                                  **self.usage_totals())
        self.refresh_from_db()

    def add_event(self, kind, data):
        """Append one event to the ordered trace (seq is 1, 2, 3… per run)."""
        # The run row's lock gives concurrent writers of one run distinct seq numbers.
        with self.owned():
            last = RunEvent.objects.filter(run=self).order_by("-seq").values_list("seq", flat=True).first()
            seq = (last or 0) + 1
            return RunEvent.objects.create(run=self, seq=seq, kind=kind, data=data)


class ModelCall(models.Model):
    """One call to a model: tokens, latency and cost, for the usage block."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="model_calls")
    seq = models.PositiveIntegerField()
    model = models.CharField(max_length=80)
    purpose = models.CharField(max_length=20, default="answer", help_text="answer or repair")
    input_tokens = models.PositiveIntegerField(default=0)
    output_tokens = models.PositiveIntegerField(default=0)
    cache_read_tokens = models.PositiveIntegerField(default=0)
    cache_write_tokens = models.PositiveIntegerField(default=0)
    latency_ms = models.PositiveIntegerField(default=0)
    usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)
    stop_reason = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["run", "seq"]

    def __str__(self):
        return f"{self.run_id}#{self.seq} {self.model}"


class RunEvent(models.Model):
    """The ordered trace of a run, streamed to the page and the API."""

    KIND_STATUS = "status"
    KIND_MODEL_CALL = "model_call"
    KIND_TOOL_CALL = "tool_call"
    KIND_TOOL_RESULT = "tool_result"
    KIND_TOOL_ERROR = "tool_error"
    KIND_FINDINGS = "findings"
    KIND_REPAIR = "repair"
    KIND_FINAL = "final"
    KIND_CHOICES = [(k, k) for k in (KIND_STATUS, KIND_MODEL_CALL, KIND_TOOL_CALL, KIND_TOOL_RESULT,
                                     KIND_TOOL_ERROR, KIND_FINDINGS, KIND_REPAIR, KIND_FINAL)]

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=KIND_CHOICES)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["run", "seq"]
        constraints = [models.UniqueConstraint(fields=["run", "seq"], name="one_event_per_seq")]

    def __str__(self):
        return f"{self.run_id}#{self.seq} {self.kind}"


class Claim(models.Model):
    STATUS_PASS = "pass"
    STATUS_DOWNGRADED = "downgraded"
    STATUS_BLOCKED = "blocked"
    STATUS_CHOICES = [(s, s) for s in (STATUS_PASS, STATUS_DOWNGRADED, STATUS_BLOCKED)]

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="claims")
    position = models.PositiveIntegerField()
    text = models.TextField()
    status = models.CharField(max_length=10, choices=STATUS_CHOICES)
    findings = models.JSONField(default=list, help_text="[{code, severity, message, details}]")
    repaired = models.BooleanField(default=False)

    class Meta:
        ordering = ["run", "position"]

    def __str__(self):
        return f"{self.run_id}.{self.position} {self.status}"

    @property
    def warnings(self):
        return [f for f in self.findings if f.get("severity") == "warning"]

    @property
    def blocking(self):
        return [f for f in self.findings if f.get("severity") == "blocking"]


class Citation(models.Model):
    claim = models.ForeignKey(Claim, on_delete=models.CASCADE, related_name="citations")
    position = models.PositiveIntegerField()
    provision_id = models.CharField(max_length=240, help_text="as cited, e.g. P-8.6:s7(3)(c)")
    checked_id = models.CharField(max_length=240, blank=True, help_text="the unit the quote was checked against")
    quote = models.TextField()
    version = models.ForeignKey("corpus.ActVersion", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    text_sha256 = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=10, choices=Claim.STATUS_CHOICES)
    checked_label = models.CharField(max_length=200, blank=True)
    findings = models.JSONField(default=list)

    class Meta:
        ordering = ["claim", "position"]

    def __str__(self):
        return f"{self.provision_id}: {self.quote[:40]}"


# Models kept in their own modules, registered here so migrations see them.
from research.counters import WindowCount  # noqa: E402,F401
from research.eval_models import EvalResult, EvalRun  # noqa: E402,F401
from research.reviews import Review, ReviewAudit  # noqa: E402,F401
from research.tokens import ApiToken  # noqa: E402,F401
