"""The extractive engine for a question asked in Korean: quote the articles' own sentences.

Korean search (corpus/korean_search.py) ranks the articles; the top ones are read whole with
get_provision, each unit's own words split into sentences (a sentence ends "다."), and an item
(호, 목) is quoted with the lead-in of the paragraph it completes. A sentence's coverage is the
share of the question's bigrams it holds (its article's 제목 counting less). The first article
is quoted when its best sentence holds two of the question's bigrams; later ones when they cover
nearly as much. It declines a question naming a law the corpus does not hold (「형법」,
주택임대차보호법); any other question is answered only when its retrieval confidence reaches the
Korean threshold (research/engines/extractive_confidence.py), else the closest articles are listed
as leads.
"""

import re
from dataclasses import dataclass, field

from corpus.korean_search import query_tokens, tokens

SECTIONS_READ = 3
MAX_CLAIMS = 3
MIN_MATCHED = 2
FOLLOW_RATIO = 0.5
NOTE_WEIGHT = 0.5
_SENTENCE_RE = re.compile(r"(?<=다\.)\s+")
# A law named that is not held: a word ending in 법/법률 of three or more syllables, or a name
# in 「」. (방법, 불법, 위법, 합법 are two syllables and ordinary words.) Shorter names (형법, 상법)
# are read from the laws the held text cites (DbCorpus.korean_cited_laws).
_LAW_NAME = re.compile(r"「([^」]+)」|([가-힣]{2,}(?:법률|법))(?=$|[^가-힣]|[상에의은는이가을를과와도으로])")
_CITED_NAME = re.compile(r"「[^」]*」")
# Ordinary words ending in 법: a way (방법), lawfulness (불법, 위법, 합법, 적법), a technique.
ORDINARY_BEOP = ("방법", "불법", "위법", "합법", "적법", "편법", "수법", "해법", "요법", "용법", "기법", "문법", "화법")


@dataclass
class Passage:
    unit_id: str
    section_id: str
    rank: int
    act: str
    act_title: str
    marginal_note: str
    text: str
    chapeau: tuple | None = None  # (unit id, lead-in) of the paragraph an item completes
    matched: int = 0
    coverage: float = 0.0
    tokens: set = field(default_factory=set)


def out_of_scope_reason(question, held_codes, cited=frozenset()):
    """The law `question` names that the corpus does not hold, as a reason to decline ("형법, a
    law Verbatim does not hold"); None when it names none. `held_codes` are the Korean laws
    held, `cited` the names of the laws their text cites (see _LAW_NAME)."""
    for m in _LAW_NAME.finditer(question):
        name = re.sub(r"\s+", "", m.group(1) or m.group(2))
        if name.endswith(ORDINARY_BEOP):
            continue
        if not _held(name, held_codes):
            return f"{name}, a law Verbatim does not hold"
    for name in sorted(cited, key=len):
        if name.endswith(ORDINARY_BEOP) or _held(name, held_codes):
            continue
        if re.search(rf"(?<![가-힣]){re.escape(name)}(?=$|[^가-힣]|[상에의은는이가을를])", question):
            return f"{name}, a law Verbatim does not hold"
    return None


def _held(name, held_codes):
    return any(code in name or name in code for code in held_codes)


def passages_of(content, rank):
    """Sentences of the units of one get_provision result, items with their paragraph's lead-in."""
    units = content["units"]
    by_id = {u["id"]: u for u in units}
    out = []
    for unit in units:
        text = unit.get("text") or ""
        if not text or unit.get("status") == "repealed" or text == "삭제":
            continue
        chapeau = None
        parent = _parent_id(unit["id"], by_id)
        if unit["kind"] in ("paragraph", "subparagraph") and parent and by_id[parent].get("text"):
            chapeau = (parent, by_id[parent]["text"])
        for sentence in _SENTENCE_RE.split(text):
            if sentence.strip():
                out.append(Passage(unit_id=unit["id"], section_id=content["section_id"], rank=rank,
                                   act=content["act"], act_title=content["act_title"],
                                   marginal_note=content.get("marginal_note") or "", text=sentence.strip(),
                                   chapeau=chapeau))
    return out


def _parent_id(unit_id, by_id):
    """The nearest enclosing unit held: 제15조제1항제2호 -> 제15조제1항 -> 제15조."""
    for pattern in (r"[가-힣]목$", r"제\d+(?:의\d+)?호$", r"제\d+항$"):
        shorter = re.sub(pattern, "", unit_id)
        if shorter != unit_id and shorter in by_id:
            return shorter
    return None


def score(passages, question):
    """Sets each passage's matched bigrams and coverage of the question (the names of laws it
    cites left out); best first."""
    wanted = set(query_tokens(question))
    for p in passages:
        own = set(tokens(_unnamed(p.text))) | (set(tokens(_unnamed(p.chapeau[1]))) if p.chapeau else set())
        note = set(tokens(p.marginal_note))
        p.matched = len(wanted & own)
        p.coverage = (p.matched + NOTE_WEIGHT * len((wanted & note) - own)) / (len(wanted) or 1)
    return sorted(passages, key=lambda p: (-p.coverage, p.rank))


def _unnamed(text):
    """`text` without the names of the laws it cites in 「」: a sentence citing 「소득세법」 is not
    about income tax, so those words do not count as matching the question."""
    return _CITED_NAME.sub(" ", text)


def choose(ranked):
    per_section = {}
    for p in ranked:
        if p.section_id not in per_section and p.matched >= MIN_MATCHED:
            per_section[p.section_id] = p
    chosen = sorted(per_section.values(), key=lambda p: p.rank)
    if not chosen:
        return []
    best = max(p.coverage for p in chosen)
    return ([chosen[0]] + [p for p in chosen[1:] if p.coverage >= FOLLOW_RATIO * best])[:MAX_CLAIMS]


def claim(p):
    note = f" ({p.marginal_note})" if p.marginal_note else ""
    unit = p.unit_id.split(":", 1)[1]
    citations = []
    if p.chapeau:
        citations.append({"provision_id": p.chapeau[0], "quote": p.chapeau[1]})
    citations.append({"provision_id": p.unit_id, "quote": p.text})
    return {"text": f"{p.act_title} {unit}{note}의 규정은 인용한 바와 같다.", "citations": citations}


def reading(best):
    # As Korean lawyers cite them ("근로기준법 제56조제1항"), not as internal ids.
    ids = ", ".join(dict.fromkeys(f"{p.act_title} {p.unit_id.split(':', 1)[1]}" for p in best))
    return (f"Reading (extractive, no model): the sentences quoted ({ids}) come from the articles the "
            "Korean search ranked highest, and within each article they share the most of the question's "
            "words; they were not interpreted. Whether they answer the question, and how they apply to "
            "particular facts, is for the reader to judge.")
