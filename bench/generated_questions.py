"""The extractive engine over generated questions: the marginal notes of random sections of
random instruments, asked as questions, half in English and half in French (issue 15).

    VERBATIM_SQLITE_PATH=/path/to/book.sqlite3 python bench/generated_questions.py [--n 300] [--seed 0]

Against the database in the environment (it needs the statute book in both languages), with a
fixed seed: N times, an instrument (Act or regulation, each equally likely) held in the
question's language, then a random section of its latest version whose marginal note has at
least three words; the note becomes a question through one of a few neutral templates. Each
question runs end to end as a real Run of the extractive engine, exactly as the answer eval
runs a golden item (research.evals.answers.answer_one), with the Run's language set to the
question's. Printed: answered / declined / blocked / failed per language, how often the answer
cites the sampled section (or a unit inside it), seconds per run, every failed run with its
error and the first declines per language. The last line is one JSON object of the figures.
Exit status 1 when any run failed.
"""

import argparse
import json
import logging
import os
import random
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research.settings")

import django  # noqa: E402

django.setup()

from bench.phases import percentile  # noqa: E402
from corpus.models import Act, ActVersion, SectionDoc  # noqa: E402
from research.evals.answers import AnswerResult, answer_one, eval_user  # noqa: E402
from research.models import Run  # noqa: E402

LANGS = ("eng", "fra")
TEMPLATES = {
    "eng": ["What does the law say about {note}?", "What are the rules on {note}?",
            "What is provided regarding {note}?", "What do the statutes provide on {note}?"],
    "fra": ["Que prévoit la loi au sujet de : {note} ?", "Quelles sont les règles sur {note} ?",
            "Que dit la loi concernant : {note} ?", "Quelles dispositions portent sur {note} ?"],
}
MIN_NOTE_WORDS = 3
DECLINES_LISTED = 10
ANSWERED = {Run.GATE_PASS, Run.GATE_PARTIAL}


def as_question(note, template):
    """The note in a template, its first letter lower-cased when its first word is a capitalised
    word (not an acronym or a citation: "RCMP …", "S.C. 2023, c. 26")."""
    note = " ".join(note.split()).rstrip(" .;:")
    first = note.split(" ", 1)[0]
    if first[:1].isupper() and first[1:] == first[1:].lower() and "." not in first:
        note = note[0].lower() + note[1:]
    return template.format(note=note)


def sample(n, seed):
    """N (lang, section id, marginal note, question) with the seed: an instrument uniformly among
    those held in the language, then a section of its latest version with a long enough note."""
    rng = random.Random(seed)
    codes = dict(Act.objects.filter(jurisdiction="ca").values_list("pk", "code"))
    latest = {lang: sorted((act_id, pk) for pk, act_id in
                           ActVersion.objects.filter(pk__in=ActVersion.latest_ids([lang]), act__jurisdiction="ca")
                           .values_list("pk", "act_id"))
              for lang in LANGS}
    for lang in LANGS:
        if not latest[lang]:
            raise SystemExit(f"no instrument is held in {lang}: this bench needs the statute book in both languages")
    notes_of, picked, items = {}, set(), []
    for i in range(n):
        lang = LANGS[i % 2]
        candidates = latest[lang]
        while True:
            act_id, version_id = rng.choice(candidates)
            if version_id not in notes_of:
                rows = (SectionDoc.objects.filter(version_id=version_id).exclude(marginal_note="")
                        .order_by("provision__position").values_list("provision__section_unit", "marginal_note"))
                notes_of[version_id] = [(unit, note) for unit, note in rows
                                        if unit and len(note.split()) >= MIN_NOTE_WORDS]
            choices = [c for c in notes_of[version_id] if (codes[act_id], c[0]) not in picked]
            if choices:
                break
            candidates = [c for c in candidates if c[1] != version_id]
            if not candidates:
                raise SystemExit(f"fewer than {n} sections with a marginal note of {MIN_NOTE_WORDS}+ words in {lang}")
        unit, note = rng.choice(choices)
        picked.add((codes[act_id], unit))
        items.append({"id": f"gen-{i}", "lang": lang, "expected": [f"{codes[act_id]}:{unit}"], "note": note,
                      "question": as_question(note, rng.choice(TEMPLATES[lang]))})
    return items


class PipelineErrors(logging.Handler):
    """The tracebacks research.pipeline logs when a run fails inside, by run id."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.by_run = {}

    def emit(self, record):
        if record.exc_info and record.args:
            self.by_run[record.args[0]] = "".join(traceback.format_exception(*record.exc_info))


def run_all(items, progress=True):
    user = eval_user()
    errors = PipelineErrors()
    logging.getLogger("research.pipeline").addHandler(errors)
    rows = []
    for k, item in enumerate(items, 1):
        started = time.monotonic()
        try:
            result = answer_one(item, "extractive", user)
            run = Run.objects.get(pk=result.run_id)
            error = run.error if run.gate == Run.GATE_FAILED else ""
            if error and run.pk in errors.by_run:
                error += "\n" + errors.by_run[run.pk]
            decline = run.scope_note if run.gate == Run.GATE_DECLINED else ""
        except Exception as e:  # counted as failed and printed, never hidden
            result = AnswerResult(id=item["id"], question=item["question"], expected=item["expected"],
                                  decline=False, gate=Run.GATE_FAILED,
                                  seconds=time.monotonic() - started)
            error, decline = f"raised {type(e).__name__}: {e}\n{traceback.format_exc()}", ""
        rows.append({"item": item, "result": result, "error": error, "decline": decline})
        if progress:
            print(f"[{k}/{len(items)}] {item['lang']} {result.gate or '?':<8} {'hit ' if result.hit else '    '}"
                  f"{result.seconds:6.2f}s {item['expected'][0]}  {item['question'][:90]}", file=sys.stderr, flush=True)
    return rows


def figures(rows, n, seed):
    out = {"n": len(rows), "seed": seed, "requested": n}
    for lang in (*LANGS, "all"):
        mine = [r for r in rows if lang == "all" or r["item"]["lang"] == lang]
        gates = [r["result"].gate for r in mine]
        answered = [r for r in mine if r["result"].gate in ANSWERED]
        hits = sum(r["result"].hit for r in mine)
        out[lang] = {
            "n": len(mine),
            "answered": len(answered),
            "answered_partial": gates.count(Run.GATE_PARTIAL),
            "declined": gates.count(Run.GATE_DECLINED),
            "blocked": gates.count(Run.GATE_BLOCKED),
            "failed": sum(g in (Run.GATE_FAILED, "") for g in gates),  # "": the run never finished
            "hits": hits,
            "hit_rate_answered": round(hits / len(answered), 4) if answered else None,
            "hit_rate_overall": round(hits / len(mine), 4) if mine else None,
        }
    seconds = [r["result"].seconds for r in rows]
    out["seconds_p50"] = round(percentile(seconds, 50), 3) if seconds else None
    out["seconds_p95"] = round(percentile(seconds, 95), 3) if seconds else None
    out["seconds_total"] = round(sum(seconds), 1)
    # Flat copies of the totals, for bench/run.py's table.
    for key in ("answered", "declined", "blocked", "failed", "hit_rate_answered", "hit_rate_overall"):
        out[key] = out["all"][key]
    out["failed_runs"] = [{"question": r["item"]["question"], "section": r["item"]["expected"][0],
                           "run_id": r["result"].run_id, "error": r["error"].splitlines()[0] if r["error"] else ""}
                          for r in rows if r["result"].gate == Run.GATE_FAILED or not r["result"].gate]
    return out


def print_report(rows, out):
    print(f"\n{'lang':<5} {'n':>4} {'answered':>9} {'(partial)':>9} {'declined':>9} {'blocked':>8} {'failed':>7}"
          f" {'hits':>5} {'hit/answered':>13} {'hit/all':>8}")
    print("-" * 86)
    for lang in (*LANGS, "all"):
        f = out[lang]
        print(f"{lang:<5} {f['n']:>4} {f['answered']:>9} {f['answered_partial']:>9} {f['declined']:>9}"
              f" {f['blocked']:>8} {f['failed']:>7} {f['hits']:>5} {_pct(f['hit_rate_answered']):>13}"
              f" {_pct(f['hit_rate_overall']):>8}")
    print(f"\nseconds per run: p50 {out['seconds_p50']}  p95 {out['seconds_p95']}  total {out['seconds_total']}")
    failed = [r for r in rows if r["result"].gate == Run.GATE_FAILED or not r["result"].gate]
    print(f"\nfailed runs: {len(failed)}")
    for r in failed:
        print(f"- {r['item']['expected'][0]} (run {r['result'].run_id}): {r['item']['question']}\n  {r['error']}")
    for lang in LANGS:
        declines = [r for r in rows if r["item"]["lang"] == lang and r["result"].gate == Run.GATE_DECLINED]
        print(f"\nfirst declines ({lang}, {len(declines)} in all):")
        for r in declines[:DECLINES_LISTED]:
            print(f"- {r['item']['expected'][0]}: {r['item']['question']}\n  {r['decline']}")


def _pct(rate):
    return "" if rate is None else f"{rate:.1%}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quiet", action="store_true", help="no progress line per run (stderr)")
    args = parser.parse_args(argv)
    items = sample(args.n, args.seed)
    rows = run_all(items, progress=not args.quiet)
    out = figures(rows, args.n, args.seed)
    print_report(rows, out)
    print(json.dumps(out, ensure_ascii=False))
    return 1 if out["all"]["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
