"""Section-level full-text search over the as-at version of each Act.

    search("Can my employer read my emails?", acts=["P-8.6"], as_at=date(2024, 1, 1))

The database (SQLite FTS5 or PostgreSQL full-text, corpus/search_backends.py)
finds the candidate sections and a first score; corpus/search_rank.py re-ranks
them the same way on both engines (BM25F: marginal note above headings above
body). The query is read by corpus/search_terms.py (stopwords, synonyms).
"""

import html
import re
from dataclasses import dataclass, field

from corpus import search_backends as backends
from corpus.models import Act, SectionDoc, VersionNotHeld
from corpus.search_rank import rerank
from corpus.search_terms import query_terms

CANDIDATES = 300  # sections re-ranked per query; deeper hits keep the database's order
MAX_LIMIT = 100
MAX_QUERY = 4000  # characters of a query read; the rest of a pasted page is ignored


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
    versions = searched_versions(acts, lang, as_at)
    text, named = _without_act_names(query or "", versions, lang)
    terms = query_terms(text, lang)
    if not terms or not versions:
        return SearchResults(query=query or "")
    version_ids = sorted(v.pk for v in versions.values())
    ranked, total = backends.candidates(terms, version_ids, lang, max(CANDIDATES, offset + limit))
    ranked = rerank(terms, ranked, version_ids, preferred={versions[a].pk for a in named})
    page = ranked[offset:offset + limit]
    return SearchResults(query=query, hits=_hits(terms, page, versions, lang), total=total,
                         has_more=offset + limit < total)


# Names people use for Acts besides their titles.
ACT_ALIASES = {"pipeda": "P-8.6", "chra": "H-6", "clc": "L-2"}


def _without_act_names(query, versions, lang):
    """The query with any Act title or alias it mentions removed, and those Acts' ids.

    "consent under PIPEDA" searches "consent" and prefers PIPEDA's sections; the words
    of a title ("Privacy Act") would otherwise match every section mentioning privacy.
    """
    named = set()
    acts = {v.act_id: v.act for v in versions.values()}
    names = [(a.title(lang), a.pk) for a in acts.values() if a.title(lang)]
    names += [(alias, a.pk) for a in acts.values() for alias, code in ACT_ALIASES.items() if a.code == code]
    for name, act_id in sorted(names, key=lambda n: -len(n[0])):
        pattern = re.compile(r"\b" + r"\s+".join(map(re.escape, name.split())) + r"\b", re.IGNORECASE)
        query, found = pattern.subn(" ", query[:MAX_QUERY])
        if found:
            named.add(act_id)
    return query, named


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
