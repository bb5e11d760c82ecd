"""The numbers a text states, in digits or in words (English or French): "ninety days", "90 days"
and "quatre-vingt-dix jours" say the same.

A claim that puts a number in its own words ("within 120 days") states law only if the cited
text has that number, and has it with the same words after it ("eight hours in a day and forty
hours in a week" is not "forty hours in a day"); the word comparison alone cannot see either.
"""

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
# French, the other official language. "un"/"une" are 1 only in "vingt et un" (else they are
# the article); "dix-sept" and "soixante-dix" add up; "quatre-vingts" multiplies; "cent(s)" is a
# hundred only after a French count ("deux cents"), since English "cents" is money.
_FRENCH_COUNTS = {w: i for i, w in enumerate("deux trois quatre cinq six sept huit neuf".split(), 2)}
_UNITS |= _FRENCH_COUNTS | {"zéro": 0, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14,
                            "quinze": 15, "seize": 16}
_TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
_TENS |= {w: 10 * i for i, w in enumerate("vingt trente quarante cinquante soixante".split(), 2)} | {"vingts": 20}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
           "mille": 1_000, "millions": 1_000_000, "milliard": 1_000_000_000, "milliards": 1_000_000_000}
# French says a hundred and a thousand with no count before them ("cent vingt jours", "mille
# dollars"); "cent" alone is no number after "per" / "pour" (per cent) or "a" (a cent).
_NOT_A_HUNDRED_AFTER = frozenset(("per", "pour", "a"))
_AFTER_ET = {"un": 1, "une": 1, "onze": 11}  # "vingt et un", "soixante et onze"
# A unit label in brackets ("subsection (1)") is a reference, not a quantity.
_DIGITS = re.compile(r"(?<![\d.,(])\d+(?:,\d{3})*(?:\.\d+)?(?![\d)])")
_TOKEN = re.compile(r"[^\W\d_]+")
_PERCENT = re.compile(r"%")  # read as the word "percent": "8% of the wages" counts a share, as "per cent" does
# "One" before a modal or a verb in -s ("one counts forward", "one may") is the pronoun, not 1;
# a noun after the number 1 is singular ("one full day").
_MODAL_WORDS = frozenset("must may shall can cannot should would could might will".split())
FOLLOWING = 4  # words after a number read as what it counts ("hours in a day")
PRECEDING = 3  # words before a number read for its bound ("not less than")


@dataclass(frozen=True)
class Quantity:
    """A number a text states, the limit the words before it make of it, and the words after it."""

    value: Decimal
    bound: str | None  # "upper" ("not more than 5,000"), "lower" ("at least 5,000") or None
    after: tuple[str, ...]  # the FOLLOWING words after it, lowercased ("hours", "in", "a", "day")


def numbers(text: str) -> set[Decimal]:
    """Every quantity `text` states: digits ("$100,000", "1.5") and number words ("forty-five",
    "one hundred and eighty")."""
    return {token for token in _tokens(text) if isinstance(token, Decimal)}


def quantities(text: str) -> list[Quantity]:
    """Each number `text` states, in order, with its bound and the words after it."""
    tokens = _tokens(text)
    found = []
    for i, token in enumerate(tokens):
        if isinstance(token, Decimal):
            before = [t for t in tokens[max(0, i - PRECEDING):i] if isinstance(t, str)]
            after = tuple(t for t in tokens[i + 1:i + 1 + FOLLOWING] if isinstance(t, str))
            found.append(Quantity(token, bound(before), after))
    return found


def bound(before: list[str]) -> str | None:
    """The limit the words before a number make of it: "upper" for "not more than", "not
    exceeding", "up to", "at most", "maximum", "au plus", "moins de"; "lower" for "at least", "not
    less than", "more than", "exceeding", "minimum", "au moins", "plus de"; None when they make
    none."""
    for i in range(len(before) - 1, -1, -1):
        word, negated = before[i], i > 0 and before[i - 1] in ("not", "no")
        if word in ("maximum", "most", "up"):
            return "upper"
        if word in ("exceeding", "exceeds", "exceed"):
            return "upper" if negated else "lower"
        if word in ("least", "minimum"):
            return "lower"
        if word in ("more", "over", "greater"):
            return "upper" if negated else "lower"
        if word in ("less", "fewer", "under"):
            return "lower" if negated else "upper"
        if word in ("moins", "plus"):  # "au moins" / "au plus"; "plus de" / "moins de"
            at = i > 0 and before[i - 1] == "au"
            return "lower" if (word == "moins") == at else "upper"
    return None


def is_number_word(token: str) -> bool:
    """"twelve", "ninety", "hundred": a word that states a number."""
    return _is_count_word(token) or token in _SCALES


def _tokens(text: str) -> list:
    """The words of `text` in order, lowercased, with each number (digits, or a run of number
    words; "and" joins a run after a scale word: "one hundred and eighty") as one Decimal."""
    raw = sorted([(m.start(), _decimal(m.group())) for m in _DIGITS.finditer(text)]
                 + [(m.start(), m.group()) for m in _TOKEN.finditer(text.lower())]
                 + [(m.start(), "percent") for m in _PERCENT.finditer(text)], key=lambda item: item[0])
    words = [token for _, token in raw] + [""]  # so that words[i + 1] always exists
    out, total, current, in_run = [], 0, 0, False
    for i, token in enumerate(words[:-1]):
        if isinstance(token, str) and _is_count_word(token) and not (
                token == "one" and not in_run and _pronoun(words[i + 1])):
            if token in ("vingt", "vingts") and in_run and words[i - 1] == "quatre":
                current += 80 - 4  # "quatre-vingts": the 4 already counted is four twenties
            else:
                current += _UNITS.get(token, 0) + _TENS.get(token, 0)
            in_run = True
            continue
        if token in ("cent", "cents") and in_run and words[i - 1] in _FRENCH_COUNTS:  # "deux cent cinquante"
            current *= 100
            continue
        if (token == "cent" and not in_run and not isinstance(words[i - 1], Decimal)
                and words[i - 1] not in _NOT_A_HUNDRED_AFTER):
            current, in_run = 100, True
            continue
        if token in _AFTER_ET and in_run and words[i - 1] == "et":
            current += _AFTER_ET[token]
            continue
        if token == "et" and in_run and words[i + 1] in _AFTER_ET:
            continue
        if isinstance(token, str) and token in _SCALES and (in_run or token == "mille" or words[i - 1] in ("un", "une")):
            in_run = True  # "mille" alone, "un million"
            if _SCALES[token] == 100:
                current = max(current, 1) * 100
            else:
                total, current = total + max(current, 1) * _SCALES[token], 0
            continue
        if (token == "and" and in_run and words[i - 1] in _SCALES and isinstance(words[i + 1], str)
                and _is_count_word(words[i + 1])):
            continue
        if in_run:
            out.append(Decimal(total + current))
            total = current = 0
            in_run = False
        if token is not None:
            out.append(token)
    if in_run:
        out.append(Decimal(total + current))
    return out


def _decimal(digits: str):
    try:
        return Decimal(digits.replace(",", "")).normalize()
    except InvalidOperation:
        return None


def _pronoun(following) -> bool:
    return isinstance(following, str) and (
        following in _MODAL_WORDS or (following.endswith("s") and not following.endswith("ss")))


def _is_count_word(token: str) -> bool:
    return token in _UNITS or token in _TENS
