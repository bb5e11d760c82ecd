"""manage.py export_run ID [--out FILE] [--label TEXT] — a finished run as a recorded-run JSON file."""

import json

from django.core.management.base import BaseCommand, CommandError

from research.models import Run
from research.recording import RecordingError, export_run


class Command(BaseCommand):
    help = "Export a finished run (events, model calls, claims, citations) as verbatim-run/1 JSON."

    def add_arguments(self, parser):
        parser.add_argument("run_id", type=int)
        parser.add_argument("--out", help="write to this file (default: standard output)")
        parser.add_argument("--label", help="recorded_label: what the run shows and which engine made it")

    def handle(self, *args, run_id, out, label, **options):
        run = Run.objects.filter(pk=run_id).first()
        if run is None:
            raise CommandError(f"there is no run {run_id}")
        try:
            data = export_run(run)
        except RecordingError as e:
            raise CommandError(str(e)) from None
        if label:
            data["recorded_label"] = label
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        if out:
            with open(out, "w", encoding="utf-8") as f:
                f.write(text)
            self.stderr.write(f"run {run_id} written to {out}")
        else:
            self.stdout.write(text, ending="")
