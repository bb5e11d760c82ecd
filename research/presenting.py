"""What the run page shows, as plain data for templates: claims beside their sections, findings
in plain words, the Reading as far as it stands, the two signals (quotes verified verbatim;
answers the question), the trace as readable lines, the usage block.

Labels, titles and explanations that the Markdown and Word exports also print are English here,
marked with gettext_noop (by that name: makemessages looks for it): the templates translate them ({% translate badge.label %}). The trace
is only ever shown on pages, so it is translated where it is made.

Nothing here writes. Section texts are read through the verifier's DbCorpus at the run's as-at
date, so the page shows the same stored text the gates checked.
"""

import itertools
import json
import re

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext_lazy

from corpus.diffs import word_diff
from research import answers_question, faithfulness
from research.models import Claim, Run, RunEvent
from research.trace_citations import TraceNames
from verifier.adapter import DbCorpus
from verifier.quotes import check_quote
from verifier.reading_basis import ClaimBasis, reading_parts

# A short heading for each finding code; the finding's own message says the particulars.
FINDING_TITLES = {
    "no-citation": gettext_noop("No provision cited"),
    "malformed": gettext_noop("The citation cannot be read"),
    "unknown-section": gettext_noop("No such section"),
    "not-retrieved": gettext_noop("Quoted without being fetched"),
    "pinpoint-not-found": gettext_noop("No such subsection or paragraph"),
    "quote-mismatch": gettext_noop("The quote does not match the law's text"),
    "wrong-unit": gettext_noop("The words are in another part of the section"),
    "repealed": gettext_noop("Repealed or not in force"),
    "ellipsis": gettext_noop("Words left out inside a sentence"),
    "qualifier": gettext_noop("A qualifier in the section is not mentioned"),
    "defined-term": gettext_noop("Relies on a defined term that was not quoted"),
    "broadened": gettext_noop("Hides that the best matches lie outside the Acts asked about"),
    "version": gettext_noop("A later text or amendments not yet in force"),
    "reading-unfetched": gettext_noop("The Reading cites a provision no tool returned"),
    "dropped-in-repair": gettext_noop("Withdrawn in the repair turn"),
}

# The first signal, mechanical: what the verifier proved about the quotes. It says nothing about
# whether they answer the question (research/answers_question.py says that, apart).
GATE_LABELS = {
    Run.GATE_PASS: (gettext_noop("Quotes: verified verbatim"), "ok",
                    gettext_noop("Checked by code: every quote is word for word in the stored text it cites.")),
    Run.GATE_BLOCKED: (gettext_noop("Quotes: blocked"), "bad", gettext_noop("At least one claim failed the checks; it is shown below with why.")),
    Run.GATE_PARTIAL: (gettext_noop("Quotes: verified verbatim · answer partial"), "warn",
                       gettext_noop("Every quote was checked by code, but the run stopped at a limit; the answer may be incomplete.")),
    Run.GATE_DECLINED: (gettext_noop("Declined"), "warn", gettext_noop("The question was declined as out of scope.")),
    Run.GATE_FAILED: (gettext_noop("Failed"), "bad", gettext_noop("The run could not finish.")),
}

# A declined run that lists leads: it found sections, but not confidently enough to answer.
NO_CLEAR_ANSWER = (gettext_noop("No clear answer"), "warn",
                   gettext_noop("No provision was found that clearly answers the question. The closest sections "
                                "are listed below as leads to read, not as an answer."))

CLAIM_LABELS = {
    Claim.STATUS_PASS: (gettext_noop("Quotes: verified verbatim"), "ok"),
    Claim.STATUS_DOWNGRADED: (gettext_noop("Quotes: verified verbatim in the section"), "warn"),
    Claim.STATUS_BLOCKED: (gettext_noop("Blocked"), "bad"),
}

_LABEL_BEFORE = re.compile(r"\([^()\s]{1,10}\)\s*$")
_SUB_LABEL = re.compile(r"\([^()]*\)")
MAX_DEPTH = 4


def gate_badge(run):
    """{label, tone, explanation} for the run's gate; a run still working gets its status."""
    if not run.finished:
        return {"label": gettext_noop("Running") if run.status == Run.STATUS_RUNNING else gettext_noop("Queued"), "tone": "info",
                "explanation": gettext_noop("The answer appears here when the run finishes.")}
    if run.gate == Run.GATE_DECLINED and (run.answer or {}).get("no_clear_answer"):
        label, tone, explanation = NO_CLEAR_ANSWER
    else:
        label, tone, explanation = GATE_LABELS.get(run.gate, (run.gate or gettext_noop("Unknown"), "warn", ""))
    return {"label": label, "tone": tone, "explanation": explanation}


def leads(run, corpus=None) -> list[dict]:
    """The sections a run with no clear answer lists to read: each with its citation, note, the
    passage that came closest (as stored) and a link to the section at the run's date."""
    found = (run.answer or {}).get("leads") or []
    if not found:
        return []
    corpus = corpus or DbCorpus(lang=run.lang, as_at=run.as_at)
    out = []
    for lead in found:
        view = corpus.get(lead.get("section_id") or "")
        url = ""
        if view is not None:
            url = reverse("corpus:section", args=[view.act, view.id.split(":", 1)[1]])
            url += f"?as_at={run.as_at:%Y-%m-%d}" if run.as_at else ""
        out.append({**lead, "url": url, "text_lang": _text_lang(corpus, view)})
    return out


def answer_context(run):
    """Everything the answer block needs: claims split into checked and blocked, the Reading's
    parts (withheld where they rest on a blocked claim), the answers-the-question signal, the
    faithfulness judge's line (a model's judgment, or "not scored"), answer-level warnings (from
    the run's final event) and the usage block."""
    from research.pipeline import answer_findings  # the pipeline loads the engines; load it late

    corpus = DbCorpus(lang=run.lang, as_at=run.as_at)
    panels = claim_panels(run, corpus)
    parts = run_reading(run, corpus)
    return {
        "panels": panels,
        "text_panels": [p for p in panels if not p["blocked"]],
        "blocked_panels": [p for p in panels if p["blocked"]],
        "reading_parts": parts,
        "reading_withheld": sum(1 for p in parts if p.withheld),
        "answers": answers_question.run_signal(run),
        "leads": leads(run, corpus),
        "faithfulness": faithfulness.run_signal(run, _),
        "answer_warnings": [explain(f) for f in answer_findings(run)],
        "usage": usage(run),
    }


def run_reading(run, corpus):
    """The run's Reading as verifier.reading_basis parts: a part resting on a blocked claim is
    withheld with its reason."""
    claims = [ClaimBasis(number=claim.position + 1, blocked=claim.status == Claim.STATUS_BLOCKED,
                         provision_ids=tuple(pid for c in claim.citations.all()
                                             for pid in (c.provision_id, c.checked_id) if pid))
              for claim in run.claims.prefetch_related("citations").order_by("position")]
    return reading_parts(run.reading, claims, corpus)


def claim_panels(run, corpus=None):
    """One dict per claim, in order: the quotes badge and the answers-the-question signal,
    warnings, blocking findings in plain words, and each citation with its section text (quote
    marked), Path line and Checked label."""
    corpus = corpus or DbCorpus(lang=run.lang, as_at=run.as_at)
    panels = []
    for claim in run.claims.prefetch_related("citations").order_by("position"):
        label, tone = CLAIM_LABELS.get(claim.status, (claim.status, "warn"))
        quotes = {c.provision_id: c.quote for c in claim.citations.all()}
        findings = [_with_quote(f, quotes) for f in claim.findings or []]
        panels.append({
            "claim": claim,
            "number": claim.position + 1,
            "badge": {"label": label, "tone": tone},
            "answers": answers_question.claim_signal(run, claim.position),
            "faithfulness": faithfulness.claim_signal(run, claim.position, _),
            "blocked": claim.status == Claim.STATUS_BLOCKED,
            "warnings": [explain(f) for f in findings if f.get("severity") != "blocking"],
            "problems": [explain(f) for f in findings if f.get("severity") == "blocking"],
            "citations": [_citation(c, corpus, run) for c in claim.citations.all()],
        })
    return panels


def _with_quote(finding, quotes):
    """The finding with the quote of the citation it is about, which a mismatch diff needs (the
    gates name the provision in the details, not the quote)."""
    details = finding.get("details") or {}
    quote = quotes.get(details.get("provision_id"))
    if quote is None and len(quotes) == 1:
        quote = next(iter(quotes.values()))
    return {**finding, "details": {**details, "quote": quote}} if quote else finding


def explain(finding):
    """A finding as {code, title, message, severity, diff}: `diff` is HTML (escaped, then
    <del>/<ins>) of the quote against the closest passage, for a quote mismatch."""
    details = finding.get("details") or {}
    diff = None
    closest = details.get("closest_passage")
    quote = details.get("quote")
    if closest and quote:
        diff, _ = word_diff(quote, closest)
    return {"code": finding.get("code", ""), "severity": finding.get("severity", ""),
            "title": FINDING_TITLES.get(finding.get("code"), finding.get("code", "Finding")),
            "message": finding.get("message", ""), "closest": closest, "diff": diff}


def _citation(citation, corpus, run):
    shown_id = citation.checked_id or citation.provision_id
    view = corpus.get(shown_id) or corpus.get(citation.provision_id)
    section = corpus.get(view.section_id) if view else None
    marks, closest = [], False
    if section is not None:
        check = check_quote(citation.quote, section.text)
        if check.is_match:
            marks = check.fragment_spans or [check.span]
        elif check.closest_span:
            marks, closest = [check.closest_span], True
    return {
        "citation": citation,
        "view": view,
        "path": view.path if view else citation.provision_id,
        "legal_citation": corpus.legal_citation(shown_id) if view else "",  # what "Copy citation" copies
        "pit_date": view.pit_date if view else None,
        "url": view.url if view else "",
        "as_at": run.as_at,
        "checked_label": citation.checked_label or gettext_noop("not checked"),
        "verified": citation.status in (Claim.STATUS_PASS, Claim.STATUS_DOWNGRADED),
        "section_id": section.id if section else "",
        "section_act": section.act if section else "",
        "section_unit": section.id.split(":", 1)[1] if section else "",
        "section_label": section.label if section else "",
        "blocks": section_blocks(section.text, corpus.section_units(section.id), marks) if section else [],
        "marks_closest": closest,
        "text_lang": _text_lang(corpus, section or view),
    }


# The language codes stored with versions (ISO 639-2) as HTML lang attributes.
HTML_LANG = {"eng": "en", "fra": "fr", "kor": "ko"}


def _text_lang(corpus, view):
    """The HTML lang of the stored text `view` comes from ("" when unknown)."""
    version = corpus.version_of(view.act) if view else None
    return HTML_LANG.get(getattr(version, "lang", ""), "")


def section_blocks(text, units, marks):
    """Split a section's full `text` into one block per unit (subsection, paragraph…) for
    reading, with `marks` (stored-text spans) carried into the blocks as highlighted pieces.

    Returns [{depth, pieces: [(text, marked)]}]. Units are found in the text in document order;
    a unit whose text cannot be found simply stays inside its parent's block.
    """
    starts = {0: 0}
    cursor = 0
    for unit in units[1:]:
        at = text.find(unit.text, cursor)
        if at <= 0:
            continue
        label = _LABEL_BEFORE.search(text, max(0, at - 14), at)
        start = label.start() if label else at
        starts[start] = _depth(unit.id)
        cursor = at
    cuts = sorted(starts)
    blocks = []
    for i, start in enumerate(cuts):
        end = cuts[i + 1] if i + 1 < len(cuts) else len(text)
        pieces = _pieces(text, start, end, marks)
        if any(piece.strip() for piece, _ in pieces):
            blocks.append({"depth": starts[start], "pieces": pieces})
    return blocks


def _pieces(text, start, end, marks):
    """[(text, marked)] covering text[start:end], split at the edges of `marks`."""
    edges = {start, end}
    for a, b in marks:
        edges.update(x for x in (a, b) if start < x < end)
    points = sorted(edges)
    return [(text[a:b], any(m[0] <= a and b <= m[1] for m in marks))
            for a, b in itertools.pairwise(points) if b > a]


def _depth(unit_id):
    unit = unit_id.split(":", 1)[-1]
    depth = len(_SUB_LABEL.findall(unit)) + (1 if "/" in unit else 0)
    return min(depth, MAX_DEPTH)


def usage(run):
    """Tokens in and out, the share of input read from the prompt cache, seconds and USD."""
    cached = run.cache_read_tokens
    all_input = run.input_tokens + run.cache_read_tokens + run.cache_write_tokens
    return {
        "input_tokens": run.input_tokens, "output_tokens": run.output_tokens,
        "cache_read_tokens": run.cache_read_tokens, "cache_write_tokens": run.cache_write_tokens,
        "cache_share": round(100 * cached / all_input) if all_input else 0,
        "seconds": run.seconds, "usd": run.usd,
        "model_calls": list(run.model_calls.order_by("seq")),
    }


def trace_items(events, lang="eng"):
    """RunEvents as {seq, kind, title, lines, tone} for the live trace and the demo replay;
    provision ids are shown as short citations in the run's language `lang`."""
    events = list(events)
    names = TraceNames.for_events(events, lang)
    items, previous = [], None
    for event in events:
        title, lines, tone = _describe(event.kind, event.data or {}, names)
        delay = 0 if previous is None else (event.created_at - previous).total_seconds()
        previous = event.created_at
        items.append({"seq": event.seq, "kind": event.kind, "title": title, "lines": lines, "tone": tone,
                      "created_at": event.created_at, "delay_ms": int(max(0, delay) * 1000)})
    return items


def _describe(kind, data, names):
    if kind == RunEvent.KIND_STATUS:
        return _status(data), [data["reason"]] if data.get("reason") else [], "info"
    if kind == RunEvent.KIND_MODEL_CALL:
        tokens = [f"{_(TOKEN_NAMES[k])}: {data[k]}" for k in TOKEN_NAMES if k in data]
        title = _("Model call: %(model)s") % {"model": data.get("model", "model")}
        if data.get("purpose"):
            title += f" ({data['purpose']})"
        return title, tokens, "info"
    if kind == RunEvent.KIND_TOOL_CALL:
        arguments = data.get("arguments") or {}
        lines = [names.argument(key, arguments[key]) for key in sorted(arguments)]
        return _("Tool call: %(name)s") % {"name": data.get("name", "?")}, lines, "info"
    if kind == RunEvent.KIND_TOOL_RESULT:
        ids = data.get("ids") or []
        count = data.get("count", len(ids))
        shown = "; ".join(names.cite(i) for i in ids[:8]) + (" …" if len(ids) > 8 else "")
        lines = [ngettext("%(count)s result: %(ids)s", "%(count)s results: %(ids)s", count) % {"count": count, "ids": shown}
                 if ids else ngettext("%(count)s result", "%(count)s results", count) % {"count": count}]
        if data.get("broadened"):
            lines.append(_("The search went outside the Acts asked about."))
        if data.get("better_outside"):
            lines.append(_("Sections outside the Acts asked about match better."))
        return _("Result: %(name)s") % {"name": data.get("name", "?")}, lines, "ok"
    if kind == RunEvent.KIND_TOOL_ERROR:
        return _("Tool error: %(name)s") % {"name": data.get("name", "?")}, [data.get("error", "")], "warn"
    if kind == RunEvent.KIND_FINDINGS:
        lines = [_("Claim %(number)s: %(status)s") % {"number": c.get("index", 0) + 1,
                                                       "status": _claim_status(c.get("status"))}
                 + (" — " + ", ".join(c["codes"]) if c.get("codes") else "") for c in data.get("claims") or []]
        blocked = any(c.get("status") == Claim.STATUS_BLOCKED for c in data.get("claims") or [])
        return _("Verifier checked the claims"), lines, "bad" if blocked else "ok"
    if kind == RunEvent.KIND_REPAIR:
        numbers = [str(i + 1) for i in data.get("blocked_claims") or []]
        line = ngettext("Blocked claim %(claims)s sent back with its findings.",
                        "Blocked claims %(claims)s sent back with their findings.", len(numbers))
        return _("Repair turn"), [line % {"claims": ", ".join(numbers)}], "warn"
    if kind == RunEvent.KIND_FINAL:
        lines = [_("Gate: %(gate)s") % {"gate": _gate_word(data.get("gate", ""))}]
        if data.get("claims") is not None:
            lines.append(ngettext("%(claims)s claim, %(blocked)s blocked", "%(claims)s claims, %(blocked)s blocked",
                                  data["claims"]) % {"claims": data["claims"], "blocked": data.get("blocked", 0)})
        if data.get("error"):
            lines.append(data["error"])
        tone = "ok" if data.get("gate") == Run.GATE_PASS else "bad" if data.get("gate") in ("blocked", "failed") else "warn"
        return _("Finished"), lines, tone
    return kind, [json.dumps(data, ensure_ascii=False)[:300]], "info"


# The trace's words for token counts, claim statuses and gates (the stored codes stay as they are
# in the data and the API).
TOKEN_NAMES = {"input_tokens": gettext_noop("input tokens"), "output_tokens": gettext_noop("output tokens"),
               "cache_read_tokens": gettext_noop("cache read tokens")}
CLAIM_STATUS_WORDS = {Claim.STATUS_PASS: pgettext_lazy("claim status", "pass"),
                      Claim.STATUS_DOWNGRADED: pgettext_lazy("claim status", "downgraded"),
                      Claim.STATUS_BLOCKED: pgettext_lazy("claim status", "blocked")}
GATE_WORDS = {Run.GATE_PASS: pgettext_lazy("gate", "pass"), Run.GATE_BLOCKED: pgettext_lazy("gate", "blocked"),
              Run.GATE_PARTIAL: pgettext_lazy("gate", "partial"), Run.GATE_DECLINED: pgettext_lazy("gate", "declined"),
              Run.GATE_FAILED: pgettext_lazy("gate", "failed")}


def _claim_status(status):
    return str(CLAIM_STATUS_WORDS.get(status, status))


def _gate_word(gate):
    return str(GATE_WORDS.get(gate, gate))


def _status(data):
    status = data.get("status", "")
    if status == Run.STATUS_QUEUED:
        return _("Queued (%(engine)s engine)") % {"engine": data["engine"]} if data.get("engine") else _("Queued")
    if status == Run.STATUS_RUNNING:
        return _("Running (attempt %(attempt)s)") % {"attempt": data.get("attempt", 1)}
    if status == "judged":
        line = _("Faithfulness judge (%(model)s): mean %(mean)s, lowest %(lowest)s") % {
            "model": data.get("model", "?"), "mean": data.get("mean"), "lowest": data.get("lowest")}
        return line + (" — " + _("flagged for review") if data.get("flagged") else "")
    if status == "not judged":
        return _("Faithfulness judge (%(model)s): not scored") % {"model": data.get("model", "?")}
    if status == "submitted":
        claims = data.get("claims", 0)
        repaired = data.get("purpose") == "repair"
        if data.get("declined"):
            return _("Declined the question after repair") if repaired else _("Declined the question")
        what = (ngettext("Answer submitted after repair: %(claims)s claim",
                         "Answer submitted after repair: %(claims)s claims", claims) if repaired
                else ngettext("Answer submitted: %(claims)s claim", "Answer submitted: %(claims)s claims", claims))
        return what % {"claims": claims}
    return status.capitalize() or _("Status")
