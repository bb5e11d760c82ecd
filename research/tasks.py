"""Background work for research runs, on the django.tasks database backend (`manage.py db_worker`).

    transaction.on_commit(partial(execute_run.enqueue, run_id=run.pk))

execute_run claims and runs one run. recover_stale_runs finds runs whose worker stopped (no
heartbeat for VERBATIM_RUN_STALE_SECONDS) and queues them once more, or fails them after a
retry, so no run stays "running" forever. It runs on a timer in every worker started with
`manage.py run_worker` (research/worker.py), at the start of every execute_run, and from
`manage.py recover_runs`.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.tasks import task
from django.utils import timezone

from research import pipeline
from research.models import Run, RunEvent

logger = logging.getLogger("verbatim.research")

MAX_ATTEMPTS = 2
RETRIED_ONCE = "worker stopped during the run; retried once"


@task()
def execute_run(run_id):
    """Recover stale runs, then claim and execute run `run_id` (a no-op when it is not queued).
    Returns the run's final status and gate, for the task result."""
    recover_stale_runs()
    run = pipeline.execute(run_id)
    return {"run_id": run_id, "status": run.status if run else "not-claimed", "gate": run.gate if run else ""}


def recover_stale_runs(stale_seconds=None, now=None) -> dict:
    """Re-queue running runs whose heartbeat is older than `stale_seconds` (default
    settings.VERBATIM_RUN_STALE_SECONDS) and that have had fewer than MAX_ATTEMPTS attempts;
    fail the others with a reason. Returns {"requeued": [ids], "failed": [ids]}."""
    stale_seconds = settings.VERBATIM_RUN_STALE_SECONDS if stale_seconds is None else stale_seconds
    cutoff = (now or timezone.now()) - timedelta(seconds=stale_seconds)
    stale = Run.objects.filter(status=Run.STATUS_RUNNING).filter(
        Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, started_at__lt=cutoff))
    done = {"requeued": [], "failed": []}
    for run in stale:
        if run.attempts < MAX_ATTEMPTS:
            if _requeue(run, cutoff):
                done["requeued"].append(run.pk)
        elif _fail_stale(run, cutoff):
            done["failed"].append(run.pk)
    if done["requeued"] or done["failed"]:
        logger.warning("recovered stale runs: %s", done)
    return done


def _requeue(run, cutoff) -> bool:
    with transaction.atomic():
        # Conditional on the same stale state, so two sweeps never queue a run twice.
        moved = Run.objects.filter(pk=run.pk, status=Run.STATUS_RUNNING, heartbeat_at=run.heartbeat_at).update(
            status=Run.STATUS_QUEUED, heartbeat_at=None)
        if not moved:
            return False
        run.add_event(RunEvent.KIND_STATUS, {"status": Run.STATUS_QUEUED,
                                             "reason": "worker stopped during the run; queued again",
                                             "attempt": run.attempts})
        transaction.on_commit(lambda: execute_run.enqueue(run_id=run.pk))
    return True


def _fail_stale(run, cutoff) -> bool:
    reason = RETRIED_ONCE
    with transaction.atomic():
        moved = Run.objects.filter(pk=run.pk, status=Run.STATUS_RUNNING, heartbeat_at=run.heartbeat_at).update(
            status=Run.STATUS_FAILED, gate=Run.GATE_FAILED, error=reason, finished_at=timezone.now())
        if moved:
            run.add_event(RunEvent.KIND_FINAL, {"status": Run.STATUS_FAILED, "gate": Run.GATE_FAILED,
                                                "error": reason})
    return bool(moved)
