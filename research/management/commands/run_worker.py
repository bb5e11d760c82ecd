"""manage.py run_worker: the task worker for research runs, with the stale-run sweep on a timer.

It takes db_worker's options (django-tasks-db) and, before working, starts a thread that runs
recover_stale_runs every quarter of VERBATIM_RUN_STALE_SECONDS, so a run whose worker died is
recovered on an idle system too, without waiting for the next submission.
"""

from django_tasks_db.management.commands.db_worker import Command as DbWorkerCommand

from research.worker import start_sweeper


class Command(DbWorkerCommand):
    help = "Run the research task worker with a periodic stale-run sweep."

    def handle(self, *args, **options):
        start_sweeper()
        return super().handle(*args, **options)
