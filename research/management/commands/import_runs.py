"""manage.py import_runs FILE... — store recorded runs (verbatim-run/1 JSON); re-importing is a no-op.

A folder argument imports every *.json file in it.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from corpus.text_input import read_text
from research.recording import RecordingError, import_run


class Command(BaseCommand):
    help = "Import recorded runs from JSON files or folders of them (idempotent by run uuid)."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+")

    def handle(self, *args, paths, **options):
        files = []
        for name in paths:
            path = Path(name)
            if path.is_dir():
                files.extend(sorted(path.glob("*.json")))
            elif path.exists():
                files.append(path)
            else:
                raise CommandError(f"{name}: no such file or folder")
        for path in files:
            try:
                data = read_text(path, as_json=True)  # ValueError naming the file
            except ValueError as e:
                raise CommandError(str(e)) from None
            try:
                run = import_run(data)
            except RecordingError as e:
                raise CommandError(f"{path}: {e}") from None
            self.stdout.write(f"{path.name}: run {run.pk} ({run.recorded_label or run.engine})")
        self.stdout.write(f"{len(files)} recorded run(s) ready.")
