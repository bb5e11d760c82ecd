"""Response schemas of the corpus API (explicit fields; dates as YYYY-MM-DD)."""

import datetime as dt
import re
from typing import Annotated, Literal

from ninja import Field, Schema
from pydantic import BeforeValidator

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _date_as_written(value):
    """Only YYYY-MM-DD (or a date): pydantic alone reads 0 as 1970-01-01 and a datetime as a day."""
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if isinstance(value, str) and _ISO_DATE.fullmatch(value):
        return value  # pydantic then refuses an impossible day such as 2019-13-45
    raise ValueError(f"{value!r} is not a date written YYYY-MM-DD")


# A date every API input takes: as_at in the corpus, verifier and research schemas and queries.
IsoDate = Annotated[dt.date, BeforeValidator(_date_as_written)]


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
    id: str
    label: str
    marginal_note: str
    text: str
    text_sha256: str


class UnitOut(Schema):
    """One unit of the section with its own words; its sub-units' words are their own entries."""

    id: str
    kind: str
    label: str
    text: str
    text_after_sub_units: str | None = None
    marginal_note: str | None = None
    status: str | None = None  # only when not in force
    requested: bool | None = None


class ProvisionOut(Schema):
    """corpus.serializers.provision_dict(detail=True): the shape the agent's tools and MCP share."""

    id: str
    section_id: str
    act: str
    act_title: str
    kind: str
    label: str
    marginal_note: str
    path: str
    status: str
    text: str
    text_sha256: str
    text_changed: bool | None = None  # only when the request passed text_sha256
    url: str
    consolidated_to: dt.date
    version: VersionRefOut
    historical_note: str
    lims_id: str
    defined_term: str
    children: list[str]
    section: SectionOut
    # The unit as each revision promulgated but not yet in force will read it (Korean laws),
    # shown apart, never as the text in force.
    not_yet_in_force: list[NotYetInForceOut] = []
    units: list[UnitOut]
    units_total: int
    offset: int
    next_offset: int | None


class ChangesIn(Schema):
    from_: dt.date = Field(..., alias="from")
    to: dt.date | None = None
    lang: Literal["eng", "fra"] = "eng"


class ProvisionVersionOut(Schema):
    pit_date: dt.date
    current_date: dt.date | None
    is_latest: bool
    held: bool
    text_sha256: str | None
    status: str | None
    changed: bool


class ProvisionVersionsOut(Schema):
    id: str
    act: str
    lang: str
    versions: list[ProvisionVersionOut]


class UnitTextOut(Schema):
    text: str
    text_after_sub_units: str
    marginal_note: str
    status: str
    text_sha256: str


class UnitChangeOut(Schema):
    id: str
    change: Literal["added", "removed", "changed"]
    from_: UnitTextOut | None = Field(None, alias="from")
    to: UnitTextOut | None


class ChangedVersionOut(Schema):
    as_at: dt.date | None
    pit_date: dt.date
    current_date: dt.date | None


class ProvisionChangesOut(Schema):
    id: str
    act: str
    lang: str
    from_: ChangedVersionOut = Field(..., alias="from")
    to: ChangedVersionOut
    same_version: bool
    changed: bool
    units: list[UnitChangeOut]


class SearchIn(Schema):
    q: str
    act: list[str] | None = None  # repeated or comma-separated Act codes
    lang: Literal["eng", "fra"] = "eng"
    as_at: IsoDate | None = None
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
    coverage: float | None = Field(None, description="share of the query's rarity (IDF) the section holds, 0-1")
    similarity: float | None = Field(None, description="closeness of the section to the query where it has a vector: "
                                     "MiniLM cosine (English), e5 cosine scaled 0-1 over the 50 closest (French), "
                                     "e5 cosine (Korean)")


class CorrectionOut(Schema):
    typed: str
    read_as: str


class LeftOutOut(Schema):
    act: str
    reason: str


class OutsideHitOut(Schema):
    id: str
    act: str
    act_title: str
    marginal_note: str
    score: float


class ScopeMatchOut(Schema):
    acts: list[str]  # the scope searched
    better_outside: bool  # the answer probably lies outside the scope (corpus/search_scope.py)
    outside_ahead: int  # sections of other Acts ranked above the scope's best, among every Act's
    best_in_scope: float | None  # the scope's best section's score there; null: not among the first 100
    outside: list[OutsideHitOut]  # the best sections outside the scope, on that same scale


class SearchOut(Schema):
    query: str
    lang: str
    as_at: dt.date | None
    total: int
    has_more: bool
    corrections: list[CorrectionOut]  # mistyped words read as the statute word meant
    left_out: list[LeftOutOut]  # Acts not searched at `as_at`, and why
    unmatched: list[str] = []  # the query's words no section searched uses (nor any synonym)
    scope: ScopeMatchOut | None = None  # with `act`: how well the scope matches, beside the best outside it
    hits: list[SearchHitOut]


class PendingAmendmentOut(Schema):
    position: int
    schedule: str
    heading: str
    kind: str
    label: str
    marginal_note: str
    text: str


class NotInForceOut(Schema):
    position: int
    citation: str  # the amending Act, e.g. "2026, c. 3, s. 390"
    label: str
    marginal_note: str
    text: str
    touches: list[str]  # units it replaces, amends or repeals, e.g. ["s11(1)"]
    adds_after: list[str]  # units its new text follows


class PendingAmendmentsOut(Schema):
    act: str
    version: VersionRefOut
    amendments: list[PendingAmendmentOut]
    not_in_force: list[NotInForceOut]
