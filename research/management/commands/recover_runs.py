"""manage.py recover_runs: queue again (or fail) runs whose worker stopped mid-run.

Run it before starting a worker and now and then (cron); `--loop N` repeats every N seconds.
"""

import time

from django.core.management.base import BaseCommand

from research.tasks import recover_stale_runs


class Command(BaseCommand):
    help = "Re-queue or fail research runs whose heartbeat is stale."

    def add_arguments(self, parser):
        parser.add_argument("--stale-seconds", type=int, default=None,
                            help="override VERBATIM_RUN_STALE_SECONDS")
        parser.add_argument("--loop", type=float, default=0, help="repeat every N seconds")

    def handle(self, *args, stale_seconds=None, loop=0, **options):
        while True:
            done = recover_stale_runs(stale_seconds=stale_seconds)
            if options["verbosity"]:
                self.stdout.write(f"requeued {done['requeued']} failed {done['failed']}")
            if not loop:
                return
            time.sleep(loop)
