"""Names an instrument goes by, derived from its own data: abbreviations of its titles and the
chapter citation of the statute that enacted it. Pure functions; no database.

Lawyers write "the CBCA", "LPRPDE", "S.C. 2000, c. 5" or "L.R.C. (1985), ch. H-6". None of
these is in the XML as such, but each follows from what is: the short title in each language
and the `Chapter` element (consolidated number, annual statute year and chapter, revised
statute or not). Deriving them means every instrument held gets them, not only the few a
hand-written table would list. A derived name two instruments share is ambiguous and resolves
to neither (verifier/acts.py reports it).

Language is data here: the linking words an abbreviation skips are one table per language.
"""

import re
import unicodedata
from dataclasses import dataclass

# Words an abbreviation of a title skips ("Personal Information Protection and Electronic
# Documents Act" -> PIPEDA; "Loi sur la protection des renseignements personnels et les
# documents électroniques" -> LPRPDE). A second reading keeps the prepositions, because usage
# varies between titles ("Access to Information Act" is ATIA).
LINKING_WORDS = {
    "eng": frozenset("a an and at by for from in into of on respecting the to with".split()),
    "fra": frozenset("à au aux avec concernant d dans de des du en entre et l la le les par pour relatif relative "
                     "relatifs relatives sur un une visant".split()),
}
ARTICLES = {
    "eng": frozenset("and the of".split()),
    "fra": frozenset("et l la le les".split()),
}
MIN_ABBREVIATION = 3  # "CC" or "PA" would name too many things to mean one instrument

_WORD = re.compile(r"[^\W\d_]+")
_YEAR = re.compile(r",?\s*\(?\b(1[89]\d\d|20\d\d)\b\)?\s*$")
_HANGUL = re.compile(r"[가-힣]")


def abbreviations(title: str, lang: str) -> list[str]:
    """Abbreviations lawyers form from a short title, longest reading first; [] when too short.

    A title ending in a year ("Budget Implementation Act, 1998") names one of a series: its
    initials alone would name the series, so it gets them only with the year ("CEAA 2012").
    """
    if not title or _HANGUL.search(title) or lang not in LINKING_WORDS:
        return []
    title = title.replace("’", "'")
    year = _YEAR.search(title)
    base = re.sub(r"\([^)]*\)", " ", title[: year.start()] if year else title)
    words = _WORD.findall(base.replace("'", " "))
    readings = [
        [w for w in words if w.casefold() not in LINKING_WORDS[lang]],
        [w for w in words if w.casefold() not in ARTICLES[lang]],
    ]
    found = []
    for kept in readings:
        initials = "".join(_plain(w[0]) for w in kept).upper()
        if len(initials) >= MIN_ABBREVIATION and initials not in found:
            found.append(initials)
    if year:
        return [f"{a} {year.group(1)}" for a in found]
    return found


def spaceless(title: str) -> list[str]:
    """A Korean title as often written, without its spaces ("개인정보보호법")."""
    if _HANGUL.search(title or "") and " " in title:
        return [title.replace(" ", "")]
    return []


@dataclass(frozen=True)
class Chapter:
    """What an Act's `Identification/Chapter` says. `number` is the annual chapter ("5",
    "35 (4th Supp.)"); `revised` is a chapter of the Revised Statutes; `consolidated_official`
    means the consolidated number ("H-6") is itself the R.S.C. 1985 chapter."""

    code: str
    year: str = ""
    number: str = ""
    revised: bool = False
    consolidated_official: bool = False


def chapter_citations(chapter: Chapter) -> dict[str, str]:
    """{"eng": "S.C. 2000, c. 5", "fra": "L.C. 2000, ch. 5"}; {} when the chapter says nothing."""
    if chapter.number and chapter.year:
        number_fr = chapter.number.replace("th Supp.", "e suppl.").replace("st Supp.", "er suppl.") \
            .replace("nd Supp.", "e suppl.").replace("rd Supp.", "e suppl.")
        if chapter.revised:
            return {"eng": f"R.S.C. {chapter.year}, c. {chapter.number}",
                    "fra": f"L.R.C. ({chapter.year}), ch. {number_fr}"}
        return {"eng": f"S.C. {chapter.year}, c. {chapter.number}",
                "fra": f"L.C. {chapter.year}, ch. {number_fr}"}
    if chapter.consolidated_official:
        return {"eng": f"R.S.C. 1985, c. {chapter.code}", "fra": f"L.R.C. (1985), ch. {chapter.code}"}
    return {}


def citation_variants(citation: str) -> list[str]:
    """A chapter citation as written with and without its periods and commas
    ("S.C. 2000, c. 5", "SC 2000, c 5", "R.S.C., 1985, c. H-6")."""
    if not citation:
        return []
    plain = re.sub(r"(?<=[A-Za-z])\.", "", citation)
    variants = [citation, plain]
    if citation.startswith("R.S.C. "):
        variants.append(citation.replace("R.S.C. ", "R.S.C., ", 1))
    return list(dict.fromkeys(variants))


def legal_citation(title: str, citation: str, pinpoint: str = "") -> str:
    """The citation a lawyer pastes: "Personal Information Protection and Electronic Documents
    Act, SC 2000, c 5, s 7(3)(c)" (the chapter without periods, as the McGill Guide writes it)."""
    parts = [title]
    if citation:
        parts.append(re.sub(r"(?<=[A-Za-z])\.", "", citation))
    if pinpoint:
        parts.append(pinpoint)
    return ", ".join(p for p in parts if p)


_UNIT = re.compile(r"^(?P<kind>sch|s)(?P<label>[^(/]*)(?P<subs>(?:\([^()]+\))*)(?:/(?P<tail>.+))?$")


def pinpoint_citation(unit_id: str, lang: str = "eng") -> str:
    """A unit id as a citation's pinpoint: "s7(3)(c)" -> "s 7(3)(c)" (French "art 7(3)c)", the
    paragraph letter closing with a bracket only); a schedule "sch1/4.7" -> "Sch 1, 4.7";
    a definition "s2(1)/personal-information" -> 's 2(1), "personal information"'.
    Anything else is returned as it is."""
    m = _UNIT.match(unit_id or "")
    if not m:
        return unit_id
    if m["kind"] == "sch":
        head = f"{'ann' if lang == 'fra' else 'Sch'} {m['label']}".strip()
        return f"{head}, {m['tail']}" if m["tail"] else head
    subs = re.findall(r"\(([^()]+)\)", m["subs"])
    if lang == "fra":
        cited = f"art {m['label']}"
        paragraph_written = False  # the first letter is the paragraph: "7(3)c)(i)"
        for sub in subs:
            if not paragraph_written and re.fullmatch(r"[a-z](?:\.\d+)?", sub):
                cited, paragraph_written = cited + f"{sub})", True
            else:
                cited += f"({sub})"
    else:
        cited = f"s {m['label']}" + "".join(f"({s})" for s in subs)
    if m["tail"]:
        cited += f", « {m['tail'].replace('-', ' ')} »" if lang == "fra" else f", “{m['tail'].replace('-', ' ')}”"
    return cited


def _plain(letter: str) -> str:
    """"É" -> "E": abbreviations are written without accents (LPRPDE)."""
    return "".join(c for c in unicodedata.normalize("NFKD", letter) if not unicodedata.combining(c))
