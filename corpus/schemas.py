"""Response schemas of the corpus API (explicit fields; dates as YYYY-MM-DD)."""

import datetime as dt
from typing import Literal

from ninja import Schema


class ActOut(Schema):
    code: str
    title_en: str
    title_fr: str
    title_ko: str  # a Korean law's 제목 ("개인정보 보호법"); "" for a Canadian Act
    latest_pit_dates: dict[str, dt.date]  # {"eng": ..., "fra": ...} or {"kor": ...}, languages held only
    versions_count: int


class ActDetailOut(ActOut):
    jurisdiction: str
    long_title_en: str
    long_title_fr: str


class VersionOut(Schema):
    lang: str
    pit_date: dt.date
    current_date: dt.date | None
    last_amended_date: dt.date | None
    title: str
    source_sha256: str
    provisions_count: int
    has_pending_amendments: bool
    is_latest: bool
    promulgated_date: dt.date | None  # Korean laws: 공포일자 (pit_date is 시행일자)
    revision: str  # Korean laws: 법령MST
    in_force: bool  # False: promulgated, in force only from pit_date (after today)


class VersionRefOut(Schema):
    lang: str
    pit_date: dt.date
    current_date: dt.date | None
    is_latest: bool
    has_pending_amendments: bool
    promulgated_date: dt.date | None
    revision: str


class NotYetInForceOut(Schema):
    """The same unit in a revision promulgated but in force only after the as-at date."""

    pit_date: dt.date
    promulgated_date: dt.date | None
    revision: str
    text: str | None  # None: the unit is not in that revision
    text_sha256: str | None


class SectionOut(Schema):
    pinpoint: str
    label: str
    marginal_note: str
    text: str
    text_sha256: str


class ProvisionOut(Schema):
    pinpoint: str
    act: str
    act_title: str
    kind: str
    label: str
    marginal_note: str
    path: str
    text: str
    text_sha256: str
    status: str
    historical_note: str
    lims_id: str
    defined_term: str
    version: VersionRefOut
    is_latest: bool
    children: list[str]
    official_url: str
    section: SectionOut
    not_yet_in_force: list[NotYetInForceOut]  # shown apart, never as the text in force


class SearchIn(Schema):
    q: str
    act: list[str] | None = None  # repeated or comma-separated Act codes
    lang: Literal["eng", "fra"] = "eng"
    as_at: dt.date | None = None
    limit: int = 10
    offset: int = 0


class SearchHitOut(Schema):
    pinpoint: str
    act_code: str
    act_title: str
    label: str
    marginal_note: str
    headings: str
    snippet_html: str
    score: float
    pit_date: dt.date | None


class CorrectionOut(Schema):
    typed: str
    read_as: str


class SearchOut(Schema):
    query: str
    lang: str
    as_at: dt.date | None
    total: int
    has_more: bool
    corrections: list[CorrectionOut]  # mistyped words read as the statute word meant
    hits: list[SearchHitOut]


class PendingAmendmentOut(Schema):
    position: int
    schedule: str
    heading: str
    kind: str
    label: str
    marginal_note: str
    text: str


class PendingAmendmentsOut(Schema):
    act: str
    version: VersionRefOut
    amendments: list[PendingAmendmentOut]
