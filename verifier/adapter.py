"""DbCorpus: the verifier's CorpusView read from the corpus database.

One instance answers for one language and one as-at date; it caches what it has
read, so build one per answer or memo, not one per process.
"""

import re

from corpus import instrument_names
from corpus.models import (
    KOREA,
    Act,
    ActVersion,
    CitedInstrument,
    Provision,
    SectionDoc,
    VersionNotHeld,
)
from corpus.search_backends import per_corpus
from verifier.acts import ActRef, find_act_mentions
from verifier.definition_scope import in_scope, scoped
from verifier.pinpoints import PinpointError, parse_provision_id
from verifier.types import ProvisionView

QUOTABLE_SECTION_KINDS = {Provision.KIND_SECTION, Provision.KIND_SCHEDULE, Provision.KIND_SCHEDULE_ITEM}


class DbCorpus:
    """A CorpusView (see verifier/types.py) over the as-at versions of every Act."""

    def __init__(self, lang="eng", as_at=None):
        self.lang = lang
        self.as_at = as_at
        self._versions = {}
        self._units = {}  # provision id -> view or None
        self._sections = {}
        self._act_sections = {}
        self._definitions = {}
        self._scoped = {}  # act code -> [(term, definition, DefinitionScope)]
        self._headings = {}  # version id -> {section unit: titles of the headings above it}
        self._act_refs = None
        self._unheld_refs = None
        self._held = {}  # version id -> {unit id: view}, for versions read whole (hold)

    # CorpusView
    def get(self, provision_id):
        if provision_id not in self._units:
            self._units[provision_id] = self._read(provision_id)
        return self._units[provision_id]

    def _read_many(self, act_code, provision_ids):
        """Read the Act's units `provision_ids` into get()'s cache in one query."""
        version = self._version(act_code)
        wanted = {act_and_unit(pid)[1]: pid for pid in provision_ids if pid not in self._units}
        if version is None or version.pk in self._held or not wanted:
            return
        units = list(wanted)
        for start in range(0, len(units), 500):  # under every database's limit on parameters
            for row in _unit_rows(version, unit_id__in=units[start:start + 500]):
                if wanted[row.unit_id] not in self._units:  # the first of an id wins, as in _read()
                    self._units[wanted[row.unit_id]] = self._view(row, version)
        for pid in wanted.values():
            self._units.setdefault(pid, None)

    def _read(self, provision_id):
        parts = act_and_unit(provision_id)
        if parts is None:
            return None
        act, unit = parts
        version = self._version(act)
        if version is None:
            return None
        if version.pk in self._held:
            return self._held[version.pk].get(unit)
        row = _unit_rows(version, unit_id=unit).first()
        return self._view(row, version) if row else None

    def section_units(self, section_id):
        if section_id in self._sections:
            return self._sections[section_id]
        act, _, section_unit = section_id.partition(":")
        version = self._version(act)
        units = []
        if version is not None and version.pk in self._held:
            units = [v for v in self._held[version.pk].values() if v.section_id == section_id]
        elif version is not None and section_unit:
            units = [self._view(row, version) for row in _unit_rows(version, section_unit=section_unit)]
        self._sections[section_id] = units
        return units

    def act_sections(self, act_code):
        if act_code not in self._act_sections:
            version = self._version(act_code)
            rows = [] if version is None else (
                Provision.objects.filter(version=version, kind__in=QUOTABLE_SECTION_KINDS)
                .select_related("text").order_by("position"))
            self._act_sections[act_code] = [self._view(r, version) for r in rows
                                            if r.unit_id == r.section_unit]
        return self._act_sections[act_code]

    def definitions(self, act_code, where=None):
        if act_code not in self._definitions:
            version = self._version(act_code)
            # A Korean law defines its terms in the items of its 정의 article ("근로자"란 …).
            kind = {} if version is None or version.act.is_korean else {"kind": Provision.KIND_DEFINITION}
            rows = [] if version is None else (
                Provision.objects.filter(version=version, **kind).exclude(defined_term="")
                .select_related("text").order_by("position"))
            self._definitions[act_code] = [(row.defined_term.lower(), self._view(row, version))
                                           for row in rows if row.defined_term]
        found = self._definitions[act_code]
        if where is not None:
            if act_code not in self._scoped:
                # scoped() reads the unit above each definition: read them all at once.
                self._read_many(act_code, {parent for _, definition in found
                                           for parent in parse_provision_id(definition.id).parent_ids()})
                self._scoped[act_code] = scoped(found, self)
            return in_scope(self._scoped[act_code], where)
        return dict(reversed(found))  # the first definition of a term wins

    def act_refs(self):
        if self._act_refs is None:
            self._act_refs = per_corpus(_REFS, None, lambda: [act_ref(act) for act in Act.objects.all()])
        return self._act_refs

    def unheld_refs(self):
        """The instruments the corpus's text cites but does not hold, each under the names it is
        cited by (corpus.models.CitedInstrument): ActRefs for find_act_mentions, so a question
        naming the Criminal Code can be told that the Criminal Code is not held."""
        if self._unheld_refs is None:
            self._unheld_refs = per_corpus(_UNHELD_REFS, None, _unheld_refs)
        return self._unheld_refs

    def korean_cited_laws(self):
        """The names, spaces removed, of the laws the held Korean laws' text (any revision) cites in 「」
        ("형법", "근로자퇴직급여 보장법" as 근로자퇴직급여보장법): held or not, so a question naming one
        can be told whether it is held."""
        return per_corpus(_KOREAN_CITED, None, _korean_cited_laws)

    def named_not_held(self, text):
        """[(code, name)] of the instruments `text` names that the corpus does not hold (and
        its text cites), in the order named; [] when it names a held one as well or none."""
        if find_act_mentions(text, self.act_refs()):
            return []
        refs = {ref.code: ref for ref in self.unheld_refs()}
        found = []
        for start, end, code in find_act_mentions(text, list(refs.values())):
            said = text[start:end].casefold()
            name = next((n for n in refs[code].short_titles if n.casefold() == said), text[start:end])
            if code not in (c for c, _ in found):
                found.append((code, name))
        return found

    def hold(self, act_code):
        """Read every unit of the Act's as-at version now, in one query, and answer get() and
        section_units() for it from memory: for a caller about to ask for most of them
        (check_corpus), not for one answer."""
        version = self._version(act_code)
        if version is None or version.pk in self._held:
            return
        held = {}
        for row in _unit_rows(version):
            held.setdefault(row.unit_id, self._view(row, version))  # the first of an id wins, as in get()
        self._held[version.pk] = held

    def not_held(self, act_code):
        if self.as_at is None or self._version(act_code) is not None:
            return None
        earliest = (ActVersion.objects.filter(act__code=act_code, lang=self.lang)
                    .order_by("pit_date").values_list("pit_date", flat=True).first())
        if earliest is None:
            return None
        return (f"version not held for that date: {act_code} as at {self.as_at.isoformat()}; the "
                f"earliest {self.lang} version held is consolidated to {earliest.isoformat()}")

    # helpers
    def legal_citation(self, provision_id):
        """The unit as a lawyer cites it (corpus Provision.legal_citation: "Personal Information
        Protection and Electronic Documents Act, SC 2000, c 5, s 7(3)(c)") in the as-at version;
        the id itself when no version holds it."""
        parts = act_and_unit(provision_id)
        version = self._version(parts[0]) if parts else None
        row = None if version is None else (
            Provision.objects.filter(version=version, unit_id=parts[1]).exclude(kind=Provision.KIND_HEADING)
            .order_by("position").first())
        if row is None:
            return provision_id
        row.version = version
        return row.legal_citation()

    def version_of(self, act_code):
        """The as-at version of an Act, or None when unknown or not held at the date."""
        return self._version(act_code)

    def _version(self, act_code):
        if act_code not in self._versions:
            act = Act.objects.filter(code=act_code).first()
            try:
                version = act.version_at(self.lang, self.as_at) if act else None
            except VersionNotHeld:
                version = None
            if version is not None:
                version.is_latest_cached = version.pk == act.version_at(self.lang).pk
            self._versions[act_code] = version
        return self._versions[act_code]

    def _view(self, row, version):
        row.version = version  # already loaded: spares official_url() a query per row
        code = version.act.code
        return ProvisionView(
            id=f"{code}:{row.unit_id}",
            act=code,
            section_id=f"{code}:{row.section_unit}",
            kind=row.kind,
            label=row.defined_term if row.kind == Provision.KIND_DEFINITION else row.label,
            text=row.text.text,
            sha256=row.text_id,
            status=row.status,
            pit_date=version.pit_date,
            is_latest_version=version.is_latest_cached,
            has_pending_amendments=version.has_pending_amendments,
            marginal_note=row.marginal_note,
            path=f"{version.act.title(version.lang)} > {row.path}",
            url=row.official_url(),
            headings=self._headings_of(version).get(row.section_unit, ""),
        )

    def _headings_of(self, version):
        """{section unit: headings} of a version, from its search documents (one query)."""
        if version.pk not in self._headings:
            self._headings[version.pk] = dict(SectionDoc.objects.filter(version=version).values_list(
                "provision__section_unit", "headings"))
        return self._headings[version.pk]


def _unit_rows(version, **lookups):
    """The version's provisions matching `lookups`, headings left out, with their text, in document
    order: the rows every reader of units above turns into views."""
    return (Provision.objects.filter(version=version, **lookups).exclude(kind=Provision.KIND_HEADING)
            .select_related("text").order_by("position"))


def act_and_unit(provision_id):
    """(Act code, unit id) of a provision id as the corpus stores it; an id the pinpoint grammar
    cannot read is split at its colon; None when it has none."""
    try:
        pid = parse_provision_id(provision_id)
        return pid.act, pid.unit
    except PinpointError:
        if ":" not in str(provision_id):
            return None
        act, unit = str(provision_id).split(":", 1)
        return act, unit


_REFS = {}  # ActRefs per database and corpus generation: thousands of instruments take ~0.4 s to read
_UNHELD_REFS = {}  # the same for the instruments cited but not held
_KOREAN_CITED = {}  # the law names the Korean text cites, per database and corpus generation
_KOREAN_CITED_RE = re.compile(r"「([^」]{1,60})」")


def _korean_cited_laws():
    names = set()
    rows = (Provision.objects.filter(version__act__jurisdiction=KOREA, text__text__contains="「")
            .values_list("text__text", flat=True).distinct())
    for text in rows.iterator():
        names.update(re.sub(r"\s+", "", m) for m in _KOREAN_CITED_RE.findall(text))
    return frozenset(names)


def _unheld_refs():
    names = {}
    rows = (CitedInstrument.objects.exclude(code__in=Act.objects.values("code"))
            .order_by("code", "name").values_list("code", "name"))
    for code, name in rows:
        names.setdefault(code, []).append(name)
    # A name as a title is printed first; the same in capitals (some links cite so) after it.
    return [ActRef(code=code, short_titles=sorted(cited, key=str.isupper)) for code, cited in names.items()]


def act_ref(act):
    """Every name an instrument goes by, from its own titles and chapter (see verifier/acts.py)."""
    titles = {"eng": act.title_en, "fra": act.title_fr}
    short = [t for t in (act.title_en, act.title_fr, act.title_ko) if t]
    abbreviations, series = [], []
    for lang, title in titles.items():
        for abbreviation in instrument_names.abbreviations(title, lang):
            abbreviations.append(abbreviation)
            if " " in abbreviation:  # "CEPA 1999": the bare initials too, weakest of all
                series.append(abbreviation.split(" ")[0])
    numbers = [n for n in dict.fromkeys((act.instrument_number_en, act.instrument_number_fr, act.code)) if n] \
        if act.kind == Act.KIND_REGULATION else []
    return ActRef(
        code=act.code,
        short_titles=short + [s for t in short for s in instrument_names.spaceless(t)],
        long_titles=[t for t in (act.long_title_en, act.long_title_fr) if t],
        abbreviations=abbreviations,
        # A regulation is cited by its instrument numbers ("SOR/2001-7", "DORS/2001-7", "SOR-2001-7").
        citations=[v for c in (act.citation_en, act.citation_fr)
                   for v in instrument_names.citation_variants(c)] + numbers,
        series_abbreviations=series,
    )
