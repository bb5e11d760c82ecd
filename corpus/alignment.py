"""Align French provisions to English ones by document order and label.

English and French files of an Act do not share lims:id values, so ids cannot pair them.
Document order can: every English/French pair in the corpus has the same number of sections, and
their labels agree apart from a dozen wording differences ("52 to 57" / "52 à 57",
"58 and 59" / "58 et 59", "Preamble" / "Préambule") and the French paragraph style "a)" for
"(a)". This module knows nothing about models: it takes two sequences of objects with a `label`
attribute (or plain strings, or anything with a `key` function) and returns pairs.
"""

import difflib
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


def align(english, french, key=None):
    """Pair each English item with the French item at the same place in document order.

    `key(item)` gives what must agree between the languages (default: `label_key` of the item's
    `label` attribute, or of the item itself when it is a string). Runs of equal keys are paired
    first (difflib); between two such runs, English and French stretches of the same length pair
    by position (flagged `labels_agree=False`), and in stretches of different lengths the English
    items stand alone, so one missing provision does not shift every later pair.
    Returns one Pair per English item, in English order; French items left over are dropped.
    """
    key = key or (lambda item: label_key(_label(item)))
    english, french = list(english), list(french)
    english_keys, french_keys = [key(e) for e in english], [key(f) for f in french]
    matcher = difflib.SequenceMatcher(a=english_keys, b=french_keys, autojunk=False)
    pairs = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            pairs.extend(Pair(english[i1 + k], french[j1 + k], True) for k in range(i2 - i1))
        elif op == "replace" and i2 - i1 == j2 - j1:
            pairs.extend(Pair(english[i1 + k], french[j1 + k], english_keys[i1 + k] == french_keys[j1 + k])
                         for k in range(i2 - i1))
        else:
            pairs.extend(Pair(english[k], None, False) for k in range(i1, i2))
    return pairs


def side_by_side(english_tree, french_tree):
    """Rows pairing each piece of an English section with the French piece at the same place.

    Takes two trees from `corpus.sections` (nodes with `provision`, `depth`, `children`) and
    returns Pairs of (node, "lead"|"tail") pieces. Definitions are the exception to document
    order: each language lists them alphabetically, so each French definition is matched to an
    English one by term (see `_english_term`), the French definitions are put in the English
    order, and then everything is aligned.
    """
    english_defs = [n.provision for n in _walk(english_tree.root) if n.provision.kind == "definition"]
    order = {p.defined_term.casefold(): index for index, p in enumerate(english_defs)}
    french_nodes = list(_walk(french_tree.root))
    for node in french_nodes:
        if node.provision.kind == "definition":
            node.english_term = _english_term(node.provision, english_defs)
    for node in french_nodes:
        if any(child.provision.kind == "definition" for child in node.children):
            node.children.sort(key=lambda child: order.get(getattr(child, "english_term", None), len(order))
                               if child.provision.kind == "definition" else -1)
    return align(_pieces(english_tree.root), _pieces(french_tree.root), key=_piece_key)


def _english_term(french, english_defs):
    """The casefolded English term a French definition defines, or "" when none matches.

    Each definition names its term in the other language as "(term)" at its end; the parser
    records it as defined_term_other when it can. Tried in turn: the French definition's other
    term, the English definitions' other terms, then "(term)" inside either full text.
    """
    fr_term, fr_other = french.defined_term.casefold(), french.defined_term_other.casefold()
    for english in english_defs:
        if fr_other and english.defined_term.casefold() == fr_other:
            return english.defined_term.casefold()
    for english in english_defs:
        if english.defined_term_other and english.defined_term_other.casefold() == fr_term:
            return english.defined_term.casefold()
    french_text = french.text.text.casefold()
    for english in english_defs:
        if f"({fr_term})" in english.text.text.casefold() or f"({english.defined_term.casefold()})" in french_text:
            return english.defined_term.casefold()
    # A repealed definition keeps only its term and the repealing Act's citation, in each
    # language: "[Repealed, 2017, c. 20, s. 319]" / "[Abrogée, 2017, ch. 20, art. 319]". The
    # numbers pair them when no other definition of the section was repealed by the same one.
    repeal = _repeal_numbers(french.text.text)
    if repeal:
        same = [e for e in english_defs if _repeal_numbers(e.text.text) == repeal]
        if len(same) == 1:
            return same[0].defined_term.casefold()
    return ""


_REPEAL_RE = re.compile(r"\[(?:Repealed|Abrogée?s?)\s*,\s*([^\]]+)\]", re.IGNORECASE)


def _repeal_numbers(text):
    """The numbers of a repeal note ("[Repealed, 2017, c. 20, s. 319]" -> ("2017", "20", "319")),
    or () when the text has none."""
    found = _REPEAL_RE.search(text or "")
    return tuple(re.findall(r"\d+", found.group(1))) if found else ()


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


def _pieces(root):
    """(node, part) in reading order: a node's lead, its children, then its tail if any."""
    pieces = []

    def visit(node):
        pieces.append((node, "lead"))
        for child in node.children:
            visit(child)
        if node.provision.tail:
            pieces.append((node, "tail"))

    visit(root)
    return pieces


def _piece_key(piece):
    """What must agree between the languages: depth, lead or tail, and label (or defined term)."""
    node, part = piece
    p = node.provision
    if p.kind == "definition":
        return node.depth, part, "def", getattr(node, "english_term", p.defined_term.casefold())
    return node.depth, part, label_key(p.label)
