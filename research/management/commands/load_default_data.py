"""manage.py load_default_data — the default corpus, the reviewer group, the recorded demo runs
and a first measurement for /demo/evals/ (idempotent).

`make run` calls it; re-running it writes nothing that is already there. The evals page is filled
by running, on this install's corpus, search over every question set and the extractive engine
over the English golden set and the sealed Korean set, and the claim checker over the labelled
Korean claims sets, once: a set that already has a stored run
is not run again (`manage.py eval_retrieval` / `eval_answers` measure again on demand).
"""

from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from research.eval_models import EvalRun
from research.evals.claims import CLAIM_SETS
from research.evals.retrieval import GOLDEN, KOREAN_HOLDOUT, question_sets
from research.roles import ensure_roles


class Command(BaseCommand):
    help = "Load the default corpus and roles (safe to re-run)."

    def add_arguments(self, parser):
        parser.add_argument("--no-evals", dest="evals", action="store_false",
                            help="do not measure the question sets for /demo/evals/")

    def handle(self, *args, **options):
        paths = [str(p) for p in settings.VERBATIM_DEFAULT_CORPUS if Path(p).exists()]
        call_command("ingest_justice_laws", *paths, stdout=self.stdout)
        korean = [str(p) for p in settings.VERBATIM_KOREAN_CORPUS if Path(p).exists()]
        if korean:
            call_command("ingest_korean_laws", *korean, stdout=self.stdout)
        call_command("embed_sections", stdout=self.stdout)
        ensure_roles()
        self.stdout.write("Roles ready: group 'Reviewers' holds the review permission.")
        recorded = sorted((Path(settings.BASE_DIR) / "research" / "recorded").glob("*.json"))
        if recorded:
            call_command("import_runs", *[str(p) for p in recorded], stdout=self.stdout)
        if options["evals"]:
            first_evals(self.stdout, retrieval=question_sets(),
                        answers=[GOLDEN, KOREAN_HOLDOUT], claims=CLAIM_SETS)


def first_evals(stdout, retrieval, answers, claims=()):
    """Measure search on each set of `retrieval`, the extractive engine on each of `answers`
    (paths to question sets) and the claim checker on each of `claims` (labelled claims sets),
    skipping any set that has a stored run of that kind."""
    stored = set(EvalRun.objects.values_list("kind", "golden_file"))
    for path in retrieval:
        if (EvalRun.KIND_RETRIEVAL, path.name) not in stored:
            call_command("eval_retrieval", golden=str(path), stdout=StringIO())
            stdout.write(f"Search measured on {path.name} (/demo/evals/).\n")
    for path in answers:
        if (EvalRun.KIND_ANSWERS, path.name) not in stored:
            call_command("eval_answers", engine="extractive", golden=str(path), stdout=StringIO())
            stdout.write(f"Extractive answers measured on {path.name} (/demo/evals/).\n")
    for path in claims:
        if (EvalRun.KIND_CLAIMS, path.name) not in stored:
            call_command("eval_claims", claims=str(path), stdout=StringIO())
            stdout.write(f"Claim checker measured on {path.name} (/demo/evals/).\n")
