"""manage.py eval_retrieval [--golden FILE] [--k 5] [--typos] [--json]

Runs the golden questions through Verbatim's section search and the plain BM25
baseline and prints a table per question, then totals. With --json the last line
printed is one JSON object: recall_at_k, mrr, n, k and baseline {recall_at_k, mrr}.
--typos asks the questions mistyped (research/evals/noise.py: two slips each, fixed seed).
Each run is stored as an EvalRun (kind retrieval) with a result and reason per question;
a run with typos is stored under the golden file's name + " with typos", its own trend.
"""

import json

from django.core.management.base import BaseCommand

from corpus.languages import question_lang
from corpus.search import search
from research.evals.baseline import BM25Baseline
from research.evals.intervals import retrieval_intervals
from research.evals.noise import with_typos
from research.evals.retrieval import DEPTH, GOLDEN, evaluate, load_golden
from research.evals.store import TYPOS, store_retrieval_eval


def verbatim_search(question):
    """Search as the ask page does: in the question's language (corpus/languages.py)."""
    return [hit.pinpoint for hit in search(question, lang=question_lang(question), limit=DEPTH).hits]


class Command(BaseCommand):
    help = "Evaluate section search against the golden questions (recall@k, MRR)."

    def add_arguments(self, parser):
        parser.add_argument("--golden", default=str(GOLDEN), help="golden YAML file")
        parser.add_argument("--k", type=int, default=5, help="cut-off for recall@k")
        parser.add_argument("--typos", action="store_true", help="ask the questions mistyped (fixed seed)")
        parser.add_argument("--json", action="store_true", help="end with one JSON line")

    def handle(self, *args, **options):
        items = load_golden(options["golden"])
        if options["typos"]:
            items = with_typos(items)
        k = options["k"]
        ours = evaluate(items, verbatim_search, k=k)
        baseline_index = BM25Baseline()
        base = evaluate(items, lambda q: baseline_index.search(q, DEPTH), k=k)
        self._table(ours, base)
        self.stdout.write(f"\n{'':<34} {'recall@' + str(k):>10} {'MRR':>7}   (n={ours.n}, "
                          f"{len(ours.declined)} out-of-scope questions excluded)")
        ours_ci, base_ci = retrieval_intervals(ours.results, k), retrieval_intervals(base.results, k)
        for name, report, ci in (("Verbatim search", ours, ours_ci), ("Baseline (plain BM25 on body)", base, base_ci)):
            self.stdout.write(f"{name:<34} {report.recall_at_k:>10.3f} {report.mrr:>7.3f}   95% CI "
                              f"{_span(ci['recall_at_k'])} / {_span(ci['mrr'])}")
        figures = {
            "k": k, "n": ours.n, "recall_at_k": round(ours.recall_at_k, 4), "mrr": round(ours.mrr, 4),
            # The bootstrap 95% interval of each figure, stored with it.
            "recall_at_k_low": ours_ci["recall_at_k"][0], "recall_at_k_high": ours_ci["recall_at_k"][1],
            "mrr_low": ours_ci["mrr"][0], "mrr_high": ours_ci["mrr"][1],
            "baseline": {"recall_at_k": round(base.recall_at_k, 4), "mrr": round(base.mrr, 4)},
        }
        store_retrieval_eval(figures, ours.results, options["golden"], baseline=base,
                             variant=TYPOS if options["typos"] else "")
        if options["json"]:
            self.stdout.write(json.dumps(figures))

    def _table(self, ours, base):
        self.stdout.write(f"{'id':<30} {'rank':>5} {'base':>5}  expected / first hits when missed")
        for mine, theirs in zip(ours.results, base.results, strict=True):
            line = f"{mine.id:<30} {_rank(mine.rank):>5} {_rank(theirs.rank):>5}  {', '.join(mine.expected)}"
            if mine.rank is None or mine.rank > ours.k:
                line += f"  <- got {', '.join(mine.top[:3]) or 'nothing'}"
            self.stdout.write(line)


def _span(interval):
    return f"{interval[0]:.3f}-{interval[1]:.3f}"


def _rank(rank):
    return "-" if rank is None else str(rank)
