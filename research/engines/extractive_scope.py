"""Whether a question names, by the form of a title, an instrument the corpus does not hold.

    forms = title_forms(corpus)                          # from the titles held and cited
    forms.unheld_name("Does Ontario's Residential Tenancies Act cover basements?", "eng")
    # "Ontario's Residential Tenancies Act"

The extractive engine declines on what the corpus lacks, never on lists of places or topics: an
instrument named that it neither holds nor finds cited (DbCorpus.named_not_held), a title of that
form named here, and otherwise a retrieval confidence below its threshold
(research/engines/extractive_confidence.py). Everything here is read off the corpus's own
titles: the words that end an English title ("Act", "Code", "Regulations") or begin a French
one ("Loi", "Code", "Règlement") are those at the head of at least MIN_HEAD_TITLES titles held or
cited and of at least half the titles using them, the words English titles write in lower case
inside LINK_SHARE of them join a title's words ("of", "and"), and the words titles use are the
title vocabulary. No province, topic, country or function word is listed. MIN_HEAD_TITLES (3),
LINK_SHARE (1%) and MAX_TITLE_WORDS (10) are set by hand, not tuned on a question set; on the
whole statute book the head words include noise ("January", "Secretariat"), which costs little:
a name is reported only when its capitalised words are in no name held.
"""

import re
from collections import Counter
from dataclasses import dataclass

from corpus.models import KOREA, Act, CitedInstrument
from corpus.search_backends import per_corpus

# A word must end (English) or begin (French) this many titles to count as a title's head word.
MIN_HEAD_TITLES = 3
# A lower-case word inside this share of English titles joins a title's words ("of", "and").
LINK_SHARE = 0.01
MAX_TITLE_WORDS = 10
_WORD = re.compile(r"[^\W\d_][\w’'-]*|\d{4}")
_SENTENCE_START = re.compile(r"(?:^|[.?!:;]\s+)$")
_YEAR = re.compile(r",?\s*\d{4}\s*$")  # "Constitution Act, 1982" ends with "Act"


@dataclass(frozen=True)
class TitleForms:
    """How the corpus's titles are written: `heads` are, per language, the words that end an
    English title or begin a French one, `vocabulary` every word (casefolded) of that language's
    titles, `links` the words English titles write in lower case between their capitalised ones
    ("of", "and", "respecting"), `capitalised` the words English titles write capitalised, `held` the casefolded word sets of every name held
    (verifier.acts.ActRef.names)."""

    heads: dict
    vocabulary: dict
    links: frozenset
    capitalised: frozenset
    held: tuple

    @classmethod
    def of(cls, titles, held_refs) -> "TitleForms":
        """`titles` are (lang, title) pairs, "eng" or "fra", of the instruments held and cited."""
        heads, vocabulary = {}, {}
        for lang in ("eng", "fra"):
            written = [_WORD.findall(_YEAR.sub("", t)) for language, t in titles if language == lang and t]
            written = [w for w in written if w]
            at_head = Counter((w[-1] if lang == "eng" else w[0]) for w in written)
            anywhere = Counter(word for w in written for word in set(w))
            # A head word stands at the head of most titles that use it ("Act", "Code", "Loi"),
            # not only of some ("Canada" ends "Bank of Canada" but begins many more).
            heads[lang] = frozenset(word for word, n in at_head.items() if n >= MIN_HEAD_TITLES
                                    and len(word) > 1 and word[0].isupper() and n >= anywhere[word] / 2)
            vocabulary[lang] = frozenset(word.casefold() for w in written for word in w)
            if lang == "eng":
                capitalised = frozenset(word for w in written for word in w if word[0].isupper())
                inside = Counter(word for w in written for word in set(w[1:-1]) if word.islower())
                floor = max(MIN_HEAD_TITLES, LINK_SHARE * len(written))
                links = frozenset(word for word, n in inside.items() if n >= floor)
        held = tuple(frozenset(w.casefold() for w in _WORD.findall(name))
                     for ref in held_refs for name in ref.names())
        return cls(heads=heads, vocabulary=vocabulary, links=links, capitalised=capitalised, held=held)

    def unheld_name(self, question: str, lang: str = "eng") -> str:
        """The first title `question` (in `lang`) names by its form that is not a name held (nor
        part of one: "Human Rights Act" for the Canadian Human Rights Act); "" when there is none.
        A question in capitals throughout is not read: its capitals say nothing."""
        lang = lang if lang in self.heads else "eng"
        if not question or question.isupper():
            return ""
        words = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(question)]
        for i, (_, _, word) in enumerate(words):
            if word not in self.heads[lang]:
                continue
            name = self._english_title(question, words, i) if lang == "eng" else self._french_title(words, i)
            if name and not self._held(name, lang):
                return name
        return ""

    def _english_title(self, question, words, head) -> str:
        """The capitalised words before an English head word ("Residential Tenancies Act"),
        joined by links ("Access to Information Act"); "" unless a capitalised word precedes it."""
        start = head
        while start > 0 and head - start < MAX_TITLE_WORDS:
            before_start, before_end, before = words[start - 1]
            if question[before_end:words[start][0]].strip() or not (before[0].isupper() or before in self.links):
                break  # punctuation between two words ends a name: "Notice (Informal Procedure)"
            start -= 1
        # A sentence's first word is capitalised whatever it is ("Does", "Under"): kept only when
        # titles write it capitalised.
        first_start, _, first = words[start]
        if (start < head and _SENTENCE_START.search(question[:first_start])
                and first not in self.capitalised):
            start += 1
        while start < head and words[start][2].casefold() in self.links:
            start += 1  # a title does not begin with "the" or "of"
        if start == head or not any(w[2][0].isupper() for w in words[start:head]):
            return ""
        return question[words[start][0]:words[head][1]]

    def _french_title(self, words, head) -> str:
        """A French head word and the words after it that titles use ("Loi sur les normes du
        travail"), up to the first a title would not; "" unless one such word follows."""
        end = head
        while end + 1 < len(words) and end - head < MAX_TITLE_WORDS:
            after = words[end + 1][2]
            if after.casefold() not in self.vocabulary["fra"] and not after[0].isupper():
                break
            end += 1
        if end == head:
            return ""
        return " ".join(w[2] for w in words[head:end + 1])

    def _held(self, name: str, lang: str) -> bool:
        """True when the words of `name` but its head word (possessives aside) all belong to one
        name held ("PIPEDA Act": PIPEDA; "Human Rights Act": the Canadian Human Rights Act), or
        there are none to look for. In English only the capitalised words count: the rest are
        links; a French title's words after its head are lower case."""
        heads = {w.casefold() for w in self.heads[lang]}
        wanted = {re.sub(r"[’']s$", "", w.casefold()) for w in _WORD.findall(name)
                  if lang == "fra" or w[0].isupper()} - heads
        return not wanted or any(wanted <= title for title in self.held)


_FORMS = {}  # TitleForms per database and corpus generation


def title_forms(corpus) -> TitleForms:
    """The TitleForms of the titles held and cited, read once per corpus generation; `corpus`
    (a DbCorpus) gives the names held."""
    return per_corpus(_FORMS, None, lambda: TitleForms.of(_titles(), corpus.act_refs()))


def _titles() -> list[tuple[str, str]]:
    held = Act.objects.exclude(jurisdiction=KOREA).values_list("title_en", "title_fr")
    cited = CitedInstrument.objects.values_list("lang", "name")
    return ([("eng", en) for en, _ in held] + [("fra", fr) for _, fr in held]
            + [(lang, name) for lang, name in cited if not name.isupper()])
