"""manage.py ingest_justice_laws PATH... — load Justice Laws XML (files, folders, .tar.xz).

The whole batch is one transaction: a malformed file stops the run and leaves
the corpus exactly as it was.
"""

import sys
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

from corpus.ingest import justice_laws
from corpus.ingest.justice_laws import ParseError
from corpus.ingest.sources import SourceError, count_sources, iter_sources
from corpus.ingest.store import ingest_bytes
from corpus.tasks import queue_embedding


def refresh_planner_statistics():
    """After a bulk load the query planner's statistics are stale; PostgreSQL then picks
    sequential scans over the full-text indexes until autovacuum catches up."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("ANALYZE corpus_sectiondoc, corpus_provision, corpus_provisiontext")
        elif connection.vendor == "sqlite":
            cursor.execute("PRAGMA optimize")


class Command(BaseCommand):
    help = "Ingest Justice Laws XML files, folders or .tar.xz archives (history folders too)."
    suffix = ".xml"  # the files a folder or archive holds
    parse = staticmethod(justice_laws.parse)

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+")
        parser.add_argument("--progress-every", type=int, default=25,
                            help="print progress every N files (0 for none)")

    def handle(self, *args, paths, progress_every=25, **options):
        self.verbosity = options.get("verbosity", 1)
        started = time.monotonic()
        try:
            total = count_sources(paths, self.suffix)
            added, unchanged, provisions = self._ingest_all(paths, total, progress_every, started)
        except (ParseError, SourceError) as exc:
            raise CommandError(f"{exc}\nNothing was written: the corpus is as it was.") from None
        if added:
            refresh_planner_statistics()
            queue_embedding()  # the worker embeds the new sections (corpus/tasks.py)
        seconds = time.monotonic() - started
        if added == 0:
            self.stdout.write(f"Unchanged: all {unchanged} files are already held; nothing written ({seconds:.1f} s).")
        else:
            self.stdout.write(self.style.SUCCESS(
                f"Added {added} versions ({provisions} provisions); {unchanged} files unchanged ({seconds:.1f} s)."))

    @transaction.atomic
    def _ingest_all(self, paths, total, progress_every, started):
        added = unchanged = provisions = 0
        show = progress_every and total > progress_every and sys.stdout.isatty() or progress_every and total >= 50
        for done, (name, data) in enumerate(iter_sources(paths, self.suffix), start=1):
            result = ingest_bytes(name, data, self.parse)
            if result.status == "unchanged":
                unchanged += 1
            else:
                added += 1
                provisions += result.provisions
                if self.verbosity >= 2:
                    self.stdout.write(f"  {result.code} {result.lang} {result.pit_date}: {result.provisions} provisions")
            if show and done % progress_every == 0:
                self.stdout.write(f"  {done}/{total} files ({added} added, {unchanged} unchanged, "
                                  f"{time.monotonic() - started:.0f} s)")
        return added, unchanged, provisions
