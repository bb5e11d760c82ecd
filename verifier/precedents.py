"""Korean precedent claims: case numbers, the precedent index, and the case-number and topic
check of the auditor's protocol (B). Pure, apart from reading an index file.

A case number is a year, a case-type mark and a serial: 2023다302036, 96누1234, 2020헌마123.
Written with a court, hyphens or spaces ("대법원-2023-다-302036", "2023 다 302036") it
normalises to 2023다302036.

The precedent index is a UTF-8 TSV file with a header row and these columns (docs/api.md):

    case_number   court    decision_date   title                               result_id
    2023다302036  대법원   2024-01-25      이 사건 확약서 ... 무효에 해당함      245007

`title` is the case's summary as the precedent search shows it (판시사항 or 사건명);
`result_id` (optional) is the search result's id at law.go.kr, cited as a plain note, never as
a link. A loaded index stands for the search the protocol makes: a case number it does not
hold is not confirmed.
"""

import csv
import datetime
import io
import re
from dataclasses import dataclass
from pathlib import Path

from .korean_words import squeeze, stem, table

COLUMNS = ("case_number", "court", "decision_date", "title")
OPTIONAL_COLUMNS = ("result_id",)
# Year (two digits before 2000), a case-type mark of one to three syllables, a serial. A
# period never separates them, so a date ("2023. 5. 18. 선고") is not read as one.
_CASE = re.compile(r"(?<!\d)(?P<year>(?:19|20)\d{2}|\d{2})\s*[-‐–]?\s*(?P<mark>[가-힣]{1,3})\s*[-‐–]?\s*"
                   r"(?P<serial>\d{1,7})(?!\d)")
# A claim is about a precedent when a case number stands with a court or with 판결/결정/선고.
_PRECEDENT_WORDS = re.compile(r"판결|결정|선고|판례|사건")


class PrecedentIndexError(ValueError):
    """An index file that cannot be read; the message names the file and line."""


@dataclass(frozen=True)
class Precedent:
    case_number: str
    court: str
    decision_date: datetime.date
    title: str
    result_id: str = ""

    def evidence_note(self) -> str:
        """The protocol's plain-language evidence note (never a URL)."""
        if self.result_id:
            return f"law.go.kr 판례 검색 결과 ID {self.result_id} (전문 제공 여부가 일정하지 않을 수 있습니다.)"
        return f"판례 색인: {self.court} {self.decision_date.isoformat()} 선고 {self.case_number}"


def normalize_case_number(text: str) -> str | None:
    """"대법원-2023-다-302036" -> "2023다302036"; None when `text` holds no case number."""
    match = _find_case(text)
    return _normal(match) if match else None


def find_case_number(text: str) -> tuple[str, int, int] | None:
    """(normalised case number, start, end) of the first case number of a precedent claim:
    one that stands with a court's name or with 판결, 결정, 선고. None otherwise, so "2023년 5월"
    or "3개월" is never a case."""
    courts = table()["courts"]
    for match in _CASE.finditer(text):
        if not _is_mark(match["mark"]):
            continue
        near = text[max(0, match.start() - 40):match.end() + 20]
        if any(c in near for c in courts) or _PRECEDENT_WORDS.search(near):
            return _normal(match), match.start(), match.end()
    return None


def load_index(path: str | Path) -> dict[str, Precedent]:
    """{normalised case number: Precedent} from a TSV index (see the module docstring). Raises
    PrecedentIndexError for a missing column, a bad case number or date, or a duplicate."""
    path = Path(path)
    try:
        content = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PrecedentIndexError(f"{path}: cannot read the precedent index: {exc}") from None
    return parse_index(content, str(path))


def parse_index(content: str, name: str = "<index>") -> dict[str, Precedent]:
    reader = csv.DictReader(io.StringIO(content), delimiter="\t")
    missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise PrecedentIndexError(f"{name}: line 1: missing column(s) {', '.join(missing)}; "
                                  f"expected {', '.join(COLUMNS + OPTIONAL_COLUMNS)}")
    index = {}
    for row in reader:
        line = reader.line_num
        number = normalize_case_number(row["case_number"] or "")
        if number is None:
            raise PrecedentIndexError(f"{name}: line {line}: {row['case_number']!r} is not a case number")
        try:
            decided = datetime.date.fromisoformat((row["decision_date"] or "").strip())
        except ValueError:
            raise PrecedentIndexError(f"{name}: line {line}: decision_date {row['decision_date']!r} "
                                      "is not YYYY-MM-DD") from None
        if number in index:
            raise PrecedentIndexError(f"{name}: line {line}: {number} is listed twice")
        title = (row["title"] or "").strip()
        if not title:
            raise PrecedentIndexError(f"{name}: line {line}: {number} has no title")
        index[number] = Precedent(number, (row["court"] or "").strip(), decided, title,
                                  (row.get("result_id") or "").strip())
    return index


def topic_words(claim: str, case_span: tuple[int, int]) -> list[str]:
    """The claim's subject: its stems without the case number, courts and the protocol's
    boilerplate (대법원, 판결, 선례, 판시했다, 인정했다, 존재한다 ...)."""
    text = claim[:case_span[0]] + " " + claim[case_span[1]:]
    ignored = set(table()["precedent_words"]) | set(table()["courts"]) | set(table()["framing"])
    words = []
    for word in re.findall(r"[가-힣A-Za-z0-9]+", text):
        if word in ignored or re.fullmatch(r"[\d.]+", word):
            continue
        s = stem(word)
        if len(s) >= 2 and s not in ignored and s not in words:
            words.append(s)
    return words


def shared_topic(words: list[str], title: str) -> list[str]:
    """The claim's subject words the title shares, each compared by its stem and, for a long
    compound ("손해배상책임"), by its two-syllable parts."""
    held = squeeze(title)
    shared = []
    for word in words:
        parts = [word] + [word[i:i + 2] for i in range(0, len(word) - 1, 2)] if len(word) >= 4 else [word]
        if any(p in held for p in parts):
            shared.append(word)
    return shared


def _find_case(text: str):
    return next((m for m in _CASE.finditer(text) if _is_mark(m["mark"])), None)


def _is_mark(mark: str) -> bool:
    """A case-type mark (다, 도, 헌마, 가합 ...), not a court's name or a counter."""
    return mark not in table()["courts"] and not any(mark.startswith(w) for w in table()["not_case_marks"])


def _normal(match: re.Match) -> str:
    return f"{match['year']}{match['mark']}{match['serial']}"
