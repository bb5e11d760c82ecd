"""A Word memo sent to /check/ and to POST /api/v1/claims/check."""

import base64
import io

import docx
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from research.docx_memo import MAX_DOCX_BYTES
from research.export_docx import CONTENT_TYPE
from tests.base import login
from tests.research.docx_memos import CONTRADICTED, IN_TABLE, VERIFIED, memo_docx

pytestmark = pytest.mark.django_db


def upload(client, data, name="memo.docx", **extra):
    return client.post("/check/", {"source": "docx", "docx-memo": SimpleUploadedFile(name, data), **extra})


def api(client, body):
    return client.post("/api/v1/claims/check", body, content_type="application/json")


def test_the_page_checks_a_word_memo(client, people):
    alice, _, _ = people
    html = upload(login(client, alice), memo_docx()).content.decode()
    assert 'enctype="multipart/form-data"' in html
    assert "4 citing claims:\n      2 verified, 2 contradicted, 0 unknown." in html
    assert '<td data-label="Where" class="small">table 1, row 2, cell 2</td>' in html
    assert '<td data-label="Where" class="small">footnote 1</td>' in html


def test_the_page_sends_the_memo_back_annotated(client, people):
    alice, _, _ = people
    response = upload(login(client, alice), memo_docx(), name="Brief (draft) é.docx", annotated="1")
    assert response["Content-Type"] == CONTENT_TYPE
    assert response["Content-Disposition"] == 'attachment; filename="Brief_draft_-checked.docx"'
    out = docx.Document(io.BytesIO(response.content))
    assert out.paragraphs[2].text == f"[contradicted · claim 3] {CONTRADICTED}"
    assert len(list(out.comments)) == 4
    assert "http://testserver/acts/P-8.6/s7(3)(c)" in next(iter(out.comments)).text


def test_the_page_refuses_a_malformed_file_with_the_reason(client, people):
    alice, _, _ = people
    response = upload(login(client, alice), b"PK\x03\x04 broken")
    assert response.status_code == 422
    assert "the file is not a Word document (.docx) that can be read" in response.content.decode()
    too_big = upload(client, b"x" * (MAX_DOCX_BYTES + 1))
    assert too_big.status_code == 422
    assert f"at most {MAX_DOCX_BYTES:,} per memo" in too_big.content.decode()


def test_the_page_escapes_the_memo_text(client, people):
    alice, _, _ = people
    document = docx.Document()
    document.add_paragraph('Section 99 of PIPEDA says <script>alert("x")</script> applies.')
    out = io.BytesIO()
    document.save(out)
    html = upload(login(client, alice), out.getvalue()).content.decode()
    assert "<script>alert" not in html and "&lt;script&gt;alert" in html


def test_the_api_checks_a_word_memo_and_returns_it_annotated(client):
    response = api(client, {"docx_base64": base64.b64encode(memo_docx()).decode()})
    assert response.status_code == 200
    body = response.json()
    cited = [(c["id"], c["paragraph"], c["location"], c["label"]) for c in body["claims"]
             if c["finding"] != "no-citation"]
    assert cited == [("2", 2, "paragraph 2", "verified"), ("3", 3, "list item 3", "contradicted"),
                     ("7", 7, "table 1, row 2, cell 2", "verified"), ("8", 8, "footnote 1", "contradicted")]
    assert body["counts"] == {"verified": 2, "contradicted": 2, "unknown": 4}
    out = docx.Document(io.BytesIO(base64.b64decode(body["annotated_docx_base64"])))
    assert out.paragraphs[1].text == f"[verified · claim 2] {VERIFIED} [footnote 1 · contradicted · claim 8]"
    assert out.tables[0].cell(1, 1).text == f"[verified · claim 7] {IN_TABLE}"
    assert [c.text.split(":")[0] for c in out.comments] == [
        "Verified", "Contradicted (unknown-section)", "Verified", "Contradicted (quote-mismatch)"]


def test_the_api_text_answer_has_no_paragraphs(client):
    body = api(client, {"text": VERIFIED}).json()
    assert body["annotated_docx_base64"] is None
    assert body["claims"][0]["paragraph"] is None


def test_the_api_refuses_a_malformed_word_memo(client):
    for data, message in [("not base64!", "docx_base64 is not base64"),
                          (base64.b64encode(b"PK\x03\x04 broken").decode(), "the file is not a Word document")]:
        response = api(client, {"docx_base64": data})
        assert response.status_code == 422
        assert response.json()["detail"].startswith(message)
    assert api(client, {"docx_base64": "A" * (4 * MAX_DOCX_BYTES // 3 + 8)}).status_code == 422
    both = api(client, {"text": "x", "docx_base64": base64.b64encode(memo_docx()).decode()})
    assert both.status_code == 422
    assert both.json()["detail"].startswith("send one of 'text'")
