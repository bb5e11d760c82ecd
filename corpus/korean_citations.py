"""Korean citations as lawyers write them, and the laws they name. Pure: no ORM.

    제15조 제1항 제2호 · 제15조제1항제2호 · 15조 1항 2호 · 제15조① · 제2조제1호나목 · 제14조의2
    민법 · 개인정보 보호법 · 개인정보보호법 · 「개인정보 보호법」 · 근기법 · 같은 법 · 동법

A citation becomes a unit id `<law code>:<조><항><호><목>` with the spaces removed
(`개인정보보호법:제15조제1항제2호`, `개인정보보호법:제2조제1호나목`). Law names come from the titles
held, matched with or without their spaces; conventional short names no title yields come from
corpus/act_names.py (KOREAN_SHORT_NAMES). A name followed by 시행령 or 시행규칙 names another
instrument. Search reads citations with it (corpus/korean_search.py), and so does the Korean
auditor (verifier/korean_claims.py).
"""

import re
from dataclasses import dataclass
from functools import cache

from .act_names import KOREAN_SHORT_NAMES

_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
# Words after a law's name that make it another instrument (the Act's decree or rules), which
# the corpus does not hold: "개인정보 보호법 시행령 제15조" is not article 15 of the Act.
SUBORDINATE_INSTRUMENTS = ("시행령", "시행규칙")
# After a 목 letter, "목" must end the word or take a particle: "나목은", but not "가 목적".
_MOK_END = r"(?=[^가-힣]|$|(?:은|는|이|가|을|를|에|의|과|와|도|만|에서|에는|부터|까지)(?![가-힣]))"
_CITATION = re.compile(
    r"(?<![\d가-힣])(?:제\s*)?(?P<jo>\d+)\s*조(?!\s*원)(?:\s*의\s*(?P<jo_branch>\d+))?"
    rf"(?:\s*(?:제\s*)?(?P<hang>\d+)\s*항|\s*(?P<circled>[{_CIRCLED}]))?"
    r"(?:\s*(?:제\s*)?(?P<ho>\d+)\s*호(?:\s*의\s*(?P<ho_branch>\d+))?)?"
    rf"(?:\s*(?P<mok>[가-하])\s*목{_MOK_END})?"
)
# "같은 법 제17조", "동법 제3조": the law named last.
_SAME_LAW = re.compile(r"(?:같은\s*법|동법|이\s*법)\s*$")
# A law's name as a reader guesses it when the corpus does not hold it: one word ending in
# 법 or 법률 right before the citation ("주택임대차보호법 제3조").
_UNHELD_LAW = re.compile(r"(?:「\s*)?(?P<name>[가-힣][가-힣ㆍ·\s]{0,30}?(?:법률|법))(?:\s*」)?\s*$")
# What may stand between a law's name and its citation: a closing 」, 상 ("근로기준법상"), or the
# word that makes it another instrument (시행령, 시행규칙), which the corpus does not hold.
@cache
def _adjacent() -> re.Pattern:
    instruments = "|".join(map(re.escape, SUBORDINATE_INSTRUMENTS))
    return re.compile(rf"^\s*」?\s*(?:상의?|의)?\s*(?P<instrument>{instruments})?\s*$")


@dataclass(frozen=True)
class LawName:
    """A law held, by every name a memo may use for it: `code` is its corpus code
    (개인정보보호법), `title` its official title (개인정보 보호법)."""

    code: str
    title: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class KoreanCitation:
    """One citation in a text. `law` is the name as written ("" when none), `law_code` the
    law held it resolves to (None when none does), `unit` the unit without the law
    (제15조제1항제2호), `start`/`end` its span (the law's name included)."""

    law: str
    law_code: str | None
    jo: str
    hang: int | None
    ho: str | None
    mok: str | None
    start: int
    end: int
    text: str
    other_instrument: str = ""

    @property
    def unit(self) -> str:
        hang = f"제{self.hang}항" if self.hang else ""
        # A branch item (제1호의2 as written) has the id 제1의2호 (verifier/pinpoints.py).
        ho = f"제{self.ho}호" if self.ho else ""
        mok = f"{self.mok}목" if self.mok else ""
        return f"{self.jo}{hang}{ho}{mok}"

    @property
    def provision_id(self) -> str | None:
        return f"{self.law_code}:{self.unit}" if self.law_code else None

    def as_parse(self) -> dict:
        """The protocol's parse fields: kind, law, jo, hang, ho (and mok)."""
        ho = int(self.ho) if self.ho and self.ho.isdigit() else self.ho
        return {"kind": "statute", "law": self.law or None, "jo": self.jo, "hang": self.hang, "ho": ho,
                "mok": self.mok}


def law_names(titles: dict[str, str]) -> list[LawName]:
    """{code: official title} of the Korean laws held -> their names: the title, the title
    without spaces, and the short names of the data table that point at a title held."""
    shorts = {}
    for short, title in KOREAN_SHORT_NAMES.items():
        shorts.setdefault(title, []).append(short)
    laws = []
    for code, title in titles.items():
        names = dict.fromkeys([title, title.replace(" ", ""), code, *shorts.get(title, [])])
        laws.append(LawName(code, title, tuple(names)))
    return laws


def find_korean_citations(text: str, laws: list[LawName], current: LawName | None = None) -> list[KoreanCitation]:
    """Every 조 citation in `text`, in order, each with its law: the name right before it
    ("민법 제103조", "개인정보보호법 제15조"), "같은 법" (the law named last), an unheld law's name
    ("주택임대차보호법 제3조": law_code None), else the law named earlier in the text, else
    `current` (the law a memo named last)."""
    mentions = _law_mentions(text, laws)
    found = []
    for match in _CITATION.finditer(text):
        before = [m for m in mentions if m[1] <= match.start()]
        start, law, written, other = match.start(), None, "", ""
        adjacent = before and _adjacent().match(text[before[-1][1]:match.start()])
        unheld = _UNHELD_LAW.search(text[:match.start()])
        if adjacent:
            start, law = before[-1][0], before[-1][2]
            written, other = text[before[-1][0]:before[-1][1]], adjacent["instrument"] or ""
        elif _SAME_LAW.search(text[:match.start()]):
            law = before[-1][2] if before else current
        elif unheld:
            start, written = unheld.start("name"), unheld["name"].split()[-1]
        else:
            law = before[-1][2] if before else current
        written = written or (law.title if law else "")
        found.append(KoreanCitation(
            law=written.strip("「」 "), law_code=law.code if law and not other else None,
            jo=f"제{match['jo']}조" + (f"의{match['jo_branch']}" if match["jo_branch"] else ""),
            hang=int(match["hang"]) if match["hang"] else (
                _CIRCLED.index(match["circled"]) + 1 if match["circled"] else None),
            ho=(match["ho"] + (f"의{match['ho_branch']}" if match["ho_branch"] else "")) if match["ho"] else None,
            mok=match["mok"], start=start, end=match.end(), text=text[start:match.end()],
            other_instrument=other))
    return found


def law_mentioned_last(text: str, laws: list[LawName]) -> LawName | None:
    """The law a text names last, for the claims after it that cite without naming one."""
    mentions = _law_mentions(text, laws)
    return mentions[-1][2] if mentions else None


def resolve_law(name: str, laws: list[LawName]) -> LawName | None:
    """The law held that `name` names exactly, spacing and 「」 aside; None when none does."""
    wanted = _key(name)
    return next((law for law in laws if any(_key(n) == wanted for n in law.names)), None)


def _law_mentions(text: str, laws: list[LawName]) -> list[tuple[int, int, LawName]]:
    """(start, end, law) of each law name in `text`; the longest wins where names overlap."""
    hits = []
    for law in laws:
        for name in law.names:
            for match in _name_pattern(name).finditer(text):
                hits.append((match.start(), match.end(), law))
    hits.sort(key=lambda h: (h[0], -(h[1] - h[0])))
    kept = []
    for hit in hits:
        if not kept or hit[0] >= kept[-1][1]:
            kept.append(hit)
    return kept


def _name_pattern(name: str) -> re.Pattern:
    # Spaces anywhere or nowhere: "개인정보 보호법", "개인정보보호법", "개인 정보 보호법". A name
    # must not be the tail of a longer word ("형민법" is not 민법), and a law's name may be the
    # start of another's ("민법" in "민법 시행법"), which the 시행령 check below handles.
    syllables = [re.escape(c) for c in name.replace(" ", "")]
    return re.compile(r"(?<![가-힣])(?:「\s*)?" + r"\s*".join(syllables) + r"(?:\s*」)?")


def _key(name: str) -> str:
    return re.sub(r"[\s「」]", "", name or "")
