"""Reading a Word memo for the claim checker and handing it back annotated."""

import io
import zipfile

import docx
import pytest

from research.docx_check import AUTHOR, annotated_docx, check_docx
from research.docx_memo import MAX_DOCX_BYTES, MemoError, read_memo
from tests.research.docx_memos import (
    CONTRADICTED,
    IN_FOOTNOTE,
    IN_TABLE,
    INTRO,
    VERIFIED,
    memo_docx,
)

pytestmark = pytest.mark.django_db


def test_it_reads_paragraphs_lists_tables_and_footnotes_in_order():
    memo = read_memo(memo_docx())
    assert [(b.number, b.where, b.text) for b in memo.blocks] == [
        (1, "paragraph 1", INTRO),
        (2, "paragraph 2", VERIFIED),
        (3, "list item 3", CONTRADICTED),
        (4, "table 1, row 1, cell 1", "Provision"),
        (5, "table 1, row 1, cell 2", "Effect"),
        (6, "table 1, row 2, cell 1", "Time limit"),
        (7, "table 1, row 2, cell 2", IN_TABLE),
        (8, "footnote 1", IN_FOOTNOTE),
    ]


def test_each_result_points_back_to_its_paragraph():
    results, _ = check_docx(memo_docx())
    cited = [(r["paragraph"], r["location"], r["label"], r["finding"]) for r in results if r["finding"] != "no-citation"]
    assert cited == [
        (2, "paragraph 2", "verified", None),
        (3, "list item 3", "contradicted", "unknown-section"),
        (7, "table 1, row 2, cell 2", "verified", None),
        (8, "footnote 1", "contradicted", "quote-mismatch"),
    ]


def test_it_marks_each_cited_paragraph_and_comments_on_it():
    results, memo = check_docx(memo_docx())
    out = docx.Document(io.BytesIO(annotated_docx(memo, results, absolute=lambda link: "http://testserver" + link)))
    paragraphs = [p.text for p in out.paragraphs]
    assert paragraphs[0] == INTRO
    assert paragraphs[1] == f"[verified · claim 2] {VERIFIED} [footnote 1 · contradicted · claim 8]"
    assert paragraphs[2] == f"[contradicted · claim 3] {CONTRADICTED}"
    assert out.tables[0].cell(1, 1).text == f"[verified · claim 7] {IN_TABLE}"
    comments = list(out.comments)
    assert [c.author for c in comments] == [AUTHOR] * 4
    texts = [c.text for c in comments]
    assert texts[0].startswith("Verified: ")
    assert f"Claim 2, paragraph 2: “{VERIFIED}”" in texts[0]
    assert "http://testserver/acts/P-8.6/s7(3)(c)" in texts[0]
    assert "https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html" in texts[0]
    assert texts[1].startswith("Contradicted (unknown-section): The Personal Information Protection and Electronic Documents Act has no section 99.")
    assert f"Claim 7, table 1, row 2, cell 2: “{IN_TABLE}”" in texts[2]
    assert texts[3].startswith("Contradicted (quote-mismatch): ")
    assert f"Claim 8, footnote 1: “{IN_FOOTNOTE}”" in texts[3]


def test_a_memo_without_footnotes_is_read_too():
    assert [b.text for b in read_memo(memo_docx(footnote=None)).blocks][-1] == IN_TABLE


def test_it_refuses_what_is_not_a_word_document():
    with pytest.raises(MemoError, match=r"^the file is not a Word document \(.docx\) that can be read"):
        read_memo(b"%PDF-1.7 not a memo")
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("hello.txt", "a zip, not a memo")
    with pytest.raises(MemoError, match="not a Word document"):
        read_memo(archive.getvalue())


def test_it_refuses_a_file_over_the_cap():
    with pytest.raises(MemoError, match=f"at most {MAX_DOCX_BYTES:,} per memo"):
        read_memo(b"x" * (MAX_DOCX_BYTES + 1))


def test_it_refuses_a_memo_over_the_text_cap():
    document = docx.Document()
    for _ in range(30):
        document.add_paragraph("Section 7 of PIPEDA applies. " * 30)
    out = io.BytesIO()
    document.save(out)
    with pytest.raises(ValueError, match="20000"):
        check_docx(out.getvalue())


def test_a_footnote_the_body_does_not_refer_to_is_marked_at_the_top():
    results, memo = check_docx(memo_docx(footnote=IN_FOOTNOTE, reference=False))
    out = docx.Document(io.BytesIO(annotated_docx(memo, results)))
    assert out.paragraphs[0].text == f"[footnote 1 · contradicted · claim 8] {INTRO}"
