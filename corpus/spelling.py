"""Read a mistyped question word as the statute word it was meant to be.

    read_as("Can my employeer cut my maternaty leave?", "eng")
    # ("Can my employer cut my maternity leave?", [("employeer", "employer"), ("maternaty", "maternity")])

A word that is in no dictionary and no statute matches nothing, so a typo ("employeer",
"harrassment", "maternaty") silently drops a question's most telling word, for the lexical
search and for the sentence model alike. Such a word is read as the statute word one edit away
(a letter dropped, added or changed, or two swapped) that was most likely meant: one a doubled
or swapped key undoes, else the one the statutes use most, keeping the first letter.

Never corrected: words of four letters or fewer (too many real words sit one edit from them),
words with digits, the thesaurus's plain words ("boss", "mashup": search_terms.plain_words), real
English words (the sentence model's vocabulary, about 22,000 words), and words a statute uses
or starts (search matches prefixes). French questions are not corrected: there is no French
word list, and without one real words would be "corrected".
"""

import bisect
from collections import Counter

from corpus import embeddings
from corpus.models import ActVersion, SectionDoc
from corpus.search_backends import per_corpus
from corpus.search_terms import MAX_INPUT, WORD, inflected_from, plain_words, words

MIN_LENGTH = 5
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def read_as(text, lang):
    """(text with each mistyped word replaced, [(typed, read as)]) for a question in `lang`."""
    dictionary = embeddings.english_words() if lang == "eng" else frozenset()
    if not dictionary:
        return text, []
    keep = plain_words(lang)
    unknown = [w for w in dict.fromkeys(words(text))
               if len(w) >= MIN_LENGTH and w.isalpha() and w not in keep
               and not any(v in dictionary for v in inflected_from(w))]
    if not unknown:  # most questions: the statutes' words need not be read
        return text, []
    statutes = vocabulary(lang)
    corrections = [(w, fixed) for w in unknown if (fixed := statutes.correct(w))]
    return apply(text, corrections), corrections


def apply(text, corrections):
    """`text` with each word typed replaced by the word read instead ([(typed, read as)]), in
    its first MAX_INPUT characters: all a question's words are read from (a pasted 10 MB page
    is not rewritten whole)."""
    replace = dict(corrections)
    if not replace:
        return text
    head = WORD.sub(lambda m: replace.get(m.group().lower(), m.group()), text[:MAX_INPUT])
    return head + text[MAX_INPUT:]


class Vocabulary:
    """The words of the statutes of one language, with how often each is used."""

    def __init__(self, counts):
        self.counts = counts
        self.sorted = sorted(counts)

    def uses(self, word):
        """True when a statute word is `word`, the word it inflects, or starts with it."""
        for variant in inflected_from(word):
            at = bisect.bisect_left(self.sorted, variant)
            if at < len(self.sorted) and self.sorted[at].startswith(variant):
                return True
        return False

    def correct(self, word):
        """The statute word one edit from `word` most likely meant, or None when the statutes
        use `word` or have no word one edit away."""
        if self.uses(word):
            return None
        found = {w for w in _slips(word) if w in self.counts}
        if not found:
            # A first letter is rarely mistyped, and changing it makes another word (lenders, renders).
            found = {w for w in _edits(word) if w in self.counts and w[0] == word[0]}
        return max(found, key=lambda w: (self.counts[w], w)) if found else None


def _slips(word):
    """`word` with a doubled letter undone or two neighbouring letters swapped back: the
    commonest typing slips ("employeer", "recieve")."""
    doubled = {word[:i] + word[i + 1:] for i in range(1, len(word)) if word[i] == word[i - 1]}
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)}
    return doubled | swapped


def _edits(word):
    """Every string one deletion, replacement or insertion from `word`."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = [a + b[1:] for a, b in splits if b]
    replaces = [a + c + b[1:] for a, b in splits if b for c in ALPHABET if c != b[0]]
    inserts = [a + c + b for a, b in splits for c in ALPHABET]
    return set(deletes + replaces + inserts)


_vocabularies = {}


def vocabulary(lang):
    """The Vocabulary of `lang` in the current database, re-read when its versions change."""
    return per_corpus(_vocabularies, lang, lambda: Vocabulary(_read_counts(lang)))


def _read_counts(lang):
    """Word -> uses in the marginal notes, headings and bodies of the latest version of each
    Act (older versions add few words and many rows)."""
    counts = Counter()
    docs = SectionDoc.objects.filter(version_id__in=ActVersion.latest_ids([lang])).values_list(
        "marginal_note", "headings", "body")
    for row in docs.iterator(chunk_size=2000):
        for text in row:
            if text:
                counts.update(WORD.findall(text.lower()))
    return counts
