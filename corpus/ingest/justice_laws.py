"""Parse one Justice Laws XML file (an Act, one language, one point in time).

Pure: bytes in, a ParsedVersion out; no database. The tree keeps document
order. Amendments not in force and related provisions (the NifProvs and
RelatedProvs schedules, with their AmendedText) are returned apart, never as
provisions of the Act. See ../shared/corpus/ca/SOURCE.md for the format.
"""

import datetime as dt
import re
from dataclasses import dataclass, field

from lxml import etree

from corpus.ingest.regulations import RegulationIdentity, enabling_acts, regulation_code
from corpus.ingest.unit_ids import (
    path_label,
    schedule_token,
    section_token,
    slug,
    sub_token,
    unique_suffix,
)
from corpus.instrument_names import Chapter

LIMS = "{http://justice.gc.ca/lims}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

UNIT_TAGS = {
    "Section": "section",
    "Subsection": "subsection",
    "Paragraph": "paragraph",
    "Subparagraph": "subparagraph",
    "Clause": "clause",
    "Subclause": "subclause",
    "Definition": "definition",
}
CONTINUED_TAGS = {"ContinuedSectionSubsection", "ContinuedParagraph", "ContinuedSubparagraph",
                  "ContinuedClause", "ContinuedSubclause", "ContinuedDefinition"}
SKIP_TAGS = {"Label", "MarginalNote", "HistoricalNote", "Footnote"}
PENDING_SCHEDULES = {"NifProvs", "RelatedProvs"}
# Root element -> kind of instrument. A regulation differs only in its Identification
# (corpus/ingest/regulations.py).
INSTRUMENT_ROOTS = {"Statute": "act", "Regulation": "regulation"}
SCHEDULE_ITEM_LABEL = re.compile(r"^\s*(\d+(?:\.\d+)+)\.?(?=\s|[^\d.\s]|$)")
# Elements whose text starts a new word even where the XML has no space before them.
BLOCK_TAGS = {"Text", "Repealed", "Provision", "Paragraph", "Subparagraph", "Clause", "Subclause", "Definition",
              "TitleText", "entry", "row", "BilingualItemEn", "BilingualItemFr", "Item"}
PATH_NAMES = {"section": "section", "subsection": "subsection", "paragraph": "paragraph",
              "subparagraph": "subparagraph", "clause": "clause", "subclause": "subclause"}
PATH_NAMES_FR = {"section": "article", "subsection": "paragraphe", "paragraph": "alinéa",
                 "subparagraph": "sous-alinéa", "clause": "division", "subclause": "subdivision"}


class ParseError(Exception):
    """The file is not a Justice Laws Act we can read; the message names file and line."""


@dataclass
class ParsedNode:
    kind: str
    unit_id: str
    section_unit: str
    label: str = ""
    level: int = 0
    marginal_note: str = ""
    lead: str = ""
    tail: str = ""
    text: str = ""  # full text, children included
    status: str = "in_force"
    historical_note: str = ""
    lims_id: str = ""
    in_force_start: dt.date | None = None
    heading_path: str = ""
    path: str = ""
    defined_term: str = ""
    defined_term_other: str = ""
    parent: int | None = None  # index into ParsedVersion.nodes
    depth: int = 0


@dataclass
class ParsedPending:
    schedule: str
    heading: str
    kind: str
    label: str
    marginal_note: str
    text: str


@dataclass
class ParsedVersion:
    code: str
    lang: str
    pit_date: dt.date
    current_date: dt.date | None
    last_amended_date: dt.date | None
    short_title: str
    long_title: str
    nodes: list[ParsedNode] = field(default_factory=list)
    chapter: Chapter | None = None
    pending: list[ParsedPending] = field(default_factory=list)
    kind: str = "act"  # "act" | "regulation"
    instrument_number: str = ""  # a regulation's, as written in this language: "SOR/2001-7"
    enabling_acts: list[str] = field(default_factory=list)  # a regulation's enabling Acts, by code
    jurisdiction: str = "ca"
    promulgated_date: dt.date | None = None  # Korean laws: 공포일자 (pit_date is 시행일자)
    revision: str = ""  # Korean laws: 법령MST, the revision's id at law.go.kr
    # Other instruments the text cites by code (XRefExternal links), with the name it cites
    # them by: [("C-46", "Criminal Code")]. What the corpus knows of instruments it may not hold.
    cited: list[tuple[str, str]] = field(default_factory=list)


def parse(data: bytes, name: str = "<bytes>") -> ParsedVersion:
    """Parse an Act's XML bytes. Raises ParseError naming `name` and the line."""
    try:
        root = etree.fromstring(data, parser=etree.XMLParser(resolve_entities=False, no_network=True,
                                                             remove_comments=True, huge_tree=True))
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if exc.lineno is not None else "?"
        raise ParseError(f"{name}: line {line}: malformed XML: {exc.msg}") from None
    if _tag(root) not in INSTRUMENT_ROOTS:
        raise ParseError(f"{name}: line {root.sourceline}: root element is <{_tag(root)}>, "
                         f"not an instrument (<{'> or <'.join(INSTRUMENT_ROOTS)}>)")
    doctype = root.getroottree().docinfo
    if doctype.doctype or doctype.internalDTD is not None or doctype.externalDTD is not None:
        # Justice Laws files carry no DTD; one here can define entities whose text we would not
        # see (lxml leaves them unresolved), so the file is not the text we can vouch for.
        raise ParseError(f"{name}: line 1: a DOCTYPE (document type or entity declarations) is "
                         "not part of a Justice Laws file; refused")
    if any(isinstance(node, etree._Entity) for node in root.iter()):
        raise ParseError(f"{name}: an entity reference is not part of a Justice Laws file; refused")
    version = _Builder(root, name).build()
    _check_dates(version, name, root.sourceline)
    return version


def _check_dates(version, name, line):
    """A point in time later than the file's own consolidation date, or than today, is not a
    version anyone has consolidated: the file is wrong, and it would read as the latest."""
    today = dt.date.today()
    if version.current_date and version.pit_date > version.current_date:
        raise ParseError(f"{name}: line {line}: lims:pit-date {version.pit_date} is later than the "
                         f"file's own lims:current-date {version.current_date}")
    if version.pit_date > today:
        raise ParseError(f"{name}: line {line}: lims:pit-date {version.pit_date} is in the future "
                         f"(today is {today})")


def _chapter(ident, code) -> Chapter:
    """The enacting chapter as Identification/Chapter gives it (see corpus/instrument_names.py)."""
    number = ident.find("Chapter/AnnualStatuteId/AnnualStatuteNumber")
    year = ident.find("Chapter/AnnualStatuteId/YYYY")
    annual = ident.find("Chapter/AnnualStatuteId")
    consolidated = ident.find("Chapter/ConsolidatedNumber")
    return Chapter(
        code=code,
        year=clean(year.text or "") if year is not None else "",
        number=clean(number.text or "") if number is not None else "",
        revised=annual is not None and annual.get("revised-statute") == "yes",
        consolidated_official=consolidated is not None and consolidated.get("official") == "yes",
    )


def _tag(el):
    tag = el.tag
    return tag.split("}", 1)[1] if isinstance(tag, str) and "}" in tag else tag


def _date(value):
    try:
        return dt.date.fromisoformat(value) if value else None
    except ValueError:
        return None


WHITESPACE = re.compile(r"\s+")


def clean(text):
    return WHITESPACE.sub(" ", text or "").strip()


def join_words(*parts):
    """Join already-clean parts with one space: clean(" ".join(parts)) without rescanning them."""
    return " ".join(part for part in parts if part)


# A cited name worth keeping: two words at least ("Criminal Code"), never "the Act" alone.
_CITED_NAME = re.compile(r"^\w[\w'’.,() -]*\s[\w'’.,() -]*\w\)?$")
MAX_CITED_NAME = 200


def _cited_instruments(root, own_code):
    """[(code, name)] of the Acts and regulations the text links to, once each, itself left out."""
    found = []
    for ref in root.iter("XRefExternal"):
        code = (ref.get("link") or "").strip()
        if ref.get("reference-type") not in {"act", "regulation"} or not code or code == own_code:
            continue
        name = clean(inline_text(ref)).strip(" ,.;:")
        if len(name) <= MAX_CITED_NAME and _CITED_NAME.match(name) and (code, name) not in found:
            found.append((code[:40], name))
    return found


def inline_text(el):
    """Text of a mixed-content element (XRefs, DefinedTerms, Emphasis kept as words); "" for None."""
    if el is None:
        return ""
    parts = [el.text or ""]
    for node in el.iterdescendants():
        if not isinstance(node.tag, str) or _inside_footnote(node, el):
            parts.append(node.tail or "")
            continue
        if _tag(node) in BLOCK_TAGS:
            parts.append(" ")
        parts.append(node.text or "")
        parts.append(node.tail or "")
    return clean("".join(parts))


def label_text(el):
    """The element's own <Label>, footnote markers left out ("*(3)" is "(3)")."""
    label = el.find("Label")
    return inline_text(label) if label is not None else ""


def _inside_footnote(node, stop):
    while node is not None and node is not stop:
        if _tag(node) in {"FootnoteRef", "Footnote"}:
            return True
        node = node.getparent()
    return False


class _Builder:
    def __init__(self, root, name):
        self.root = root
        self.name = name
        self.lang = "fra" if root.get(XML_LANG, "en").startswith("fr") else "eng"
        self.kind = INSTRUMENT_ROOTS[_tag(root)]
        self.path_names = PATH_NAMES_FR if self.lang == "fra" else PATH_NAMES
        self.nodes: list[ParsedNode] = []
        self.pending: list[ParsedPending] = []
        self.headings: list[tuple[int, str]] = []  # (level, "Part 1") stack
        self.unit_index: dict[str, int] = {}  # unit_id -> node index, to keep ids unique

    def build(self):
        ident = self.root.find("Identification")
        if ident is None:
            raise ParseError(f"{self.name}: line {self.root.sourceline}: no <Identification>")
        regulation = self._regulation_identity(ident) if self.kind == "regulation" else None
        code_el = ident.find("Chapter/ConsolidatedNumber")
        code = regulation.code if regulation else (clean(code_el.text) if code_el is not None and code_el.text else "")
        if not code:
            raise ParseError(f"{self.name}: line {ident.sourceline}: no Chapter/ConsolidatedNumber")
        pit = _date(self.root.get(f"{LIMS}pit-date"))
        if pit is None:
            raise ParseError(f"{self.name}: line {self.root.sourceline}: missing or invalid lims:pit-date")
        body = self.root.find("Body")
        repealed = self.root.find("Repealed")
        if body is not None:
            self._walk_body(body)
        elif repealed is not None:
            # A wholly repealed Act (C-0.4) has a bare <Repealed> where its Body was.
            self._repealed_act(repealed)
        elif self.kind == "regulation" and self._regulation_without_body():
            pass
        else:
            raise ParseError(f"{self.name}: line {self.root.sourceline}: no <Body>")
        for schedule in self.root.findall("Schedule"):
            self._schedule(schedule)
        return ParsedVersion(
            code=code, lang=self.lang, pit_date=pit,
            current_date=_date(self.root.get(f"{LIMS}current-date")),
            last_amended_date=_date(self.root.get(f"{LIMS}lastAmendedDate")),
            short_title=inline_text(ident.find("ShortTitle")) if ident.find("ShortTitle") is not None else "",
            long_title=inline_text(ident.find("LongTitle")) if ident.find("LongTitle") is not None else "",
            nodes=self.nodes, pending=self.pending, kind=self.kind,
            instrument_number=regulation.instrument_number if regulation else "",
            enabling_acts=regulation.enabling_acts if regulation else [],
            chapter=_chapter(ident, code) if self.kind == "act" else None,
            cited=_cited_instruments(self.root, code),
        )

    def _regulation_without_body(self):
        """An order whose text is all in its <Order> (821 of the English regulations) is held as
        one unlabelled section, named like any other by its lims:id; one made only of schedules
        needs nothing here. False when there is neither."""
        order = self.root.find("Order")
        if order is None:
            return self.root.find("Schedule") is not None
        text = join_words(*(inline_text(p) for p in order.findall("Provision")))
        unit = f"s-{order.get(f'{LIMS}id') or 'order'}"
        self._add(ParsedNode(kind="section", unit_id=unit, section_unit=unit, marginal_note="Order",
                             lead=text, text=text, lims_id=order.get(f"{LIMS}id", ""), path="Order",
                             in_force_start=_date(order.get(f"{LIMS}inforce-start-date"))))
        return True

    def _regulation_identity(self, ident):
        number = inline_text(ident.find("InstrumentNumber"))
        if not number:
            raise ParseError(f"{self.name}: line {ident.sourceline}: a regulation without an InstrumentNumber")
        return RegulationIdentity(regulation_code(number, self.name), number, enabling_acts(ident))

    # Body: headings are flat siblings of sections, so a stack tracks the path.
    def _walk_body(self, body, prefix=""):
        for el in body:
            tag = _tag(el)
            if tag == "Heading":
                self._heading(el)
            elif tag == "Section":
                self._unit(el, parent=None, parent_unit=prefix, depth=0)

    def _repealed_act(self, el):
        text = inline_text(el)
        self._add(ParsedNode(kind="heading", unit_id="h0", section_unit="", level=1, lead=text, text=text,
                             status="repealed", lims_id=el.get(f"{LIMS}id", "")))

    def _heading(self, el, parent=None, depth=0):
        level = int(el.get("level") or 1)
        label = label_text(el)
        title = inline_text(el.find("TitleText")) if el.find("TitleText") is not None else ""
        self.headings = [(lv, name) for lv, name in self.headings if lv < level]
        if label:
            self.headings.append((level, path_label(label)))
        text = clean(f"{label} {title}")
        status = "repealed" if re.match(r"^\[(Repealed|Abrog)", title) else "in_force"
        self._add(ParsedNode(kind="heading", unit_id=f"h{len(self.nodes)}", section_unit="",
                             label=label, level=level, lead=title, text=text, status=status,
                             lims_id=el.get(f"{LIMS}id", ""), heading_path=self._heading_path(),
                             path=self._heading_path(), parent=parent, depth=depth))

    def _heading_path(self):
        return " > ".join(name for _, name in self.headings)

    def _add(self, node):
        self.nodes.append(node)
        self.unit_index.setdefault(node.unit_id, len(self.nodes) - 1)
        return len(self.nodes) - 1

    def _unique_unit(self, unit_id, repealed):
        """Keep unit ids unique within a version.

        The same term can be defined twice in one subsection: a repealed
        definition followed by its replacement (I-21 s35(1) "legislative
        assembly"). The live one keeps the plain id; a repealed one gets
        "-repealed"; any other repeat gets "-2", "-3"...
        """
        if unit_id not in self.unit_index:
            return unit_id
        earlier = self.nodes[self.unit_index[unit_id]]
        if not repealed and earlier.status == "repealed" and earlier.kind == "definition":
            # The earlier holder was repealed: it gives up the plain id.
            earlier.unit_id = self._free(unit_id, "-repealed")
            self.unit_index[earlier.unit_id] = self.unit_index.pop(unit_id)
            return unit_id
        return self._free(unit_id, "-repealed" if repealed else "-2")

    def _free(self, unit_id, suffix):
        candidate, n = unique_suffix(unit_id, suffix), 2
        while candidate in self.unit_index:
            n += 1
            candidate = unique_suffix(unit_id, f"{suffix}-{n}" if suffix == "-repealed" else f"-{n}")
        return candidate

    def _unit(self, el, parent, parent_unit, depth, path_prefix=""):
        kind = UNIT_TAGS[_tag(el)]
        label = label_text(el)
        node = ParsedNode(kind=kind, unit_id="", section_unit="", label=label, depth=depth,
                          marginal_note=inline_text(el.find("MarginalNote")) if el.find("MarginalNote") is not None else "",
                          lims_id=el.get(f"{LIMS}id", ""), parent=parent,
                          in_force_start=_date(el.get(f"{LIMS}inforce-start-date")),
                          heading_path=self._heading_path())
        own_text = el.find("Text")
        repealed = own_text is not None and own_text.find("Repealed") is not None and (
            kind == "definition" or inline_text(own_text).startswith(("[Repealed", "[Abrog")))
        if kind == "definition":
            node.defined_term, node.defined_term_other = self._terms(el)
            unit_id = f"{parent_unit}/{slug(node.defined_term or label or str(len(self.nodes)))}"
        elif kind == "section":
            # An unlabelled section (L-2's preamble in Part I) is named by its lims:id.
            own = section_token(label) or f"-{node.lims_id or len(self.nodes)}"
            unit_id = f"{parent_unit + '/' if parent_unit else ''}s{own}"
        else:
            unit_id = f"{parent_unit}{sub_token(label)}"
        node.unit_id = self._unique_unit(unit_id, repealed)
        if repealed:
            node.status = "repealed"
        node.section_unit = node.unit_id if kind == "section" else (
            self.nodes[parent].section_unit if parent is not None else node.unit_id)
        node.path = self._path(node, parent, path_prefix)
        if el.get("in-force") == "no":
            node.status = "not_in_force"
        note = el.find("HistoricalNote")
        if note is not None:
            node.historical_note = clean("; ".join(inline_text(i) for i in note.iter("HistoricalNoteSubItem")) or inline_text(note))
        index = self._add(node)

        leads, tails, child_texts = [], [], []
        seen_child = False
        for child in el:
            tag = _tag(child)
            if tag in SKIP_TAGS or not isinstance(child.tag, str):
                continue
            if tag in UNIT_TAGS:
                seen_child = True
                child_index = self._unit(child, index, node.unit_id, depth + 1)
                child_node = self.nodes[child_index]
                child_texts.append(join_words(child_node.label if child_node.kind != "definition" else "", child_node.text))
                continue
            text = inline_text(child)
            if not text:
                continue
            (tails if seen_child or tag in CONTINUED_TAGS else leads).append(text)
        node.lead = join_words(*leads)
        node.tail = join_words(*tails)
        node.text = join_words(node.lead, *child_texts, node.tail)
        return index

    def _terms(self, el):
        text = el.find("Text")
        if text is None:
            return "", ""
        en = clean("".join(text.find("DefinedTermEn").itertext())) if text.find("DefinedTermEn") is not None else ""
        fr = clean("".join(text.find("DefinedTermFr").itertext())) if text.find("DefinedTermFr") is not None else ""
        return (fr, en) if self.lang == "fra" else (en, fr)

    def _path(self, node, parent, prefix):
        name = self.path_names.get(node.kind)
        if node.kind == "definition":
            step = f'definition "{node.defined_term}"'
        else:
            step = f"{name} {node.label}" if name else node.label
        above = self.nodes[parent].path if parent is not None else (prefix or self._heading_path())
        return f"{above} > {step}" if above else step

    # Schedules: numbered schedules become provisions; NifProvs/RelatedProvs are kept apart.
    def _schedule(self, el):
        schedule_id = el.get("id", "")
        if schedule_id in PENDING_SCHEDULES:
            self._pending(el, schedule_id)
            return
        form = el.find("ScheduleFormHeading")
        label = label_text(form) if form is not None else ""
        title = inline_text(form.find("TitleText")) if form is not None and form.find("TitleText") is not None else ""
        unit = f"sch{schedule_token(label)}"
        while any(n.unit_id == unit for n in self.nodes):
            unit += "'"
        self.headings = []
        path = path_label(label) or "Schedule"
        index = self._add(ParsedNode(kind="schedule", unit_id=unit, section_unit=unit, label=label,
                                     marginal_note=title, lims_id=el.get(f"{LIMS}id", ""),
                                     path=path, heading_path=path))
        node = self.nodes[index]
        texts, item = [title] if title else [], None
        for child in el.iter():
            tag = _tag(child)
            if not isinstance(child.tag, str) or child is el:
                continue
            if tag == "Section" and child.getparent() is not None and self._direct_in_schedule(child, el):
                child_index = self._unit(child, index, unit, 1, path_prefix=path)
                texts.append(clean(f"{self.nodes[child_index].label} {self.nodes[child_index].text}"))
                continue
            if tag in {"GroupHeading", "Provision"} and self._in_section(child, el):
                continue
            if tag == "GroupHeading" or (tag == "Provision" and _tag(child.getparent()) != "Provision"):
                if tag == "GroupHeading":
                    # Some group headings are only a Label ("ARTICLE I" in C-10.7's schedule).
                    own = inline_text(child.find("TitleText")) or label_text(child)
                else:
                    own = inline_text(child)
                match = SCHEDULE_ITEM_LABEL.match(own)
                if match and tag == "GroupHeading":
                    # "4.3 Principle 3 — Consent": a clause's title, its marginal note; its text
                    # is the provisions that follow.
                    item = self._schedule_item(match.group(1), "", child, index, unit, path,
                                               title=clean(own[match.end():]))
                elif match:
                    item = self._schedule_item(match.group(1), clean(own[match.end():]), child, index, unit, path)
                elif item is not None and tag == "Provision":
                    self._extend_item(item, own)
                if own:
                    texts.append(own)
        if el.find("Repealed") is not None and not texts[1:]:
            node.status = "repealed"
            texts.append(inline_text(el.find("Repealed")))
        node.lead = title
        node.text = clean(" ".join(texts))

    def _schedule_item(self, label, text, el, schedule_index, unit, path, title=""):
        """A numbered clause of a schedule (PIPEDA's "clause 4.7 of Schedule 1"), under its
        `title` when a heading gives it one."""
        parent = schedule_index
        for i in range(len(self.nodes) - 1, schedule_index, -1):
            other = self.nodes[i]
            if other.kind == "schedule_item" and label.startswith(other.label + "."):
                parent = i
                break
        # A schedule can number the same clause twice (a list of accounts, then each account
        # described: C.R.C., c. 1058, Schedule IV): the repeat gets "-2", as units do.
        unit_id = self._unique_unit(f"{unit}/{label}", repealed=False)
        item = self._add(ParsedNode(kind="schedule_item", unit_id=unit_id, section_unit=unit_id,
                                    label=label, marginal_note=title, lead=text, text=text,
                                    lims_id=el.get(f"{LIMS}id", ""),
                                    parent=parent, depth=self.nodes[parent].depth + 1,
                                    path=f"{path} > clause {label}", heading_path=path))
        if text:
            self._extend_ancestors(item, f"{label} {text}")
        return item

    def _extend_item(self, item, text):
        node = self.nodes[item]
        node.text = clean(f"{node.text} {text}")
        node.lead = node.text
        self._extend_ancestors(item, text)

    def _extend_ancestors(self, index, text):
        parent = self.nodes[index].parent
        while parent is not None and self.nodes[parent].kind == "schedule_item":
            self.nodes[parent].text = clean(f"{self.nodes[parent].text} {text}")
            parent = self.nodes[parent].parent

    @staticmethod
    def _direct_in_schedule(section, schedule):
        parent = section.getparent()
        while parent is not None and parent is not schedule:
            if _tag(parent) in {"Section", "AmendedText"}:
                return False
            parent = parent.getparent()
        return True

    @staticmethod
    def _in_section(el, schedule):
        parent = el.getparent()
        while parent is not None and parent is not schedule:
            if _tag(parent) == "Section":
                return True
            parent = parent.getparent()
        return False

    def _pending(self, el, schedule_id):
        for group in el.iter("RelatedOrNotInForce"):
            heading = group.find("Heading")
            heading_text = inline_text(heading) if heading is not None else ""
            for section in group.findall("Section"):
                self.pending.append(ParsedPending(
                    schedule=schedule_id, heading=heading_text, kind=section.get("type", ""),
                    label=label_text(section),
                    marginal_note=inline_text(section.find("MarginalNote")) if section.find("MarginalNote") is not None else "",
                    text=clean(" ".join(inline_text(c) for c in section if _tag(c) not in {"Label", "MarginalNote", "HistoricalNote"})),
                ))
