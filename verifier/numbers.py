"""The numbers a text states, in digits or in words: "ninety days" and "90 days" say the same.

A claim that puts a number in its own words ("within 120 days") states law only if the cited
text has that number; the word comparison alone cannot see digits.
"""

import re
from decimal import Decimal, InvalidOperation

_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
# A unit label in brackets ("subsection (1)") is a reference, not a quantity.
_DIGITS = re.compile(r"(?<![\d.,(])\d+(?:,\d{3})*(?:\.\d+)?(?![\d)])")
_TOKEN = re.compile(r"[a-z]+")


def numbers(text: str) -> set[Decimal]:
    """Every quantity `text` states: digits ("$100,000", "1.5") and number words ("forty-five",
    "one hundred and eighty")."""
    return _digit_numbers(text) | _word_numbers(text)


def _digit_numbers(text: str) -> set[Decimal]:
    found = set()
    for match in _DIGITS.finditer(text):
        try:
            found.add(Decimal(match.group().replace(",", "")).normalize())
        except InvalidOperation:
            continue
    return found


def _word_numbers(text: str) -> set[Decimal]:
    """Each run of number words read as one number; "and" joins a run after a scale word
    ("one hundred and eighty")."""
    found, tokens = set(), _TOKEN.findall(text.lower()) + [""]  # "" ends the last run
    total = current = 0
    in_run = False
    for i, token in enumerate(tokens):
        if _is_count_word(token) and not (token == "one" and not in_run and _pronoun(tokens[i + 1])):
            current += _UNITS.get(token, 0) + _TENS.get(token, 0)
            in_run = True
        elif token in _SCALES and in_run:
            if _SCALES[token] == 100:
                current = max(current, 1) * 100
            else:
                total, current = total + max(current, 1) * _SCALES[token], 0
        elif token == "and" and in_run and tokens[i - 1] in _SCALES and _is_count_word(tokens[i + 1]):
            continue
        elif in_run:
            found.add(Decimal(total + current))
            total = current = 0
            in_run = False
    return found


# "One" before a modal or a verb in -s ("one counts forward", "one may") is the pronoun, not 1;
# a noun after the number 1 is singular ("one full day").
_MODAL_WORDS = frozenset("must may shall can cannot should would could might will".split())


def _pronoun(following: str) -> bool:
    return following in _MODAL_WORDS or (following.endswith("s") and not following.endswith("ss"))


def is_number_word(token: str) -> bool:
    """"twelve", "ninety", "hundred": a word that states a number."""
    return _is_count_word(token) or token in _SCALES


def _is_count_word(token: str) -> bool:
    return token in _UNITS or token in _TENS
