"""Canonical provision ids and human citations.

An id is `<ACT>:<unit>`: `P-8.6:s7(3)(c)(i)(A)`, `P-8.6:s47bis`, definitions
`P-8.6:s2(1)/personal-information`, schedules `P-8.6:sch1` and `P-8.6:sch1/4.7.1`.
Labels are strings ("10.1", "29.21", "47bis", "14의2"), never numbers.

A Korean law's id is its title without spaces, then the citation as Korean lawyers write it,
without spaces: `민법:제103조`, `민법:제14조의2`, `개인정보보호법:제15조제1항제2호`,
`개인정보보호법:제2조제1호나목` (조, 항, 호 "1의2", 목 "가"). Its `subpath` keeps each level's
suffix ("제1항", "제2호", "나목"), because an article's items need not sit in a paragraph.
"""

import re
from dataclasses import dataclass, field


class PinpointError(ValueError):
    """A provision id or citation that cannot be read; the message says why."""


# A section label: 7, 10.1, 29.21, 47bis, 15의2, 3A; also what the statute book labels sections
# with besides numbers: a repealed range "46to89" / "46à89", a pair "6and7", "Preamble", a
# duplicate "408-2", an unlabelled section's "-339503", a title made a slug
# ("canada-korea-income-tax-convention-act-1980").
_LABEL = r"-?[\w.]+(?:-[\w.]+)*"
# A sub-label inside brackets: (3), (c.1), (iii), (2to6), (a-2), (2.).
_SUB = r"[^()/:\s]+"
_SUBS = rf"(?:\({_SUB}\))*"
# What follows a section after "/": a definition's slug, then its own sub-labels and any deeper
# definition ("term(c)(i)", "55(x)"); after a schedule, a clause "4.7.1" or a section "s1(2)".
_TAIL = rf"[\w.\-]+{_SUBS}(?:/[\w.\-]+{_SUBS})*"
# A schedule's label as the importer writes it: "", "1", "I", "VI", "A.1", "2and3", "1'".
_SCHEDULE = r"[\w.]*'*"
_SECTION_RE = re.compile(rf"^s(?P<label>{_LABEL})(?P<subs>{_SUBS})(?:/(?P<tail>{_TAIL}))?$")
_SCHEDULE_UNIT_RE = re.compile(rf"^sch(?P<label>{_SCHEDULE})(?:/(?P<rest>.+))?$")
# A clause of a schedule ("4.7.1"); "-2" on the second clause a schedule numbers the same.
_SCHEDULE_ITEM_RE = re.compile(r"^\d+(?:\.\d+)+(?:-\d+)?$")
_SUBS_RE = re.compile(r"\(([^()]+)\)")
_LAST_STEP_RE = re.compile(r"(?:\([^()]+\)|/[^/()]+)$")
# 제15조의2제1항제2호가목: 조 (의N), then optionally 항, 호 (1의2) and 목 (one Hangul letter).
_KOREAN_UNIT_RE = re.compile(
    r"^제(?P<jo>\d+조(?:의\d+)?)(?P<hang>제\d+항)?(?P<ho>제\d+(?:의\d+)?호)?(?P<mok>[가-힣]목)?$")
KOREAN_PREFIX = "제"


@dataclass(frozen=True)
class ProvisionId:
    """A parsed provision id. `subpath` holds the bracketed labels below the section.

    `schedule` is the label of the schedule a section sits in (`E-5.6:schVI/s1` is section 1 of
    Schedule VI: schedule "VI", section "1"); None for a section of the body.
    """

    act: str
    section: str
    subpath: tuple[str, ...] = ()
    raw: str = field(default="", compare=False)
    prefix: str = "s"  # "s" for a section, "sch" for a schedule
    tail: str | None = None  # definition slug (with its own sub-labels) or schedule item
    schedule: str | None = None

    def __str__(self) -> str:
        if self.prefix == KOREAN_PREFIX:
            return f"{self.section_id}{''.join(self.subpath)}"
        subs = "".join(f"({s})" for s in self.subpath)
        tail = f"/{self.tail}" if self.tail else ""
        return f"{self.act}:{self._within()}{self.prefix}{self.section}{subs}{tail}"

    def _within(self) -> str:
        return f"sch{self.schedule}/" if self.schedule is not None else ""

    @property
    def unit(self) -> str:
        """The part after `ACT:`, e.g. `s7(3)(c)`."""
        return str(self)[len(self.act) + 1:]

    @property
    def section_id(self) -> str:
        if self.prefix == KOREAN_PREFIX:
            number, _, branch = self.section.partition("의")  # "14의2" -> 제14조의2
            return f"{self.act}:제{number}조" + (f"의{branch}" if branch else "")
        return f"{self.act}:{self._within()}{self.prefix}{self.section}"

    @property
    def is_korean(self) -> bool:
        return self.prefix == KOREAN_PREFIX

    @property
    def is_section(self) -> bool:
        return not self.subpath and not self.tail

    def parent_ids(self) -> list[str]:
        """Ids of the enclosing units, nearest first, ending with the section id."""
        if self.is_korean:  # 제15조제1항제2호 -> 제15조제1항, 제15조
            return [f"{self.section_id}{''.join(self.subpath[:depth])}"
                    for depth in range(len(self.subpath) - 1, -1, -1)]
        parents, unit = [], self.unit
        section_unit = self.section_id[len(self.act) + 1:]
        while unit != section_unit and len(unit) > len(section_unit):
            unit = _LAST_STEP_RE.sub("", unit)
            parents.append(f"{self.act}:{unit}")
        return parents

    def human(self) -> str:
        """A label a lawyer reads: `s. 7(3)(c)`, `Schedule 1, 4.7.1`, `s. 2(1) "personal-information"`,
        `Schedule VI, s. 1, definition “census agglomeration”`."""
        if self.is_korean:
            return self.unit
        subs = "".join(f"({s})" for s in self.subpath)
        if self.prefix == "sch":
            return f"Schedule {self.section}".rstrip() + (f", {self.tail}" if self.tail else "")
        within = f"Schedule {self.schedule}".rstrip() + ", " if self.schedule is not None else ""
        text = f"{within}s. {self.section}{subs}"
        if not self.tail:
            return text
        term, _, below = self.tail.partition("(")
        below = f", ({below}" if below else ""
        return f"{text}, definition “{term.replace('-', ' ')}”{below}"


def parse_provision_id(s: str) -> ProvisionId:
    """Parse `ACT:unit`. Whitespace inside the unit is dropped ("s47 bis" -> "s47bis").

    Raises PinpointError when there is no act, no unit, or the unit is not a section or schedule
    label followed by bracketed sub-labels.
    """
    if not isinstance(s, str) or ":" not in s:
        raise PinpointError(f"{s!r} is not a provision id: expected ACT:unit, e.g. P-8.6:s7(3)(c)")
    act, unit = s.strip().rsplit(":", 1)
    act = act.strip()
    unit = re.sub(r"\s+", "", unit)
    if not act:
        raise PinpointError(f"{s!r} has no Act code before the colon")
    if not unit:
        raise PinpointError(f"{s!r} has no unit after the colon, e.g. s7")
    if unit.startswith(KOREAN_PREFIX):
        return _korean_id(s, act, unit)
    unit = unit[0].lower() + unit[1:] if unit[:1] == "S" else unit
    if unit.startswith("sch"):
        return _parse_schedule_unit(s, act, unit)
    section = _SECTION_RE.match(unit)
    if not section:
        raise _malformed(s, unit)
    return ProvisionId(act, section["label"], tuple(_SUBS_RE.findall(section["subs"])), raw=s,
                       tail=section["tail"])


def _parse_schedule_unit(s: str, act: str, unit: str) -> ProvisionId:
    """`sch1`, `sch1/4.7.1` (a clause), `schVI/s1/census-agglomeration` (a section of a schedule)."""
    m = _SCHEDULE_UNIT_RE.match(unit)
    if not m:
        if re.match(rf"^sch{_SCHEDULE}\(", unit):
            raise PinpointError(f"{s!r}: schedule items are written sch1/4.7.1, not with brackets")
        raise _malformed(s, unit)
    rest = m["rest"]
    if rest is None:
        return ProvisionId(act, m["label"], raw=s, prefix="sch")
    if _SCHEDULE_ITEM_RE.match(rest):
        return ProvisionId(act, m["label"], raw=s, prefix="sch", tail=rest)
    section = _SECTION_RE.match(rest)
    if not section:
        raise _malformed(s, unit)
    return ProvisionId(act, section["label"], tuple(_SUBS_RE.findall(section["subs"])), raw=s,
                       tail=section["tail"], schedule=m["label"])


def _malformed(s: str, unit: str) -> PinpointError:
    return PinpointError(
        f"{s!r}: unit {unit!r} is not a section label with sub-labels, "
        "e.g. s7(3)(c), s2(1)/personal-information, sch1/4.7.1 or schVI/s1"
    )


def _korean_id(s: str, act: str, unit: str) -> ProvisionId:
    m = _KOREAN_UNIT_RE.match(unit)
    if not m:
        raise PinpointError(
            f"{s!r}: unit {unit!r} is not a Korean article citation, e.g. 제15조, 제14조의2, "
            "제15조제1항제2호 or 제2조제1호나목")
    section = m["jo"].replace("조", "", 1)  # "14의2"
    subs = tuple(x for x in (m["hang"], m["ho"], m["mok"]) if x)
    return ProvisionId(act.replace(" ", ""), section, subs, raw=s, prefix=KOREAN_PREFIX)


def make_provision_id(act: str, unit: str) -> ProvisionId:
    """Join an act code and a unit string, then parse (raises PinpointError)."""
    return parse_provision_id(f"{act}:{unit}")


# --- human citations -------------------------------------------------------------------------

_PLURAL_KEYWORDS = (r"sections|subsections|paragraphs|subparagraphs|clauses|articles|paragraphes|alinéas|sous-alinéas|"
                    r"subparas\.?|paras\.?|subss\.|arts\.|ss\.|ss|§§")
_SINGULAR_KEYWORDS = (r"sub-?section|subparagraph|sub-?clause|section|paragraph|clause|article|paragraphe|sous-alinéa|"
                      r"alinéa|subpara\.?|para\.?|subs\.|cl\.|art\.|s\.|s|§")
_HUMAN_LABEL = r"\d+(?:\.\d+)*(?:\s?(?:bis|ter|quater|quinquies|sexies)\b|[A-Z]\b)?"
# (3)(c)(i), also the French "7(3)c)" form where a letter label has only a closing bracket.
_GROUPS = r"(?:\s?\([0-9A-Za-z.]{1,6}\)|(?<=\))[a-z](?:\.\d+)?\))*"
_KEYWORD_RE = re.compile(
    rf"(?<![\w.])(?P<kw>{_PLURAL_KEYWORDS}|{_SINGULAR_KEYWORDS})\s*(?P<label>{_HUMAN_LABEL})(?P<groups>{_GROUPS})"
    rf"(?:\s+of\s+(?:the\s+)?schedule\s+(?P<sched>[0-9IVX]+))?",
    re.IGNORECASE,
)
_SCHEDULE_RE = re.compile(r"\bschedule\s+(?P<sched>[0-9]+|[IVX]+)\b", re.IGNORECASE)
_CONTINUATION_RE = re.compile(
    rf"\s*(?P<sep>,\s*(?:and|or|et|ou)?|and|or|et|ou|to|à|through|-|–)\s*"
    rf"(?:(?P<label>{_HUMAN_LABEL})(?P<groups>{_GROUPS})|(?P<only>(?:\([0-9A-Za-z.]{{1,6}}\))+))",
    re.IGNORECASE,
)
_KOREAN_RE = re.compile(
    r"제\s?(?P<jo>\d+)\s?조(?:\s?의\s?(?P<ui>\d+))?(?:\s?제\s?(?P<hang>\d+)\s?항)?"
    r"(?:\s?제\s?(?P<ho>\d+(?:의\d+)?)\s?호)?(?:\s?(?P<mok>[가-하])\s?목)?"
)
_BARE_RE = re.compile(rf"^\s*(?P<label>{_HUMAN_LABEL})(?P<groups>{_GROUPS})\s*$")
_MAX_RANGE = 20


@dataclass(frozen=True)
class CitationMatch:
    """Where a human citation sits in a text, and the unit strings it names."""

    start: int
    end: int
    units: tuple[str, ...]
    text: str


def parse_citation_units(text: str) -> list[str]:
    """Turn human citations ("s. 7(3)(c)", "ss. 7 and 8", "제15조의2 제1항") into unit strings.

    Returns units in order of appearance without duplicates, e.g. ["s7(3)(c)"]. A bare label
    ("10.1", "47 bis") is read only when it is the whole text. Nothing found gives [].
    """
    units: list[str] = []
    for match in find_citations(text):
        units.extend(u for u in match.units if u not in units)
    if not units:
        bare = _BARE_RE.match(text)
        if bare:
            units.append(_unit(bare["label"], bare["groups"]))
    return units


def find_citations(text: str) -> list[CitationMatch]:
    """Locate every citation in free text, with its span and unit strings."""
    found: list[CitationMatch] = []
    for m in _KOREAN_RE.finditer(text):
        unit = (f"제{m['jo']}조" + (f"의{m['ui']}" if m["ui"] else "")
                + (f"제{m['hang']}항" if m["hang"] else "") + (f"제{m['ho']}호" if m["ho"] else "")
                + (f"{m['mok']}목" if m["mok"] else ""))
        found.append(CitationMatch(m.start(), m.end(), (unit,), m.group()))
    taken = [(c.start, c.end) for c in found]
    for m in _KEYWORD_RE.finditer(text):
        units, end = _keyword_units(text, m)
        found.append(CitationMatch(m.start(), end, tuple(units), text[m.start():end]))
        taken.append((m.start(), end))
    for m in _SCHEDULE_RE.finditer(text):
        if not any(a <= m.start() < b for a, b in taken):
            found.append(CitationMatch(m.start(), m.end(), (f"sch{m['sched']}",), m.group()))
    return sorted(found, key=lambda c: c.start)


def _keyword_units(text: str, m: re.Match) -> tuple[list[str], int]:
    """Units named by one keyword match plus the list or range that follows it."""
    if m["sched"]:
        return [f"sch{m['sched']}/{m['label']}"], m.end()
    units = [_unit(m["label"], m["groups"])]
    plural = re.fullmatch(_PLURAL_KEYWORDS, m["kw"], re.IGNORECASE) is not None
    end = m.end()
    while True:
        c = _CONTINUATION_RE.match(text, end)
        if not c:
            break
        sep = c["sep"].strip(" ,").lower()
        if c["only"]:
            # "paragraphs 7(3)(c) and (d)": the new label replaces the last level.
            base = _UnitParts(units[-1])
            units.append(base.with_last(_SUBS_RE.findall(c["only"])))
        elif plural:
            nxt = _unit(c["label"], c["groups"])
            if sep in ("to", "à", "through", "-", "–"):
                units.extend(_expand_range(units[-1], nxt))
            else:
                units.append(nxt)
        else:
            break
        end = c.end()
    return units, end


def _unit(label: str, groups: str) -> str:
    label = re.sub(r"\s+", "", label)
    subs = re.findall(r"\(?([0-9A-Za-z.]+)\)", groups or "")
    return f"s{label}" + "".join(f"({s})" for s in subs)


def _expand_range(first: str, last: str) -> list[str]:
    """`s7`..`s9` -> s8, s9 when both are whole small numbers; otherwise just `last`."""
    a, b = first[1:], last[1:]
    if a.isdigit() and b.isdigit() and 0 < int(b) - int(a) <= _MAX_RANGE:
        return [f"s{n}" for n in range(int(a) + 1, int(b) + 1)]
    return [last]


class _UnitParts:
    """A unit string split into section and sub-labels, for continuation lists."""

    def __init__(self, unit: str):
        m = re.match(r"^(s[^()]+)((?:\([^()]+\))*)$", unit)
        self.head = m[1] if m else unit
        self.subs = _SUBS_RE.findall(m[2]) if m else []

    def with_last(self, new_subs: list[str]) -> str:
        keep = self.subs[: max(0, len(self.subs) - len(new_subs))]
        return self.head + "".join(f"({s})" for s in keep + new_subs)
