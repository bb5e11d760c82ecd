"""The first stage of search: what a query asks, read once.

    asked = understand("consent under PIPEDA s. 7", acts=None, lang="eng", as_at=None)

It finds the versions searched (and those left out at that date), the instruments the query
names or means, a pinpoint it cites in one of them, its spelling mistakes, and its search terms
(corpus/search_terms.py): the Query the other stages read.
"""

from dataclasses import dataclass, field

from corpus import citation_query, spelling
from corpus import search_backends as backends
from corpus.legislation_questions import asks_about_legislation
from corpus.privacy_sector import privacy_act_for
from corpus.search_catalogue import catalogue_for, searched_versions
from corpus.search_terms import asks_about_discrimination, query_terms, statute_words

MAX_QUERY = 4000  # characters of a query read; the rest of a pasted page is ignored
# The Act a question about discrimination is about when it names none: the Labour Code's
# workplaces otherwise outweigh it ("the union won't admit me because I'm Sikh").
HUMAN_RIGHTS_ACT = "H-6"
# The Act a question about how statutes are read is about (corpus/legislation_questions.py).
INTERPRETATION_ACT = "I-21"


@dataclass(frozen=True)
class Query:
    typed: str  # the query as typed, cut at MAX_QUERY
    lang: str
    catalogue: object  # corpus.search_catalogue.Catalogue of `lang`
    versions: dict  # {act_id: VersionInfo} searched
    left_out: list  # [(code, reason)] of the instruments not searched at that date
    text: str = ""  # the query without the instrument names it holds
    cited: list = field(default_factory=list)  # [(section id, unit id, VersionInfo)]: a pinpoint cited, then its neighbours
    corrections: list = field(default_factory=list)  # [(word typed, statute word read instead)]
    terms: list = field(default_factory=list)  # search_terms.Term, spelling applied
    preferred: frozenset = frozenset()  # version ids of the instruments named or meant
    meaning: str = ""  # the query, spelling applied, for the semantic stage
    statute_words: list = field(default_factory=list)  # statute words the query's words stand for


def understand(query, *, acts, lang, as_at):
    """The Query for `query` over `acts` (all held in `lang` when None) at `as_at`; raises
    VersionNotHeld as search() documents. When it cites a pinpoint, the rest is not read."""
    typed = (query or "")[:MAX_QUERY]
    catalogue = catalogue_for(lang)
    versions = searched_versions(acts, lang, as_at, catalogue)
    left_out = [] if acts else catalogue.left_out(versions)
    text, named = catalogue.without_act_names(typed, versions)
    cited = _cited_sections(text, named, versions)
    asked = Query(typed=typed, lang=lang, catalogue=catalogue, versions=versions, left_out=left_out, text=text,
                  cited=cited)
    if cited:
        return asked
    # Acts a question means without naming them, each preferred as if named (first found wins):
    # the privacy Act of the sector it names (corpus/privacy_sector.py), the Interpretation Act
    # for how statutes are read (corpus/legislation_questions.py), the Canadian Human Rights Act
    # for discrimination (it says the word or names a ground: corpus/search_terms.py).
    sector = _searched(privacy_act_for(typed), versions, catalogue)
    named = named or sector or _searched(INTERPRETATION_ACT if asks_about_legislation(typed) else None,
                                         versions, catalogue)
    spelled, corrections = spelling.read_as(text, lang)
    # In a question about personal information a ground is data held ("my file lists the wrong
    # marital status"), not a claim of discrimination.
    terms = query_terms(spelled, lang, grounds_imply_discrimination=not sector)
    named = named or _searched(HUMAN_RIGHTS_ACT if asks_about_discrimination(terms) else None, versions, catalogue)
    return Query(typed=typed, lang=lang, catalogue=catalogue, versions=versions, left_out=left_out, text=spelled,
                 corrections=corrections, terms=terms, preferred=frozenset(versions[a].pk for a in named),
                 meaning=spelling.apply(typed, corrections), statute_words=statute_words(terms))


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


def _searched(code, versions, catalogue):
    """{act_id} of the Act `code` when it is among the versions searched; else empty (and for None)."""
    act_id = catalogue.act_ids.get(code or "")
    return {act_id} if act_id in versions else set()
