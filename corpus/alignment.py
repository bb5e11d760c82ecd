"""Align French provisions to English ones by document order and label.

English and French files of an Act do not share lims:id values, so ids cannot pair them.
Document order can: every English/French pair in the corpus has the same number of sections, and
their labels agree apart from a dozen wording differences ("52 to 57" / "52 à 57",
"58 and 59" / "58 et 59", "Preamble" / "Préambule") and the French paragraph style "a)" for
"(a)". This module knows nothing about models: it takes two sequences of objects with a `label`
attribute (or plain strings) and returns pairs.
"""

import re
from dataclasses import dataclass

# French words that stand where English ones do in the labels of grouped or special provisions.
_FRENCH_WORDS = {"à": "to", "et": "and", "préambule": "preamble"}


@dataclass(frozen=True)
class Pair:
    english: object
    french: object  # None when no French provision sits at that place
    labels_agree: bool


def label_key(label):
    """A label reduced to what both languages share: "(a)", "a)" and "A" all become "a".

    Parentheses, dots at the end and case are dropped, French connecting words become English.
    """
    text = (label or "").strip().lower()
    text = re.sub(r"[()]", " ", text)
    words = [_FRENCH_WORDS.get(w, w) for w in text.split()]
    return " ".join(words).rstrip(".")


def _label(item):
    return item if isinstance(item, str) else getattr(item, "label", "")


def align(english, french, label=None):
    """Pair each English item with the French item at the same place in document order.

    When the two lists have the same length, items pair by position (labels are only compared to
    flag disagreement). When lengths differ, a French item is paired by label, searching forward
    from the last match, so one missing or extra provision does not shift every later pair.
    `label(item)` reads an item's label (default: its `label` attribute, or the item if a string).
    Returns one Pair per English item, in English order; French items left over are dropped.
    """
    label = label or _label
    english, french = list(english), list(french)
    if len(english) == len(french):
        return [Pair(e, f, label_key(label(e)) == label_key(label(f)))
                for e, f in zip(english, french, strict=True)]
    pairs, cursor = [], 0
    for item in english:
        key = label_key(label(item))
        match = None
        for j in range(cursor, len(french)):
            if label_key(label(french[j])) == key:
                match = j
                break
        if match is None:
            pairs.append(Pair(item, None, False))
            continue
        pairs.append(Pair(item, french[match], True))
        cursor = match + 1
    return pairs


def counterpart(english_sections, french_sections, english_item):
    """The French item aligned with `english_item`, or None."""
    for pair in align(english_sections, french_sections):
        if pair.english is english_item or pair.english == english_item:
            return pair.french
    return None
