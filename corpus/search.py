"""Section-level full-text search over the as-at version of each Act.

    search("Can my employer read my emails?", acts=["P-8.6"], as_at=date(2024, 1, 1))

The database (SQLite FTS5 or PostgreSQL full-text) finds the candidate sections
and a first score; this module re-ranks them the same way on both engines:
how many of the query's words a section covers, weighted by how rare each word
is, with a marginal-note or heading match counting above a body match.
"""

import bisect
import functools
import html
import math
from collections import Counter
from dataclasses import dataclass, field

from corpus import search_backends as backends
from corpus.models import Act, SectionDoc, VersionNotHeld
from corpus.search_terms import light_stem, query_terms, words

CANDIDATES = 300  # sections re-ranked per query; deeper hits keep the database's order
MAX_LIMIT = 100


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


@dataclass(frozen=True)
class SearchResults:
    query: str
    hits: list = field(default_factory=list)
    total: int = 0
    has_more: bool = False


def search(query, *, acts=None, lang="eng", as_at=None, limit=10, offset=0):
    """Sections matching `query` in the version of each Act in force on `as_at` (or the latest).

    `acts` limits the search to those Act codes; an Act named there with no version in
    `lang` at `as_at` (or not held at all) raises VersionNotHeld. Without `acts`, Acts
    with no version at that date are skipped. Any text is accepted as `query`; one with
    no content words returns no hits.
    """
    limit = max(0, min(int(limit), MAX_LIMIT))
    offset = max(0, int(offset))
    terms = query_terms(query, lang)
    versions = searched_versions(acts, lang, as_at)
    if not terms or not versions:
        return SearchResults(query=query or "")
    version_ids = sorted(v.pk for v in versions.values())
    ranked, total = backends.candidates(terms, version_ids, lang, max(CANDIDATES, offset + limit))
    ranked = _rerank(terms, ranked, version_ids, lang)
    page = ranked[offset:offset + limit]
    return SearchResults(query=query, hits=_hits(terms, page, versions, lang), total=total,
                         has_more=offset + limit < total)


def searched_versions(acts, lang, as_at):
    """{act_id: ActVersion} for the Acts searched; see search() for what is refused."""
    if acts:
        codes = list(dict.fromkeys(acts))
        found = {a.code: a for a in Act.objects.filter(code__in=codes)}
        missing = [c for c in codes if c not in found]
        if missing:
            raise VersionNotHeld(f"{', '.join(missing)} not held")
        return {found[c].pk: found[c].version_at(lang, as_at) for c in codes}
    versions = {}
    for act in Act.objects.all():
        try:
            versions[act.pk] = act.version_at(lang, as_at)
        except VersionNotHeld:
            continue
    return versions


def _rerank(terms, ranked, version_ids, lang):
    """Re-score the candidates with BM25F over the three fields, then sort.

    Each term counts once per section, saturating with repetition; a match in the
    marginal note weighs most, then headings, then body (length-normalised). A match
    through a synonym weighs RELATED_WEIGHT of a match on the user's own word. The
    database's score breaks near-ties.
    """
    if not ranked:
        return []
    counts, n_docs = backends.document_counts(terms, version_ids, lang)
    idf = [math.log(1 + (n_docs - n + 0.5) / (n + 0.5)) for n in counts]
    docs = SectionDoc.objects.in_bulk([pk for pk, _ in ranked])
    analysed = {pk: _analyse(pk, docs[pk]) for pk, _ in ranked}
    avg_body = sum(a.body_length for a in analysed.values()) / len(analysed) or 1.0
    stems = [([light_stem(f) for f in t.forms], [light_stem(f) for f in t.related]) for t in terms]
    top = max(score for _, score in ranked) or 1.0
    rescored = []
    for pk, db_score in ranked:
        doc = analysed[pk]
        norm = 1 - B + B * doc.body_length / avg_body
        score = 0.0
        for (own, related), weight in zip(stems, idf, strict=True):
            pseudo = max(_pseudo_tf(doc, own, norm), RELATED_WEIGHT * _pseudo_tf(doc, related, norm))
            score += weight * pseudo * (K1 + 1) / (pseudo + K1) if pseudo else 0.0
        rescored.append((pk, score + TIE_BREAK * db_score / top))
    rescored.sort(key=lambda item: (-item[1], item[0]))
    return rescored


K1, B = 1.2, 0.75
W_MARGINAL, W_HEADINGS = 3.0, 1.0
RELATED_WEIGHT = 0.6
TIE_BREAK = 0.3


@dataclass(frozen=True)
class _Analysed:
    marginal: tuple  # sorted (stem, count) pairs per field
    headings: tuple
    body: tuple
    body_length: int


@functools.lru_cache(maxsize=20_000)
def _analyse_text(text):
    counts = Counter(light_stem(w) for w in words(text))
    return tuple(sorted(counts.items()))


def _analyse(pk, doc):
    # Section texts never change once stored (a new text is a new version), so caching is safe.
    return _Analysed(marginal=_analyse_text(doc.marginal_note), headings=_analyse_text(doc.headings),
                     body=_analyse_text(doc.body), body_length=sum(c for _, c in _analyse_text(doc.body)))


def _pseudo_tf(doc, stems, norm):
    """Field-weighted count of the words matching any of `stems` (BM25F's pseudo-frequency)."""
    if not stems:
        return 0.0
    return (W_MARGINAL * _count(doc.marginal, stems) + W_HEADINGS * _count(doc.headings, stems)
            + _count(doc.body, stems) / norm)


def _count(pairs, stems):
    """Occurrences of words equal to a stem or, for stems of 5+ letters, starting with it."""
    matched = {}
    for stem in stems:
        i = bisect.bisect_left(pairs, (stem,))
        while i < len(pairs) and (pairs[i][0] == stem or (len(stem) >= 5 and pairs[i][0].startswith(stem))):
            matched[i] = pairs[i][1]
            i += 1
    return sum(matched.values())


def _hits(terms, page, versions, lang):
    if not page:
        return []
    ids = [pk for pk, _ in page]
    docs = SectionDoc.objects.select_related("provision", "version__act").in_bulk(ids)
    excerpts = backends.snippets(terms, ids, lang)
    hits = []
    for pk, score in page:
        doc = docs[pk]
        act = doc.version.act
        hits.append(SearchHit(
            provision_id=pk, pinpoint=f"{act.code}:{doc.provision.unit_id}", act_code=act.code,
            act_title=act.title(lang), label=doc.provision.label, marginal_note=doc.marginal_note,
            headings=doc.headings, snippet_html=snippet_html(excerpts.get(pk) or doc.body[:300]),
            score=round(score, 4), pit_date=doc.version.pit_date,
        ))
    return hits


def snippet_html(raw):
    """Escape everything, then turn the backend's private-use markers into <mark> tags."""
    escaped = html.escape(raw)
    return escaped.replace(backends.MARK_START, "<mark>").replace(backends.MARK_END, "</mark>")
