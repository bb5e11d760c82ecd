"""A finished run as a Word document (python-docx), in the run page's order: the question and its
record (who asked, when, as-at, Acts, link, review), the two signals, each claim with its
quotes, legal citations and Path lines, blocked claims apart and marked blocked, the Reading
(what rests on a blocked claim marked withheld, as the page folds it), Not in the text above,
the footer and the link.

The claims and the Reading come from research.presenting, as the page's do, so the document
cannot show as checked what the page shows as blocked.
"""

import io

from docx import Document
from docx.shared import RGBColor

from research import faithfulness
from research.export import CORPUS_LABEL, signals_line, unanswered_blocks
from research.presenting import claim_panels, run_reading
from research.run_record import run_facts
from verifier.adapter import DbCorpus
from verifier.answer_markdown import FOOTER

CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
BLOCKED_NOTE = "These statements failed the checks. Do not rely on them; each finding says why."
BLOCKED_QUOTE = "Blocked, not verified against the law:"
READING_NOTE = "This is a reading of the quoted text, not the text itself; it may be wrong."
WITHHELD = "Withheld: rests on a blocked claim."
_RED = RGBColor(0xA0, 0x1C, 0x1C)
_GREY = RGBColor(0x55, 0x55, 0x55)


def run_docx(run, request=None) -> bytes:
    """The .docx bytes of a finished run; the link is absolute when `request` is given."""
    corpus = DbCorpus(lang=run.lang, as_at=run.as_at)
    panels = claim_panels(run, corpus)
    facts = run_facts(run, request)
    doc = Document()
    doc.core_properties.title = f"Verbatim run {run.pk}"
    doc.add_heading("Question", level=1)
    doc.add_paragraph(" ".join(run.question.split()))
    for label, value in facts:
        _labelled(doc.add_paragraph(), label, value)
    doc.add_paragraph(signals_line(run))
    for line in faithfulness.export_lines(run):
        doc.add_paragraph(line)
    _labelled(doc.add_paragraph(), "Source", CORPUS_LABEL)
    _unanswered(doc, run)

    doc.add_heading("Text", level=1)
    checked = [p for p in panels if not p["blocked"]]
    blocked = [p for p in panels if p["blocked"]]
    for panel in checked:
        _claim(doc, panel, corpus)
    if not checked:
        doc.add_paragraph("No claim passed the checks." if blocked else "No claims.")
    if blocked:
        doc.add_heading("Blocked claims", level=1)
        doc.add_paragraph(BLOCKED_NOTE)
        for panel in blocked:
            _claim(doc, panel, corpus)

    doc.add_heading("Reading", level=1)
    _note(doc.add_paragraph(), READING_NOTE)
    _reading(doc, run_reading(run, corpus))
    doc.add_heading("Not in the text above", level=1)
    for text in _paragraphs(run.not_in_text) or ["Nothing noted."]:
        doc.add_paragraph(text)

    link = dict(facts)["Run"]
    doc.add_paragraph(FOOTER)
    _labelled(doc.add_paragraph(), "Run", link)
    doc.sections[0].footer.paragraphs[0].text = f"{FOOTER} {link}"
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def _unanswered(doc, run):
    """Why a declined run did not answer, and the leads it lists, as the Markdown export has them."""
    for block in unanswered_blocks(run):
        heading, _, items = block.partition("\n\n")
        if heading.startswith("## "):
            doc.add_heading(heading[3:], level=1)
            for item in items.splitlines():
                doc.add_paragraph(item[2:], style="List Bullet")
        else:
            doc.add_paragraph(block)


def _claim(doc, panel, corpus):
    if panel["blocked"]:
        title = f"Blocked claim {panel['number']}: not a statement of the law"
    else:
        title = f"Claim {panel['number']}: {panel['badge']['label']}"
    doc.add_heading(title, level=2)
    doc.add_paragraph(panel["claim"].text)
    for finding in panel["problems"]:
        _finding(doc, "Finding", finding, _RED)
    for c in panel["citations"]:
        quote = doc.add_paragraph(style="Quote")
        if not c["verified"]:
            _coloured(quote.add_run(f"{BLOCKED_QUOTE} "), _RED, bold=True)
        quote.add_run(f"“{c['citation'].quote}”")
        shown = c["view"].id if c["view"] else c["citation"].provision_id
        _labelled(doc.add_paragraph(), "Citation", corpus.legal_citation(shown))
        _labelled(doc.add_paragraph(), "Path", _path_line(c))
    for finding in panel["warnings"]:
        _finding(doc, "Warning", finding, _GREY)


def _path_line(c):
    """The page's Path line: path · consolidation · as at · official link · Checked."""
    pieces = [c["path"]]
    if c["pit_date"]:
        pieces.append(f"consolidation {c['pit_date'].isoformat()}")
    pieces.append(f"as at {c['as_at'].isoformat()}" if c["as_at"] else "as at latest held")
    if c["url"]:
        pieces.append(c["url"])
    pieces.append(f"Checked: {c['checked_label']}")
    return " · ".join(pieces)


def _reading(doc, parts):
    for part in parts:
        if part.withheld:
            _coloured(doc.add_paragraph().add_run(f"{WITHHELD} {part.reason}"), _RED, bold=True)
            for text in _paragraphs(part.text):
                _coloured(doc.add_paragraph().add_run(text), _GREY, italic=True)
        else:
            for text in _paragraphs(part.text):
                doc.add_paragraph(text)
    if not parts:
        doc.add_paragraph("No reading given.")


def _finding(doc, kind, finding, colour):
    paragraph = doc.add_paragraph(style="List Bullet")
    _coloured(paragraph.add_run(f"{kind}: {finding['title']}. "), colour, bold=True)
    paragraph.add_run(finding["message"])


def _labelled(paragraph, label, value):
    paragraph.add_run(f"{label}: ").bold = True
    paragraph.add_run(value)


def _note(paragraph, text):
    _coloured(paragraph.add_run(text), _GREY, italic=True)


def _coloured(run, colour, bold=False, italic=False):
    run.font.color.rgb = colour
    run.bold, run.italic = bold or None, italic or None
    return run


def _paragraphs(text):
    return [" ".join(p.split()) for p in (text or "").split("\n\n") if p.strip()]
