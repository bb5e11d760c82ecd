"""A Word memo read for the claim checker: its paragraphs, list items, table cells (row by row,
nested tables inside their cell) and footnotes, in reading order, each numbered so a result can
point back to it.

The memo's text is its blocks one to a line, so no claim runs across two of them (the checker
splits claims within a line: verifier/claims.py). Footnotes follow the body, in their order.
Refused with MemoError (a ValueError): a file over MAX_DOCX_BYTES, one that expands past
MAX_UNZIPPED_BYTES, anything that is not a Word document.
"""

import io
import zipfile
from bisect import bisect_right
from dataclasses import dataclass

import docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import parse_xml
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph

from corpus.messages import Message, gettext_noop

MAX_DOCX_BYTES = 1_000_000
# A .docx is a zip: a small file may expand without bound, so its parts' sizes are read first.
MAX_UNZIPPED_BYTES = 20_000_000
_NOT_A_NOTE = {"separator", "continuationSeparator", "continuationNotice"}


class MemoError(ValueError):
    """The file cannot be read as a Word memo; the message says why, for the person who sent it."""


@dataclass
class Block:
    number: int  # 1, 2, … over the whole memo, footnotes included
    where: str  # "paragraph 3", "list item 4", "table 1, row 2, cell 1", "footnote 1"
    text: str
    element: object  # the w:p it was read from (in the body; a footnote's is in its own part)
    footnote_id: str = ""


@dataclass
class Memo:
    document: object  # the docx.Document, for annotating
    blocks: list[Block]

    @property
    def text(self) -> str:
        return "\n".join(b.text for b in self.blocks)

    def block_at(self, offset: int) -> Block:
        """The block holding character `offset` of `text`."""
        starts, at = [], 0
        for block in self.blocks:
            starts.append(at)
            at += len(block.text) + 1
        return self.blocks[max(0, bisect_right(starts, offset) - 1)]


def read_memo(data: bytes) -> Memo:
    """The memo in `data` (.docx bytes); MemoError when it is too big or not a Word document."""
    if len(data) > MAX_DOCX_BYTES:
        raise MemoError(f"the file is {len(data):,} bytes; at most {MAX_DOCX_BYTES:,} per memo")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unzipped = sum(info.file_size for info in archive.infolist())
        if unzipped > MAX_UNZIPPED_BYTES:
            raise MemoError(Message(gettext_noop("the file expands to %(size)s bytes; at most %(limit)s"),
                                    size=f"{unzipped:,}", limit=f"{MAX_UNZIPPED_BYTES:,}"))
        document = docx.Document(io.BytesIO(data))
        footnotes = _footnotes(document)
    except MemoError:
        raise
    except Exception as exc:  # zipfile, lxml and python-docx each raise their own
        raise MemoError(Message(gettext_noop("the file is not a Word document (.docx) that can be read: "
                                             "%(error)s"), error=type(exc).__name__)) from None
    blocks = []
    counts = {"table": 0}
    _walk(document.element.body, document, blocks, counts, table=None)
    for n, (note_id, paragraphs) in enumerate(footnotes, start=1):
        for p in paragraphs:
            _add(blocks, f"footnote {n}", Paragraph(p, None).text, p, footnote_id=note_id)
    return Memo(document, blocks)


def _walk(container, document, blocks, counts, table):
    """Blocks of the w:p and w:tbl children of `container` (the body, a cell, a content control)."""
    for child in container.iterchildren():
        if child.tag == qn("w:p"):
            where = table or ("list item" if _is_list_item(child, document) else "paragraph")
            _add(blocks, where, Paragraph(child, document._body).text, child)
        elif child.tag == qn("w:tbl"):
            counts["table"] += 1
            number = counts["table"]
            for r, row in enumerate(child.iterchildren(qn("w:tr")), start=1):
                for c, cell in enumerate(row.iterchildren(qn("w:tc")), start=1):
                    _walk(cell, document, blocks, counts, table=f"table {number}, row {r}, cell {c}")
        elif child.tag == qn("w:sdt"):
            for content in child.iterchildren(qn("w:sdtContent")):
                _walk(content, document, blocks, counts, table)


def _add(blocks, where, text, element, footnote_id=""):
    text = " ".join(text.split())
    if not text:
        return
    number = len(blocks) + 1
    if where in ("paragraph", "list item"):
        where = f"{where} {number}"
    blocks.append(Block(number, where, text, element, footnote_id))


def _is_list_item(p, document):
    if p.find(f"{qn('w:pPr')}/{qn('w:numPr')}") is not None:
        return True
    style = p.find(f"{qn('w:pPr')}/{qn('w:pStyle')}")
    if style is None:
        return False
    name = document.styles.element.get_by_id(style.get(qn("w:val")))
    return name is not None and name.name_val.startswith("List")


def _footnotes(document):
    """[(w:id, [w:p])] of the memo's footnotes, separators left out; [] when it has none."""
    part = next((rel.target_part for rel in document.part.rels.values()
                 if rel.reltype == RT.FOOTNOTES and not rel.is_external), None)
    if part is None:
        return []
    root = parse_xml(part.blob)
    return [(note.get(qn("w:id")), list(note.iter(qn("w:p"))))
            for note in root.iterchildren(qn("w:footnote")) if note.get(qn("w:type")) not in _NOT_A_NOTE]
