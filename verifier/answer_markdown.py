"""An answer as Markdown (DESIGN.md "Answer shape"), with its evidence file, and the check that
an exported answer still quotes its evidence verbatim.

    As at: 2025-01-01 · Source: <corpus> · Act: <title> (<code>)
    ## Text
    > "<verbatim passage>"
    Path: <Act> > Part 1 > ... · consolidation <pit date> · as at <date> · [<id>](<url>) · Checked: <label>
    ## Reading
    ## Not in the text above
    <footer>

The claims' own sentences are not printed under Text: only verbatim passages are, so every
statement of law a reader sees there is a quote. The link text is the provision id, which is
how parse_answer_markdown finds the quote's provision again. The evidence file maps each
provision id shown to {text, sha256, pit_date} of the stored text.
"""

import re
from html import escape

from verifier.quotes import check_quote, sha256_text

FOOTER = "The Reading is an interpretation and may be wrong; this is not legal advice."
READING_NOTE = "_This is a reading of the quoted text, not the text itself._"
WITHHELD = "Withheld: rests on a blocked claim."
BLOCKED_HEAD = "**Blocked claim: failed the checks; not a statement of the law.**"
_SHORT_HASH = 8
# Statuses from the gates (verifier.gates): only these two mean the verifier matched the text.
_CHECKED = ("pass", "downgraded")
_PATH_RE = re.compile(r"^Path: .*\[(?P<id>[^\]]+)\]\([^)]*\).* · Checked: (?P<label>.+)$")
_HASH_RE = re.compile(r"sha256 ([0-9a-f]{4,64})")

VERBATIM = "verbatim"
MISMATCH = "mismatch"
MISSING_EVIDENCE = "missing-evidence"
EVIDENCE_ALTERED = "evidence-altered"
BLOCKED = "blocked"


def render_answer(answer, views, as_at, corpus_label):
    """Render `answer` as Markdown; returns (markdown, evidence).

    `answer` is {"claims": [{"text", "citations": [{"provision_id", "quote", and from the
    gates: "status" pass|downgraded|blocked, "checked_label", "checked_id"}]}], "reading",
    "not_in_text"}, and optionally "reading_parts" (verifier.reading_basis.ReadingPart): a
    withheld part is rendered folded under a "Withheld" summary with its reason, not as Reading. `views` maps provision ids to ProvisionView (the cited and checked units).
    A citation is labelled checked only when the gates passed it AND its quote is verbatim in
    the view shown; anything else is rendered with its blocking label ("blocked: ..."), never
    as checked. Evidence holds the text of every unit a passage is shown against.
    """
    at = as_at.isoformat() if as_at else "latest consolidation held"
    blocks, evidence, acts = [], {}, {}
    for claim in answer.get("claims") or []:
        for citation in claim.get("citations") or []:
            block, view = _passage(citation, views, at)
            blocks.append(block)
            if view is not None:
                acts.setdefault(view.act, view.path.split(" > ")[0])
                evidence[view.id] = {"text": view.text, "sha256": view.sha256,
                                     "pit_date": view.pit_date.isoformat() if view.pit_date else None}
    act_line = "; ".join(f"{title} ({code})" for code, title in acts.items()) or "none quoted"
    lines = [f"As at: {at} · Source: {corpus_label} · Act: {act_line}", "", "## Text", ""]
    lines += [line for block in blocks for line in (*block, "")] or ["_No passage quoted._", ""]
    lines += ["## Reading", "", READING_NOTE, "", *_reading_lines(answer)]
    lines += ["## Not in the text above", "", (answer.get("not_in_text") or "").strip() or "_Nothing noted._", ""]
    lines += ["---", "", FOOTER, ""]
    return "\n".join(lines), evidence


def _reading_lines(answer):
    """The Reading's paragraphs; a withheld one inside <details>, folded where Markdown renders
    HTML and marked where it does not."""
    parts = answer.get("reading_parts")
    if parts is None:
        return [(answer.get("reading") or "").strip() or "_None._", ""]
    lines = []
    for part in parts:
        if part.withheld:
            lines += [f"<details><summary>{WITHHELD} {escape(part.reason, quote=False)}</summary>", "",
                      part.text, "", "</details>", ""]
        else:
            lines += [part.text, ""]
    return lines or ["_None._", ""]


def _passage(citation, views, at):
    """The lines of one quote block and the view it is shown against (None when none)."""
    quote = " ".join((citation.get("quote") or "").split())
    cited = citation.get("provision_id") or ""
    checked_id = citation.get("checked_id") or citation.get("matched_id") or ""
    view = views.get(checked_id) or views.get(cited)
    label = citation.get("checked_label") or ""
    passed = citation.get("status") in _CHECKED and view is not None and check_quote(quote, view.text).is_match
    if not passed:
        # Never let a passage read as checked unless the verifier matched it.
        label = label if label.startswith("blocked") else "blocked: not verified"
    shown_id = view.id if view is not None else cited
    path = view.path if view is not None else cited
    pit = view.pit_date.isoformat() if view is not None and view.pit_date else "unknown"
    url = view.url if view is not None else ""
    # A blocked passage is headed as such, so it is never read as a statement of the law.
    head = [BLOCKED_HEAD, ""] if not passed else []
    # The blank line keeps the Path line out of the blockquote when the Markdown is rendered.
    lines = [*head, f'> "{quote}"', "",
             f"Path: {path} · consolidation {pit} · as at {at} · [{shown_id}]({url}) · Checked: {label}"]
    for finding in citation.get("findings") or []:
        if not passed and finding.get("severity") == "blocking":
            lines += ["", f"Finding: {finding.get('code')}: {finding.get('message')}"]
    return lines, view


def parse_answer_markdown(md):
    """The (provision_id, quote) of every passage in an exported answer, in order.

    A passage is a run of `> ` lines whose text is in double quotes, followed (after blank
    lines) by its Path line.
    """
    return [(p["provision_id"], p["quote"]) for p in _passages(md)]


def _passages(md):
    found, quote_lines = [], []
    for line in md.splitlines():
        if line.startswith(">"):
            quote_lines.append(line[1:].strip())
            continue
        if not line.strip():
            continue  # a quote block and its Path line are a blank line apart
        m = _PATH_RE.match(line.strip())
        if m and quote_lines:
            quote = " ".join(quote_lines).strip()
            if len(quote) >= 2 and quote[0] == '"' and quote[-1] == '"':
                quote = quote[1:-1]
            found.append({"provision_id": m["id"], "quote": quote, "label": m["label"].strip()})
        quote_lines = []
    return found


def check_export(md, evidence):
    """Check each passage of an exported answer against its evidence file.

    Returns one dict per passage: {provision_id, quote, label, status, ok, message,
    first_difference}. status: verbatim; mismatch (with the first difference); missing-evidence
    (no entry for the id); evidence-altered (the entry's text does not hash to its sha256, or the
    Checked label names another hash); blocked (the export itself says the passage failed: it is
    reported, not counted as a failure, since it claims nothing). `ok` is False for a failure.
    """
    results = []
    for p in _passages(md):
        result = {**p, "status": VERBATIM, "ok": True, "message": "", "first_difference": None}
        results.append(result)
        entry = evidence.get(p["provision_id"])
        if p["label"].startswith("blocked"):
            result |= {"status": BLOCKED, "message": f"the export marks this passage {p['label']}"}
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
            result |= {"status": MISSING_EVIDENCE, "ok": False,
                       "message": f"the evidence has no text for {p['provision_id']}"}
            continue
        problem = _evidence_problem(entry, p["label"])
        if problem:
            result |= {"status": EVIDENCE_ALTERED, "ok": False, "message": problem}
            continue
        check = check_quote(p["quote"], entry["text"])
        if check.is_match:
            result["message"] = f"verbatim in text sha256 {entry['sha256'][:_SHORT_HASH]}…"
            continue
        d = check.difference
        diff = {"offset": d.offset, "expected": d.expected, "found": d.found} if d else None
        message = (f"differs at character {d.offset}: the text says “{d.expected}” where the "
                   f"quote has “{d.found}”" if d else "the quote is nowhere in the text")
        result |= {"status": MISMATCH, "ok": False, "message": message, "first_difference": diff}
    return results


def _evidence_problem(entry, label):
    actual = sha256_text(entry["text"])
    if entry.get("sha256") != actual:
        return f"the evidence text hashes to {actual[:_SHORT_HASH]}…, not the sha256 it records"
    m = _HASH_RE.search(label)
    if m and not actual.startswith(m.group(1)):
        return f"the Checked label names text sha256 {m.group(1)}…, but the evidence is {actual[:_SHORT_HASH]}…"
    return ""
