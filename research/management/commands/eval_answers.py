"""manage.py eval_answers --engine extractive|scripted|anthropic [--golden FILE] [--typos] [--json] [--limit N]

Answers every golden question with the engine (a real Run each, executed in this process: no
worker needed), checks each shown quote again against the stored text, and prints one line per
question with its reason, then the figures: quote fidelity, correct-decline rate, false-decline
rate, blocked rate, expected-section hit rate, the faithfulness judge's mean and lowest score
(a model's judgment, with a key) or "not scored", cost and time. The eval is stored as an EvalRun.
With --json the last line printed is one JSON object of the figures.

--engine scripted replays transcripts: --script-dir DIR holding <question id>.json per
question; questions without one are skipped and listed. --engine anthropic calls a paid model
and needs ANTHROPIC_API_KEY. --typos asks the questions mistyped (research/evals/noise.py), stored
as their own trend ("<golden file> with typos").
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from research.evals.answers import ENGINES, EvalRefused, evaluate_answers
from research.evals.noise import with_typos
from research.evals.retrieval import GOLDEN, load_golden
from research.evals.store import TYPOS, store_answer_eval


class Command(BaseCommand):
    help = "Evaluate an answer engine end to end against the golden questions."

    def add_arguments(self, parser):
        parser.add_argument("--engine", required=True, choices=ENGINES)
        parser.add_argument("--golden", default=str(GOLDEN), help="golden YAML file")
        parser.add_argument("--limit", type=int, default=None, help="only the first N questions")
        parser.add_argument("--script-dir", default=None,
                            help="scripted engine: folder of <question id>.json transcripts")
        parser.add_argument("--typos", action="store_true", help="ask the questions mistyped (fixed seed)")
        parser.add_argument("--json", action="store_true", help="end with one JSON line of figures")

    def handle(self, *args, **options):
        engine = options["engine"]
        try:
            items = load_golden(options["golden"])
        except (OSError, ValueError) as e:
            raise CommandError(f"cannot read the golden file: {e}") from None
        if options["typos"]:
            items = with_typos(items)
        scripts = _scripts(options["script_dir"], items) if engine == "scripted" else None
        started = timezone.now()
        try:
            report = evaluate_answers(items, engine, scripts=scripts, limit=options["limit"],
                                      progress=self._line)
        except EvalRefused as e:
            raise CommandError(str(e)) from None
        for item_id, why in report.skipped:
            self.stdout.write(f"{item_id:<34} skipped: {why}")
        eval_run = store_answer_eval(report, options["golden"], started_at=started,
                                     variant=TYPOS if options["typos"] else "")
        figures = {**eval_run.metrics, "eval_run": eval_run.pk, "passed_thresholds": eval_run.passed_thresholds}
        self._totals(figures)
        if options["json"]:
            self.stdout.write(json.dumps(figures))

    def _line(self, result):
        mark = "ok  " if result.ok else "MISS"
        self.stdout.write(f"{result.id:<34} {mark} {result.gate:<9} {result.reason}")

    def _totals(self, f):
        def pct(value):
            return "—" if value is None else f"{value:.3f}"

        self.stdout.write("")
        self.stdout.write(f"engine {f['engine']}: n={f['n']} ({f['n_in_scope']} in scope, "
                          f"{f['n_decline']} to decline){', skipped ' + str(len(f['skipped'])) if f['skipped'] else ''}")
        self.stdout.write(f"quote fidelity            {pct(f['quote_fidelity'])}  "
                          f"({f['verified_quotes']}/{f['shown_quotes']} shown quotes verify again)")
        self.stdout.write(f"correct-decline rate      {pct(f['decline_rate'])}")
        self.stdout.write(f"false-decline rate        {pct(f['false_decline_rate'])}")
        self.stdout.write(f"blocked rate              {pct(f['blocked_rate'])}")
        self.stdout.write(f"expected-section hit rate {pct(f['expected_section_hit_rate'])}")
        self.stdout.write(f"answered (coverage)       {pct(f['answered_rate'])}  "
                          f"(leads instead: {pct(f['leads_rate'])})")
        self.stdout.write(f"answer precision          {pct(f['answer_precision'])}")
        if f["confidence_curve"]:
            curve = ", ".join(f"{t:.2f}: {c:.2f}/{p:.2f}" for t, c, p in f["confidence_curve"])
            self.stdout.write(f"threshold: coverage/precision  {curve}")
        if f.get("faithfulness_mean") is not None:
            self.stdout.write(f"faithfulness (a model's judgment) mean {f['faithfulness_mean']:.3f}, lowest "
                              f"{f['faithfulness_lowest']:.3f} over {f['faithfulness_scored_runs']} scored runs, "
                              f"{f['faithfulness_flagged_runs']} flagged for review")
        else:
            self.stdout.write("faithfulness              not scored (no judge model scored these runs)")
        self.stdout.write(f"cost                      ${f['usd']:.4f}")
        self.stdout.write(f"time                      p50 {f['seconds_p50']:.2f}s, total {f['seconds_total']:.1f}s")
        verdict = "met" if f["passed_thresholds"] else "NOT met: " + "; ".join(f["threshold_failures"])
        self.stdout.write(f"thresholds                {verdict}  (stored as eval run {f['eval_run']})")


def _scripts(script_dir, items):
    """{question id: transcript} from DIR/<id>.json; refuses a missing folder or a bad file."""
    if not script_dir:
        raise CommandError("the scripted engine replays transcripts: pass --script-dir DIR holding one "
                           "<question id>.json per golden question (see research/engines/scripted.py)")
    folder = Path(script_dir)
    if not folder.is_dir():
        raise CommandError(f"--script-dir {script_dir}: no such folder")
    scripts = {}
    for item in items:
        path = folder / f"{item['id']}.json"
        if path.is_file():
            try:
                scripts[item["id"]] = json.loads(path.read_text(encoding="utf-8"))
            except ValueError as e:
                raise CommandError(f"{path}: not JSON ({e})") from None
    return scripts
