"""manage.py load_statute_book [PATH ...] — every federal Act and regulation, both languages.

`make run` starts it beside the server once the default corpus is in. It ingests the archives
of settings.VERBATIM_STATUTE_BOOK (or the paths given) in batches, each batch its own
transaction, so what is loaded is searchable while the rest loads and an interrupted load
keeps every finished batch. A file that does not parse is reported and skipped: it writes
nothing and the rest of its batch is kept. Content-addressed like every ingest, so a second
start writes nothing.
"""

import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from corpus.ingest import justice_laws
from corpus.ingest.sources import SourceError, count_sources, iter_sources
from corpus.ingest.store import ingest_bytes
from corpus.management.commands.ingest_justice_laws import refresh_planner_statistics
from corpus.tasks import queue_embedding

# Files per transaction: small enough that a batch holds SQLite's write lock for a second or two
# (runs and reviews wait on it), large enough that commits are not most of the work.
BATCH_FILES = 50


class Command(BaseCommand):
    help = "Load every Act and regulation of the statute book, in batches, printing progress (safe to re-run)."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="*", help="archives or folders (default: settings.VERBATIM_STATUTE_BOOK)")
        parser.add_argument("--batch", type=int, default=BATCH_FILES, help="files per transaction")
        parser.add_argument("--progress-every", type=int, default=500, help="print progress every N files")

    def handle(self, *args, paths, batch, progress_every, **options):
        paths = paths or [str(p) for p in settings.VERBATIM_STATUTE_BOOK if Path(p).exists()]
        if not paths:
            self.stdout.write("No statute book to load (settings.VERBATIM_STATUTE_BOOK names no file here).")
            return
        started = time.monotonic()
        try:
            total = count_sources(paths)
            counts = self._load(paths, total, max(1, batch), max(1, progress_every), started)
        except SourceError as exc:
            raise CommandError(str(exc)) from None
        if counts["added"]:
            refresh_planner_statistics()
            queue_embedding()  # the worker embeds the new sections (corpus/tasks.py)
        seconds = time.monotonic() - started
        summary = (f"Statute book: {counts['added']} instruments added, {counts['unchanged']} already held, "
                   f"{len(counts['failed'])} not readable ({seconds:.0f} s).")
        for name, error in counts["failed"]:
            self.stderr.write(f"  skipped {name}: {error}")
        self.stdout.write(self.style.SUCCESS(summary) if not counts["failed"] else self.style.WARNING(summary))

    def _load(self, paths, total, batch, progress_every, started):
        counts = {"added": 0, "unchanged": 0, "failed": []}
        pending = []
        done = 0
        for item in iter_sources(paths):
            pending.append(item)
            if len(pending) == batch:
                done += self._write(pending, counts)
                pending = []
                self._progress(done, total, counts, started, progress_every, batch)
        if pending:
            done += self._write(pending, counts)
            self._progress(done, total, counts, started, 1, batch)
        return counts

    @staticmethod
    @transaction.atomic
    def _write(files, counts):
        """One batch, one transaction. ingest_bytes parses before it writes and writes each file
        in its own savepoint, so a file that fails to parse leaves the batch's others in."""
        for name, data in files:
            try:
                result = ingest_bytes(name, data, justice_laws.parse)
            except justice_laws.ParseError as exc:
                counts["failed"].append((name, str(exc)))
                continue
            counts[result.status] += 1
        return len(files)

    def _progress(self, done, total, counts, started, every, batch):
        # Printed when a multiple of `every` files has just been passed, and at the end.
        if done == total or done // every != (done - batch) // every:
            self.stdout.write(f"  statute book: {done}/{total} instruments ({counts['added']} added, "
                              f"{counts['unchanged']} unchanged, {len(counts['failed'])} skipped), "
                              f"{time.monotonic() - started:.0f} s")
            self.stdout.flush()
