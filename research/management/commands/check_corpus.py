"""manage.py check_corpus [--lang eng|fra] [--code CODE ...] [--all-versions] — every provision id
works: id -> parse -> fetch as at its version -> verify_quote of its own text is `match`.

Prints the counts per kind and every failure; exits non-zero when anything failed.
"""

import sys

from django.core.management.base import BaseCommand, CommandError

from verifier.corpus_check import check_corpus


class Command(BaseCommand):
    help = "Check that every provision of every instrument held parses, is fetched and quotes itself."

    def add_arguments(self, parser):
        parser.add_argument("--lang", choices=["eng", "fra"], action="append",
                            help="a language to check (repeatable; both by default)")
        parser.add_argument("--code", action="append", help="an instrument code to check (repeatable; all by default)")
        parser.add_argument("--all-versions", action="store_true",
                            help="every version held, not only the latest of each instrument")
        parser.add_argument("--max-failures", type=int, default=None,
                            help="print at most this many failures (all are counted)")
        parser.add_argument("--progress-every", type=int, default=0, help="print progress every N versions")

    def handle(self, *args, lang=None, code=None, all_versions=False, max_failures=None, progress_every=0,
               **options):
        printed = 0

        def print_failures(result):
            nonlocal printed
            for failure in result.failures[printed:]:
                self.stdout.write(f"FAIL {failure}")
            printed = len(result.failures)

        def progress(done, total, result):
            print_failures(result)  # as they are found: a full run takes a while
            if progress_every and (done % progress_every == 0 or done == total):
                self.stdout.write(f"  {done}/{total} versions, {sum(result.checked.values())} provisions, "
                                  f"{sum(result.failed.values())} failed")
                self.stdout.flush()

        result = check_corpus(codes=code, langs=tuple(lang or ("eng", "fra")), all_versions=all_versions,
                              max_failures=max_failures, progress=progress)
        if not result.versions:
            raise CommandError("no versions to check: the corpus holds none matching")
        print_failures(result)
        self.stdout.write(f"{'kind':<16}{'checked':>10}{'failed':>8}{'no text':>9}")
        for kind in sorted(set(result.checked) | set(result.no_text)):
            self.stdout.write(f"{kind:<16}{result.checked[kind]:>10}{result.failed[kind]:>8}{result.no_text[kind]:>9}")
        total, failed = sum(result.checked.values()), sum(result.failed.values())
        self.stdout.write(f"{'total':<16}{total:>10}{failed:>8}{sum(result.no_text.values()):>9}")
        summary = f"{result.versions} versions, {total} provisions checked, {failed} failed ({result.seconds:.1f} s)."
        if failed:
            self.stdout.write(self.style.ERROR(summary))
            sys.exit(1)
        self.stdout.write(self.style.SUCCESS(summary))
