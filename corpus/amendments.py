"""Amendments not in force (the NifProvs schedule) and the provisions each one touches.

    pending_amendments(version)                  every amendment not in force, in order
    pending_amendments(version, unit="s11")      those naming s11 or a unit in or above it

An amendment is never merged with in-force text: it is returned as its own item, with the
amending Act's citation (`heading`) and its text as the consolidation prints it. Which
provisions it touches is read from its amending instruction, the words before "the
following" or the first sentence ("Subsection 11(1) of the Act is replaced by ...",
"Paragraphs 27.1(1)(a) to (c) of the Act are replaced ...", "The Act is amended by adding the
following after section 10.3"): a unit cited there counts when it is "of the Act" (or of the
Act by its own title) or when the instruction's subject is the Act itself. A unit of the
amending Act ("section 310 of this Act") or of another Act does not.
"""

import re

NOT_IN_FORCE = "NifProvs"
_UNIT_WORDS = r"(?:sections?|subsections?|paragraphs?|subparagraphs?|clauses?)"
# "Subsection 11(1)", "Paragraphs 27.1(1)(a) to (c)", "section 227", "subsections 212(1) and (2)"
_CITED = re.compile(rf"\b(?P<after>after\s+)?{_UNIT_WORDS}\s+(\d+(?:\.\d+)*)((?:\([0-9A-Za-z.]+\))*)", re.IGNORECASE)
_MORE = re.compile(r"\s*(?:,|and|to|or)\s*((?:\([0-9A-Za-z.]+\))+)")
_GROUP = re.compile(r"\([0-9A-Za-z.]+\)")
_OF = re.compile(r"(?:\s+(?:before|after)\s+\w+\s+\([0-9A-Za-z.]+\))?\s*(?:of|in|to)\s+(?P<whose>the English version of the Act|the French version of the Act|the Act|this Act|the [A-Z][^,;:]*?)(?=\s+(?:is|are|as|and|before|after)\b|[,;:.]|$)")
_SCHEDULE = re.compile(r"\b(?:[Tt]he schedule|Schedule\s+([0-9A-Z]+))\s+(?:to|of)\s+(?P<whose>the Act|the [A-Z][^,;:]*?)(?=\s+is|\s+are|[,;:.])")


def pending_amendments(version, unit=None) -> list[dict]:
    """The amendments not in force of `version`, each {position, citation, label, marginal_note,
    text, touches: [unit ids it replaces, amends or repeals], adds_after: [unit ids new text
    follows]}; with `unit`, only those touching it, a unit above it in its section, or a unit
    under it (an insertion after a unit does not touch it)."""
    titles = {t for t in (version.act.title_en, version.act.title_fr, version.title) if t}
    out = []
    for row in version.pending_amendments.filter(schedule=NOT_IN_FORCE).order_by("position"):
        touches, adds_after = touched_units(row.text, titles)
        if unit is not None and not any(_related(unit, t) for t in touches):
            continue
        out.append({"position": row.position, "citation": row.heading.lstrip("— ").strip(),
                    "label": row.label, "marginal_note": row.marginal_note, "text": row.text,
                    "touches": touches, "adds_after": adds_after})
    return out


def touched_units(text: str, titles) -> tuple[list[str], list[str]]:
    """(targets, insertion points): the unit ids ("s11(1)", "s27.1(1)(a)", "sch") an amending
    instruction names as what it changes, and those it adds new text after."""
    instruction = _instruction(text)
    subject_is_act = re.match(r"\s*(?:\(\d+\)\s*)?The (?:Act|" + "|".join(map(re.escape, titles or ["Act"])) + r")\b",
                              instruction) is not None
    found, after = [], []
    for m in _CITED.finditer(instruction):
        units, end = _units_cited(instruction, m)
        whose = _OF.match(instruction, end)
        owner = whose.group("whose") if whose else None
        if owner is None and not subject_is_act:
            continue
        if owner is not None and not _is_this_act(owner, titles):
            continue
        (after if m.group("after") else found).extend(units)
    for m in _SCHEDULE.finditer(instruction):
        if _is_this_act(m.group("whose"), titles):
            found.append(f"sch{m.group(1) or ''}")
    return list(dict.fromkeys(found)), list(dict.fromkeys(after))


def _units_cited(instruction: str, m) -> tuple[list[str], int]:
    """The unit a citation names and those its list goes on to ("212(1) and (2)", "27.1(1)(a)
    to (c)": the last groups replaced), with where the list ends."""
    number, groups = m.group(2), _GROUP.findall(m.group(3))
    units, end = [f"s{number}{''.join(groups)}"], m.end()
    while more := _MORE.match(instruction, end):
        tail = _GROUP.findall(more.group(1))
        units.append(f"s{number}{''.join(groups[:max(0, len(groups) - len(tail))] + tail)}")
        end = more.end()
    return units, end


def _instruction(text: str) -> str:
    """The amending instruction: up to its colon, or its first sentence, whichever ends first."""
    ends = [i for i in (text.find(":"),) if i >= 0]
    sentence = re.search(r"\.(?:\s|$)", text)
    if sentence:
        ends.append(sentence.start() + 1)
    return text[:min(ends)] if ends else text


def _is_this_act(owner: str, titles) -> bool:
    owner = owner.strip()
    if owner in ("the Act", "the English version of the Act", "the French version of the Act"):
        return True
    return any(owner == f"the {t}" for t in titles)


def _related(asked: str, touched: str) -> bool:
    """True when one unit is the other, holds it, or is in the same section's tree above it:
    an amendment to s7(3)(c) touches s7 and s7(3); one to section 7 touches s7(3)(c)."""
    if asked.startswith("sch") or touched.startswith("sch"):
        return asked.split("/")[0].split(".")[0] == touched or touched == "sch" and asked.startswith("sch")
    return _under(asked, touched) or _under(touched, asked)


def _under(unit: str, ancestor: str) -> bool:
    return unit == ancestor or (unit.startswith(ancestor) and unit[len(ancestor)] in "(/")
