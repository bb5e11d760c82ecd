"""manage.py eval_report [--stored] [--write] — the eval history as Markdown.

Renders research/evals/history.yaml (every figure measured, held out or tuning). `--stored` adds
the latest stored EvalRun of each set and engine in this database; `--write` writes the ledger's
report to docs/eval-history.md (the committed file; tests/evals/test_history.py checks it is
current) instead of printing it.
"""

from django.core.management.base import BaseCommand, CommandError

from research.evals.history import REPORT, latest_stored_runs, load_ledger, render_report


class Command(BaseCommand):
    help = "Print (or write to docs/eval-history.md) the eval history from research/evals/history.yaml."

    def add_arguments(self, parser):
        parser.add_argument("--stored", action="store_true", help="add the latest stored eval runs")
        parser.add_argument("--write", action="store_true", help="write docs/eval-history.md")

    def handle(self, *args, **options):
        if options["stored"] and options["write"]:
            raise CommandError("--write writes the ledger's report only; the stored runs are this database's")
        try:
            measurements = load_ledger()
        except (OSError, ValueError) as e:
            raise CommandError(f"cannot read the eval ledger: {e}") from None
        report = render_report(measurements, latest_stored_runs() if options["stored"] else ())
        if options["write"]:
            REPORT.write_text(report + "\n", encoding="utf-8")
            self.stdout.write(f"wrote {REPORT} ({len(measurements)} measurements)")
        else:
            self.stdout.write(report)
