"""The extractive engine: answers without a model by quoting the best-matching passages.

It searches the question, reads the top sections whole, scores every passage (a unit's own
words, split into sentences) by the question's words it covers — rarer words count more, a
passage's lead-in counts half — and quotes the best ones verbatim with the id of the smallest
unit holding them. It declines with a scope note when the question is about something the
corpus cannot answer (provincial or foreign law, case law, tax) or nothing matches well.
This lets the app answer on a fresh machine with no API key; its Reading says plainly that
the passages were picked by matching words.
"""

import math
import re
from dataclasses import dataclass

from corpus.search_terms import light_stem, query_terms, words
from research.engines.base import Engine, Submission
from verifier.acts import find_act_mentions
from verifier.adapter import DbCorpus
from verifier.gate_warnings import COMMON_TERMS, QUALIFIER_PHRASES
from verifier.pinpoints import PinpointError, parse_provision_id
from verifier.quotes import check_quote

SECTIONS_READ = 3
MAX_CLAIMS = 3
MAX_DEFINITIONS = 2
# Share of the question's word weight a passage (with its lead-in) must cover to be quoted.
MIN_COVERAGE = 0.45
MIN_TERMS_MATCHED = 2

_PROVINCES = (r"ontario|quebec|québec|british columbia|alberta|manitoba|saskatchewan|nova scotia|"
              r"new brunswick|newfoundland|labrador|prince edward island|yukon|nunavut|northwest territories")
_OUT_OF_SCOPE = [
    (re.compile(rf"\b(?:{_PROVINCES})(?:'s|’s)?\s+(?:[\w-]+\s+){{0,4}}(?:act|code|law|laws|statute|"
                r"standards|legislation|regulations?|charter)\b", re.I),
     "provincial law: the corpus holds federal Acts of Canada only"),
    (re.compile(r"\bprovincial\s+(?:law|laws|act|acts|statute|statutes|legislation)\b", re.I),
     "provincial law: the corpus holds federal Acts of Canada only"),
    (re.compile(r"\b(?:united states|u\.s\.|usa|american|united kingdom|u\.k\.|england|britain|british law|"
                r"france|french law|germany|australia|new zealand|european union|\beu\b|gdpr|hipaa|"
                r"california|new york|india|china|japan|mexico)\b", re.I),
     "the law of another country: the corpus holds federal Acts of Canada only"),
    (re.compile(r"\b(?:case law|court decisions?|precedents?|jurisprudence|judgments?|rulings?|"
                r"supreme court (?:held|decided|ruled)|leading cases?)\b", re.I),
     "case law: the corpus holds the text of statutes, not court decisions"),
    # Tax administration words, singular or plural ("tax credit", "tax returns", "tax-free").
    (re.compile(r"\b(?:income tax|taxes|taxation|taxable|gst|hst|capital gains|tax[ -](?:returns?|credits?|"
                r"deductions?|refunds?|rates?|brackets?|free|exempt|exemptions?|benefits?))\b", re.I),
     "tax: the Income Tax Act and other tax statutes are not in the corpus"),
]
# Question words that carry no subject matter.
_VAGUE = frozenset({"much", "many", "how much", "how many", "happens", "happen", "exactly", "mean", "means", "allow", "apply"})
_SENTENCE_RE = re.compile(r"(?<=[.;:])\s+(?=[A-Z(“\"])")


@dataclass
class Passage:
    unit_id: str
    section_id: str
    act: str
    act_title: str
    label: str
    marginal_note: str
    text: str
    context: str  # the lead-ins of the units above it, for scoring only
    parent_id: str
    parent_text: str
    score: float = 0.0
    coverage: float = 0.0
    matched: int = 0


class ExtractiveEngine(Engine):
    name = "extractive"

    def answer(self) -> Submission:
        question = self.run.question
        reason = out_of_scope_reason(question)
        if reason:
            return _decline(f"Not answered: this question is about {reason}. Verbatim answers only from "
                            "the statutes it holds; ask about those, or consult another source.")
        corpus = DbCorpus(lang=self.run.lang, as_at=self.run.as_at)
        query, named = _without_act_names(question, corpus)
        terms = [_forms(t) for t in query_terms(query, self.run.lang)]
        terms = [t for t in terms if t[0] not in _VAGUE]
        if not terms:
            return _decline("Not answered: the question has no words to search the statutes for.")
        arguments = {"query": " ".join(t[0] for t in terms)}
        if named and not self.run.acts:
            arguments["acts"] = named  # the question names the Act: look there first
        found = self.toolbox.call("search_statutes", arguments)
        hits = [] if found.is_error else found.content["hits"]
        if not hits:
            return _decline("Not answered: no provision in the statutes searched matches the question.")
        passages = []
        for section_id in list(dict.fromkeys(h["id"] for h in hits))[:SECTIONS_READ]:
            section = self.toolbox.call("get_provision", {"id": section_id})
            if not section.is_error:
                passages += _passages(section.content)
        self.beat()
        best = _distinct([p for p in _best(passages, terms) if _verbatim(p, corpus)])[:MAX_CLAIMS]
        if not best:
            return _decline("Not answered: the statutes searched hold no passage that matches the question "
                            "well enough to quote. It may be outside the corpus (provincial or foreign law, "
                            "case law, tax) or need different words.")
        claims = [_claim(p) for p in best] + self._definition_claims(best, corpus)
        return Submission({"claims": claims, "reading": _reading(best, found.content.get("broadened")),
                           "not_in_text": _not_in_text(best, corpus)})

    def _definition_claims(self, best, corpus) -> list[dict]:
        """Quote the definitions of defined terms the chosen passages use (a few at most)."""
        claims, seen = [], set()
        for p in best:
            quoted = " ".join([p.text, p.parent_text])
            for term in corpus.definitions(p.act):
                if len(claims) >= MAX_DEFINITIONS or term in COMMON_TERMS or len(term) < 3 or term in seen:
                    continue
                if not re.search(rf"(?<!\w){re.escape(term)}(?:s|es)?(?!\w)", quoted, re.I):
                    continue
                seen.add(term)
                found = self.toolbox.call("find_definition", {"act": p.act, "term": term})
                if found.is_error:
                    continue
                claims.append({"text": f"{p.act_title} defines “{found.content['term']}”.",
                               "citations": [{"provision_id": found.content["id"],
                                              "quote": found.content["text"]}]})
        return claims


def out_of_scope_reason(question: str) -> str:
    """Why a question is outside a corpus of federal statutes ("" when it is not)."""
    for pattern, reason in _OUT_OF_SCOPE:
        if pattern.search(question or ""):
            return reason
    return ""


def _without_act_names(question: str, corpus) -> tuple[str, list[str]]:
    """The question with Act names cut out (they would match every section of that Act), and
    the codes of the Acts it names."""
    mentions = find_act_mentions(question, corpus.act_refs())
    text, last = [], 0
    for start, end, _code in mentions:
        text.append(question[last:start])
        last = end
    text.append(question[last:])
    return " ".join(text), list(dict.fromkeys(code for _, _, code in mentions))


def _distinct(passages: list[Passage]) -> list[Passage]:
    """Drop a passage that another chosen passage already quotes as its lead-in (or the reverse)."""
    out = []
    for p in passages:
        quoted = {q.unit_id for q in out} | {q.parent_id for q in out}
        if p.unit_id in quoted or (p.parent_id and p.parent_id in {q.unit_id for q in out}):
            continue
        out.append(p)
    return out


def _decline(note) -> Submission:
    return Submission({"decline": True, "scope_note": note})


def _passages(section: dict) -> list[Passage]:
    """Every sentence of every unit's own words in a get_provision result, with its lead-in."""
    out = []
    lead_of, note_of = {}, {}
    for unit in section["units"]:
        lead_of[unit["id"]] = unit.get("text", "")
        note_of[unit["id"]] = unit.get("marginal_note") or next(
            (note_of[a] for a in reversed(_ancestors(unit["id"])) if note_of.get(a)), "")
        parent_id = _parent_id(unit["id"], lead_of)
        context = " ".join(lead_of.get(a, "") for a in _ancestors(unit["id"]) if a in lead_of)
        for own in (unit.get("text", ""), unit.get("text_after_sub_units", "")):
            for sentence in _sentences(own):
                out.append(Passage(unit["id"], section["section_id"], section["act"], section["act_title"],
                                   unit.get("label", ""), note_of[unit["id"]] or section.get("marginal_note", ""), sentence,
                                   context, parent_id, lead_of.get(parent_id, "") if parent_id else ""))
    return out


def _sentences(text: str) -> list[str]:
    text = (text or "").strip()
    if not text:
        return []
    return [s.strip() for s in _SENTENCE_RE.split(text) if len(s.strip()) > 15]


def _ancestors(unit_id: str) -> list[str]:
    """`P-8.6:s7(3)(c)` -> [`P-8.6:s7`, `P-8.6:s7(3)`] (outermost first)."""
    head, _, tail = unit_id.partition("/")
    parts = re.findall(r"\([^()]+\)", head)
    base = head[: len(head) - len("".join(parts))] if parts else head
    chain = [base + "".join(parts[:i]) for i in range(len(parts))]
    return chain + ([head] if tail else [])


def _parent_id(unit_id: str, known) -> str:
    for candidate in reversed(_ancestors(unit_id)):
        if known.get(candidate):
            return candidate
    return ""


def _best(passages: list[Passage], terms) -> list[Passage]:
    """Passages that cover enough of the question, best first, one per unit."""
    if not passages:
        return []
    stems = [{light_stem(w) for f in t for w in words(f)} for t in terms]
    own = [_stem_set(p.text) for p in passages]
    n = len(passages)
    idf = [math.log(1 + (n + 1) / (1 + sum(1 for s in own if s & t))) for t in stems]
    total = sum(idf) or 1.0
    for p, p_stems in zip(passages, own, strict=True):
        context = _stem_set(p.context + " " + p.marginal_note)
        covered, matched = 0.0, 0
        for t, weight in zip(stems, idf, strict=True):
            if t & p_stems:
                covered, matched = covered + weight, matched + 1
            elif t & context:
                covered += 0.5 * weight
        length = len(p_stems) or 1
        p.coverage = covered / total
        p.matched = matched
        p.score = p.coverage + 0.1 * matched / math.sqrt(length)
    needed = min(MIN_TERMS_MATCHED, len(terms))
    good = [p for p in passages if p.coverage >= MIN_COVERAGE and p.matched >= needed]
    if len(terms) == 1:
        # One word is weak evidence: the section must also be about it, by its marginal note.
        good = [p for p in good if stems[0] & _stem_set(p.marginal_note)]
    good.sort(key=lambda p: (-p.score, len(p.text)))
    out, units = [], set()
    for p in good:
        if p.unit_id not in units:
            units.add(p.unit_id)
            out.append(p)
    return out


def _forms(term) -> list[str]:
    """A search term's own text first, then every form and synonym that counts as it."""
    own = getattr(term, "text", None) or getattr(term, "word", "")
    forms = getattr(term, "all_forms", None) or getattr(term, "forms", [])
    return list(dict.fromkeys([own, *forms]))


def _stem_set(text: str) -> set[str]:
    return {light_stem(w) for w in words(text)}


def _verbatim(p: Passage, corpus) -> bool:
    """Belt and braces: quote only what the verifier will find in that unit."""
    try:
        parse_provision_id(p.unit_id)
    except PinpointError:
        return False  # e.g. a paragraph inside a definition: no citable id of its own
    unit = corpus.get(p.unit_id)
    if unit is None or not check_quote(p.text, unit.text).is_match:
        return False
    if p.parent_id:
        parent = corpus.get(p.parent_id)
        if parent is None or not check_quote(p.parent_text, parent.text).is_match:
            p.parent_id, p.parent_text = "", ""
    return True


def _claim(p: Passage) -> dict:
    where = _human(p.unit_id)
    note = f" ({p.marginal_note})" if p.marginal_note else ""
    citations = []
    if p.parent_id and p.parent_text and p.parent_text != p.text:
        citations.append({"provision_id": p.parent_id, "quote": p.parent_text})
    citations.append({"provision_id": p.unit_id, "quote": p.text})
    return {"text": f"{p.act_title}, {where}{note}, provides the passage quoted.", "citations": citations}


def _human(pid: str) -> str:
    unit = pid.split(":", 1)[1]
    if unit.startswith("sch"):
        return "Schedule " + unit[3:].replace("/", ", clause ")
    head, _, term = unit.partition("/")
    text = f"s. {head[1:]}"
    return f"{text}, definition “{term.replace('-', ' ')}”" if term else text


def _reading(best: list[Passage], broadened) -> str:
    ids = ", ".join(dict.fromkeys(p.unit_id for p in best))
    text = (f"Reading (extractive, no model): the passages quoted ({ids}) were chosen because they "
            "share the most words with the question; they were not interpreted. Whether they answer "
            "the question, and how they apply to particular facts, is for the reader to judge.")
    if broadened:
        text += (" Nothing matched in the Acts asked about, so the search also looked outside them; "
                 "the passages come from other Acts.")
    return text


def _not_in_text(best: list[Passage], corpus) -> str:
    lines = ["The passages were picked by matching words, not by reading them: other provisions, "
             "exceptions and definitions may change the answer, and nothing here applies the law to facts."]
    quoted = " ".join(p.text + " " + p.parent_text for p in best).casefold()
    for section_id in dict.fromkeys(p.section_id for p in best):
        section = corpus.get(section_id)
        if section is None:
            continue
        missing = [q for q in QUALIFIER_PHRASES
                   if re.search(rf"(?<!\w){re.escape(q)}(?!\w)", section.text, re.I) and q not in quoted]
        if missing:
            phrases = ", ".join(f"“{q}”" for q in missing)
            lines.append(f"{_human(section_id).replace('s. ', 'Section ')} of {section.act} also contains "
                         f"{phrases}; those qualifications are not followed in the passages above.")
    return " ".join(lines)
