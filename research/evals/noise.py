"""Golden questions as people mistype them: the same items with typos in their longer words.

    items = with_typos(load_golden(), seed=TYPO_SEED)

Each question gets one slip (a letter dropped, doubled, swapped with the next, or changed to
a vowel) in each of up to two of its words of six letters or more, chosen at random with a
fixed seed, so a run can be repeated and compared. Stopwords are left alone: a typo in "would"
tells nothing about search.
"""

import random
import re

from corpus.search_terms import STOPWORDS_ENG

TYPO_SEED = 7
TYPO_WORDS = 2  # words mistyped per question
MIN_LENGTH = 6
_WORD = re.compile(r"[A-Za-z]+")


def with_typos(items, seed=TYPO_SEED, words_per_question=TYPO_WORDS):
    """Copies of the golden `items` with typos in their questions; each gains `typos`:
    [(word, as mistyped)]."""
    rng = random.Random(seed)
    return [_mistyped(item, rng, words_per_question) for item in items]


def _mistyped(item, rng, count):
    question = item["question"]
    eligible = list(dict.fromkeys(w for w in _WORD.findall(question)
                                  if len(w) >= MIN_LENGTH and w.lower() not in STOPWORDS_ENG))
    typos = []
    for word in rng.sample(eligible, min(count, len(eligible))):
        typo = _slip(word, rng)
        question = re.sub(rf"\b{word}\b", typo, question, count=1)
        typos.append((word, typo))
    return {**item, "question": question, "typos": typos}


def _slip(word, rng):
    """One slip inside `word` (never its first or last letter)."""
    i = rng.randrange(1, len(word) - 1)
    kind = rng.choice(("drop", "swap", "double", "vowel"))
    if kind == "drop":
        return word[:i] + word[i + 1:]
    if kind == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    vowel = rng.choice([v for v in "aeiou" if v != word[i]])
    return word[:i] + vowel + word[i + 1:]
