"""A Word memo the tests write: paragraphs, a bulleted list item, a table and a footnote.

python-docx cannot write footnotes, so the footnotes part is built here with lxml and related
to the document the way Word relates it (a footnotes part, a w:footnoteReference in the body)."""

import io

import docx
from docx.opc.constants import CONTENT_TYPE as CT
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls

SUBPOENA = "required to comply with a subpoena or warrant issued"
SUMMONS = "required to comply with a summons or warrant issued"
TIME_LIMIT = "not later than thirty days after receipt of the request"

INTRO = "Memo on disclosure without consent."
VERIFIED = f'Under s. 7(3)(c) of PIPEDA, an organization may disclose if it is "{SUBPOENA}".'
CONTRADICTED = "Section 99 of PIPEDA requires an ombudsman."
IN_TABLE = f'Section 8(3) of PIPEDA says the organization must respond "{TIME_LIMIT}".'
IN_FOOTNOTE = f'PIPEDA, s. 7(3)(c) reads "{SUMMONS}".'


def footnotes_xml(*notes):
    separators = ('<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
                  '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/>'
                  '</w:r></w:p></w:footnote>')
    body = "".join(f'<w:footnote w:id="{n}"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> '
                   f'{text}</w:t></w:r></w:p></w:footnote>' for n, text in enumerate(notes, start=1))
    return f'<w:footnotes {nsdecls("w")}>{separators}{body}</w:footnotes>'.encode()


def memo_docx(footnote=IN_FOOTNOTE, reference=True) -> bytes:
    """The memo: 1 intro, 2 the verified claim (carrying footnote 1), 3 a list item contradicted,
    then a 2x2 table (4-7, the claim in row 2 cell 2), then 8 the footnote (referred to from 2
    unless `reference` is False)."""
    document = docx.Document()
    document.add_paragraph(INTRO)
    cited = document.add_paragraph(VERIFIED)
    document.add_paragraph(CONTRADICTED, style="List Bullet")
    table = document.add_table(rows=2, cols=2)
    for (r, c), text in {(0, 0): "Provision", (0, 1): "Effect", (1, 0): "Time limit", (1, 1): IN_TABLE}.items():
        table.cell(r, c).text = text
    if footnote:
        part = Part(PackURI("/word/footnotes.xml"), CT.WML_FOOTNOTES, footnotes_xml(footnote), document.part.package)
        document.part.relate_to(part, RT.FOOTNOTES)
    if footnote and reference:
        cited._p.append(parse_xml(f'<w:r {nsdecls("w")}><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
                                  '<w:footnoteReference w:id="1"/></w:r>'))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()
