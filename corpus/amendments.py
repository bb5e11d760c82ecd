"""Amendments not in force (the NifProvs schedule) and the provisions each one touches.

    pending_amendments(version)                  every amendment not in force, in order
    pending_amendments(version, unit="s11")      those naming s11 or a unit in or above it

An amendment is never merged with in-force text: it is returned as its own item, with the
amending Act's citation (`heading`) and its text as the consolidation prints it. Which
provisions it touches is read from its amending instruction, the words before "the
following" or the first sentence with an amending verb ("Subsection 11(1) of the Act is replaced by ...",
"Paragraphs 27.1(1)(a) to (c) of the Act are replaced ...", "The Act is amended by adding the
following after section 10.3"): a unit cited there counts when it is "of the Act" (or of the
Act by its own title) or when the instruction's subject is the Act itself. A unit of the
amending Act ("section 310 of this Act") or of another Act does not.

A French version's instructions are read the same way in French ("Le paragraphe 11(1) de la
même loi est remplacé par ce qui suit", "Les alinéas 27.1(1)a) à c) ...", "La même loi est
modifiée par adjonction, après l’article 10.3, de ce qui suit"); its labels "a)" become the
unit ids' "(a)".
"""

import re
from dataclasses import dataclass

NOT_IN_FORCE = "NifProvs"
_UNIT_WORDS = r"(?:sections?|subsections?|paragraphs?|subparagraphs?|clauses?)"
# "Subsection 11(1)", "Paragraphs 27.1(1)(a) to (c)", "section 227", "subsections 212(1) and (2)"
_CITED = re.compile(rf"\b(?P<after>after\s+)?{_UNIT_WORDS}\s+(\d+(?:\.\d+)*)((?:\([0-9A-Za-z.]+\))*)", re.IGNORECASE)
_MORE = re.compile(r"\s*(?:,|and|to|or)\s*((?:\([0-9A-Za-z.]+\))+)")
_GROUP = re.compile(r"\([0-9A-Za-z.]+\)")
_OF = re.compile(r"(?:\s+(?:before|after)\s+\w+\s+\([0-9A-Za-z.]+\))?\s*(?:of|in|to)\s+(?P<whose>the English version of the Act|the French version of the Act|the Act|this Act|the [A-Z][^,;:]*?)(?=\s+(?:is|are|as|and|before|after)\b|[,;:.]|$)")
_SCHEDULE_EN = re.compile(r"\b(?:[Tt]he schedule|Schedule\s+([0-9A-Z]+))\s+(?:to|of)\s+(?P<whose>the Act|the [A-Z][^,;:]*?)(?=\s+is|\s+are|[,;:.])")

_APOSTROPHE = "[’'ʼ]"  # the consolidations write ’, and ʼ in places
_FR_UNIT_WORDS = r"(?:articles?|paragraphes?|alinéas?|sous-alinéas?|divisions?)"
_FR_GROUPS = r"(?:\([0-9A-Za-z.]+\)|[a-z]+(?:\.\d+)?\))"
# "paragraphe 11(1)", "alinéas 27.1(1)a) à c)", "après l’article 154"
# ʼ is a letter to `\w`, so "lʼarticle" has no word boundary: the unit word may follow it.
_FR_CITED = re.compile(rf"(?P<after>\baprès\s+(?:l{_APOSTROPHE}|le\s+|la\s+|les\s+))?(?<![^\Wʼ]){_FR_UNIT_WORDS}\s+(\d+(?:\.\d+)*)({_FR_GROUPS}*)",
                       re.IGNORECASE)
_FR_MORE = re.compile(rf"\s*(?:,|et|à|ou)\s*({_FR_GROUPS}+)")
_FR_GROUP = re.compile(_FR_GROUPS)
_FR_OWNER = (r"(?P<whose>la version (?:anglaise|française) de la même loi|la même loi|la présente loi|"
             rf"(?:la\s+|le\s+|les\s+|l{_APOSTROPHE})?[A-ZÀ-Ý][^,;:]*?)(?=\s+(?:est|sont|et|avant|après|précédant|suivant|devient|deviennent)\b|\s*«|[,;:.]|$)")
_FR_OF = re.compile(r"\s*(?:de|du|des)\s+" + _FR_OWNER)
_FR_SCHEDULE = re.compile(rf"\b[Ll]{_APOSTROPHE}annexe(?:\s+([0-9A-Z]+))?\s+(?:de|du)\s+" + _FR_OWNER)


@dataclass(frozen=True)
class _Reader:
    """How one language writes an amending instruction's units, their owner and its subject."""

    cited: re.Pattern
    more: re.Pattern
    group: re.Pattern
    of: re.Pattern
    schedule: re.Pattern
    subject: str  # the instruction's subject when it is the Act itself, before its title
    this_act: tuple  # owners that mean the Act amended
    articles: tuple  # what may stand before a title naming the Act


_READERS = {
    "eng": _Reader(_CITED, _MORE, _GROUP, _OF, _SCHEDULE_EN, r"The (?:Act|{titles})\b",
                   ("the Act", "the English version of the Act", "the French version of the Act"), ("the ",)),
    "fra": _Reader(_FR_CITED, _FR_MORE, _FR_GROUP, _FR_OF, _FR_SCHEDULE,
                   r"(?:La même loi|(?:La |Le |Les |L" + _APOSTROPHE + r")(?:{titles}))\b",
                   ("la même loi", "la version anglaise de la même loi", "la version française de la même loi"),
                   ("la ", "le ", "les ", "l’", "l'", "lʼ", "")),
}


def pending_amendments(version, unit=None) -> list[dict]:
    """The amendments not in force of `version`, each {position, citation, label, marginal_note,
    text, touches: [unit ids it replaces, amends or repeals], adds_after: [unit ids new text
    follows]}; with `unit`, only those touching it, a unit above it in its section, or a unit
    under it (an insertion after a unit does not touch it)."""
    titles = {t for t in (version.act.title_en, version.act.title_fr, version.title) if t}
    out = []
    for row in version.pending_amendments.filter(schedule=NOT_IN_FORCE).order_by("position"):
        touches, adds_after = touched_units(row.text, titles, version.lang)
        if unit is not None and not any(_related(unit, t) for t in touches):
            continue
        out.append({"position": row.position, "citation": row.heading.lstrip("— ").strip(),
                    "label": row.label, "marginal_note": row.marginal_note, "text": row.text,
                    "touches": touches, "adds_after": adds_after})
    return out


def touched_units(text: str, titles, lang="eng") -> tuple[list[str], list[str]]:
    """(targets, insertion points): the unit ids ("s11(1)", "s27.1(1)(a)", "sch") an amending
    instruction names as what it changes, and those it adds new text after."""
    reader = _READERS["fra" if lang == "fra" else "eng"]
    instruction = _instruction(text)
    names = "|".join(map(re.escape, titles or ["Act"]))
    subject_is_act = re.match(r"\s*(?:\(\d+\)\s*)?" + reader.subject.format(titles=names), instruction) is not None
    found, after = [], []
    for m in reader.cited.finditer(instruction):
        units, end = _units_cited(instruction, m, reader)
        whose = reader.of.match(instruction, end)
        if whose is None and not subject_is_act:
            continue
        if whose is not None and not _is_this_act(instruction, whose, titles, reader):
            continue
        (after if m.group("after") else found).extend(units)
    for m in reader.schedule.finditer(instruction):
        if _is_this_act(instruction, m, titles, reader):
            found.append(f"sch{m.group(1) or ''}")
    return list(dict.fromkeys(found)), list(dict.fromkeys(after))


def _units_cited(instruction: str, m, reader) -> tuple[list[str], int]:
    """The unit a citation names and those its list goes on to ("212(1) and (2)", "27.1(1)(a)
    to (c)": the last groups replaced), with where the list ends."""
    number, groups = m.group(2), [_unit_group(g) for g in reader.group.findall(m.group(3))]
    units, end = [f"s{number}{''.join(groups)}"], m.end()
    while more := reader.more.match(instruction, end):
        tail = [_unit_group(g) for g in reader.group.findall(more.group(1))]
        units.append(f"s{number}{''.join(groups[:max(0, len(groups) - len(tail))] + tail)}")
        end = more.end()
    return units, end


def _unit_group(group: str) -> str:
    """A label as unit ids write it: French "a)" is "(a)"."""
    return group if group.startswith("(") else f"({group[:-1]})"


# An amending verb in either language: a sentence before the first one holding it (a definition
# of "other Act", a condition) belongs to the same instruction.
_AMENDS = re.compile(r"\b(?:is|are)\s+(?:replaced|repealed|amended|renumbered)\b|"
                     r"\b(?:est|sont)\s+(?:remplacé|abrogé|modifié)e?s?\b|\bdevien(?:t|nent)\b")
_SENTENCE_END = re.compile(r"\.(?:\s|$)")


def _instruction(text: str) -> str:
    """The amending instruction: up to its colon, or up to the end of the first sentence holding
    an amending verb (the first sentence when none does), whichever ends first."""
    ends = [i for i in (text.find(":"),) if i >= 0]
    verb = _AMENDS.search(text)
    sentence = (verb and _SENTENCE_END.search(text, verb.end())) or _SENTENCE_END.search(text)
    if sentence:
        ends.append(sentence.start() + 1)
    return text[:min(ends)] if ends else text


def _is_this_act(instruction: str, match, titles, reader) -> bool:
    """Whether the owner `match` found ("the Act", "la même loi", a title) is the Act amended. A
    title is compared from where the owner starts, since the owner pattern stops at the first
    "and"/"et", which a title may hold."""
    if match.group("whose").strip() in reader.this_act:
        return True
    rest = instruction[match.start("whose"):]
    return any(re.match(re.escape(f"{article}{t}") + r"(?!\w)", rest) for t in titles for article in reader.articles)


def _related(asked: str, touched: str) -> bool:
    """True when one unit is the other, holds it, or is in the same section's tree above it:
    an amendment to s7(3)(c) touches s7 and s7(3); one to section 7 touches s7(3)(c)."""
    if asked.startswith("sch") or touched.startswith("sch"):
        return asked.split("/")[0].split(".")[0] == touched or touched == "sch" and asked.startswith("sch")
    return _under(asked, touched) or _under(touched, asked)


def _under(unit: str, ancestor: str) -> bool:
    return unit == ancestor or (unit.startswith(ancestor) and unit[len(ancestor)] in "(/")
