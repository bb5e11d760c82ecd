"""Passages of the sections a search returned, and how well each covers a question.

    terms = question_terms("How long may a company keep customer data?")
    passages = passages_of(section_content, rank=0)   # a get_provision result
    scored = score(all_passages, terms)              # sets coverage, matched, score

A passage is one sentence of a unit's own words, quoted together with the lead-ins
(chapeaux) of the units above it that end mid-sentence, so "(c) required to comply with a
subpoena" reads with "an organization may disclose ... only if the disclosure is". A chapeau
is never a passage on its own: it says nothing until one of its paragraphs completes it.

Coverage is the share of the question's word weight (rarer words weigh more) the passage
holds: the question's own words count fully in the quoted text, synonyms a little less, and
words found only in the marginal note or an unquoted lead-in count less again. Pure
functions, no database.
"""

import math
import re
from dataclasses import dataclass, field

from corpus.search_terms import query_terms, words
from corpus.stemming import stem

# Weights of a term found in: the passage's own words, its own words as a synonym, a lead-in
# quoted with it, the marginal note, headings or an unquoted lead-in (context). A lead-in weighs
# less than the passage's own words, or every paragraph under a matching lead-in would tie.
OWN, RELATED, CHAPEAU, CONTEXT = 1.0, 0.75, 0.6, 0.4
# Question words that carry no subject matter of their own.
VAGUE = frozenset({"much", "many", "happens", "happen", "exactly", "mean", "means", "allow",
                   "allowed", "apply", "applies", "required", "require", "may", "able"})
_SENTENCE_RE = re.compile(r"(?<=[.;:])\s+(?=[A-Z(“\"])")
# A lead-in ends without closing its sentence: "only if the disclosure is", "the following:".
_OPEN_END_RE = re.compile(r"(?:[:,—–-]|\b[a-z]+)\s*$")


@dataclass
class Term:
    """One concept of the question: stems that count as it, and synonyms' stems."""

    text: str
    own: frozenset
    related: frozenset
    lang: str = "eng"


@dataclass
class Passage:
    unit_id: str
    section_id: str
    rank: int  # the section's place in the search results, 0 first
    act: str
    act_title: str
    marginal_note: str
    text: str
    chapeaux: list = field(default_factory=list)  # [(unit id, quoted lead-in)], outermost first
    context: str = ""  # words around it that are not quoted: notes, headings, other lead-ins
    coverage: float = 0.0
    matched: int = 0  # question terms found in the quoted words
    score: float = 0.0

    @property
    def quoted(self) -> str:
        return " ".join([*(t for _, t in self.chapeaux), self.text])

    @property
    def lead_ins(self) -> list:
        """[(unit id, quoted lead-in)] the passage reads under, less any that is the passage itself."""
        return [(uid, text) for uid, text in self.chapeaux if text != self.text]


def question_terms(text: str, lang: str = "eng") -> list[Term]:
    """The question's concepts as stem sets; words with no subject matter are dropped."""
    out = []
    for t in query_terms(text, lang):
        if t.text in VAGUE:
            continue
        # A phrase ("how long") stands for its alternatives, not for its own words.
        own_forms = t.forms if " " in t.text else [t.text, *t.forms]
        own = frozenset(stem(w, lang) for f in own_forms for w in words(f))
        related = frozenset(stem(w, lang) for f in t.related for w in words(f)) - own
        if own:
            out.append(Term(t.text, own, related, lang))
    return out


def passages_of(section: dict, rank: int) -> list[Passage]:
    """Every quotable sentence of a get_provision result, with the lead-ins it needs."""
    units = section["units"]
    lead_of = {u["id"]: u.get("text", "") for u in units}
    note_of = {}
    has_children = {a for u in units for a in _ancestors(u["id"])}
    inactive = {u["id"] for u in units if u.get("status")}
    out = []
    for unit in units:
        uid = unit["id"]
        ancestors = [a for a in _ancestors(uid) if a in lead_of]
        note_of[uid] = unit.get("marginal_note") or next(
            (note_of[a] for a in reversed(ancestors) if note_of.get(a)), "") or section.get("marginal_note", "")
        chapeaux = [(a, _last_sentence(lead_of[a])) for a in ancestors
                    if lead_of[a] and _OPEN_END_RE.search(lead_of[a])]
        unquoted = " ".join(lead_of[a] for a in ancestors if a not in dict(chapeaux))
        context = " ".join([note_of[uid], section.get("marginal_note", ""), unquoted])
        if unit.get("status") or any(a in inactive for a in ancestors):
            continue  # repealed or not in force: nothing to quote as the law
        sentences = _sentences(unit.get("text", ""))
        if uid in has_children and sentences and _OPEN_END_RE.search(sentences[-1]):
            sentences = sentences[:-1]  # its chapeau: quoted with its paragraphs instead
        sentences += _sentences(unit.get("text_after_sub_units", ""))
        for sentence in sentences:
            out.append(Passage(uid, section["section_id"], rank, section["act"], section["act_title"],
                               note_of[uid], sentence, chapeaux, context))
    return out


def score(passages: list[Passage], terms: list[Term]) -> list[Passage]:
    """Set coverage, matched and score on each passage; returns them best first."""
    if not passages or not terms:
        return []
    lang = terms[0].lang
    own_words = [_stems(p.text, lang) for p in passages]
    quoted = [_stems(p.quoted, lang) for p in passages]
    context = [_stems(p.context, lang) for p in passages]
    n = len(passages)
    weights = [math.log(1 + (n + 1) / (1 + sum(1 for q in quoted if (t.own | t.related) & q))) for t in terms]
    total = sum(weights) or 1.0
    for p, o, q, c in zip(passages, own_words, quoted, context, strict=True):
        covered, matched = 0.0, 0
        for t, w in zip(terms, weights, strict=True):
            if t.own & o:
                value = OWN
            elif t.related & o:
                value = RELATED
            elif (t.own | t.related) & q:
                value = CHAPEAU
            elif (t.own | t.related) & c:
                value = CONTEXT
            else:
                continue
            covered += w * value
            matched += value > CONTEXT
        p.coverage = covered / total
        p.matched = matched
        # Among passages covering as much, a shorter one says it more directly.
        p.score = p.coverage + 0.1 * matched / math.sqrt(len(q) or 1)
    return sorted(passages, key=lambda p: (-p.score, len(p.text)))


def _stems(text: str, lang: str) -> set[str]:
    return {stem(w, lang) for w in words(text)}


def _sentences(text: str) -> list[str]:
    text = (text or "").strip()
    if not text:
        return []
    return [s.strip() for s in _SENTENCE_RE.split(text) if len(s.strip()) > 15]


def _last_sentence(text: str) -> str:
    parts = _sentences(text)
    return parts[-1] if parts else text.strip()


def _ancestors(unit_id: str) -> list[str]:
    """`P-8.6:s7(3)(c)` -> [`P-8.6:s7`, `P-8.6:s7(3)`] (outermost first)."""
    head, _, tail = unit_id.partition("/")
    parts = re.findall(r"\([^()]+\)", head)
    base = head[: len(head) - len("".join(parts))] if parts else head
    chain = [base + "".join(parts[:i]) for i in range(len(parts))]
    return chain + ([head] if tail else [])
