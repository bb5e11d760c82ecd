"""The last stage of search: ranked section ids -> hits, each with its snippet.

    hits_for(terms, [(provision id, score)], {version id: VersionInfo})  # [SearchHit]

A snippet is the run of words of the body that covers the most query terms, those words marked;
snippet_html escapes it all, then marks them with <mark>.
"""

import bisect
import html
from dataclasses import dataclass

from corpus import search_backends as backends
from corpus import search_rank
from corpus.search_terms import WORD

MARK_START, MARK_END = "\ue000", "\ue001"  # private-use characters, never in statute text
SNIPPET_WORDS = 40
SNIPPET_CHARS = 20_000  # a snippet is taken from the start of a body: a tariff schedule can run to megabytes


@dataclass(frozen=True)
class SearchHit:
    provision_id: int
    pinpoint: str  # "P-8.6:s7"
    act_code: str
    act_title: str
    label: str
    marginal_note: str
    headings: str
    snippet_html: str  # HTML-escaped body excerpt, <mark> around matched words
    score: float
    pit_date: object
    # How well the section matches the question: the share of the question's rarity (IDF) its
    # note, headings and opening hold (search_rank.coverage), and its cosine with the question
    # where it has a vector. None where not measured (a cited section, a Korean hit).
    coverage: float | None = None
    similarity: float | None = None


def hits_for(terms, page, versions):
    """[SearchHit] for `page` ([(provision id, score)]), best first as given."""
    if not page:
        return []
    rows = backends.section_rows([pk for pk, _ in page], SNIPPET_CHARS)
    units = backends.hit_rows([pk for pk, _ in page])
    matcher = search_rank.TermMatcher(terms)
    hits = []
    for pk, score in page:
        version_id, marginal_note, headings, body = rows[pk]
        version = versions[version_id]
        unit_id, label = units[pk]
        hits.append(SearchHit(
            provision_id=pk, pinpoint=f"{version.act_code}:{unit_id}", act_code=version.act_code,
            act_title=version.act_title, label=label, marginal_note=marginal_note, headings=headings,
            snippet_html=snippet_html(snippet(body, matcher)), score=round(score, 4), pit_date=version.pit_date,
        ))
    return hits


def snippet(body, matcher, size=SNIPPET_WORDS):
    """The run of `size` words of `body` covering the most query terms, matched words marked.

    Returns raw text with MARK_START/MARK_END around matched words and " … " where cut.
    """
    body = body or ""
    positions = [m.start() for m in WORD.finditer(body)]
    if not positions:
        return body[:300]
    # Offsets into the lowercased text are offsets into the body only when lowercasing
    # keeps the length (it does for statute text; not for e.g. "İ").
    spans = matcher.spans(body) if len(body.lower()) == len(body) else []
    best_first, best = 0, (0, 0)
    for start, _, _ in spans[:200]:
        first = max(0, bisect.bisect_right(positions, start) - 1)
        window_end = positions[first + size] if first + size < len(positions) else len(body)
        inside = [terms for s, _, terms in spans if start <= s < window_end]
        covered = (len(set().union(*inside)), len(inside))
        if covered > best:
            best, best_first = covered, max(0, first - 3)
    begin = positions[best_first]
    end = positions[best_first + size] if best_first + size < len(positions) else len(body)
    out, cursor = [], begin
    for s, e, _ in spans:
        if begin <= s and e <= end:
            out += [body[cursor:s], MARK_START, body[s:e], MARK_END]
            cursor = e
    out.append(body[cursor:end])
    text = "".join(out).strip()
    return ("… " if begin > 0 else "") + text + (" …" if end < len(body) else "")


def snippet_html(raw):
    """Escape everything, then turn the private-use markers into <mark> tags."""
    escaped = html.escape(raw)
    return escaped.replace(MARK_START, "<mark>").replace(MARK_END, "</mark>")
