"""Plain data the verifier reads. The corpus adapter fills these from the database; tests and
small tools use InMemoryCorpus."""

from dataclasses import dataclass
from datetime import date
from typing import Protocol

from .acts import ActRef
from .definition_scope import in_scope, scoped
from .pinpoints import PinpointError, parse_provision_id

IN_FORCE = "in_force"
REPEALED = "repealed"
NOT_IN_FORCE = "not_in_force"


@dataclass(frozen=True)
class ProvisionView:
    """One provision as at the date asked, as the verifier needs it.

    `id` is canonical (`P-8.6:s7(3)(c)`); `text` is the full text of the unit including its
    sub-units, exactly as stored (its `sha256` is of that text). For a definition, `kind` is
    "definition" and `label` is the defined term ("personal information"). `headings` are the
    titles of the Parts, Divisions and headings above its section ("PART III Standard Hours,
    Wages, Vacations and Holidays · DIVISION XIV Unjust Dismissal").
    """

    id: str
    act: str
    section_id: str
    kind: str
    label: str
    text: str
    sha256: str
    status: str = IN_FORCE
    pit_date: date | None = None
    is_latest_version: bool = True
    has_pending_amendments: bool = False
    marginal_note: str = ""
    path: str = ""
    url: str = ""
    headings: str = ""

    @property
    def in_force(self) -> bool:
        return self.status == IN_FORCE


class CorpusView(Protocol):
    """What the verifier may ask of the corpus, all as at one date and in one language."""

    def get(self, provision_id: str) -> ProvisionView | None:
        """The unit with that canonical id, or None."""

    def section_units(self, section_id: str) -> list[ProvisionView]:
        """The section and all its sub-units (definitions included), in document order;
        [] when the section does not exist."""

    def act_sections(self, act_code: str) -> list[ProvisionView]:
        """Every section (and schedule) of the Act, in document order; [] for an unknown Act."""

    def definitions(self, act_code: str, where: ProvisionView | None = None) -> dict[str, ProvisionView]:
        """Defined terms of the Act, lower-cased term -> the definition's ProvisionView. With
        `where`, only the definitions that apply at that unit ("in this Part", ...: see
        verifier/definition_scope.py), the most specific for each term."""

    def act_refs(self) -> list[ActRef]:
        """Every Act in the corpus with its titles and abbreviations."""

    def not_held(self, act_code: str) -> str | None:
        """Why an Act the corpus holds has no text at this view's date ("version not held for
        that date: ..."); None when it has a version then, or is not held at all."""


class InMemoryCorpus:
    """A CorpusView over a list of ProvisionView, in document order."""

    def not_held(self, act_code: str) -> str | None:
        return None  # one version, no dates

    def __init__(self, provisions: list[ProvisionView], acts: list[ActRef] | None = None):
        self._by_id = {p.id: p for p in provisions}
        self._order = list(provisions)
        self._acts = acts if acts is not None else [ActRef(code) for code in self._codes()]

    def get(self, provision_id: str) -> ProvisionView | None:
        try:
            canonical = str(parse_provision_id(provision_id))
        except PinpointError:
            return None
        return self._by_id.get(canonical)

    def section_units(self, section_id: str) -> list[ProvisionView]:
        return [p for p in self._order if p.section_id == section_id]

    def act_sections(self, act_code: str) -> list[ProvisionView]:
        return [p for p in self._order if p.act == act_code and p.id == p.section_id]

    def definitions(self, act_code: str, where: ProvisionView | None = None) -> dict[str, ProvisionView]:
        found = [(p.label.lower(), p) for p in self._order if p.act == act_code and p.kind == "definition"]
        if where is not None:
            return in_scope(scoped(found, self), where)
        return dict(reversed(found))  # the first definition of a term wins

    def act_refs(self) -> list[ActRef]:
        return list(self._acts)

    def _codes(self) -> list[str]:
        return list(dict.fromkeys(p.act for p in self._order))
