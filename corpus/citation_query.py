"""Citations inside a search query: "PIPEDA s. 10.1", "section 7 of PIPEDA", "art. 7(3)c)".

The first stage of a search reads the query for a pinpoint before any word matching: a lawyer
who types a citation wants that provision, not sections that happen to share its words. Pure
functions; no database. The Act the citation belongs to is read by the caller (the names the
query mentions, or the one Act searched).

Forms read, in English and French: a unit word (s., s, ss., sec., section, subsection, subs.,
para., paragraph, art., article, alinéa, paragraphe, par.) followed by a label and its
bracketed sub-labels ("7(3)(c)", "7(3)c)", "10.1", "47 bis"); and, when the query is nothing
but a label ("10.1", "7(3)(c)"), that label.
"""

import re
from dataclasses import dataclass

_UNIT_WORD = (r"(?:ss?\.?|secs?\.|sections?|subsections?|subs?\.|paras?\.|paragraphs?|subparagraphs?|"
              r"clauses?|arts?\.|articles?|alinéas?|paragraphes?|par\.|sous-alinéas?)")
_LABEL = r"(?P<label>\d+(?:\.\d+)*(?:\s?(?:bis|ter|quater))?)"
# "(3)(c)" in English, "(3)c)" in French (a paragraph letter closes with a bracket only).
_SUBS = r"(?P<subs>(?:\s?\([0-9A-Za-z.]{1,6}\)|(?<=\))[a-z](?:\.\d+)?\)|(?<=\))[ivx]+\))*)"
_CITED = re.compile(rf"(?<![\w.'’]){_UNIT_WORD}\s*{_LABEL}{_SUBS}(?![\w(])", re.IGNORECASE)
_BARE = re.compile(rf"^\s*{_LABEL}{_SUBS}\s*$", re.IGNORECASE)
_SUB_LABEL = re.compile(r"\(?([0-9A-Za-z.]+)\)")


@dataclass(frozen=True)
class Cited:
    """A pinpoint read from a query: `section` "10.1", `subs` ("3", "c"), and where it was."""

    section: str
    subs: tuple[str, ...]
    start: int
    end: int

    @property
    def section_unit(self) -> str:
        return f"s{self.section}"

    @property
    def unit(self) -> str:
        return self.section_unit + "".join(f"({s})" for s in self.subs)


def find(query: str, bare_allowed: bool = False) -> list[Cited]:
    """Pinpoints the query cites, in order. A query that is only a label counts when
    `bare_allowed` (the caller knows which Act it means)."""
    found = [_cited(m) for m in _CITED.finditer(query or "")]
    if not found and bare_allowed:
        m = _BARE.match(query or "")
        if m:
            found = [_cited(m)]
    return found


def without_citations(query: str) -> str:
    """The query with its pinpoints taken out (what is left is searched by words)."""
    text = _CITED.sub(" ", query or "")
    return "" if _BARE.match(text) else text


def _cited(m: re.Match) -> Cited:
    section = re.sub(r"\s+", "", m.group("label")).lower()
    subs = tuple(_SUB_LABEL.findall(m.group("subs") or ""))
    return Cited(section=section, subs=subs, start=m.start(), end=m.end())
