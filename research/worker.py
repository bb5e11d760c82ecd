"""The two timers that keep research runs alive and honest inside a worker process.

    with Heartbeat(run):            # while a run works: beat every stale/5 s on a thread
        ...
    start_sweeper()                 # once per worker process: recover stale runs every stale/4 s

A run's heartbeat must not depend on what the engine is doing (one model call can outlast the
stale threshold), so it beats from its own thread. The sweep must not depend on a neighbour's
submission (an orphaned run on an idle worker would wait forever), so each worker process runs
it on a timer too. `manage.py run_worker` starts the sweeper and then the task worker.
"""

import logging
import threading
import time

from django.conf import settings
from django.db import DatabaseError, connections

from research.models import RunLost

logger = logging.getLogger("verbatim.research")


def beat_every() -> float:
    """Seconds between heartbeats: a fifth of the stale threshold, so a few missed beats
    (a slow database, a busy machine) never make a live run look stale."""
    return max(0.2, settings.VERBATIM_RUN_STALE_SECONDS / 5)


def sweep_every() -> float:
    """Seconds between sweeps: a quarter of the stale threshold, so a run whose worker died is
    recovered within a quarter threshold of going stale."""
    return max(0.5, settings.VERBATIM_RUN_STALE_SECONDS / 4)


class Heartbeat:
    """Beat `run` (a claimed, fenced Run) on a daemon thread until the block ends.

    `lost` is set when a beat finds the run no longer owned by this attempt; the run's own
    fenced writes raise RunLost from then on, so the thread only stops beating."""

    def __init__(self, run, every=None):
        self.run = run
        self.every = every or beat_every()
        self.lost = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name=f"heartbeat-run-{run.pk}", daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join(timeout=30)

    def _beat(self):
        try:
            while not self._stop.wait(self.every):
                try:
                    self.run.beat()
                except RunLost:
                    logger.warning("run %s: attempt %s lost the run; heartbeat stopped",
                                   self.run.pk, self.run.owned_attempt)
                    self.lost.set()
                    return
                except DatabaseError:
                    logger.exception("run %s: heartbeat failed; trying again", self.run.pk)
        finally:
            connections.close_all()  # this thread's own connections


def start_sweeper(every=None) -> threading.Thread:
    """Start a daemon thread that calls recover_stale_runs every `every` seconds (default
    sweep_every()) for the life of the process. Returns the thread."""
    thread = threading.Thread(target=_sweep, args=(every or sweep_every(),), name="stale-run-sweeper",
                              daemon=True)
    thread.start()
    return thread


def _sweep(every):
    from research.tasks import recover_stale_runs  # tasks imports the pipeline and engines

    while True:
        try:
            recover_stale_runs()
        except DatabaseError:
            logger.exception("stale-run sweep failed; trying again in %s s", every)
            connections.close_all()
        time.sleep(every)
