"""manage.py verify_answer ANSWER.md EVIDENCE.json — is an exported answer still verbatim?

ANSWER.md is an answer exported as Markdown (DESIGN.md "Answer shape"); EVIDENCE.json maps
each provision id it shows to {text, sha256, pit_date}. Prints one line per quoted passage:
verbatim, mismatch (with the first difference), missing evidence, altered evidence, or blocked
(the export itself says so). Exits non-zero when any passage fails.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from corpus.text_input import read_text
from verifier.answer_markdown import check_export


class Command(BaseCommand):
    help = "Check each quote of an exported answer against its evidence file."

    def add_arguments(self, parser):
        parser.add_argument("answer", help="the exported answer (Markdown)")
        parser.add_argument("evidence", help="the evidence file (JSON: id -> {text, sha256, pit_date})")

    def handle(self, *args, answer, evidence, **options):
        md = _read(answer)
        try:
            provisions = json.loads(_read(evidence))
        except json.JSONDecodeError as exc:
            raise CommandError(f"{evidence} is not JSON: {exc}") from None
        if not isinstance(provisions, dict):
            raise CommandError(f"{evidence} must map provision ids to {{text, sha256, pit_date}}")
        results = check_export(md, provisions)
        if not results:
            raise CommandError(f"{answer} quotes no passage (expected '> \"...\"' blocks with Path lines)")
        for n, r in enumerate(results, start=1):
            self.stdout.write(f"{n}. {r['provision_id']}: {r['status']} — {r['message']}")
        failed = [r for r in results if not r["ok"]]
        summary = f"{len(results) - len(failed)} of {len(results)} passages hold"
        if failed:
            raise CommandError(f"{summary}; {len(failed)} failed", returncode=1)
        self.stdout.write(summary)


def _read(path):
    try:
        return read_text(path)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
