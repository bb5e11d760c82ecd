"""Re-rank search candidates the same way on every database: BM25F over three fields.

The database finds candidate sections; this module scores them from the stored
SectionDoc text. Each query term counts once per section and saturates with
repetition; a match in the marginal note weighs most, then the headings, then
the body (length-normalised). A match through a synonym weighs RELATED_WEIGHT
of a match on the user's own word. Rarity (IDF) comes from the versions searched.

Section texts never change once stored (changed text makes a new version), so the
analysed documents and per-version statistics are cached for the process.
"""

import bisect
import functools
import math
from collections import Counter
from dataclasses import dataclass

from corpus.models import SectionDoc
from corpus.search_terms import light_stem, words

K1, B = 1.2, 0.75
W_HEADINGS = 1.0
RELATED_WEIGHT = 0.6
PREFERRED = 1.5
W_MARGINAL = 5.0
ACT_PRIOR = 0.5  # exponent on the Act's strength relative to the best Act
ACT_PRIOR_DEPTH = 3
COVERAGE = 0.0  # exponent on the share of the query's IDF a section covers
TIE_BREAK = 0.3  # share of the database's own (normalised) score added to break near-ties


@dataclass(frozen=True)
class Analysed:
    marginal: tuple  # sorted (stem, count) pairs
    headings: tuple
    body: tuple
    body_length: int


@dataclass(frozen=True)
class VersionStats:
    docs: int
    body_length: float  # average, in words
    postings: tuple  # sorted (stem, frozenset of doc positions)


def rerank(terms, ranked, version_ids, preferred=frozenset()):
    """[(provision_id, score)] from the database -> the same ids re-scored, best first.

    Sections of the `preferred` versions (an Act the question names) score PREFERRED times more.
    """
    if not ranked:
        return []
    stats = [version_stats(v) for v in version_ids]
    n_docs = sum(s.docs for s in stats) or 1
    avg_body = sum(s.body_length * s.docs for s in stats) / n_docs or 1.0
    stems = [([light_stem(f) for f in t.forms], [light_stem(f) for f in t.related]) for t in terms]
    idf = []
    for own, related in stems:
        df = sum(_document_frequency(s, own + related) for s in stats)
        idf.append(math.log(1 + (n_docs - df + 0.5) / (df + 0.5)))
    docs = SectionDoc.objects.only("version_id", "marginal_note", "headings", "body").in_bulk([pk for pk, _ in ranked])
    top = max(score for _, score in ranked) or 1.0
    rescored = []
    for pk, db_score in ranked:
        doc = analyse(docs[pk])
        norm = 1 - B + B * doc.body_length / avg_body
        score = covered = 0.0
        for (own, related), weight in zip(stems, idf, strict=True):
            pseudo = max(_pseudo_tf(doc, own, norm), RELATED_WEIGHT * _pseudo_tf(doc, related, norm))
            if pseudo:
                score += weight * pseudo * (K1 + 1) / (pseudo + K1)
                covered += weight
        # A section that covers more of the question's (rare) words beats one that
        # matches a few of them many times.
        score *= (covered / sum(idf)) ** COVERAGE if sum(idf) else 1.0
        if docs[pk].version_id in preferred:
            score *= PREFERRED
        rescored.append((pk, score, docs[pk].version_id, TIE_BREAK * db_score / top))
    return [(pk, score) for pk, score in _with_act_prior(rescored)]


def _with_act_prior(rescored):
    """Scale each section by how well its Act as a whole matches (its best few sections).

    A question's words are spread over the sections of the Act it is about; a lone
    section of another Act matching one word strongly should not outrank them.
    """
    by_version = {}
    for _, score, version_id, _ in rescored:
        by_version.setdefault(version_id, []).append(score)
    strength = {v: sum(sorted(s, reverse=True)[:ACT_PRIOR_DEPTH]) for v, s in by_version.items()}
    best = max(strength.values()) or 1.0
    final = [(pk, score * (strength[v] / best) ** ACT_PRIOR + tie) for pk, score, v, tie in rescored]
    final.sort(key=lambda item: (-item[1], item[0]))
    return final


@functools.lru_cache(maxsize=50_000)
def analyse_text(text):
    return tuple(sorted(Counter(light_stem(w) for w in words(text)).items()))


def analyse(doc):
    body = analyse_text(doc.body)
    return Analysed(marginal=analyse_text(doc.marginal_note), headings=analyse_text(doc.headings),
                    body=body, body_length=sum(c for _, c in body))


@functools.lru_cache(maxsize=256)
def version_stats(version_id):
    """Document count, average body length and stem postings of one version's sections."""
    postings, lengths = {}, []
    rows = SectionDoc.objects.filter(version_id=version_id).only("marginal_note", "headings", "body")
    for position, doc in enumerate(rows.order_by("pk")):
        analysed = analyse(doc)
        lengths.append(analysed.body_length)
        for stem, _ in (*analysed.marginal, *analysed.headings, *analysed.body):
            postings.setdefault(stem, set()).add(position)
    return VersionStats(docs=len(lengths), body_length=sum(lengths) / len(lengths) if lengths else 0.0,
                        postings=tuple(sorted((s, frozenset(p)) for s, p in postings.items())))


def _document_frequency(stats, stems):
    found = set()
    for i in _matching(stats.postings, stems):
        found |= stats.postings[i][1]
    return len(found)


def _matching(pairs, stems):
    """Indexes of the (stem, value) pairs whose word equals a stem or, for stems of 5+ letters,
    starts with it (so "employ" finds employer, employee and employment)."""
    matched = set()
    for stem in stems:
        i = bisect.bisect_left(pairs, (stem,))
        while i < len(pairs) and (pairs[i][0] == stem or (len(stem) >= 5 and pairs[i][0].startswith(stem))):
            matched.add(i)
            i += 1
    return matched


def _pseudo_tf(doc, stems, norm):
    """Field-weighted count of the words matching any of `stems` (BM25F's pseudo-frequency)."""
    if not stems:
        return 0.0
    def count(pairs):
        return sum(pairs[i][1] for i in _matching(pairs, stems))
    return W_MARGINAL * count(doc.marginal) + W_HEADINGS * count(doc.headings) + count(doc.body) / norm
