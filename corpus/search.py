"""Section-level search over the as-at version of each instrument, in stages, each a module the
query enters once:

    search("Can my employer read my emails?", acts=["P-8.6"], as_at=date(2024, 1, 1))

1. understand (corpus/search_query.py): the versions searched, the instruments named or meant, a
   pinpoint cited, spelling, the search terms (corpus/search_terms.py);
2. candidates: the sections matching the terms, from the database (SQLite FTS5 or PostgreSQL
   full text, corpus/search_backends.py), and the sections closest in meaning
   (corpus/search_semantic.py);
3. fuse and rank (corpus/search_rank.py): BM25F (marginal note above headings above body, then
   an Act prior) blended with the cosine;
4. hits with snippets (corpus/search_hits.py).

A query citing a pinpoint gets that section and its neighbours first. Korean questions go to
corpus/korean_search.py, in the same results contract.
"""

from dataclasses import dataclass, field, replace

from corpus import citation_query, korean_search, search_rank, search_semantic
from corpus import search_backends as backends
from corpus.models import KOREA, KOREAN, Act
from corpus.search_hits import SearchHit, hits_for
from corpus.search_query import understand

CANDIDATES = 100  # sections read and re-ranked per query (more did not change the eval)
MAX_LIMIT = 100

__all__ = ["SearchHit", "SearchResults", "search"]


@dataclass(frozen=True)
class SearchResults:
    query: str
    hits: list = field(default_factory=list)
    total: int = 0
    has_more: bool = False
    corrections: list = field(default_factory=list)  # [(word typed, statute word read instead)]
    left_out: list = field(default_factory=list)  # [(Act code, why it was not searched)]
    unmatched: list = field(default_factory=list)  # the query's words no section searched uses


def search(query, *, acts=None, lang="eng", as_at=None, limit=10, offset=0):
    """Sections matching `query` in the version of each Act in force on `as_at` (or the latest).

    `acts` limits the search to those Act codes; an Act named there with no version in
    `lang` at `as_at` (or not held at all) raises VersionNotHeld. Without `acts`, Acts
    with no version at that date are skipped and listed in `left_out`, with the reason.
    Any text is accepted as `query`; one with no content words returns no hits.
    """
    limit = max(0, min(int(limit), MAX_LIMIT))
    offset = max(0, int(offset))
    if korean_search.is_korean(query) or (
            acts and Act.objects.filter(code__in=acts, jurisdiction=KOREA).count() == len(set(acts))):
        return _korean(query, acts, as_at, limit, offset)
    asked = understand(query, acts=acts, lang=lang, as_at=as_at)
    if asked.cited:
        return _cited_first(asked, query, acts=acts, lang=lang, as_at=as_at, limit=limit, offset=offset)
    empty = SearchResults(query=query or "", corrections=asked.corrections, left_out=asked.left_out)
    if not asked.terms or not asked.versions:
        return empty
    # Candidates: the sections matching the terms, the best CANDIDATES of them by BM25F over the
    # matched fields, and the sections closest in meaning, matching a term or not ("digital lock"
    # is "technological protection measure" in the Act).
    scope = asked.catalogue.scope(asked.versions, lang)
    matches = backends.term_matches(asked.terms, scope)
    unmatched = [term.text for term, n in zip(asked.terms, matches.df, strict=True) if not n]
    if not matches.total:
        return replace(empty, unmatched=unmatched)
    n_docs, avg_chars = backends.document_counts(scope.version_ids, search_rank.BODY_CHARS)
    idf = search_rank.idf_weights(matches.df, n_docs)
    chosen = search_rank.candidates(
        matches.ids, matches.marginal, idf, max(CANDIDATES, offset + limit),
        preferred_ids=backends.version_doc_ids(asked.preferred) if asked.preferred else frozenset())
    similarity = search_semantic.similarity(asked.meaning, asked.statute_words, asked.versions, lang, chosen)
    read = list(chosen) + [pk for pk in search_rank.nearest(similarity, search_semantic.SEMANTIC_CANDIDATES)
                           if pk not in chosen]
    # Fuse and rank.
    rows = backends.section_rows(read, search_rank.BODY_CHARS)
    ranked = search_rank.rerank(asked.terms, idf, rows, avg_chars, preferred=asked.preferred, prior=chosen)
    if similarity:
        ranked = search_rank.blend(ranked, similarity, search_rank.ceiling(idf))
    # Hits, with how well each matches: its share of the question's rarity and its cosine.
    matcher = search_rank.TermMatcher(asked.terms)
    page = hits_for(asked.terms, ranked[offset:offset + limit], {v.pk: v for v in asked.versions.values()})
    page = [replace(hit, coverage=round(search_rank.coverage(matcher, idf, rows[hit.provision_id]), 4),
                    similarity=round(similarity[hit.provision_id], 4) if hit.provision_id in similarity else None)
            for hit in page]
    return replace(empty, hits=page, total=matches.total, unmatched=unmatched,
                   has_more=offset + limit < min(matches.total, len(ranked)))


def _cited_first(asked, query, **search_args):
    """The cited section and its neighbours first, then what the rest of the query finds."""
    rest = citation_query.without_citations(asked.text)
    limit, offset = search_args.pop("limit"), search_args.pop("offset")
    more = search(rest, **search_args, limit=offset + limit + len(asked.cited)) if rest.strip() else SearchResults(rest)
    cited = asked.cited
    first = hits_for([], [(pk, 0.0) for pk, _unit, _version in cited], {v.pk: v for *_x, v in cited})
    first = [replace(hit, pinpoint=f"{hit.act_code}:{unit}") for hit, (_pk, unit, _v) in zip(first, cited, strict=True)]
    seen = {hit.provision_id for hit in first}
    hits = first + [hit for hit in more.hits if hit.provision_id not in seen]
    return SearchResults(query=query, hits=hits[offset:offset + limit], total=len(cited) + more.total,
                         has_more=offset + limit < len(hits) or more.has_more, corrections=more.corrections)


def _korean(query, acts, as_at, limit, offset):
    """Korean search over the Korean laws among `acts` (all when none); a Korean law named there
    with no revision in force at `as_at` raises VersionNotHeld, as for any Act."""
    korean = None
    if acts:
        laws = list(Act.objects.filter(code__in=acts, jurisdiction=KOREA))
        for law in laws:
            law.version_at(KOREAN, as_at)  # raises with the reason
        korean = [law.code for law in laws]
        if not korean:
            return SearchResults(query=query or "")
    return korean_search.search(query, acts=korean, as_at=as_at, limit=limit, offset=offset)
