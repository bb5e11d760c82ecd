"""Request and response shapes of the claim checker and quote API (research/api_check.py, docs/api.md)."""

from typing import Literal

from ninja import Field, Schema

from corpus.schemas import IsoDate
from research.docx_memo import MAX_DOCX_BYTES

DOCX_BASE64_CHARS = 4 * -(-MAX_DOCX_BYTES // 3)


class QuoteIn(Schema):
    provision_id: str = Field(..., max_length=240, examples=["P-8.6:s7(3)(c)"])
    quote: str = Field(..., min_length=1, max_length=20_000)
    as_at: IsoDate | None = None
    lang: Literal["eng", "fra"] = "eng"
    text_sha256: str | None = Field(None, min_length=64, max_length=64,
                                    description="the hash of the text you read; the answer says text_changed")


class DifferenceOut(Schema):
    offset: int
    expected: str
    found: str


class FindingOut(Schema):
    code: str
    severity: str
    message: str
    details: dict = {}


class QuoteOut(Schema):
    provision_id: str
    status: Literal["match", "mismatch", "not_found"]
    text_sha256: str | None
    pit_date: str | None
    first_difference: DifferenceOut | None
    passage_as_stored: str | None
    checked: str
    checked_id: str | None
    findings: list[FindingOut]
    path: str
    url: str
    provision_status: str | None
    text_changed: bool | None = None  # only when the request passed text_sha256


class ClaimItemIn(Schema):
    id: str | int | None = None
    claim: str = Field(..., min_length=1)


class ClaimsIn(Schema):
    """One of `text` (a memo: each sentence or bullet is a claim), `items`, or `docx_base64` (a
    Word memo, base64: its paragraphs, list items, table cells and footnotes are read in order)."""

    text: str | None = None
    items: list[ClaimItemIn] | None = None
    docx_base64: str | None = Field(None, max_length=DOCX_BASE64_CHARS,
                                    description=f"a .docx of at most {MAX_DOCX_BYTES:,} bytes, base64")
    as_at: IsoDate | None = None
    # The Korean auditor's local-only mode: Korean claims are not compared and come back unknown.
    local_only: bool = False


class ClaimOut(Schema):
    id: str
    claim: str
    label: Literal["verified", "contradicted", "unknown"]
    finding: str | None
    rationale: str
    links: list[str]
    provision_id: str | None
    supporting_urls: list[str]
    authority: float
    paragraph: int | None = None  # a Word memo's: the block the claim was read from, 1, 2, …
    location: str | None = None  # and where that is: "table 1, row 2, cell 2", "footnote 1"


class ClaimsOut(Schema):
    claims: list[ClaimOut]
    counts: dict[str, int]
    annotated_docx_base64: str | None = None  # for a Word memo: the memo marked and commented
