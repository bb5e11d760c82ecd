"""manage.py eval_claims [--claims FILE] [--json] — the claim checker against a labelled claims set.

Checks every claim of the set through the service (as /check/ does) over the corpus held, prints
one line per claim (label expected, label given, rationale) and then the figures: accuracy,
verified precision (a claim called verified that is not is the one error a reader cannot see),
verified recall, right / total per label. The eval is stored as an EvalRun for /demo/evals/.
"""

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from research.evals.claims import KOREAN_CLAIMS, evaluate_claims, load_claims
from research.evals.store import store_claims_eval


class Command(BaseCommand):
    help = "Evaluate the claim checker against a labelled claims set."

    def add_arguments(self, parser):
        parser.add_argument("--claims", default=str(KOREAN_CLAIMS), help="labelled claims YAML file")
        parser.add_argument("--json", action="store_true", help="end with one JSON line of figures")

    def handle(self, *args, **options):
        try:
            items = load_claims(options["claims"])
        except (OSError, ValueError) as e:
            raise CommandError(f"cannot read the claims file: {e}") from None
        started = timezone.now()
        report = evaluate_claims(items)
        for r in report.results:
            mark = "ok  " if r.ok else "MISS"
            self.stdout.write(f"{r.id:40s} {mark} {r.expected:12s} -> {r.got:12s} {r.rationale[:100]}")
        eval_run = store_claims_eval(report, options["claims"], started_at=started)
        figures = eval_run.metrics
        self.stdout.write("")
        self.stdout.write(f"claims: n={figures['n']}  accuracy {figures['accuracy']}  "
                          f"verified precision {figures['verified_precision']}  "
                          f"verified recall {figures['verified_recall']}  (false verified: {figures['false_verified']})")
        self.stdout.write("right per label: " + ", ".join(
            f"{label} {figures[f'{label}_right']}" for label in ("verified", "contradicted", "unknown")))
        failures = figures["threshold_failures"]
        self.stdout.write("thresholds " + ("met" if not failures else "NOT met: " + "; ".join(failures))
                          + f"  (stored as eval run {eval_run.pk})")
        if options["json"]:
            self.stdout.write(json.dumps({k: v for k, v in figures.items() if k != "threshold_failures"}))
