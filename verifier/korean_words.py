"""Korean words as the claim checker compares them: stems, numbers with their counters, and the
deontic kind of a clause. Pure; the word lists are data (verifier/data/korean.yaml).

Korean glues particles and endings to words ("법률행위는", "무효라고"), so a claim's word is
compared by its stem, looked for anywhere in the text with the spaces taken out: spacing in
Korean varies between writers ("준수를 위하여" and "준수하기 위하여" share 준수).
"""

import re
from functools import cache
from pathlib import Path

import yaml

DATA = Path(__file__).with_name("data") / "korean.yaml"
# A stem of one syllable ("있", "위") is in almost any text: comparing it proves nothing.
MIN_STEM = 2
_EOJEOL = re.compile(r"[가-힣]+")
_NUMBER = re.compile(r"(\d+(?:\.\d+)?)\s*([가-힣]+)?")
_NOTE = re.compile(r"<(?:개정|신설|전문개정|본조신설|제목개정|종전)[^<>]*>|\[[^\[\]]*(?:개정|신설|이동|시행일)[^\[\]]*\]")
# Middle dots are one mark written several ways (ㆍ in the statutes, · or ・ in memos).
_MIDDLE_DOTS = str.maketrans({"·": "ㆍ", "・": "ㆍ", "‧": "ㆍ", "•": "ㆍ"})


@cache
def table() -> dict:
    """The word lists of verifier/data/korean.yaml."""
    return yaml.safe_load(DATA.read_text(encoding="utf-8"))


def fold(text: str) -> str:
    """Text as compared: middle dots made one character, amendment notes (<개정 2023.3.14>)
    dropped, since they are not the law's words."""
    return _NOTE.sub(" ", text.translate(_MIDDLE_DOTS))


def squeeze(text: str) -> str:
    """Folded text with every space taken out, for looking up stems."""
    return re.sub(r"\s+", "", fold(text))


def stem(word: str) -> str:
    """A word with at most two of its endings taken off: "무효라고" -> "무효",
    "법률행위는" -> "법률행위", "위반한" -> "위반". A word that is all ending but one syllable
    ("하므로", "하여") comes back as that syllable, too short to compare; one syllable before a
    one-syllable ending is a word of its own ("국가", "사이")."""
    for _ in range(2):
        for ending in _endings():
            if not word.endswith(ending):
                continue
            rest = len(word) - len(ending)
            if rest >= MIN_STEM:
                word = word[:-len(ending)]
                break
            if len(ending) >= 2:
                return word[:-len(ending)]
        else:
            break
    return word


def content_stems(text: str) -> list[str]:
    """The stems a claim's own words must find in the text, in order, framing words and stems
    too short to compare left out."""
    framing = set(table()["framing"])
    stems = []
    for word in _EOJEOL.findall(fold(text)):
        if word in framing:
            continue
        s = stem(word)
        if len(s) >= MIN_STEM and s not in framing and s not in stems:
            stems.append(s)
    return stems


def missing_stems(claim_words: str, text: str) -> list[str]:
    """The claim's stems that are nowhere in `text`."""
    held = squeeze(text)
    return [s for s in content_stems(claim_words) if s not in held]


def counted(text: str) -> set[tuple[str, str]]:
    """(number, counter) of each number the text writes with a counter: {("19", "세")}. A number
    with no counter after it is ("19", "")."""
    return {(number, counter) for number, counter, _ in _figures(text)}


def number_conflict(claim_words: str, text: str) -> tuple[str, str] | None:
    """(claim's figure, text's figure) when the claim writes a number with a counter that the
    text writes only with another number ("20세" where the text has "19세"); None otherwise. Of
    several, the text's figure followed by the claim's next word ("25일을 한도로") is named."""
    stated = _figures(text)
    held = {(n, c) for n, c, _ in stated}
    for number, counter, after in _figures(claim_words):
        if not counter or (number, counter) in held:
            continue
        others = [(n, a) for n, c, a in stated if c == counter and n != number]
        if others:
            best = next((n for n, a in others if a and a == after), others[0][0])
            return f"{number}{counter}", f"{best}{counter}"
    return None


def _figures(text: str) -> list[tuple[str, str, str]]:
    """(number, counter, the stem of the next word: "한도" of "25일을 한도로") of each number of
    `text`, in order."""
    counters = sorted(table()["counters"], key=len, reverse=True)
    found = []
    folded = fold(text)
    for match in _NUMBER.finditer(folded):
        word = match.group(2) or ""
        counter = next((c for c in counters if word.startswith(c)), "")
        following = next(iter(_EOJEOL.findall(folded[match.end():match.end() + 20])), "")
        found.append((match.group(1), counter, stem(following)))
    return found


def numbers_missing(claim_words: str, text: str) -> list[str]:
    """The claim's numbers that the text does not write at all."""
    stated = {n for n, _ in counted(text)}
    return sorted({n for n, _ in counted(claim_words)} - stated)


def modalities(text: str) -> set[str]:
    """The deontic kinds `text` states: prohibition, obligation, permission, nullity. "할 수
    없다" is a prohibition, not also a permission."""
    folded = fold(text)
    found = set()
    for kind, forms in table()["modality"].items():
        if any(re.search(form, folded) for form in forms):
            found.add(kind)
    if "prohibition" in found and not re.search(r"수\s*있(?!지)", folded):
        found.discard("permission")
    return found


def opposite(kind: str) -> str | None:
    return table()["opposite_modality"].get(kind)


def roles(text: str) -> dict[str, set[str]]:
    """{noun: roles it is named in}: "subject" ("사용자는", "근로자가") or "dative" ("근로자에게")."""
    found = {}
    markers = sorted(((m, role) for role, ms in table()["roles"].items() for m in ms), key=lambda p: -len(p[0]))
    for word in _EOJEOL.findall(fold(text)):
        for marker, role in markers:
            if word.endswith(marker) and len(word) - len(marker) >= MIN_STEM:
                found.setdefault(word[:-len(marker)], set()).add(role)
                break
    return found


def role_swapped(claim_words: str, text: str) -> tuple[str, str] | None:
    """(noun, its role in the claim) when the claim names a party in a role the text never gives
    it, and the text gives it the other: "근로자는 ... 교부하여야 한다" of "사용자는 ... 근로자에게
    교부하여야 한다"."""
    stated = roles(text)
    for noun, claimed in roles(claim_words).items():
        held = stated.get(noun, set())
        for role in sorted(claimed):
            if held and role not in held:
                return noun, role
    return None


def has_any(text: str, key: str) -> str | None:
    """The first of the table's `key` words (universal, condition, only, narrows) in `text`."""
    folded = fold(text)
    return next((w for w in table()[key] if w in folded), None)


@cache
def _endings() -> tuple[str, ...]:
    return tuple(sorted(table()["endings"], key=len, reverse=True))
