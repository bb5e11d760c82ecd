"""The versions a search reads and the names of their instruments, per language.

    catalogue = catalogue_for("eng")                       # cached until a version is added
    versions = searched_versions(["P-8.6"], "eng", as_at)  # {act_id: VersionInfo}
    text, named = catalogue.without_act_names("consent under PIPEDA", versions)
"""

import threading
from dataclasses import dataclass
from datetime import date

from django.db import connection
from django.utils.translation import gettext_noop

from corpus import instrument_names
from corpus import search_backends as backends
from corpus.act_names import INFORMAL_NAMES
from corpus.messages import Message
from corpus.models import Act, ActVersion, VersionNotHeld
from corpus.search_terms import WORD

# Dates (and sets of versions) whose searched versions a Catalogue keeps.
DATES_KEPT = 32


@dataclass(frozen=True)
class VersionInfo:
    pk: int
    act_id: int
    act_code: str
    act_title: str
    pit_date: date
    current_date: date | None


def searched_versions(acts, lang, as_at, catalogue=None):
    """{act_id: VersionInfo} for the Acts searched; see search() for what is refused."""
    catalogue = catalogue or catalogue_for(lang)
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
    return dict(catalogue.all_at(as_at))


class Catalogue:
    """The versions held in one language and the names of their Acts, read in one query.

    Cached per process until a version is added (see catalogue_for).
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
        self._at, self._scopes = {}, {}  # all_at() and scope(), per date and per set of versions
        self._names = self._name_index(titles, abbreviations, citations)

    def all_at(self, as_at):
        """{act_id: VersionInfo} of every Act's version in force on `as_at` (or the latest),
        kept for the last few dates asked: most searches ask the latest."""
        found = self._at.get(as_at)
        if found is None:
            found = {}
            for act_id in self.versions_by_act:
                version = self.version_at(act_id, as_at)
                if version is not None:
                    found[act_id] = version
            if len(self._at) >= DATES_KEPT:
                self._at.pop(next(iter(self._at)))
            self._at[as_at] = found
        return found

    def version_at(self, act_id, as_at):
        """The version in force on `as_at` (latest pit date <= as_at), or the latest; None if none."""
        for version in self.versions_by_act.get(act_id, ()):
            if as_at is None or version.pit_date <= as_at:
                return version
        return None

    def scope(self, versions, lang):
        wanted = frozenset(v.pk for v in versions.values())
        scope = self._scopes.get((wanted, lang))
        if scope is None:
            scope = backends.Scope(version_ids=tuple(sorted(wanted)), lang=lang,
                                   whole_lang=wanted == self.all_version_ids,
                                   whole_index=wanted == self.all_version_ids and self.other_langs == 0,
                                   others=tuple(sorted(self.all_version_ids - wanted)))
            if len(self._scopes) >= DATES_KEPT:
                self._scopes.pop(next(iter(self._scopes)))
            self._scopes[(wanted, lang)] = scope
        return scope

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


def catalogue_for(lang):
    """The Catalogue of `lang`, re-read when the versions held change (count or newest id, in
    any language: a count over the whole table, cheaper than one per language)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*), max(id) FROM corpus_actversion")
        held = cursor.fetchone()
    generation = (connection.settings_dict["NAME"], *held)
    cached = _catalogues.get(lang)
    if cached is None or cached[0] != generation:
        with _catalogue_lock:
            other_langs = ActVersion.objects.exclude(lang=lang).count()
            cached = (generation, Catalogue(lang, other_langs))
            _catalogues[lang] = cached
    return cached[1]
