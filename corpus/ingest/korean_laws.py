"""Parse one Korean statute revision (법률 Markdown with YAML front matter) into a ParsedVersion.

Pure: bytes in, a ParsedVersion out; no database. See ../shared/corpus/kr/SOURCE.md for the
format. The version's point in time is its 시행일자 (in force from); its 공포일자 (promulgated)
breaks ties between revisions in force from the same day.

Units and their ids (verifier/pinpoints.py reads them back):
    조 제103조 / 제14조의2 (kind section; its 제목 is the marginal note)
    항 제15조제1항          (subsection; "**①** text")
    호 제15조제1항제2호, 제2조제1의2호 (paragraph; "  2\\. text", under a 항 or the article)
    목 제2조제1호나목       (subparagraph; "    나\\. text")
편/장/절/관 headings give the path. Amendment notes (<개정 2023.3.14>, <신설 …>, the date
after 삭제) and bracketed or TAB-indented notes ([본조신설 …], [시행일] …, 헌법재판소 결정)
are kept as each unit's historical note, never in its quotable text. Everything after
`## 부칙` is returned apart, one ParsedPending per 부칙, never as articles.
"""

import datetime as dt
import re

import yaml

from corpus.ingest.justice_laws import ParsedNode, ParsedPending, ParsedVersion, ParseError

LANG = "kor"
JURISDICTION = "kr"

_ARTICLE = re.compile(r"^##### 제(?P<number>\d+)조(?:의(?P<branch>\d+))?(?: \((?P<title>.*)\))?\s*$")
_DIVISION = re.compile(r"^(?P<marks>#{1,4}) (?P<label>제\d+(?P<kind>[편장절관])(?:의\d+)?)(?:\s+(?P<name>.*?))?\s*$")
_DIVISION_LEVEL = {"편": 1, "장": 2, "절": 3, "관": 4, "항": 5}
_DIVISION_MARKS = {"편": "#", "장": "##", "절": "###", "관": "####"}
# Below 관, 민법 divides 제3관 파양 into "**제1항 협의상 파양**" lines between articles.
_BOLD_DIVISION = re.compile(r"^\*\*(?P<label>제\d+(?P<kind>항)) (?P<name>[^*]+)\*\*\s*$")
_CIRCLED = {chr(0x2460 + i): i + 1 for i in range(20)}  # ① .. ⑳
_PARAGRAPH = re.compile(r"^\*\*(?P<mark>[①-⑳])\*\*\s?(?P<text>.*)$")
_ITEM = re.compile(r"^  (?P<label>\d+(?:의\d+)?)\\?\.\s?(?P<text>.*)$")
_SUBITEM = re.compile(r"^    (?P<label>[가-힣])\\?\.\s?(?P<text>.*)$")
# <개정 2007.12.21>, <신설 2015.7.24>, <개정 2013.3.23, 2014.11.19>, <2015.2.3> (after 삭제),
# with "ㆍ" between the parts in older revisions.
_DATE = r"\d{4}\s?[.ㆍ]\s?\d{1,2}\s?[.ㆍ]\s?\d{1,2}\.?"
_NOTE = re.compile(rf"\s*<(?:[가-힣]+\s?)?{_DATE}(?:\s?,\s?{_DATE})*>")
_BRACKET_NOTE = re.compile(r"\s*\[[^\[\]]*(?:<[^>]*>[^\[\]]*)*\]\s*$")
_DELETED = re.compile(r"^삭제\s*$")
_ADDENDUM = re.compile(r"^부칙\s*(?:\((?P<of>[^)]*)\))?\s*<(?P<ref>[^>]*)>")
ADDENDA_HEADING = "## 부칙"


def parse(data: bytes, name: str = "<bytes>") -> ParsedVersion:
    """Parse a revision's bytes. Raises ParseError naming `name` and the line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ParseError(f"{name}: line {line}: not UTF-8 text") from None
    lines = text.split("\n")
    meta, body_start = _front_matter(lines, name)
    return _Builder(name, meta, lines, body_start).build()


def clean(text):
    """Whitespace runs to one space, trimmed (str.split is several times faster than a regex here)."""
    return " ".join(text.split())


def official_title_code(title):
    """A law's code is its 제목 without spaces: "개인정보 보호법" -> "개인정보보호법"."""
    return re.sub(r"\s+", "", title)


def split_notes(text):
    """(quotable text, notes): amendment notes are taken out of the text and returned apart."""
    if "<" not in text:
        return clean(text), []
    notes = [clean(m.group()) for m in _NOTE.finditer(text)]
    return clean(_NOTE.sub("", text)), notes


def _front_matter(lines, name):
    if not lines or lines[0].strip() != "---":
        raise ParseError(f"{name}: line 1: expected YAML front matter starting with ---")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise ParseError(f"{name}: line 1: the front matter is never closed with ---") from None
    try:
        meta = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        raise ParseError(f"{name}: line {line}: malformed front matter: {exc}") from None
    except ValueError as exc:  # a date-like value that is no date: 시행일자: 2026-13-17
        raise ParseError(f"{name}: line {_bad_date_line(lines, end)}: {exc}") from None
    if not isinstance(meta, dict):
        raise ParseError(f"{name}: line 2: the front matter is not a mapping")
    for key in ("제목", "공포일자", "시행일자"):
        if not meta.get(key):
            raise ParseError(f"{name}: line 2: the front matter has no {key}")
    for key in ("공포일자", "시행일자"):
        value = meta[key]
        if isinstance(value, str):
            try:
                meta[key] = dt.date.fromisoformat(value.strip())
            except ValueError:
                raise ParseError(f"{name}: line {_line_of(lines, key, end)}: {key} {value!r} is not a date") from None
        elif not isinstance(value, dt.date):
            raise ParseError(f"{name}: line {_line_of(lines, key, end)}: {key} {value!r} is not a date")
    return meta, end + 1


def _bad_date_line(lines, end):
    """The front-matter line whose value YAML reads as a date that does not exist."""
    for i in range(1, end):
        try:
            yaml.safe_load(lines[i])
        except (ValueError, yaml.YAMLError):
            return i + 1
    return 2


def _line_of(lines, key, end):
    return next((i + 1 for i in range(1, end) if lines[i].startswith(f"{key}:")), 2)


class _Builder:
    def __init__(self, name, meta, lines, body_start):
        self.name, self.meta, self.lines, self.body_start = name, meta, lines, body_start
        self.title = clean(str(meta["제목"]))
        self.nodes: list[ParsedNode] = []
        self.pending: list[ParsedPending] = []
        self.headings: list[tuple[int, str]] = []
        self.article = self.paragraph = self.item = None  # indexes into self.nodes
        self.note_open = False  # after a TAB note ([시행일] …), items belong to the note
        self.seen: set[str] = set()
        self.kids: dict[int, list[int]] = {}
        self.line_of: dict[int, int] = {}
        self.continued = 0  # plain lines that continued a unit (reported by tests, not an error)

    def fail(self, lineno, message):
        raise ParseError(f"{self.name}: line {lineno}: {message}")

    def build(self):
        addenda_at = None
        saw_title = False
        for index in range(self.body_start, len(self.lines)):
            lineno, raw = index + 1, self.lines[index]
            line = raw.rstrip()
            if not line.strip():
                continue
            if line == ADDENDA_HEADING:
                addenda_at = index + 1
                break
            if not saw_title:
                if line != f"# {self.title}":
                    self.fail(lineno, f"expected the title line '# {self.title}', found {line[:60]!r}")
                saw_title = True
                continue
            self._line(lineno, line)
        if not saw_title:
            self.fail(len(self.lines), "the file has no title line and no articles")
        if self.article is None:
            self.fail(len(self.lines), "the file has no article (no '##### 제N조' heading)")
        self._finish_article()
        if addenda_at is not None:
            self._addenda(addenda_at)
        meta = self.meta
        return ParsedVersion(
            code=official_title_code(self.title), lang=LANG, pit_date=meta["시행일자"],
            current_date=None, last_amended_date=meta["공포일자"], short_title=self.title,
            long_title=self.title, nodes=self.nodes, pending=self.pending,
            jurisdiction=JURISDICTION, promulgated_date=meta["공포일자"],
            revision=str(meta.get("법령MST") or ""),
        )

    # --- the articles part -----------------------------------------------------------------
    def _line(self, lineno, line):
        if line.startswith("#"):
            if line.startswith("##### "):
                return self._article(lineno, line)
            return self._division(lineno, line)
        if line.startswith("\t") or (line.startswith(" ") and line.lstrip().startswith("[")):
            # [시행일] lines and 헌법재판소 decisions, indented with TABs (once with a space)
            return self._tab_note(lineno, line)
        if m := _BOLD_DIVISION.match(line):
            return self._division(lineno, line, m)
        if self.article is None:
            self.fail(lineno, f"text outside any article: {line[:60]!r}")
        if m := _PARAGRAPH.match(line):
            return self._paragraph(lineno, m)
        if m := _SUBITEM.match(line):
            return self._subitem(lineno, m)
        if m := _ITEM.match(line):
            return self._item(lineno, m)
        if line.startswith(" "):
            self.fail(lineno, f"an indented line that is neither an item (  1\\.) nor a sub-item (    가\\.): "
                              f"{line.strip()[:60]!r}")
        self._plain(lineno, line)

    def _division(self, lineno, line, m=None):
        m = m or _DIVISION.match(line)
        if not m or m.groupdict().get("marks", "") != _DIVISION_MARKS.get(m["kind"], ""):
            self.fail(lineno, f"unknown heading {line[:60]!r} (expected 편 #, 장 ##, 절 ###, 관 #### or '##### 제N조')")
        self._finish_article()
        name, notes = m["name"] or "", []
        bracket = _BRACKET_NOTE.search(name)
        if bracket:  # "[제4장을 제3장으로 변경<개정 1990ㆍ1ㆍ13>]"
            notes.append(clean(bracket.group()))
            name = name[:bracket.start()]
        name, amendment = split_notes(name)
        notes = amendment + notes
        level = _DIVISION_LEVEL[m["kind"]]
        text = clean(f"{m['label']} {name}")
        self.headings = [(lv, t) for lv, t in self.headings if lv < level] + [(level, text)]
        path = " > ".join(t for _, t in self.headings)
        self.nodes.append(ParsedNode(kind="heading", unit_id=f"h{len(self.nodes)}", section_unit="",
                                     label=m["label"], level=level, lead=name, text=text,
                                     historical_note=" ".join(notes), heading_path=path, path=path))

    def _article(self, lineno, line):
        m = _ARTICLE.match(line)
        if not m:
            self.fail(lineno, f"malformed article heading {line[:60]!r} (expected '##### 제N조 (제목)')")
        self._finish_article()
        label = m["number"] + (f"의{m['branch']}" if m["branch"] else "")
        unit = f"제{m['number']}조" + (f"의{m['branch']}" if m["branch"] else "")
        if unit in self.seen:
            self.fail(lineno, f"{unit} appears twice (a copy that lost its 의N suffixes?)")
        self.seen.add(unit)
        heading_path = " > ".join(t for _, t in self.headings)
        title, notes = split_notes(m["title"] or "")
        self.article = self._add(ParsedNode(
            kind="section", unit_id=unit, section_unit=unit, label=label, marginal_note=title,
            heading_path=heading_path, path=f"{heading_path + ' > ' if heading_path else ''}{unit}",
            historical_note=" ".join(notes)), lineno)
        self.paragraph = self.item = None
        self.note_open = False

    def _paragraph(self, lineno, m):
        number = _CIRCLED[m["mark"]]
        article = self.nodes[self.article]
        unit = f"{article.unit_id}제{number}항"
        self.paragraph = self._unit("subsection", unit, str(number), self.article, m["text"], lineno,
                                    f"{article.path} > 제{number}항")
        self.item = None
        self.note_open = False

    def _item(self, lineno, m):
        if self.note_open:
            return self._append_note(m.group().strip())
        parent = self.paragraph if self.paragraph is not None else self.article
        unit = f"{self.nodes[parent].unit_id}제{m['label']}호"
        self.item = self._unit("paragraph", unit, m["label"], parent, m["text"], lineno,
                               f"{self.nodes[parent].path} > 제{m['label']}호")
        if self.nodes[self.article].marginal_note == "정의":
            self.nodes[self.item].defined_term = _defined_term(self.nodes[self.item].lead)

    def _subitem(self, lineno, m):
        if self.note_open:
            return self._append_note(m.group().strip())
        if self.item is None:
            self.fail(lineno, f"a sub-item ({m['label']}.) outside any item")
        unit = f"{self.nodes[self.item].unit_id}{m['label']}목"
        self._unit("subparagraph", unit, m["label"], self.item, m["text"], lineno,
                   f"{self.nodes[self.item].path} > {m['label']}목")

    def _plain(self, lineno, line):
        article = self.nodes[self.article]
        if _BRACKET_NOTE.fullmatch(line):  # [본조신설 2008.3.21], [전문개정 …]
            return self._note(self.article, clean(line))
        if self.paragraph is None and self.item is None and not article.lead and not article.status == "repealed":
            text = line
            if article.marginal_note and text.startswith(f"[{article.marginal_note}]"):
                # 민법 제50조 repeats its title in brackets, glued to the text.
                text = text[len(article.marginal_note) + 2:]
            body, notes = split_notes(text)
            if _DELETED.match(body):
                article.status = "repealed"
                body = "삭제"
            article.lead = body
            self._note(self.article, *notes)
            return
        # A plain line after the units started continues the innermost one.
        target = self.item if self.item is not None else self.paragraph if self.paragraph is not None else self.article
        body, notes = split_notes(line)
        self.continued += 1
        node = self.nodes[target]
        node.lead = clean(f"{node.lead} {body}")
        self._note(target, *notes)

    def _tab_note(self, lineno, line):
        note = clean(line)
        if not note:
            return
        if self.article is None:
            self.fail(lineno, f"a note outside any article: {note[:60]!r}")
        target = self.paragraph if self.paragraph is not None else self.article
        self._note(target, note)
        self.note_open = True
        self.note_target = target

    def _append_note(self, text):
        self._note(self.note_target, clean(text.replace("\\.", ".", 1)))

    def _unit(self, kind, unit, label, parent, raw_text, lineno, path):
        if unit in self.seen:
            self.fail(lineno, f"{unit} appears twice in the article")
        self.seen.add(unit)
        body, notes = split_notes(raw_text)
        status = "in_force"
        if _DELETED.match(body):
            status, body = "repealed", "삭제"
        article = self.nodes[self.article]
        return self._add(ParsedNode(
            kind=kind, unit_id=unit, section_unit=article.unit_id, label=label, lead=body,
            status=status, historical_note=" ".join(notes), heading_path=article.heading_path,
            path=path, parent=parent, depth=self.nodes[parent].depth + 1), lineno)

    def _note(self, index, *notes):
        node = self.nodes[index]
        node.historical_note = " ".join(n for n in (node.historical_note, *notes) if n)

    def _add(self, node, lineno):
        self.nodes.append(node)
        index = len(self.nodes) - 1
        self.line_of[index] = lineno
        if node.parent is not None:
            self.kids.setdefault(node.parent, []).append(index)
        return index

    def _children(self, index):
        return self.kids.get(index, [])

    def _finish_article(self):
        """Fill in the full text of the article just read, children included with their labels."""
        if self.article is None:
            return
        article = self.nodes[self.article]
        for index in reversed(range(self.article, len(self.nodes))):
            node = self.nodes[index]
            parts = [node.lead] + [_labelled(self.nodes[c]) for c in self._children(index)]
            node.text = clean(" ".join(p for p in parts if p))
        if not article.text:
            self.fail(self.line_of[self.article], f"{article.unit_id} has no text")
        self.article = self.paragraph = self.item = None

    # --- 부칙 -------------------------------------------------------------------------------
    def _addenda(self, start):
        block, heading, label = [], None, ""
        for index in range(start, len(self.lines)):
            line = self.lines[index].rstrip()
            m = _ADDENDUM.match(line)
            if m:
                self._add_addendum(heading, label, block)
                heading, label, block = clean(line), clean(m["ref"]), []
            elif heading is None:
                if line.strip():
                    self.fail(index + 1, f"text after '## 부칙' before the first '부칙 <…>' line: {line[:60]!r}")
            elif line.startswith("#"):
                self.fail(index + 1, f"a heading inside the 부칙: {line[:60]!r}")
            else:
                block.append(line)
        self._add_addendum(heading, label, block)

    def _add_addendum(self, heading, label, block):
        if heading is None:
            return
        text = re.sub(r"\n{3,}", "\n\n", "\n".join(block).strip("\n"))
        self.pending.append(ParsedPending(schedule="부칙", heading=heading, kind="addendum",
                                          label=label, marginal_note="", text=text))


def _labelled(node):
    """A child's text as it reads inside its parent: "① …", "2. …", "나. …"."""
    if node.kind == "subsection":
        mark = chr(0x2460 + int(node.label) - 1)
        return f"{mark} {node.text}"
    return f"{node.label}. {node.text}"


_TERM = re.compile(r'^["“]([^"”]+)["”]')


def _defined_term(text):
    """The term an item of a 정의 article defines: '"근로자"란 …' -> 근로자."""
    m = _TERM.match(text)
    return m.group(1) if m else ""
