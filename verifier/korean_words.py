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
# A word that is not a figure's counter ("백명" of "5백명", "일간" of "30일간"): numbers are compared
# as figures (_figures), not as words.
_WORD_NOT_COUNTER = re.compile(r"(?<![\d가-힣])[가-힣]+")
# Korean writes large figures with unit syllables: 5백명 = 500명, 1천만원 = 10000000원.
_UNITS = {"백": 100, "천": 1000, "만": 10_000, "억": 100_000_000}
_WITH_UNITS = re.compile(r"(\d+)((?:[백천만억])+)(?=[가-힣]|\s|$)")
_NUMBER = re.compile(r"(\d+(?:\.\d+)?)\s*([가-힣]+)?")
_FRACTION = re.compile(r"(\d+)\s*분의\s*(\d+)")
# A figure in reading order: a fraction whole, else a number and the word after it.
_FIGURE = re.compile(r"(?P<denominator>\d+)\s*분의\s*(?P<numerator>\d+)|(\d+(?:\.\d+)?)\s*([가-힣]+)?")
_NOTE = re.compile(r"<(?:개정|신설|전문개정|본조신설|제목개정|종전)[^<>]*>|\[[^\[\]]*(?:개정|신설|이동|시행일)[^\[\]]*\]")
# Middle dots are one mark written several ways (ㆍ in the statutes, · or ・ in memos).
# Hangul syllables are 0xAC00 + (initial * 21 + medial) * 28 + final; finals ㄴ = 4, ㅂ = 17.
_HANGUL_BASE, _FINAL_N = 0xAC00, 4
_FINALS_B = "".join(chr(c) for c in range(_HANGUL_BASE, 0xD7A4) if (c - _HANGUL_BASE) % 28 == 17)
_CLAUSE_END = r"(?=[\s.,;:!?)]|$)"
_FORMAL_AFTER_VOWEL = re.compile(f"([{_FINALS_B}])니다{_CLAUSE_END}")
# A note's clause ending on a nominalised verb: "…할 수 있음.", "…하여야 함", "…으로 됨".
# Only these: a noun ending in ㅁ (사람, 이름) is not an ending.
_NOMINAL_END = re.compile(r"(있음|없음|않음|함|됨)(?=\s*(?:[.,;]|$))")
_MIDDLE_DOTS = str.maketrans({"·": "ㆍ", "・": "ㆍ", "‧": "ㆍ", "•": "ㆍ"})


@cache
def table() -> dict:
    """The word lists of verifier/data/korean.yaml."""
    return yaml.safe_load(DATA.read_text(encoding="utf-8"))


def fold(text: str) -> str:
    """Text as compared: middle dots made one character, amendment notes (<개정 2023.3.14>)
    dropped, since they are not the law's words."""
    return _NOTE.sub(" ", text.translate(_MIDDLE_DOTS))


def plain_register(text: str) -> str:
    """A memo's sentence endings in the plain register the statutes write in: the formal polite
    endings (합니다, 있습니다, 봅니다, 입니다) and the nominal endings of notes (있음, 함, 됨)
    read as 한다, 있다, 본다, 이다, 있다, 한다, 된다. A claim's own words only: quoted words
    are compared as written."""
    text = re.sub(f"습니다{_CLAUSE_END}", "다", text)
    text = _FORMAL_AFTER_VOWEL.sub(_plain_formal, text)
    return _NOMINAL_END.sub(_plain_nominal, text)


def _with_final(syllable: str, final: int) -> str:
    code = ord(syllable) - _HANGUL_BASE
    return chr(_HANGUL_BASE + code - code % 28 + final)


def _plain_formal(match: re.Match) -> str:
    syllable = match.group(1)
    if syllable == "입":  # 입니다: the copula, 이다
        return "이다"
    return _with_final(syllable, _FINAL_N) + "다"


def _plain_nominal(match: re.Match) -> str:
    ending = match.group(1)
    return {"있음": "있다", "없음": "없다", "않음": "않는다"}.get(ending) or _with_final(ending, _FINAL_N) + "다"


def quoted_in(quote: str, text: str) -> bool:
    """Are the quote's words in `text`, in order, starting where a word of the text starts? Spaces
    may differ ("사업 운영에" / "사업운영에") and the quote may end before the particle the text
    glues on ("안 날" of "안 날로부터"); it may not start inside a word ("성년자" of "미성년자")."""
    syllables = [re.escape(c) for c in squeeze(quote)]
    if not syllables:
        return False
    pattern = r"(?<![가-힣\d])" + r"\s*".join(syllables)
    return re.search(pattern, fold(text)) is not None


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
    for word in _WORD_NOT_COUNTER.findall(fold(text)):
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
            return _written(number, counter), _written(best, counter)
    return None


def _written(number: str, counter: str) -> str:
    """A figure as the text writes it: "19세", "100분의 50"."""
    return f"{counter} {number}" if counter.endswith("분의") else f"{number}{counter}"


def _plain_figures(text: str) -> str:
    """Figures written with unit syllables as plain numbers: "5백명" -> "500명"."""
    def plain(match):
        value = int(match.group(1))
        for unit in match.group(2):
            value *= _UNITS[unit]
        return str(value)
    return _WITH_UNITS.sub(plain, text)


def _figures(text: str) -> list[tuple[str, str, str]]:
    """(number, counter, the stem of the next word: "한도" of "25일을 한도로") of each number of
    `text`, in order."""
    counters = sorted(table()["counters"], key=len, reverse=True)
    found = []
    folded = _plain_figures(fold(text))
    # A fraction ("100분의 50") is one figure: its numerator counted in its denominator's parts.
    for match in _FRACTION.finditer(folded):
        following = next(iter(_EOJEOL.findall(folded[match.end():match.end() + 20])), "")
        found.append((match.group(2), f"{match.group(1)}분의", stem(following)))
    folded = _FRACTION.sub(" ", folded)
    for match in _NUMBER.finditer(folded):
        word = match.group(2) or ""
        counter = next((c for c in counters if word.startswith(c)), "")
        following = next(iter(_EOJEOL.findall(folded[match.end():match.end() + 20])), "")
        found.append((match.group(1), counter, stem(following)))
    return found


def substituted(claim_words: str, missing: str, text: str) -> str | None:
    """The text's word where the claim has `missing` (a stem the text lacks), when the two stand
    in the same place: the same particle after them and the same word next ("정보주체의 동의를"
    where the text reads "위탁자의 동의를"). None when no such place is found."""
    words = _EOJEOL.findall(fold(claim_words))
    for i, word in enumerate(words[:-1]):
        if stem(word) != missing or not word.startswith(missing):
            continue
        particle, following = word[len(missing):], stem(words[i + 1])
        if not particle or len(following) < MIN_STEM:
            continue
        text_words = _EOJEOL.findall(fold(text))
        for j, candidate in enumerate(text_words[:-1]):
            if (j + 1 < len(text_words) and stem(text_words[j + 1]) == following and candidate.endswith(particle)
                    and len(candidate) - len(particle) >= MIN_STEM and stem(candidate) != missing):
                return candidate[:-len(particle)]
    return None


def figure_misplaced(claim_words: str, text: str, framing: str = "") -> str | None:
    """The first of the claim's figures whose words before it (back to the figure before, or the
    start) are not all before that figure anywhere in the text: "임차인이 … 6월, 임대인이 … 1월"
    where the text gives the landlord 6월 and the tenant 1월. None when every figure sits where
    the text puts it, or the text does not write it (numbers_missing says so). Words of
    `framing` (the article's title, a lead-in) say what the whole text is about, not where a
    figure sits: they are not looked for."""
    stated = _figure_segments(text)
    framed = squeeze(framing)
    for figure, before in _figure_segments(claim_words):
        words = [w for w in content_stems(before) if w not in framed]
        places = [squeeze(segment) for f, segment in stated if f == figure]
        if words and places and not any(all(w in place for w in words) for place in places):
            return figure
    return None


def _figure_segments(text: str) -> list[tuple[str, str]]:
    """(figure as written, the text between the figure before it, or the start, and it)."""
    folded = _plain_figures(fold(text))
    counters = sorted(table()["counters"], key=len, reverse=True)
    found, start = [], 0
    for match in _FIGURE.finditer(folded):
        if match.group("denominator"):  # "100분의 10": one figure
            found.append((f"{match['denominator']}분의{match['numerator']}", folded[start:match.start()]))
            start = match.end()
            continue
        number, word = match.group(3), match.group(4) or ""
        if folded[max(0, match.start() - 1):match.start()] == "제" or word[:1] in "조항호":
            continue  # a cross-reference (제1항, 3조), not a figure
        counter = next((c for c in counters if word.startswith(c)), "")
        found.append((number + counter, folded[start:match.start()]))
        # What follows the counter ("내에" of "3년내에") is the next figure's words.
        start = match.start(4) + len(counter) if word else match.end(3)
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


def opposites(kind: str) -> list[str]:
    """The kinds a text cannot state if the claim's `kind` is what it says."""
    return table()["opposite_modality"].get(kind, [])


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


def without_universal(text: str) -> str:
    """`text` without the table's universal words ("언제나", "예외 없이")."""
    for word in sorted(table()["universal"], key=len, reverse=True):
        text = text.replace(word, " ")
    return text


def has_any(text: str, key: str) -> str | None:
    """The first of the table's `key` words (universal, condition, only, narrows) in `text`."""
    folded = fold(text)
    return next((w for w in table()[key] if w in folded), None)


@cache
def _endings() -> tuple[str, ...]:
    return tuple(sorted(table()["endings"], key=len, reverse=True))
