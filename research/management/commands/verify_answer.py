"""manage.py verify_answer ANSWER.md EVIDENCE.json — is an exported answer still verbatim?

ANSWER.md is an answer exported as Markdown (DESIGN.md "Answer shape"); EVIDENCE.json maps
each provision id it shows to {text, sha256, pit_date}. Prints one line per quoted passage:
verbatim, mismatch (with the first difference), missing evidence, altered evidence, or blocked
(the export itself says so). Exits non-zero when any passage fails. The same check ships
as one stdlib-only file, scripts/verify_answer_standalone.py (built by verifier/standalone.py).
"""

from django.core.management.base import BaseCommand, CommandError

from corpus.text_input import read_text
from verifier.answer_check_main import Unusable, report


class Command(BaseCommand):
    help = "Check each quote of an exported answer against its evidence file."

    def add_arguments(self, parser):
        parser.add_argument("answer", help="the exported answer (Markdown)")
        parser.add_argument("evidence", help="the evidence file (JSON: id -> {text, sha256, pit_date})")

    def handle(self, *args, answer, evidence, **options):
        try:
            lines, failed = report(_read(answer), _read(evidence), answer, evidence)
        except Unusable as exc:
            raise CommandError(str(exc)) from None
        for line in lines[:-1]:
            self.stdout.write(line)
        if failed:
            raise CommandError(lines[-1], returncode=1)
        self.stdout.write(lines[-1])


def _read(path):
    try:
        return read_text(path)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
