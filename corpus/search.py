"""Section-level full-text search over the as-at version of each Act.

    search("Can my employer read my emails?", acts=["P-8.6"], as_at=date(2024, 1, 1))

The query is read by corpus/search_terms.py (stopwords, synonyms). The database
(SQLite FTS5 or PostgreSQL full-text, corpus/search_backends.py) says which
sections of the versions searched match each term, the versions filtered inside
the index; corpus/search_rank.py picks the candidates and ranks them the same way
on both engines (BM25F: marginal note above headings above body, then an Act prior).
"""

import bisect
import html
import threading
from dataclasses import dataclass, field, replace
from datetime import date

from django.db import connection
from django.utils.translation import gettext_noop

from corpus import (
    citation_query,
    instrument_names,
    korean_search,
    search_rank,
    section_vectors,
    spelling,
)
from corpus import search_backends as backends
from corpus.act_names import INFORMAL_NAMES
from corpus.legislation_questions import asks_about_legislation
from corpus.messages import Message
from corpus.models import KOREA, KOREAN, Act, VersionNotHeld
from corpus.privacy_sector import privacy_act_for
from corpus.search_terms import WORD, asks_about_discrimination, query_terms, statute_words

CANDIDATES = 100  # sections read and re-ranked per query (more did not change the eval)
# Sections nearest in meaning read too, matching a query word or not. 0 -> 20: golden recall@5
# 0.881 either way; held-out 0.614 -> 0.657.
SEMANTIC_CANDIDATES = 20
# Share of the question's vector taken from the question followed by the statute words its own
# words stand for ("fired" -> dismissal, termination): sections are written in those words.
STATUTE_WORDS_SHARE = 0.25
# French similarity (multilingual-e5-small) is spread over the 50 closest sections (_spread).
# Chosen on sealed_fr.yaml, which is a tuning set since (recall@5 / MRR: lexical 0.400 / 0.330;
# the 50th or the 200th as reference, blend weight 0.3-0.55: 0.467-0.511 / 0.347-0.376). The
# blend weight is English's (search_rank.SEMANTIC_WEIGHT, 0.55): 0.511 / 0.350.
E5_REFERENCE = 50
# The Act a question about discrimination is about when it names none: the Labour Code's
# workplaces otherwise outweigh it ("the union won't admit me because I'm Sikh").
HUMAN_RIGHTS_ACT = "H-6"
# The Act a question about how statutes are read is about (corpus/legislation_questions.py).
INTERPRETATION_ACT = "I-21"
MAX_LIMIT = 100
MAX_QUERY = 4000  # characters of a query read; the rest of a pasted page is ignored
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


@dataclass(frozen=True)
class SearchResults:
    query: str
    hits: list = field(default_factory=list)
    total: int = 0
    has_more: bool = False
    corrections: list = field(default_factory=list)  # [(word typed, statute word read instead)]
    left_out: list = field(default_factory=list)  # [(Act code, why it was not searched)]
    unmatched: list = field(default_factory=list)  # the query's words no section searched uses


@dataclass(frozen=True)
class VersionInfo:
    pk: int
    act_id: int
    act_code: str
    act_title: str
    pit_date: date
    current_date: date | None


def search(query, *, acts=None, lang="eng", as_at=None, limit=10, offset=0):
    """Sections matching `query` in the version of each Act in force on `as_at` (or the latest).

    `acts` limits the search to those Act codes; an Act named there with no version in
    `lang` at `as_at` (or not held at all) raises VersionNotHeld. Without `acts`, Acts
    with no version at that date are skipped and listed in `left_out`, with the reason.
    Any text is accepted as `query`; one with
    no content words returns no hits.
    """
    limit = max(0, min(int(limit), MAX_LIMIT))
    offset = max(0, int(offset))
    if korean_search.is_korean(query) or (
            acts and Act.objects.filter(code__in=acts, jurisdiction=KOREA).count() == len(set(acts))):
        # A question in Korean, or one limited to Korean laws, searches the Korean laws
        # (corpus/korean_search.py), in the same results contract.
        return _korean(query, acts, as_at, limit, offset)
    catalogue = _catalogue(lang)
    versions = searched_versions(acts, lang, as_at, catalogue)
    left_out = [] if acts else catalogue.left_out(versions)
    text, named = catalogue.without_act_names(query or "", versions)
    cited = _cited_sections(text, named, versions)
    if cited:
        return _cited_first(cited, query, text, acts=acts, lang=lang, as_at=as_at, limit=limit, offset=offset)
    # Acts a question means without naming them, each preferred as if named (first found wins):
    # the privacy Act of the sector it names (corpus/privacy_sector.py), the Interpretation Act
    # for how statutes are read (corpus/legislation_questions.py), the Canadian Human Rights Act
    # for discrimination (it says the word or names a ground: corpus/search_terms.py).
    asked = (query or "")[:MAX_QUERY]
    sector = _searched(privacy_act_for(asked), versions, catalogue)
    named = named or sector or _searched(INTERPRETATION_ACT if asks_about_legislation(asked) else None,
                                         versions, catalogue)
    text, corrections = spelling.read_as(text, lang)
    # In a question about personal information a ground is data held ("my file lists the wrong
    # marital status"), not a claim of discrimination.
    terms = query_terms(text, lang, grounds_imply_discrimination=not sector)
    named = named or _searched(HUMAN_RIGHTS_ACT if asks_about_discrimination(terms) else None, versions, catalogue)
    if not terms or not versions:
        return SearchResults(query=query or "", corrections=corrections, left_out=left_out)
    scope = catalogue.scope(versions, lang)
    matches = backends.term_matches(terms, scope)
    unmatched = [term.text for term, n in zip(terms, matches.df, strict=True) if not n]
    if not matches.total:
        return SearchResults(query=query or "", corrections=corrections, left_out=left_out, unmatched=unmatched)
    n_docs, avg_chars = backends.document_counts(scope.version_ids, search_rank.BODY_CHARS)
    idf = search_rank.idf_weights(matches.df, n_docs)
    preferred = {versions[a].pk for a in named}
    chosen = search_rank.candidates(matches.ids, matches.marginal, idf, max(CANDIDATES, offset + limit),
                                    preferred_ids=backends.version_doc_ids(preferred) if preferred else frozenset())
    similarity = _similarity(spelling.apply(query, corrections), statute_words(terms), versions, lang, chosen)
    # The sections closest in meaning join the candidates even when they share no rare word
    # with the question: "digital lock" is "technological protection measure" in the Act.
    read = list(chosen) + [pk for pk in search_rank.nearest(similarity, SEMANTIC_CANDIDATES) if pk not in chosen]
    rows = backends.section_rows(read, search_rank.BODY_CHARS)
    ranked = search_rank.rerank(terms, idf, rows, avg_chars, preferred=preferred, prior=chosen)
    if similarity:
        ranked = search_rank.blend(ranked, similarity, search_rank.ceiling(idf))
    page = ranked[offset:offset + limit]
    by_pk = {v.pk: v for v in versions.values()}
    matcher = search_rank.TermMatcher(terms)
    hits = [replace(hit, coverage=round(search_rank.coverage(matcher, idf, rows[hit.provision_id]), 4),
                    similarity=round(similarity[hit.provision_id], 4) if hit.provision_id in similarity else None)
            for hit in _hits(terms, page, by_pk)]
    return SearchResults(query=query, hits=hits, total=matches.total,
                         has_more=offset + limit < min(matches.total, len(ranked)), corrections=corrections,
                         left_out=left_out, unmatched=unmatched)


def _cited_sections(text, named, versions):
    """[(section provision id, unit id, version)] for a pinpoint the query cites in the one Act
    it names (or the one Act searched): the cited section, then the sections before and after
    it. [] when the query cites nothing, or the Act is not certain, or the section is not held."""
    act_ids = named or (set(versions) if len(versions) == 1 else set())
    if len(act_ids) != 1:
        return []
    version = versions[next(iter(act_ids))]
    for cited in citation_query.find(text, bare_allowed=True):
        found = backends.cited_section(version.pk, cited.section_unit, cited.unit)
        if found:
            return [(pk, unit, version) for pk, unit in found]
    return []


def _cited_first(cited, query, text, **search_args):
    """The cited section and its neighbours first, then what the rest of the query finds."""
    rest = citation_query.without_citations(text)
    limit, offset = search_args.pop("limit"), search_args.pop("offset")
    more = search(rest, **search_args, limit=offset + limit + len(cited)) if rest.strip() else SearchResults(rest)
    first = _hits([], [(pk, 0.0) for pk, _unit, _version in cited], {v.pk: v for *_x, v in cited})
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


def _searched(code, versions, catalogue):
    """{act_id} of the Act `code` when it is among the versions searched; else empty (and for None)."""
    act_id = catalogue.act_ids.get(code or "")
    return {act_id} if act_id in versions else set()


def _similarity(query, words, versions, lang, candidates):
    """{provision id: best cosine of the question with the section's texts} for the searched
    sections closest to it and for each of `candidates` (section ids) that has a vector; {} when
    none has, or the model is not installed, or the language is not embedded.

    The question's vector is partly that of the question followed by `words`
    (STATUTE_WORDS_SHARE): the cosine is then that mix of the two texts' cosines."""
    space = section_vectors.space_for(lang)
    version_ids = [v.pk for v in versions.values()]
    if space is None or not space.available() or not section_vectors.has_vectors(version_ids, space):
        return {}
    question = space.encode_query(query[:MAX_QUERY])
    if space is section_vectors.ENGLISH_SPACE and words and STATUTE_WORDS_SHARE:
        expanded = space.encode_query(query[:MAX_QUERY] + " " + " ".join(words))
        question = (1 - STATUTE_WORDS_SHARE) * question + STATUTE_WORDS_SHARE * expanded
    # The closest E5_REFERENCE (at least) are needed to spread e5's cosines.
    similarity = section_vectors.similarities(question, version_ids, space,
                                              nearest=max(SEMANTIC_CANDIDATES, E5_REFERENCE),
                                              candidates=candidates)
    if similarity and space is not section_vectors.ENGLISH_SPACE:
        similarity = _spread(similarity)
    return similarity


def _spread(similarity):
    """e5's cosines sit close together (0.75-0.90 for most sections and questions): scaled so
    the closest section is 1 and the E5_REFERENCE-th closest 0 (those below it 0), they weigh
    in the blend as MiniLM's wide-spread cosines do."""
    if not similarity:
        return similarity
    ordered = sorted(similarity.values(), reverse=True)
    top, reference = ordered[0], ordered[min(len(ordered), E5_REFERENCE) - 1]
    return {pk: max(0.0, (v - reference) / ((top - reference) or 1.0)) for pk, v in similarity.items()}


def searched_versions(acts, lang, as_at, catalogue=None):
    """{act_id: VersionInfo} for the Acts searched; see search() for what is refused."""
    catalogue = catalogue or _catalogue(lang)
    if acts:
        codes = list(dict.fromkeys(acts))
        unknown = [c for c in codes if c not in catalogue.act_ids]
        if unknown:
            held = set(Act.objects.filter(code__in=unknown).values_list("code", flat=True))
            if set(unknown) - held:
                raise VersionNotHeld(Message(gettext_noop("%(codes)s not held"),
                                             codes=", ".join(c for c in unknown if c not in held)))
        found = {}
        for code in codes:
            version = catalogue.version_at(catalogue.act_ids.get(code), as_at)
            if version is None:
                Act.objects.get(code=code).version_at(lang, as_at)  # raises with the reason
                raise VersionNotHeld(Message(gettext_noop("%(code)s has no %(lang)s version at %(date)s"),
                                             code=code, lang=lang, date=as_at))
            found[version.act_id] = version
        return found
    found = {}
    for act_id in catalogue.versions_by_act:
        version = catalogue.version_at(act_id, as_at)
        if version is not None:
            found[act_id] = version
    return found


class Catalogue:
    """The versions held in one language and the names of their Acts, read in one query.

    Cached per process until a version is added (see _catalogue).
    """

    def left_out(self, versions):
        """[(code, reason)] of the Acts held in this language that `versions` (the ones
        searched at some date) leaves out because the date is before their earliest version."""
        out = []
        for act_id, held in self.versions_by_act.items():
            if act_id not in versions and held:
                earliest = held[-1]
                out.append((earliest.act_code, Message(
                    gettext_noop("version not held for that date: the earliest %(lang)s version held is "
                                 "consolidated to %(first)s"),
                    lang=self.lang, first=earliest.pit_date.isoformat())))
        return sorted(out)

    def __init__(self, lang, other_langs):
        self.lang = lang
        self.other_langs = other_langs  # versions held in other languages
        self.versions_by_act = {}  # act_id -> [VersionInfo] newest first
        self.act_ids = {}  # code -> act_id
        rows = (Act.objects.filter(versions__lang=lang)
                .values_list("pk", "code", "title_en", "title_fr", "citation_en", "citation_fr",
                             "versions__pk", "versions__pit_date", "versions__current_date"))
        titles, abbreviations, citations = {}, [], []
        for act_id, code, title_en, title_fr, cite_en, cite_fr, pk, pit_date, current_date in rows:
            title = (title_fr if lang == "fra" else title_en) or title_en or title_fr
            if act_id not in titles:
                abbreviations += [(a, act_id) for t, t_lang in ((title_en, "eng"), (title_fr, "fra"))
                                  for a in instrument_names.abbreviations(t, t_lang)]
                citations += [(v, act_id) for c in (cite_en, cite_fr)
                              for v in instrument_names.citation_variants(c)]
            titles[act_id] = title
            self.act_ids[code] = act_id
            self.versions_by_act.setdefault(act_id, []).append(
                VersionInfo(pk=pk, act_id=act_id, act_code=code, act_title=title, pit_date=pit_date,
                            current_date=current_date))
        for versions in self.versions_by_act.values():  # ActVersion.NEWEST_FIRST
            versions.sort(key=lambda v: (v.pit_date, v.current_date or date.min, v.pk), reverse=True)
        self.all_version_ids = frozenset(v.pk for vs in self.versions_by_act.values() for v in vs)
        self._names = self._name_index(titles, abbreviations, citations)

    def version_at(self, act_id, as_at):
        """The version in force on `as_at` (latest pit date <= as_at), or the latest; None if none."""
        for version in self.versions_by_act.get(act_id, ()):
            if as_at is None or version.pit_date <= as_at:
                return version
        return None

    def scope(self, versions, lang):
        wanted = frozenset(v.pk for v in versions.values())
        return backends.Scope(version_ids=tuple(sorted(wanted)), lang=lang,
                              whole_lang=wanted == self.all_version_ids,
                              whole_index=wanted == self.all_version_ids and self.other_langs == 0,
                              others=tuple(sorted(self.all_version_ids - wanted)))

    def _name_index(self, titles, abbreviations, citations):
        """{first word: [(title words, act_id, cased)] longest first} for titles, chapter
        citations, conventional names and abbreviations derived from titles. An abbreviation ("CLC") matches only in its
        case, so it never takes an ordinary word out of a question; one two Acts share is left
        out (it names neither)."""
        names = [(tuple(WORD.findall(t.lower())), a, False) for a, t in titles.items() if t]
        names += [(tuple(WORD.findall(name.lower())), self.act_ids[code], False)
                  for name, code in INFORMAL_NAMES.items() if code in self.act_ids]
        names += [(tuple(WORD.findall(c.lower())), act_id, False) for c, act_id in citations]
        owners = {}
        for abbreviation, act_id in abbreviations:
            owners.setdefault(abbreviation, set()).add(act_id)
        names += [(tuple(WORD.findall(a)), next(iter(ids)), True)
                  for a, ids in owners.items() if len(ids) == 1]
        index = {}
        for words, act_id, cased in sorted(names, key=lambda n: -len(n[0])):
            if words:
                index.setdefault(words[0].lower(), []).append((words, act_id, cased))
        return index

    def without_act_names(self, query, versions):
        """The query with any Act title or alias it mentions removed, and those Acts' ids.

        "consent under PIPEDA" searches "consent" and prefers PIPEDA's sections; the words
        of a title ("Privacy Act") would otherwise match every section mentioning privacy.
        Only Acts being searched count.
        """
        query = query[:MAX_QUERY]
        tokens = [(m.group().lower(), m.start(), m.end(), m.group()) for m in WORD.finditer(query)]
        named, cuts, i = set(), [], 0
        while i < len(tokens):
            length = 0
            for words, act_id, cased in self._names.get(tokens[i][0], ()):
                typed = tuple(t[3 if cased else 0] for t in tokens[i:i + len(words)])
                if act_id in versions and typed == words:
                    named.add(act_id)
                    length = len(words)
                    break
            if length:
                cuts.append((tokens[i][1], tokens[i + length - 1][2]))
                i += length
            else:
                i += 1
        for start, end in reversed(cuts):
            query = query[:start] + " " + query[end:]
        return query, named


_catalogues = {}
_catalogue_lock = threading.Lock()


def _catalogue(lang):
    """The Catalogue of `lang`, re-read when the versions held change (count or newest id)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT lang, count(*), max(id) FROM corpus_actversion GROUP BY lang ORDER BY lang")
        held = tuple(cursor.fetchall())
    generation = (connection.settings_dict["NAME"], held)
    cached = _catalogues.get(lang)
    if cached is None or cached[0] != generation:
        with _catalogue_lock:
            other_langs = sum(count for held_lang, count, _ in held if held_lang != lang)
            cached = (generation, Catalogue(lang, other_langs))
            _catalogues[lang] = cached
    return cached[1]


def _hits(terms, page, versions):
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

