"""Which Act a reference names: codes, titles in every language, common abbreviations.

Ambiguity is reported, never guessed: a partial title match is a suggestion, not a resolution.
"""

import functools
import re
import unicodedata
from dataclasses import dataclass, field

from corpus.act_names import INFORMAL_NAMES

RESOLVED = "resolved"
AMBIGUOUS = "ambiguous"
UNKNOWN = "unknown"

# Official titles, so references resolve even before the corpus lists its Acts, plus the
# informal names lawyers use (corpus/act_names.py: one table, shared with search).
BUILTIN_NAMES: dict[str, str] = {
    "Personal Information Protection and Electronic Documents Act": "P-8.6",
    "Loi sur la protection des renseignements personnels et les documents électroniques": "P-8.6",
    "Privacy Act": "P-21",
    "Loi sur la protection des renseignements personnels": "P-21",
    "Canadian Human Rights Act": "H-6",
    "Loi canadienne sur les droits de la personne": "H-6",
    "Canada Labour Code": "L-2",
    "Code canadien du travail": "L-2",
    "Copyright Act": "C-42",
    "Loi sur le droit d'auteur": "C-42",
    "Interpretation Act": "I-21",
    "Loi d'interprétation": "I-21",
    "Access to Information Act": "A-1",
    "Loi sur l'accès à l'information": "A-1",
    "Bank Act": "B-1.01",
    "Loi sur les banques": "B-1.01",
    "민법": "민법",
    "개인정보 보호법": "개인정보 보호법",
    "근로기준법": "근로기준법",
    **INFORMAL_NAMES,
}

_ARTICLES = re.compile(r"^(?:the|la|le|les|l')\s*", re.IGNORECASE)
_CODE_RE = re.compile(r"(?<![\w.-])[A-Z]{1,2}-\d+(?:\.\d+)*(?![\w-])")


@dataclass(frozen=True)
class ActRef:
    """One Act and every name it goes by. `code` is the consolidated number, e.g. "P-8.6"."""

    code: str
    short_titles: list[str] = field(default_factory=list)
    long_titles: list[str] = field(default_factory=list)
    abbreviations: list[str] = field(default_factory=list)

    def names(self) -> list[str]:
        return [*self.short_titles, *self.long_titles, *self.abbreviations]


@dataclass(frozen=True)
class ActResolution:
    """`status` is resolved | ambiguous | unknown; `code` is set only when resolved."""

    status: str
    code: str | None
    candidates: list[str]
    message: str


def resolve_act(reference: str, acts: list[ActRef]) -> ActResolution:
    """Resolve an Act reference ("PIPEDA", "the Privacy Act", "P-21", a French title).

    An exact code or name wins over any partial match, so "Privacy Act" is P-21 even though it
    is part of no other title. Partial matches only produce an `ambiguous` answer listing
    candidates; the caller decides. Empty or unmatched references are `unknown`.
    """
    wanted = _key(reference)
    if not wanted:
        return ActResolution(UNKNOWN, None, [], "No Act was named.")
    names = _name_table(acts)
    codes = {a.code.casefold(): a.code for a in acts} | {c.casefold(): c for c in BUILTIN_NAMES.values()}
    if wanted in codes:
        code = codes[wanted]
        return ActResolution(RESOLVED, code, [code], f"“{reference}” is Act {code}.")
    exact = sorted(names.get(wanted, set()))
    if len(exact) == 1:
        return ActResolution(RESOLVED, exact[0], exact, f"“{reference}” is Act {exact[0]}.")
    if exact:
        return ActResolution(AMBIGUOUS, None, exact, _ambiguous(reference, exact))
    partial = sorted(
        {code for name, cs in names.items() if _contains(name, wanted) for code in cs}
    )
    if partial:
        return ActResolution(AMBIGUOUS, None, partial, _ambiguous(reference, partial))
    return ActResolution(UNKNOWN, None, [], f"No Act in the corpus is called “{reference}”.")


def find_act_mentions(text: str, acts: list[ActRef]) -> list[tuple[int, int, str]]:
    """Locate Act names and codes in free text. Returns (start, end, code), in text order.

    The longest name wins where names overlap ("Canada Labour Code" over "Labour Code"). A name
    shared by two Acts is skipped: it names neither for certain.
    """
    hits: list[tuple[int, int, str]] = []
    for name, codes in _name_table(acts, raw=True).items():
        if len(codes) != 1:
            continue
        code = next(iter(codes))
        for m in _name_pattern(name).finditer(text):
            hits.append((m.start(), m.end(), code))
    known = {a.code for a in acts} | set(BUILTIN_NAMES.values())
    for m in _CODE_RE.finditer(text):
        if m.group() in known:
            hits.append((m.start(), m.end(), m.group()))
    hits.sort(key=lambda h: (h[0], -(h[1] - h[0])))
    kept: list[tuple[int, int, str]] = []
    for hit in hits:
        if not kept or hit[0] >= kept[-1][1]:
            kept.append(hit)
    return kept


def _name_table(acts: list[ActRef], raw: bool = False) -> dict[str, set[str]]:
    """name -> codes. Keys are folded with _key unless raw (then original spelling)."""
    table: dict[str, set[str]] = {}
    pairs = [(n, a.code) for a in acts for n in a.names()] + list(BUILTIN_NAMES.items())
    for name, code in pairs:
        key = name.strip() if raw else _key(name)
        if key:
            table.setdefault(key, set()).add(code)
    return table


@functools.lru_cache(maxsize=65536)
def _name_pattern(name: str) -> re.Pattern:
    # Cached: the re module's own cache holds 512 patterns, and a corpus of hundreds of Acts has
    # thousands of names, so without this every call recompiled every name.
    # Uppercase abbreviations must match case; titles match any case. Korean names take
    # particles directly after them ("민법상"), so no boundary is required after Hangul.
    flags = 0 if name.isupper() else re.IGNORECASE
    escaped = r"\s+".join(re.escape(part) for part in name.split())
    after = "" if re.search(r"[가-힣]$", name) else r"(?!\w)"
    return re.compile(rf"(?<!\w){escaped}{after}", flags)


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKC", text or "").replace("’", "'")
    text = " ".join(text.split()).strip(" .,;:()")
    return _ARTICLES.sub("", text).casefold()


def _contains(name: str, wanted: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", name) is not None


def _ambiguous(reference: str, codes: list[str]) -> str:
    return f"“{reference}” could mean {', '.join(codes)}; name the Act exactly."


def act_for_citation(
    text: str, start: int, end: int, mentions: list[tuple[int, int, str]]
) -> str | None:
    """The Act a citation at text[start:end] belongs to, from `mentions` (find_act_mentions).

    "s. 7 of PIPEDA" (act right after, joined by of/de/du) wins; then the nearest mention
    before the citation ("Privacy Act, subsection 8(2)", "민법 제103조"); None when the text
    names no Act.
    """
    for m_start, _m_end, code in mentions:
        between = text[end:m_start]
        if m_start >= end and re.fullmatch(r"\s*,?\s*(?:of|in|under|de|du|des|de la)?\s*(?:the|la|le|l')?\s*", between, re.IGNORECASE):
            return code
    before = [m for m in mentions if m[1] <= start]
    return before[-1][2] if before else None
