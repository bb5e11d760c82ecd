"""What the /demo/evals page shows: the latest eval runs and small trend charts.

    trend_svg(eval_runs, "mrr") -> "<svg …>…</svg>"   # server-rendered line chart
    latest_eval_context() -> dict                      # everything the page template needs

The SVG holds only numbers and fixed words we write here (translated: the page is the only reader) (no text from the database), and no
style attributes: presentation attributes (stroke, fill) and classes, which the page's CSP
allows. Values are read as floats, so nothing a stored metric holds can become markup.
"""

import math

from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from research.eval_models import EvalRun

WIDTH, HEIGHT = 320, 120
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 34, 10, 10, 22
TREND_RUNS = 30  # points on a chart: the most recent runs
TRENDS = [  # (kind, metric, label)
    (EvalRun.KIND_RETRIEVAL, "recall_at_k", gettext_lazy("Recall@5 (retrieval)")),
    (EvalRun.KIND_RETRIEVAL, "mrr", gettext_lazy("MRR (retrieval)")),
    (EvalRun.KIND_ANSWERS, "quote_fidelity", gettext_lazy("Quote fidelity (answers)")),
]


# Plain names for the stored figures; a figure without one is shown under its stored name.
METRIC_LABELS = {
    "recall_at_k": gettext_lazy("Found in the top 5 (recall@5)"),
    "mrr": gettext_lazy("Mean reciprocal rank"),
    "baseline_recall_at_k": gettext_lazy("Plain BM25: found in the top 5"),
    "baseline_mrr": gettext_lazy("Plain BM25: mean reciprocal rank"),
    "quote_fidelity": gettext_lazy("Shown quotes that verify"),
    "decline_rate": gettext_lazy("Out-of-scope questions declined"),
    "false_decline_rate": gettext_lazy("In-scope questions declined"),
    "expected_section_hit_rate": gettext_lazy("An expected section cited"),
    "blocked_rate": gettext_lazy("Runs blocked"),
    "failed_rate": gettext_lazy("Runs failed"),
    "shown_quotes": gettext_lazy("Quotes shown"),
    "verified_quotes": gettext_lazy("Quotes verified"),
    "n": gettext_lazy("Questions scored"),
    "n_in_scope": gettext_lazy("In-scope questions"),
    "n_decline": gettext_lazy("Questions to decline"),
    "seconds_p50": gettext_lazy("Seconds per question (median)"),
    "seconds_total": gettext_lazy("Seconds in all"),
    "faithfulness": gettext_lazy("Faithfulness (a model's judgment)"),
    "faithfulness_mean": gettext_lazy("Faithfulness, mean (a model's judgment)"),
    "faithfulness_lowest": gettext_lazy("Faithfulness, lowest (a model's judgment)"),
    "faithfulness_scored_runs": gettext_lazy("Runs the judge scored"),
    "faithfulness_flagged_runs": gettext_lazy("Runs flagged for review (judge)"),
    "usd": gettext_lazy("Model cost (USD)"),
    "k": gettext_lazy("Ranks counted"),
    "answered_rate": gettext_lazy("In-scope questions answered (coverage)"),
    "answer_precision": gettext_lazy("Answers citing an expected section (precision)"),
    "leads_rate": gettext_lazy("In-scope questions given leads, not an answer"),
    "accuracy": gettext_lazy("Claims labelled right"),
    "verified_precision": gettext_lazy("Claims called verified that are"),
    "verified_recall": gettext_lazy("True claims called verified"),
}
NOT_FIGURES = {"confidence_curve", "threshold_failures", "skipped", "false_verified",
               "verified_right", "contradicted_right", "unknown_right"}  # stored lists, shown otherwise
# The figures of each kind the summary table shows, in its columns' order.
HEADLINE = {
    EvalRun.KIND_RETRIEVAL: ("recall_at_k", "mrr", "baseline_recall_at_k"),
    EvalRun.KIND_ANSWERS: ("quote_fidelity", "decline_rate", "answered_rate", "answer_precision"),
    EvalRun.KIND_CLAIMS: ("accuracy", "verified_precision", "verified_recall"),
}


def labelled(metrics) -> list[tuple[str, object]]:
    """(plain name, value) for each stored figure, in stored order ("not scored" translated)."""
    return [(METRIC_LABELS.get(name, name.replace("_", " ")), _("not scored") if value == "not scored" else value)
            for name, value in (metrics or {}).items() if name not in NOT_FIGURES]


def latest_per_set() -> list[dict]:
    """The newest run of each kind on each question set, retrieval first: the summary table's rows
    ({run, set, figures: [(plain name, value)]})."""
    rows = []
    sets = EvalRun.objects.values_list("kind", "golden_file").distinct().order_by("-kind", "golden_file")
    for kind, golden_file in sets:
        run = EvalRun.objects.filter(kind=kind, golden_file=golden_file).order_by("-started_at", "-pk").first()
        figures = [(METRIC_LABELS[m], (run.metrics or {}).get(m)) for m in HEADLINE.get(kind, ())]
        rows.append({"run": run, "set": set_name(golden_file), "figures": figures})
    return rows


def set_name(golden_file: str) -> str:
    """"korean_holdout.yaml with typos" -> "Korean holdout (with typos)"."""
    stem, _, variant = golden_file.partition(" ")
    name = stem.rsplit(".", 1)[0].replace("_", " ").replace("-", " ").capitalize()
    return f"{name} ({variant})" if variant else name


def trend_svg(eval_runs, metric, *, title="") -> str:
    """A line chart of `metric` over `eval_runs` (oldest first), y from 0 to 1.

    Runs without a numeric value for the metric are left out. Returns safe markup; with no
    points it is an empty chart that says so.
    """
    values = [_number((run.metrics or {}).get(metric)) for run in eval_runs]
    values = [v for v in values if v is not None]
    label = {m: text for _, m, text in TRENDS}.get(metric, "trend")
    parts = [format_html('<svg xmlns="http://www.w3.org/2000/svg" class="trend" viewBox="0 0 {} {}" '
                         'width="{}" height="{}" role="img" aria-label="{}">',
                         WIDTH, HEIGHT, WIDTH, HEIGHT, title or label)]
    parts += _axes()
    if not values:
        parts.append(format_html('<text x="{}" y="{}" class="trend__empty" fill="currentColor" '
                                 'font-size="11">{}</text>', PAD_LEFT + 8, HEIGHT // 2, _("no runs yet")))
    else:
        points = [_point(i, len(values), v) for i, v in enumerate(values)]
        if len(points) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(format_html('<polyline class="trend__line" points="{}" fill="none" '
                                     'stroke="currentColor" stroke-width="2"/>', path))
        for (x, y), value in zip(points, values, strict=True):
            parts.append(format_html('<circle class="trend__point" cx="{}" cy="{}" r="3" '
                                     'fill="currentColor"><title>{}</title></circle>',
                                     f"{x:.1f}", f"{y:.1f}", f"{value:.3f}"))
        # Below the x axis, where no point can sit under it.
        parts.append(format_html('<text x="{}" y="{}" class="trend__last" fill="currentColor" '
                                 'font-size="11" text-anchor="end">{}</text>',
                                 WIDTH - PAD_RIGHT, HEIGHT - 6, _("latest %(value)s") % {"value": f"{values[-1]:.3f}"}))
    parts.append(mark_safe("</svg>"))  # noqa: S308 - a fixed closing tag
    return mark_safe("".join(parts))  # noqa: S308 - built only from format_html pieces


def curve_svg(points, *, title="", chosen=None) -> str:
    """Precision (y) against coverage (x) as the answer threshold moves (an answer eval's stored
    `confidence_curve`: [[threshold, coverage, precision]]), both from 0 to 1; the point at the
    engine's threshold `chosen` (the lowest threshold at or above it) is marked."""
    rows = [(t, c, p) for t, c, p in ((_number(a), _number(b), _number(c)) for a, b, c in _triples(points))
            if None not in (t, c, p)]
    parts = [format_html('<svg xmlns="http://www.w3.org/2000/svg" class="trend curve" viewBox="0 0 {} {}" '
                         'width="{}" height="{}" role="img" aria-label="{}">', WIDTH, HEIGHT, WIDTH, HEIGHT, title)]
    parts += _axes()
    parts.append(format_html('<text x="{}" y="{}" class="trend__last" fill="currentColor" font-size="11" '
                             'text-anchor="end">{}</text>', WIDTH - PAD_RIGHT, HEIGHT - 6, _("coverage →")))
    if not rows:
        parts.append(format_html('<text x="{}" y="{}" class="trend__empty" fill="currentColor" '
                                 'font-size="11">{}</text>', PAD_LEFT + 8, HEIGHT // 2, _("not measured")))
    else:
        xy = [(_x(c), _y(p)) for _, c, p in rows]
        if len(xy) > 1:
            parts.append(format_html('<polyline class="trend__line" points="{}" fill="none" stroke="currentColor" '
                                     'stroke-width="2"/>', " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)))
        at = [t for t, _, _ in rows if chosen is not None and t >= chosen]
        mark = min(at) if at else None
        for (t, c, p), (x, y) in zip(rows, xy, strict=True):
            tip = _("threshold %(t)s: coverage %(c)s, precision %(p)s") % {
                "t": f"{t:.2f}", "c": f"{c:.2f}", "p": f"{p:.2f}"}
            parts.append(format_html('<circle class="trend__point{}" cx="{}" cy="{}" r="{}" fill="currentColor">'
                                     '<title>{}</title></circle>', " curve__chosen" if t == mark else "",
                                     f"{x:.1f}", f"{y:.1f}", 5 if t == mark else 3, tip))
    parts.append(mark_safe("</svg>"))  # noqa: S308 - a fixed closing tag
    return mark_safe("".join(parts))  # noqa: S308 - built only from format_html pieces


def coverage_curves() -> list[dict]:
    """For each question set, the newest extractive answer eval's coverage/precision curve, with
    the threshold the engine answers at: [{label, svg, answered, precision}]."""
    from research.engines.extractive_confidence import threshold

    curves = []
    for row in latest_per_set():
        run = row["run"]
        points = (run.metrics or {}).get("confidence_curve") if run.kind == EvalRun.KIND_ANSWERS else None
        if run.engine != "extractive" or not points:
            continue
        title = _("%(set)s: precision against coverage") % {"set": row["set"]}
        curves.append({"label": title, "svg": curve_svg(points, title=title, chosen=threshold()),
                       "answered": (run.metrics or {}).get("answered_rate"),
                       "precision": (run.metrics or {}).get("answer_precision")})
    return curves


def latest_eval_context() -> dict:
    """For the evals page: the latest retrieval and answer eval runs with their per-question
    results (ordered as the golden file), and trend charts for recall@5, MRR and quote fidelity
    over the runs on the same golden file as the latest.
    Keys: retrieval, answers (EvalRun or None), retrieval_results, answer_results, trends
    ([{label, svg, runs}])."""
    retrieval = _latest(EvalRun.KIND_RETRIEVAL)
    answers = _latest(EvalRun.KIND_ANSWERS)
    latest = {EvalRun.KIND_RETRIEVAL: retrieval, EvalRun.KIND_ANSWERS: answers}
    trends = []
    for kind, metric, label in TRENDS:
        golden_file = latest[kind].golden_file if latest[kind] else None
        runs = _recent(kind, golden_file)
        title = f"{label} · {golden_file}" if golden_file else label
        trends.append({"label": title, "metric": metric, "runs": len(runs),
                       "svg": trend_svg(runs, metric, title=title)})
    return {
        "sets": latest_per_set(),
        "retrieval": retrieval,
        "answers": answers,
        "retrieval_metrics": labelled(retrieval.metrics) if retrieval else [],
        "answer_metrics": labelled(answers.metrics) if answers else [],
        "retrieval_results": list(retrieval.results.all()) if retrieval else [],
        "answer_results": list(answers.results.select_related("run").all()) if answers else [],
        "trends": trends,
        "curves": coverage_curves(),
    }


def _latest(kind):
    return EvalRun.objects.filter(kind=kind).order_by("-started_at", "-pk").first()


def _recent(kind, golden_file=None):
    """The last TREND_RUNS runs of a kind on one golden file, oldest first. A line compares like
    with like: one question set (golden.yaml and the held-out set score differently), and for
    retrieval k=5 only."""
    runs = EvalRun.objects.filter(kind=kind)
    if golden_file is not None:
        runs = runs.filter(golden_file=golden_file)
    runs = list(runs.order_by("-started_at", "-pk")[:TREND_RUNS])
    if kind == EvalRun.KIND_RETRIEVAL:
        runs = [r for r in runs if (r.metrics or {}).get("k", 5) == 5]
    return runs[::-1]


def _axes():
    left, right = PAD_LEFT, WIDTH - PAD_RIGHT
    top, bottom = PAD_TOP, HEIGHT - PAD_BOTTOM
    out = [format_html('<line class="trend__axis" x1="{}" y1="{}" x2="{}" y2="{}" stroke="currentColor" '
                       'stroke-opacity="0.4"/>', left, bottom, right, bottom),
           format_html('<line class="trend__axis" x1="{}" y1="{}" x2="{}" y2="{}" stroke="currentColor" '
                       'stroke-opacity="0.4"/>', left, top, left, bottom)]
    for value in (0.0, 0.5, 1.0):
        y = _y(value)
        out.append(format_html('<text x="{}" y="{}" class="trend__tick" fill="currentColor" font-size="10" '
                               'text-anchor="end">{}</text>', left - 4, f"{y + 3:.1f}", f"{value:.1f}"))
    return out


def _point(i, count, value):
    left, right = PAD_LEFT + 6, WIDTH - PAD_RIGHT - 6
    x = (left + right) / 2 if count == 1 else left + (right - left) * i / (count - 1)
    return x, _y(value)


def _x(value):
    left, right = PAD_LEFT + 6, WIDTH - PAD_RIGHT - 6
    return left + (right - left) * max(0.0, min(1.0, value))


def _triples(points):
    """The rows of a stored curve that are three-item lists; anything else is skipped."""
    return [row for row in points or [] if isinstance(row, (list, tuple)) and len(row) == 3]


def _y(value):
    top, bottom = PAD_TOP, HEIGHT - PAD_BOTTOM
    return bottom - (bottom - top) * max(0.0, min(1.0, value))


def _number(value):
    """A finite float, or None for anything else (missing, text, NaN)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return value if math.isfinite(value) else None
