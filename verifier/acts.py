"""Which instrument a reference names: codes, titles in every language, chapter citations,
abbreviations.

Every name comes from the instruments the caller holds (`ActRef`, built from the corpus by
verifier/adapter.py with corpus/instrument_names.py), plus the few conventional names no title
yields (corpus/act_names.py). Names are read in tiers: an exact name (code, title, chapter
citation, conventional name) wins over an abbreviation derived from a title, which wins over
the initials of a title that carries a year ("CEPA" for the Canadian Environmental Protection
Act, 1999). Within a tier, a name two instruments share is ambiguous and resolves to neither;
a partial title match is a suggestion, never a resolution.
"""

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from corpus.act_names import INFORMAL_NAMES
from corpus.messages import Message, gettext_noop

RESOLVED = "resolved"
AMBIGUOUS = "ambiguous"
UNKNOWN = "unknown"

_ARTICLES = re.compile(r"^(?:the|la|le|les|l')\s*", re.IGNORECASE)
_CODE_RE = re.compile(r"(?<![\w.-])[A-Z]{1,2}-\d+(?:\.\d+)*(?![\w-])")
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_HANGUL = re.compile(r"[가-힣]")

EXACT, DERIVED, SERIES = 0, 1, 2  # name tiers, strongest first


@dataclass(frozen=True)
class ActRef:
    """One instrument and every name it goes by. `code` is its id, e.g. "P-8.6".

    `citations` are chapter citations ("S.C. 2000, c. 5"); `abbreviations` are derived from
    its titles ("PIPEDA"); `series_abbreviations` are initials of a title ending in a year,
    read only when no other instrument answers to them."""

    code: str
    short_titles: list[str] = field(default_factory=list)
    long_titles: list[str] = field(default_factory=list)
    abbreviations: list[str] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    series_abbreviations: list[str] = field(default_factory=list)

    def names(self) -> list[str]:
        return [*self.short_titles, *self.long_titles, *self.citations, *self.abbreviations]

    def tiered_names(self):
        for name in (*self.short_titles, *self.long_titles, *self.citations):
            yield name, EXACT
        for name in self.abbreviations:
            yield name, DERIVED
        for name in self.series_abbreviations:
            yield name, SERIES


def prose_name(code: str, acts: list[ActRef]) -> str:
    """How a sentence names an instrument: "the Personal Information Protection and Electronic
    Documents Act" (its first short title, else its long title; "the" before a Latin-script
    title that lacks an article); the code itself when the corpus gives it no title."""
    ref = next((a for a in acts if a.code == code), None)
    titles = (ref.short_titles or ref.long_titles) if ref else []
    if not titles:
        return code
    title = titles[0]
    if title[:1].isascii() and title[:1].isupper() and not title.lower().startswith("the "):
        return f"the {title}"
    return title


@dataclass(frozen=True)
class ActResolution:
    """`status` is resolved | ambiguous | unknown; `code` is set only when resolved. `message`
    is English (a corpus.messages.Message: a page shows it `translated`)."""

    status: str
    code: str | None
    candidates: list[str]
    message: Message


def resolve_act(reference: str, acts: list[ActRef]) -> ActResolution:
    """Resolve a reference ("PIPEDA", "the Privacy Act", "P-21", "S.C. 2000, c. 5", a French
    title) against the instruments held.

    An exact code or name wins over any partial match, so "Privacy Act" is P-21 even though it
    is part of another title. Partial matches only produce an `ambiguous` answer listing
    candidates; the caller decides. Empty or unmatched references are `unknown`.
    """
    wanted = _key(reference)
    if not wanted:
        return ActResolution(UNKNOWN, None, [], Message(gettext_noop("No instrument was named.")))
    codes = {a.code.casefold(): a.code for a in acts}
    if wanted in codes:
        code = codes[wanted]
        return ActResolution(RESOLVED, code, [code], _resolved(reference, code))
    index = _index(acts)
    exact = sorted(index.by_key.get(_tokens_key(reference), set()))
    if len(exact) == 1:
        return ActResolution(RESOLVED, exact[0], exact, _resolved(reference, exact[0]))
    if exact:
        return ActResolution(AMBIGUOUS, None, exact, _ambiguous(reference, exact))
    partial = sorted({code for name, code in index.titles if _contains(name, wanted)})
    if partial:
        return ActResolution(AMBIGUOUS, None, partial, _ambiguous(reference, partial))
    return ActResolution(UNKNOWN, None, [], Message(gettext_noop("No instrument in the corpus is called "
                                                                 "“%(reference)s”."), reference=reference))


def find_act_mentions(text: str, acts: list[ActRef]) -> list[tuple[int, int, str]]:
    """Locate instrument names and codes in free text. Returns (start, end, code), in text order.

    The longest name wins where names overlap ("Canada Labour Code" over "Labour Code"). A name
    shared by two instruments is skipped: it names neither for certain. Titles match in any case
    and with any punctuation between their words ("S.C. 2000, c. 5" is "SC 2000 c 5");
    abbreviations match their case; a Korean name may take a particle ("민법상").
    """
    index = _index(acts)
    tokens = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(_fold_quotes(text))]
    hits: list[tuple[int, int, str]] = []
    for i, (start, _end, token) in enumerate(tokens):
        for name_tokens, code in _candidates(index, token):
            end = _match_at(tokens, i, name_tokens)
            if end is not None:
                hits.append((start, end, code))
                break  # candidates are longest first
    known = {a.code for a in acts}
    for m in _CODE_RE.finditer(text):
        if m.group() in known:
            hits.append((m.start(), m.end(), m.group()))
    hits.sort(key=lambda h: (h[0], -(h[1] - h[0])))
    kept: list[tuple[int, int, str]] = []
    for hit in hits:
        if not kept or hit[0] >= kept[-1][1]:
            kept.append(hit)
    return kept


def act_for_citation(
    text: str, start: int, end: int, mentions: list[tuple[int, int, str]]
) -> str | None:
    """The instrument a citation at text[start:end] belongs to, from `mentions`
    (find_act_mentions).

    "s. 7 of PIPEDA" (the name right after, joined by of/de/du) wins; then the nearest mention
    before the citation ("Privacy Act, subsection 8(2)", "민법 제103조"); None when the text
    names no instrument.
    """
    for m_start, _m_end, code in mentions:
        between = text[end:m_start]
        if m_start >= end and re.fullmatch(r"\s*,?\s*(?:of|in|under|de|du|des|de la)?\s*(?:the|la|le|l')?\s*", between, re.IGNORECASE):
            return code
    before = [m for m in mentions if m[1] <= start]
    return before[-1][2] if before else None


# --- the name index ------------------------------------------------------------------------

@dataclass
class _Index:
    by_key: dict[str, set[str]]  # folded token key -> codes, from the strongest tier naming it
    by_first: dict[str, list[tuple[tuple[str, ...], str]]]  # first token -> (tokens, code)
    titles: list[tuple[str, str]]  # (folded title, code) for partial matches


def _index(acts: list[ActRef]) -> _Index:
    rows = tuple((a.code, tuple(a.tiered_names())) for a in acts)
    conventional = tuple(sorted(INFORMAL_NAMES.items()))
    return _build_index(rows, conventional)


@lru_cache(maxsize=8)
def _build_index(rows, conventional) -> _Index:
    held = {code for code, _ in rows}
    tiers: dict[str, tuple[int, set[str], tuple[str, ...]]] = {}  # key -> (tier, codes, tokens)
    pairs = [(name, tier, code) for code, names in rows for name, tier in names]
    pairs += [(name, EXACT, code) for name, code in conventional if code in held]
    for name, tier, code in pairs:
        tokens = tuple(_TOKEN.findall(_fold_quotes(name)))
        if not tokens:
            continue
        key = _tokens_key(name)
        current = tiers.get(key)
        if current is None or tier < current[0]:
            tiers[key] = (tier, {code}, _match_tokens(tokens, tier))
        elif tier == current[0]:
            current[1].add(code)
    by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for _tier, codes, tokens in sorted(tiers.values(), key=lambda entry: -len(entry[2])):
        if len(codes) == 1:
            by_first.setdefault(tokens[0].casefold(), []).append((tokens, next(iter(codes))))
    titles = [(_key(name), code) for code, names in rows for name, tier in names if tier == EXACT]
    return _Index(by_key={k: v[1] for k, v in tiers.items()}, by_first=by_first, titles=titles)


def _match_tokens(tokens: tuple[str, ...], tier: int) -> tuple[str, ...]:
    """Tokens as they must appear: an abbreviation keeps its case, anything else is folded. A
    title printed in capitals ("CRIMINAL CODE", as some links and headings cite it) is a title,
    not an abbreviation: only a single word in capitals ("PIPEDA", "CEPA 1999") keeps its case."""
    words = [t for t in tokens if not t.isdigit()]
    if tier != EXACT or (len(words) == 1 and words[0].isupper() and len(words[0]) > 1):
        return tokens
    return tuple(t.casefold() for t in tokens)


def _candidates(index: _Index, token: str):
    """Names that may start at this token, longest first. A Korean word may carry a particle
    ("개인정보보호법상"), so its prefixes are looked up too."""
    found = list(index.by_first.get(token.casefold(), ()))
    if _HANGUL.search(token):
        for cut in range(len(token) - 1, 1, -1):
            found += index.by_first.get(token[:cut], ())
    return found


def _match_at(tokens, i, name_tokens) -> int | None:
    """End offset in the text when `name_tokens` match the text's tokens from position i."""
    if i + len(name_tokens) > len(tokens):
        return None
    for k, wanted in enumerate(name_tokens):
        start, end, got = tokens[i + k]
        last = k == len(name_tokens) - 1
        if wanted == got or (wanted == got.casefold() and not _cased(wanted)):
            continue
        if last and _HANGUL.search(wanted) and got.startswith(wanted):
            return start + len(wanted)  # "민법상": the particle follows the name
        return None
    return tokens[i + len(name_tokens) - 1][1]


def _cased(token: str) -> bool:
    """An abbreviation's token, which must match its case ("CLC", not "clc")."""
    return token.isupper() and len(token) > 1


def _tokens_key(text: str) -> str:
    tokens = _TOKEN.findall(_fold_quotes(_ARTICLES.sub("", unicodedata.normalize("NFKC", text or "").strip())))
    return " ".join(t.casefold() for t in tokens)


def _fold_quotes(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "").replace("’", "'")


def _key(text: str) -> str:
    text = _fold_quotes(text)
    text = " ".join(text.split()).strip(" .,;:()")
    return _ARTICLES.sub("", text).casefold()


def _contains(name: str, wanted: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", name) is not None


def _resolved(reference: str, code: str) -> Message:
    return Message(gettext_noop("“%(reference)s” is %(code)s."), reference=reference, code=code)


def _ambiguous(reference: str, codes: list[str]) -> Message:
    return Message(gettext_noop("“%(reference)s” could mean %(codes)s; name the instrument exactly."),
                   reference=reference, codes=", ".join(codes))
