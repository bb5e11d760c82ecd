"""The claim checker over a Word memo: check its text (research/docx_memo.py reads it), point each
result back to its paragraph, and hand the memo back annotated — each cited sentence's
paragraph marked verified / contradicted / unknown, with a Word comment giving the rationale
and the links.

A claim read from a footnote is marked beside the footnote's reference in the body: Word keeps
comments in the document's own text.
"""

import io

from docx.enum.text import WD_COLOR_INDEX
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph
from docx.text.run import Run

from research.docx_memo import read_memo
from verifier.service import check_claims_text

AUTHOR = "Verbatim claim checker"
INITIALS = "VC"
HIGHLIGHTS = {"verified": WD_COLOR_INDEX.BRIGHT_GREEN, "contradicted": WD_COLOR_INDEX.RED,
              "unknown": WD_COLOR_INDEX.YELLOW}
UNCITED = "no-citation"


def check_docx(data, as_at=None, local_only=False):
    """(results, memo) for the .docx bytes `data`: check_claims_text's results, each with
    `paragraph` (the block's number) and `location` ("table 1, row 2, cell 1"). Raises
    MemoError for a file that cannot be read and ValueError over the checker's caps."""
    memo = read_memo(data)
    results = check_claims_text(memo.text, as_at=as_at, local_only=local_only)
    for result in results:
        block = memo.block_at(result["start"])
        result["paragraph"], result["location"] = block.number, block.where
    return results, memo


def annotated_docx(memo, results, absolute=lambda link: link) -> bytes:
    """The memo's .docx with a marker ("[verified · claim 3] ", highlighted) at the start of the
    paragraph of each claim that cites something (" [footnote 1 · verified · claim 8]" after a
    footnote's reference), and a comment on it; `absolute` turns the checker's site links into
    full URLs."""
    document = memo.document
    blocks = {b.number: b for b in memo.blocks}
    references = {ref.get(qn("w:id")): ref.getparent() for ref in document.element.body.iter(qn("w:footnoteReference"))}
    last_marker = {}
    for result in results:
        if result["finding"] == UNCITED:
            continue
        block = blocks[result["paragraph"]]
        anchor = references.get(block.footnote_id) if block.footnote_id else None
        if anchor is not None:
            paragraph_el = anchor.getparent()
        elif not block.footnote_id:
            paragraph_el = block.element
        else:  # a footnote nothing in the body refers to: marked at the top of the memo
            paragraph_el = _first_paragraph(document)
        paragraph = Paragraph(paragraph_el, document._body)
        mark = f"{result['label']} · claim {result['id']}"
        # Beside its footnote's reference (after it) or at the start of its paragraph.
        mark = f"{block.where} · {mark}" if block.footnote_id else mark
        run = paragraph.add_run(f" [{mark}]" if anchor is not None else f"[{mark}] ")
        run.bold = True
        run.font.highlight_color = HIGHLIGHTS[result["label"]]
        key = anchor if anchor is not None else paragraph_el
        _place(run._r, paragraph_el, last_marker.get(key, anchor))
        last_marker[key] = run._r
        _comment(document, Run(run._r, paragraph), result, block, absolute)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _first_paragraph(document):
    body = document.element.body
    first = body.find(qn("w:p"))
    if first is None:
        first = document.add_paragraph()._p
        body.insert(0, first)
    return first


def _place(r, paragraph_el, after):
    """Move the marker run `r` after `after` (a previous marker or the footnote reference), or
    to the start of its paragraph."""
    if after is not None:
        after.addnext(r)
        return
    properties = paragraph_el.find(qn("w:pPr"))
    if properties is not None:
        properties.addnext(r)
    else:
        paragraph_el.insert(0, r)


def _comment(document, run, result, block, absolute):
    finding = f" ({result['finding']})" if result["finding"] else ""
    comment = document.add_comment(run, text=f"{result['label'].capitalize()}{finding}: {result['rationale']}",
                                   author=AUTHOR, initials=INITIALS)
    comment.add_paragraph(f"Claim {result['id']}, {block.where}: “{result['claim']}”")
    for link in result["links"]:
        comment.add_paragraph(absolute(link))
