"""Quote normalisation: the only differences a verbatim quote may have from the stored text.

Unicode NFKC, curly quotes and primes to straight, dashes kept, whitespace runs to one space,
ends stripped. Nothing else: no case folding, so a changed word or letter stays a mismatch.
"""

import functools
import re
import unicodedata

# Guillemets are deliberately absent: French text quotes with « », and a quote that swaps
# them for " is a different text.
_QUOTE_MAP = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
}


def normalise_quote(text: str) -> str:
    """Return `text` normalised for comparison (see module docstring)."""
    return normalise_with_map(text)[0]


@functools.lru_cache(maxsize=4096)
def normalise_with_map(text: str) -> tuple[str, tuple[int, ...]]:
    """Normalise `text` and keep the way back to it.

    Cached (the result is immutable): one answer or corpus check compares many quotes with the
    same few section texts, and this character walk is most of a quote check's time.

    Returns (normalised, index_map). index_map has len(normalised) + 1 entries: entry i is the
    offset in `text` where normalised character i came from, and the last entry is the offset
    just past the last character kept. So normalised[i:j] came from text[index_map[i]:index_map[j]]
    (trailing whitespace inside the span included, which is harmless for highlighting).
    """
    if _is_plain(text):
        return _normalise_plain(text)
    return _normalise_walk(text)


def _normalise_walk(text: str) -> tuple[str, tuple[int, ...]]:
    """normalise_with_map character by character: any text."""
    chars: list[str] = []
    origins: list[int] = []
    end_of_last = 0
    for start, end in _clusters(text):
        # Quotes are mapped before NFKC: NFKC turns the double prime into two primes.
        cluster = "".join(_QUOTE_MAP.get(c, c) for c in text[start:end])
        for c in unicodedata.normalize("NFKC", cluster):
            c = _QUOTE_MAP.get(c, c)
            if c.isspace():
                if not chars or chars[-1] == " ":
                    continue  # leading whitespace, or the rest of a run
                c = " "
            else:
                end_of_last = end
            chars.append(c)
            origins.append(start)
    if chars and chars[-1] == " ":
        chars.pop()
        origins.pop()
    origins.append(end_of_last if chars else 0)
    return "".join(chars), tuple(origins)


_QUOTE_TABLE = str.maketrans(_QUOTE_MAP)
_NON_SPACE = re.compile(r"\S+")


def _is_plain(text: str) -> bool:
    """True when NFKC leaves `text` as it is and no character combines with the one before it:
    then every character stands for itself and only quotes and whitespace change (almost all
    statute text), and _normalise_plain gives the same result as the character walk."""
    return unicodedata.is_normalized("NFKC", text) and not any(unicodedata.combining(c) for c in set(text))


def _normalise_plain(text: str) -> tuple[str, tuple[int, ...]]:
    mapped = text.translate(_QUOTE_TABLE)
    words, origins, previous_end = [], [], 0
    for m in _NON_SPACE.finditer(mapped):
        if words:
            origins.append(previous_end)  # the space stands for the run that starts here
        words.append(m.group())
        origins.extend(range(m.start(), m.end()))
        previous_end = m.end()
    origins.append(previous_end if words else 0)
    return " ".join(words), tuple(origins)


def original_span(index_map: tuple[int, ...], start: int, end: int) -> tuple[int, int]:
    """Map the normalised span [start, end) to a span of the original text."""
    if end <= start:
        return index_map[start], index_map[start]
    return index_map[start], index_map[end]


def _clusters(text: str):
    """Yield (start, end) of each base character with its combining marks.

    NFKC composes a base with the marks that follow it, so each cluster is normalised on its
    own; that keeps every output character traceable to one place in the input.
    """
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or not unicodedata.combining(text[i]):
            yield start, i
            start = i
