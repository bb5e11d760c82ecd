"""Is a quote verbatim in a provision's text? If not, where does it first differ?

Comparison is on normalised text (see normalise.py); spans are given back in the stored text
so a page can highlight them.
"""

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache

from .normalise import normalise_quote, normalise_with_map, original_span

MATCH = "match"
MISMATCH = "mismatch"
NOT_FOUND = "not_found"

# Share of the quote's words that must appear in the best-aligned passage for the quote to be
# called an altered version of it rather than something else entirely.
_SIMILAR_WORDS = 0.5
_ELLIPSIS_RE = re.compile(r"\[\s*(?:\.\s*){3}\]|\[\s*…\s*\]|(?:\.\s?){2}\.|…")
_WORD_RE = re.compile(r"\w+(?:[.'’-]\w+)*")
_SENTENCE_END = (".", ";", ":", "!", "?")


@dataclass(frozen=True)
class Difference:
    """First place the quote departs from the text.

    `offset` is in the normalised quote; `expected` is what the stored text says there and
    `found` is what the quote says instead (either may be "" for an insertion or omission).
    """

    offset: int
    expected: str
    found: str


@dataclass(frozen=True)
class QuoteCheck:
    """Result of check_quote. `span` (match) and `closest_span` are offsets in the stored text."""

    status: str
    span: tuple[int, int] | None = None
    difference: Difference | None = None
    closest_passage: str | None = None
    closest_span: tuple[int, int] | None = None
    similarity: float = 0.0
    fragment_spans: list[tuple[int, int]] = field(default_factory=list)

    @property
    def is_match(self) -> bool:
        return self.status == MATCH


def sha256_text(text: str) -> str:
    """Hex SHA-256 of the UTF-8 bytes of `text` (exactly as stored; not normalised)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def split_on_ellipsis(quote: str) -> list[str]:
    """The quoted fragments around each ellipsis, empty ones (leading/trailing) dropped."""
    return [p.strip() for p in _ELLIPSIS_RE.split(quote) if p.strip()]


def has_inner_ellipsis(quote: str) -> bool:
    """True when an ellipsis ("...", "…", "[...]") cuts inside a sentence.

    A leading or trailing ellipsis only says the quote starts or ends mid-sentence, which is
    allowed. Between two sentences (before ends with . ; : and after starts with a capital or a
    label) the omission is visible and allowed too.
    """
    text = normalise_quote(quote)
    for m in _ELLIPSIS_RE.finditer(text):
        before, after = text[: m.start()].rstrip(), text[m.end():].lstrip()
        if not before or not after:
            continue
        if before.endswith(_SENTENCE_END) and (after[0].isupper() or after[0] == "("):
            continue
        return True
    return False


def check_quote(quote: str, unit_text: str) -> QuoteCheck:
    """Check `quote` against the stored `unit_text`.

    match: the normalised quote occurs in the normalised text at word boundaries (fragments
    around an ellipsis must each occur, in order); `span` is the stored-text span.
    mismatch: no exact occurrence, but at least half the quote's words line up with one
    passage; gives the first Difference and that passage. not_found: nothing similar, or an
    empty quote.
    """
    text, index_map = normalise_with_map(unit_text)
    fragments = [normalise_quote(f) for f in split_on_ellipsis(quote)]
    if not fragments:
        return QuoteCheck(NOT_FOUND)
    spans = _find_in_order(fragments, text)
    if spans is not None:
        orig = [original_span(index_map, a, b) for a, b in spans]
        return QuoteCheck(MATCH, span=(orig[0][0], orig[-1][1]), similarity=1.0, fragment_spans=orig)
    # Align the whole quote (ellipses included) so the difference is reported where it is.
    return _closest(normalise_quote(quote), text, index_map, unit_text)


def find_verbatim(quote: str, text: str) -> tuple[int, int] | None:
    """Stored-text span of `quote` in `text` when it is there verbatim, else None.

    Cheaper than check_quote: no closest-passage search when the quote is not there.
    """
    normalised, index_map = normalise_with_map(text)
    fragments = [normalise_quote(f) for f in split_on_ellipsis(quote)]
    spans = _find_in_order(fragments, normalised) if fragments else None
    if spans is None:
        return None
    return original_span(index_map, spans[0][0], spans[-1][1])


def contains_verbatim(quote: str, text: str) -> bool:
    """True when `quote` is verbatim (after normalisation) in `text`."""
    fragments = [_normalised_text(f) for f in split_on_ellipsis(quote)]
    return bool(fragments) and _find_in_order(fragments, _normalised_text(text)) is not None


@lru_cache(maxsize=8192)
def _normalised_text(text: str) -> str:
    # A quote found in no cited unit is looked for in every section of the Act: normalising each
    # stored text and quote once per process (not once per section per quote) cut a memo of 66
    # such claims against the Canada Labour Code from 66 s of CPU to about 1 s.
    return normalise_quote(text)


def _find_in_order(fragments: list[str], text: str) -> list[tuple[int, int]] | None:
    spans, pos = [], 0
    for fragment in fragments:
        start = _find_at_word_boundary(fragment, text, pos)
        if start is None:
            return None
        spans.append((start, start + len(fragment)))
        pos = start + len(fragment)
    return spans


def _find_at_word_boundary(needle: str, text: str, pos: int) -> int | None:
    # "formation about" sits inside "information about" but is not a quote of it.
    start = text.find(needle, pos)
    while start != -1:
        end = start + len(needle)
        clean_start = start == 0 or not (text[start - 1].isalnum() and needle[0].isalnum())
        clean_end = end == len(text) or not (text[end].isalnum() and needle[-1].isalnum())
        if clean_start and clean_end:
            return start
        start = text.find(needle, start + 1)
    return None


def _closest(quote: str, text: str, index_map: list[int], unit_text: str) -> QuoteCheck:
    q_words = [w.casefold() for w in _WORD_RE.findall(quote)]
    t_tokens = list(_WORD_RE.finditer(text))
    if not q_words or not t_tokens:
        return QuoteCheck(NOT_FOUND)
    best_start, best_score = _best_window(q_words, [t.group().casefold() for t in t_tokens])
    if best_score / len(q_words) < _SIMILAR_WORDS:
        return QuoteCheck(NOT_FOUND, similarity=best_score / len(q_words))
    # A little slack either side lets the alignment absorb a dropped or added word.
    slack = 3
    first = max(0, best_start - slack)
    last = min(len(t_tokens) - 1, best_start + len(q_words) - 1 + slack)
    p_start, p_end = t_tokens[first].start(), t_tokens[last].end()
    passage = text[p_start:p_end]
    a, b = _aligned_core(quote, passage)
    matcher = SequenceMatcher(None, quote, passage[a:b], autojunk=False)
    diff = _first_difference(matcher, quote, passage[a:b])
    span = original_span(index_map, p_start + a, p_start + b)
    return QuoteCheck(
        MISMATCH,
        difference=diff,
        closest_passage=unit_text[span[0]:span[1]],
        closest_span=span,
        similarity=round(matcher.ratio(), 3),
    )


def _best_window(q_words: list[str], t_words: list[str]) -> tuple[int, int]:
    """Start of the run of len(q_words) text words sharing most words with the quote."""
    size = len(q_words)
    wanted = Counter(q_words)
    window = Counter(t_words[:size])
    best_start, best_score = 0, sum((window & wanted).values())
    for start in range(1, max(1, len(t_words) - size + 1)):
        window[t_words[start - 1]] -= 1
        window[t_words[start + size - 1]] += 1
        score = sum((window & wanted).values())
        if score > best_score:
            best_start, best_score = start, score
    return best_start, best_score


def _aligned_core(quote: str, passage: str) -> tuple[int, int]:
    """The span [a, b) of `passage` the quote lines up with, slack words trimmed."""
    blocks = [m for m in SequenceMatcher(None, quote, passage, autojunk=False).get_matching_blocks() if m.size]
    if not blocks:
        return 0, len(passage)
    first, last = blocks[0], blocks[-1]
    a = max(0, first.b - first.a)
    b = min(len(passage), last.b + last.size + (len(quote) - last.a - last.size))
    a, _ = _word_bounds(passage, a, a)
    _, b = _word_bounds(passage, b, b)
    return a, b


def _first_difference(matcher: SequenceMatcher, quote: str, passage: str) -> Difference:
    """First Difference between the quote and the passage it is aligned with."""
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        qs, qe = _word_bounds(quote, i1, i2)
        ps, pe = _word_bounds(passage, j1, j2)
        return Difference(qs, passage[ps:pe], quote[qs:qe])
    # Same characters, but the quote starts or ends inside a word of the text.
    return Difference(0, passage, quote)


def _word_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen [start, end) to whole words so "requi[red]" reads as "required"."""
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return start, end
