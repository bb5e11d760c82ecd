"""Where a definition applies, read from the words that introduce it.

    scope = scope_of("The following definitions apply in this Part.", definition_path)
    covers(scope, unit_path, "230")   # is a unit of Part III, s. 230 in that scope?

Canadian statutes say it before the definitions: "In this Act,", "The definitions in this
subsection apply in this Part.", "In this Division,", "In this section and sections 45 to
47.1,", "The following definitions apply in sections 44.02 to 44.4." (French: "la présente
loi", "la présente partie", "la présente section" — a Division —, "le présent article"). The
Labour Code defines "employee" differently in Parts I and III; a quote from Part III is read
with Part III's definition. Words we do not recognise give the whole Act, as before.
"""

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from .pinpoints import parse_provision_id

ACT, PART, DIVISION, SECTIONS = "act", "part", "division", "sections"
SPECIFICITY = {ACT: 0, PART: 1, DIVISION: 2, SECTIONS: 3}

_LABEL = r"\d+(?:\.\d+)*"
_SECTIONS_RE = re.compile(
    rf"\b(?:in\s+this\s+section(?:\s+and\s+(?:in\s+)?sections?\s+(?P<a1>{_LABEL})(?:\s+(?:to|and)\s+(?P<b1>{_LABEL}))?)?"
    rf"|in\s+(?:subsections?|paragraphs?)\s+\(\w+\)"
    rf"|in\s+sections?\s+(?P<a2>{_LABEL})(?:\s+(?:to|and)\s+(?P<b2>{_LABEL}))?"
    rf"|(?:au|le)\s+présent\s+article"
    rf"|aux\s+articles\s+(?P<a3>{_LABEL})(?:\s+(?:à|et)\s+(?P<b3>{_LABEL}))?)",
    re.IGNORECASE,
)
_DIVISION_RE = re.compile(r"\bin\s+this\s+division\b|\bprésente\s+section\b", re.IGNORECASE)
_PART_RE = re.compile(r"\bin\s+this\s+part\b|\bprésente\s+partie\b", re.IGNORECASE)
_ACT_RE = re.compile(r"\bin\s+this\s+act\b|\bin\s+every\s+enactment\b|\bprésente\s+loi\b|\btout\s+texte\b",
                     re.IGNORECASE)
_INTRO_CHARS = 300  # the introducing words come first


@dataclass(frozen=True)
class DefinitionScope:
    kind: str = ACT
    part: str = ""  # "Part III", as in a ProvisionView path
    division: str = ""
    sections: tuple = ()  # ((first, last), ...) section numbers as Decimals, inclusive


def scope_of(intro: str, definition_path: str) -> DefinitionScope:
    """The scope the introducing text `intro` (the definitions' subsection or section) gives,
    for definitions at `definition_path`."""
    text = (intro or "")[:_INTRO_CHARS]
    part, division, section = _place(definition_path)
    found = _SECTIONS_RE.search(text)
    if found:
        # "in this section (and sections …)", "in subsection (1)": the defining section counts;
        # "in sections 44.02 to 44.4" alone names others only.
        ranges = [] if found["a2"] or found["a3"] else [(_number(section), _number(section))]
        for first, last in ((found["a1"], found["b1"]), (found["a2"], found["b2"]), (found["a3"], found["b3"])):
            if first:
                ranges.append((_number(first), _number(last or first)))
        ranges = tuple(r for r in ranges if None not in r)
        if ranges:
            return DefinitionScope(SECTIONS, part, division, ranges)
    if _DIVISION_RE.search(text) and division:
        return DefinitionScope(DIVISION, part, division)
    if _PART_RE.search(text) and part:
        return DefinitionScope(PART, part)
    return DefinitionScope(ACT)


def covers(scope: DefinitionScope, unit_path: str, unit_section: str) -> bool:
    """True when a unit at `unit_path` in section `unit_section` ("230") is inside `scope`."""
    if scope.kind == ACT:
        return True
    part, division, _ = _place(unit_path)
    if scope.kind == PART:
        return part == scope.part
    if scope.kind == DIVISION:
        return (part, division) == (scope.part, scope.division)
    number = _number(unit_section)
    return number is not None and any(first <= number <= last for first, last in scope.sections)


def _place(path: str) -> tuple[str, str, str]:
    """(Part, Division, section number) named in a ProvisionView path ("" when absent)."""
    part = division = section = ""
    for piece in (path or "").split(" > "):
        head = piece.split(" ", 1)
        if len(head) < 2:
            continue
        if head[0] == "Part":
            part = piece
        elif head[0] == "Division":
            division = piece
        elif head[0] == "section":
            section = head[1]
    return part, division, section


def _number(label: str | None) -> Decimal | None:
    """A section number as a Decimal, so 44.02 < 44.1 < 44.4 as the statutes order them."""
    match = re.match(r"\d+(?:\.\d+)?", label or "")
    try:
        return Decimal(match.group()) if match else None
    except InvalidOperation:
        return None


def scoped(definitions, corpus) -> list:
    """[(term, definition, DefinitionScope)] for [(term, definition ProvisionView)]: the text
    introducing each definition is read once per unit holding definitions (see introduction)."""
    intros, out = {}, []
    for term, definition in definitions:
        holder = definition.id.split("/", 1)[0]
        if holder not in intros:
            intros[holder] = introduction(definition, corpus)
        out.append((term, definition, scope_of(intros[holder], definition.path)))
    return out


def in_scope(scoped_definitions, where) -> dict:
    """{term: definition} of the scoped definitions (see scoped) that apply at the unit `where`
    (a ProvisionView), the most specific scope winning (then the first in the Act)."""
    section = parse_provision_id(where.id).section
    chosen = {}
    for term, definition, scope in scoped_definitions:
        if not covers(scope, where.path, section):
            continue
        if term not in chosen or SPECIFICITY[scope.kind] > chosen[term][0]:
            chosen[term] = (SPECIFICITY[scope.kind], definition)
    return {term: definition for term, (_, definition) in chosen.items()}


def introduction(definition, corpus) -> str:
    """The words before a definition that say where it applies: the text of the unit holding
    it ("(1) The following definitions apply in this Part."), else its section's."""
    for parent_id in parse_provision_id(definition.id).parent_ids():
        parent = corpus.get(parent_id)
        if parent is not None and parent.text:
            return parent.text
    return ""
