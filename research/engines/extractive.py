"""The extractive engine: answers without a model by quoting the best-matching passages.

It declines only on what the corpus lacks, never on lists of places or topics: a question naming
an instrument the corpus does not hold, whether its text cites it (DbCorpus.named_not_held) or
the name has a title's form (research/engines/extractive_scope.py), is declined by that name.
Otherwise it searches the question, trusts the search's order of sections, reads the top
sections whole, and quotes from each the sentence (with the lead-in it needs to read correctly)
that covers most of the question's words (research/engines/extractive_passages.py). The first
section is quoted when anything in it matches; the next ones only when their best passage covers
the question nearly as well. It declines when nothing read matches at all. It answers only when
its retrieval confidence (research/engines/extractive_confidence.py) reaches the threshold; below
it, the run declines with no claim and lists the sections that came closest as leads to read:
that is how a question on law the corpus does not hold (a province's, another country's, case
law) ends, since its words the corpus lacks weigh most in the search's coverage. A Korean
question goes the same way (research/engines/extractive_korean.py), at the Korean threshold.
This lets the app answer on a fresh machine with no API key; its Reading says plainly that the
passages were picked by matching words.
"""

import re

from corpus import korean_search, spelling
from research.engines import extractive_confidence, extractive_scope
from research.engines import extractive_korean as korean
from research.engines.base import Engine, Submission
from research.engines.extractive_passages import passages_of, question_terms, score
from verifier.acts import find_act_mentions, prose_name
from verifier.adapter import DbCorpus
from verifier.gate_warnings import QUALIFIER_PATTERN, term_position, worth_defining
from verifier.pinpoints import PinpointError, parse_provision_id
from verifier.quotes import find_verbatim

SECTIONS_READ = 3
MAX_CLAIMS = 3
# The relevance floor, low because declining a question in scope is costly and the confidence
# threshold decides whether to answer: a passage is quotable when its quoted words hold
# two of the question's terms (one, for a one-word question), or one term carrying this share
# of the question's word weight.
MIN_TERMS = 2
MIN_COVERAGE = 0.3
# A later section is quoted too when its best passage covers at least this share of what the
# best passage read covers: a section the search ranked high is dropped only when it barely matches.
FOLLOW_RATIO = 0.3
MAX_QUALIFIERS = 8  # qualifiers named per section under "Not in the text above"
MAX_DEFINITIONS = 3  # definitions quoted, each its own claim, besides the passages

_QUALIFIER_RE = re.compile(f"({QUALIFIER_PATTERN})", re.I)  # English, French and Korean (verifier/gate_warnings.py)


class ExtractiveEngine(Engine):
    name = "extractive"

    def answer(self) -> Submission:
        asked = self.run.question
        corpus = DbCorpus(lang=self.run.lang, as_at=self.run.as_at)
        if korean_search.is_korean(asked):
            return self._answer_korean(asked, corpus)
        acts = corpus.act_refs()
        named = find_act_mentions(asked, acts)
        # Mistyped words read as search reads them ("Supreme Cuort", "employeer"), so the passage
        # matching sees the words meant; the search tool gets the question as asked and corrects
        # it the same way.
        question, corrections = spelling.read_as(asked, self.run.lang)
        missing = corpus.named_not_held(asked)
        if missing:
            return _decline(f"Not answered: the question names {_names(missing)}, not in this corpus. Verbatim "
                            "answers only from the statutes it holds; consult another source for it.")
        terms = question_terms(spelling.apply(_without_spans(asked, named), corrections), self.run.lang)
        arguments = {"query": asked}
        codes = list(dict.fromkeys(code for _, _, code in named))
        if codes and not self.run.acts:
            arguments["acts"] = codes  # the question names the Act: look there first
        unheld = "" if named else extractive_scope.title_forms(corpus).unheld_name(asked, self.run.lang)
        if unheld:
            return _decline(f"Not answered: the question names {unheld}, which this corpus does not hold. "
                            "Verbatim answers only from the statutes it holds; consult another source for it.")
        if not terms:
            return _decline("Not answered: the question has no words to search the statutes for.")
        found = self.toolbox.call("search_statutes", arguments)
        hits = [] if found.is_error else found.content["hits"]
        not_held = _not_held_note(found)
        if not hits:
            return _decline("Not answered: no provision in the statutes searched matches the question."
                            + not_held)
        passages = []
        for rank, section_id in enumerate(list(dict.fromkeys(h["id"] for h in hits))[:SECTIONS_READ]):
            section = self.toolbox.call("get_provision", {"id": section_id})
            if not section.is_error:
                passages += passages_of(section.content, rank)
        self.beat()
        best = _choose(score(passages, terms), corpus, needed=min(MIN_TERMS, len(terms)))
        if not best:
            return _decline("Not answered: the statutes searched hold no passage that matches the question "
                            "well enough to quote. It may be about law the corpus does not hold, or need "
                            "different words." + not_held)
        confidence = extractive_confidence.measure(hits, best)
        if confidence.score < extractive_confidence.threshold():
            return _leads(best, confidence, corpus, not_held)
        claims = [_claim(p) for p in best]
        claims += self._definition_claims(best, question, corpus)
        not_in_text = " ".join([*_broadening_notes(found, corpus), _not_in_text(claims, corpus),
                                *self._pending_notes(best, corpus)])
        definitions = [c["citations"][0]["provision_id"] for c in claims[len(best):]]
        # "partly", never "supported": on a sealed set the answers given at the threshold cited an
        # expected section in 3 of 6 questions (docs/eval-history.md), so the measure proves no more.
        return Submission({"claims": claims, "reading": _reading(best, corpus, definitions),
                           "not_in_text": not_in_text, "confidence": confidence.as_dict(),
                           "answers_question": {"measure": "retrieval confidence", "verdict": "partly",
                                                "score": confidence.score}})

    def _pending_notes(self, best, corpus) -> list[str]:
        """One sentence per quoted section that amendments not in force touch, naming each
        amending Act: reported apart from the quotes, never merged with them."""
        notes = []
        for section_id in dict.fromkeys(p.section_id for p in best):
            act = section_id.split(":", 1)[0]
            found = self.toolbox.call("pending_amendments", {"act": act, "provision": section_id})
            if found.is_error or not found.content["amendments"]:
                continue
            cited = "; ".join(f"{a['citation']} ({', '.join(a['touches'])})" for a in found.content["amendments"])
            notes.append(f"Amendments not yet in force touch "
                         f"{_cited(section_id, corpus).replace('s. ', 'section ', 1)}: {cited}. "
                         "Their text is not part of the passages above.")
        return notes

    def _answer_korean(self, asked, corpus) -> Submission:
        """A question in Korean, answered from the Korean laws (research/engines/extractive_korean.py)."""
        held = [a.code for a in corpus.act_refs()]
        reason = korean.out_of_scope_reason(asked, held, corpus.korean_cited_laws())
        if reason:
            return _decline(f"Not answered: this question is about {reason}. Verbatim answers only from "
                            "the statutes it holds; ask about those, or consult another source.")
        found = self.toolbox.call("search_statutes", {"query": asked})
        hits = [] if found.is_error else found.content["hits"]
        if not hits:
            return _decline("Not answered: no provision in the statutes searched matches the question.")
        passages = []
        for rank, section_id in enumerate(list(dict.fromkeys(h["id"] for h in hits))[:korean.SECTIONS_READ]):
            section = self.toolbox.call("get_provision", {"id": section_id})
            if not section.is_error:
                passages += korean.passages_of(section.content, rank)
        self.beat()
        best = [p for p in korean.choose(korean.score(passages, asked)) if _verbatim_korean(p, corpus)]
        if not best:
            return _decline("Not answered: the statutes searched hold no passage that matches the question "
                            "well enough to quote.")
        confidence = extractive_confidence.measure(hits, best)
        if confidence.score < extractive_confidence.threshold(korean=True):
            return _leads(best, confidence, corpus, "", korean=True)
        claims = [korean.claim(p) for p in best]
        claims += self._definition_claims(best, asked, corpus)
        return Submission({"claims": claims, "reading": korean.reading(best),
                           "not_in_text": " ".join([*_broadening_notes(found, corpus),
                                                    _not_in_text(claims, corpus)]),
                           "confidence": confidence.as_dict(korean=True),
                           "answers_question": {"measure": "retrieval confidence", "verdict": "partly",
                                                "score": confidence.score}})

    def _definition_claims(self, best, question, corpus) -> list[dict]:
        """Quote, each as a claim of its own, the definitions of terms a chosen passage uses, as
        they apply where the passage is (a Part's or a section's own definition before the
        Act's): those the question uses too first, then in the passage's order, MAX_DEFINITIONS
        at most. A term defined only for another Part is not defined where the passage is, nor
        is a term whose definition is repealed or not in force."""
        wanted = []
        for p in best:
            where = corpus.get(p.unit_id)
            if where is None:
                continue
            for term, definition in corpus.definitions(p.act, where=where).items():
                if not worth_defining(term) or definition.id == p.unit_id:
                    continue
                at = term_position(term, getattr(p, "quoted", p.text))  # a Korean passage quotes its text
                if at is not None:
                    wanted.append((term_position(term, question) is None, p.rank, at, term, p))
        claims, seen = [], set()
        for _, _, _, term, p in sorted(wanted, key=lambda w: w[:3]):
            if len(claims) >= MAX_DEFINITIONS or (p.act, term) in seen:
                continue
            seen.add((p.act, term))
            found = self.toolbox.call("find_definition", {"act": p.act, "term": term, "provision": p.unit_id})
            # A repealed definition ("droits [Abrogée, …]", as French consolidations keep them) no
            # longer defines the term: quoting it is citing repealed text, which the gate blocks.
            if (found.is_error or found.content.get("applies_at_provision") is False
                    or found.content.get("status", "in_force") != "in_force"):
                continue
            said = (f"{p.act_title} {_human(found.content['id'])}의 “{found.content['term']}” 정의는 인용한 바와 같다."
                    if korean_search.is_korean(term) else
                    f"{p.act_title} defines “{found.content['term']}” ({_human(found.content['id'])}), as it "
                    "applies to the passage quoted.")
            claims.append({"text": said, "citations": [{"provision_id": found.content["id"],
                                                        "quote": found.content["text"]}]})
        return claims


def _broadening_notes(found, corpus) -> list[str]:
    """What "Not in the text above" must say when the search left the scope (nothing matched in
    it) or found better matches outside it: the Acts searched and where the matches were."""
    if found.is_error:
        return []
    content = found.content
    scope = content.get("scope") or {}
    searched = _titled(scope.get("acts") or [], corpus)
    if content.get("broadened"):
        where = _titled(list(dict.fromkeys(h["act"] for h in content["hits"])), corpus)
        return [f"Nothing in {searched or 'the Acts asked about'} matched the question, so the search "
                f"looked in every Act held: the passages above come from {where}, outside the Acts asked about."]
    if not scope.get("better_outside"):
        return []
    by_act = {}
    for hit in scope["outside"]:
        by_act.setdefault(hit["act"], []).append(_human(hit["id"]))
    better = "; ".join(f"{_titled([act], corpus)}: {', '.join(ids)}" for act, ids in by_act.items())
    return [f"The search looked in {searched}, as asked; sections outside it match the question much "
            f"better ({better}), so the answer may lie there. Those sections are not quoted above."]


def _titled(codes, corpus) -> str:
    """“the Copyright Act” for each code (its name in prose, verifier.acts.prose_name), joined."""
    acts = corpus.act_refs()
    return ", ".join(prose_name(code, acts) for code in codes)


def _choose(ranked, corpus, needed) -> list:
    """The best verbatim passage of each section read, in the search's order of sections: the
    first section that has one always, later ones when they cover nearly as much. A passage
    must match `needed` terms in its quoted words, or one covering MIN_COVERAGE."""
    per_section = {}
    for p in ranked:
        if p.section_id in per_section or not p.matched:
            continue
        if p.matched < needed and p.coverage < MIN_COVERAGE:
            continue
        if _verbatim(p, corpus):
            per_section[p.section_id] = p
    if not per_section:
        return []
    chosen = sorted(per_section.values(), key=lambda p: p.rank)
    lead = chosen[0]
    best_coverage = max(p.coverage for p in chosen)
    out = [lead] + [p for p in chosen[1:] if p.coverage >= FOLLOW_RATIO * best_coverage]
    return out[:MAX_CLAIMS]


def _without_spans(question: str, mentions) -> str:
    """The question with the Act names it mentions cut out: a title's words ("Privacy Act")
    would otherwise count as words the passage must cover."""
    text, last = [], 0
    for start, end, _code in mentions:
        text.append(question[last:start])
        last = end
    text.append(question[last:])
    return " ".join(text)


def _not_held_note(found) -> str:
    """What the search could not read, for a decline to say: an Act asked for with no version at
    the run's date (the tool's error), the Acts it left out and why, and the question's words no
    section searched uses (what the corpus lacks, where words can say it)."""
    if found.is_error and "version not held" in found.content.get("error", ""):
        return f" {found.content['error']}."
    if found.is_error:
        return ""
    note = ""
    if unmatched := found.content.get("unmatched"):
        note += " No provision searched uses " + ", ".join(f"“{w}”" for w in unmatched) + "."
    if left_out := found.content.get("left_out"):
        note += " Not searched at that date: " + "; ".join(f"{e['act']} ({e['reason']})" for e in left_out) + "."
    return note


def _names(instruments) -> str:
    """"the Criminal Code (C-46)", "the Criminal Code (C-46) and the Income Tax Act (I-3.3)"."""
    named = [f"{'' if name.lower().startswith(('the ', 'la ', 'le ', "l'")) else 'the '}{name} ({code})"
             for code, name in instruments]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def _leads(best, confidence, corpus, not_held, korean=False) -> Submission:
    """No answer, and the sections that came closest, to read: the retrieval confidence is below
    the engine's threshold, so the passages are not offered as an answer. The run ends declined
    (nothing is claimed); `leads` lists each section with its citation, note and best passage
    (`passage` word for word in the unit `provision_id`, `lead_in` the lead-ins it reads under)."""
    leads = [{"provision_id": p.unit_id, "section_id": p.section_id, "citation": _cited(p.unit_id, corpus),
              "marginal_note": p.marginal_note, "lead_in": " ".join(t for _, t in _lead_ins(p)),
              "passage": p.text} for p in best]
    threshold = extractive_confidence.threshold(korean=korean)
    return Submission({
        "decline": True, "no_clear_answer": True, "leads": leads, "confidence": confidence.as_dict(korean=korean),
        "scope_note": ("No provision was found that clearly answers the question. The sections below came "
                       "closest; they are leads to read, not an answer (retrieval confidence "
                       f"{confidence.score:.2f}, below the {threshold:.2f} at which "
                       "this engine answers)." + not_held)})


def _lead_ins(p) -> list:
    """[(unit id, text)] a passage reads under: an English passage's lead-ins, a Korean item's paragraph."""
    if hasattr(p, "lead_ins"):
        return p.lead_ins
    return [p.chapeau] if p.chapeau else []


def _decline(note) -> Submission:
    return Submission({"decline": True, "scope_note": note})


def _verbatim(p, corpus) -> bool:
    """Belt and braces: quote only what the verifier will find in the unit cited."""
    for unit_id, text in [*p.chapeaux, (p.unit_id, p.text)]:
        try:
            parse_provision_id(unit_id)
        except PinpointError:
            return False  # e.g. a paragraph inside a definition: no citable id of its own
        unit = corpus.get(unit_id)
        if unit is None or not unit.in_force or find_verbatim(text, unit.text) is None:
            return False
    return True


def _verbatim_korean(p, corpus) -> bool:
    """Quote only what the verifier will find, in force, in each unit cited."""
    for unit_id, text in [*([p.chapeau] if p.chapeau else []), (p.unit_id, p.text)]:
        unit = corpus.get(unit_id)
        if unit is None or not unit.in_force or find_verbatim(text, unit.text) is None:
            return False
    return True


def _claim(p) -> dict:
    note = f" ({p.marginal_note})" if p.marginal_note else ""
    citations = [{"provision_id": uid, "quote": text} for uid, text in p.lead_ins]
    citations.append({"provision_id": p.unit_id, "quote": p.text})
    return {"text": f"{p.act_title}, {_human(p.unit_id)}{note}, provides the passage quoted.",
            "citations": citations}


def _human(pid: str) -> str:
    unit = pid.split(":", 1)[1]
    if unit.startswith("제"):  # a Korean article: 제15조
        return unit
    if unit.startswith("sch"):
        return "Schedule " + unit[3:].replace("/", ", clause ")
    head, _, term = unit.partition("/")
    text = f"s. {head[1:]}"
    return f"{text}, definition “{term.replace('-', ' ')}”" if term else text


def _cited(provision_id: str, corpus) -> str:
    """A unit as prose cites it: "s. 7(3) of the Personal Information Protection and Electronic
    Documents Act", "개인정보 보호법 제15조". The Reading and the gates read these back
    (verifier.gate_warnings.reading_refs)."""
    code = provision_id.split(":", 1)[0]
    name = prose_name(code, corpus.act_refs())
    unit = _human(provision_id)
    return f"{name} {unit}" if unit.startswith("제") else f"{unit} of {name}"


def _reading(best, corpus, definitions=()) -> str:
    ids = "; ".join(dict.fromkeys(_cited(p.unit_id, corpus) for p in best))
    text = (f"Reading (extractive, no model): the passages quoted ({ids}) come from the sections the "
            "search ranked highest, and within each section they share the most words with the question; "
            "they were not interpreted. Whether they answer the question, and how they apply to "
            "particular facts, is for the reader to judge.")
    if definitions:
        text += (f" The definitions quoted ({'; '.join(_cited(d, corpus) for d in definitions)}) are those of "
                 "terms the passages use, as they apply where the passages are.")
    return text


def _not_in_text(claims, corpus) -> str:
    """What the quotes leave out: a general caution, then the qualifiers ("subject to section
    9", "despite subsection (1)") of each cited section that the claim citing it does not quote.
    The verifier checks each claim against its own quotes, so this does too."""
    lines = ["The passages were picked by matching words, not by reading them: other provisions, "
             "exceptions and definitions may change the answer, and nothing here applies the law to facts."]
    missing = {}  # section id -> qualifier words, in order
    for claim in claims:
        quoted = " ".join(c["quote"] for c in claim["citations"]).casefold()
        for section_id in dict.fromkeys(_section_of(c["provision_id"]) for c in claim["citations"]):
            section = corpus.get(section_id) if section_id else None
            if section is None:
                continue
            found = [m for m in _QUALIFIER_RE.finditer(section.text) if m.group(1).casefold() not in quoted]
            # One of each kind first, so every phrase missing is named even when the list is cut.
            firsts = list({m.group(1).casefold(): m for m in reversed(found)}.values())[::-1]
            words = missing.setdefault(section_id, {})
            for m in [*firsts, *found]:
                words.setdefault(_qualifier_words(section.text, m), None)
    for section_id, words in missing.items():
        if not words:
            continue
        phrases = "; ".join(f"“{q}”" for q in list(words)[:MAX_QUALIFIERS])
        more = f" and {len(words) - MAX_QUALIFIERS} more" if len(words) > MAX_QUALIFIERS else ""
        lines.append(f"{_cited(section_id, corpus).replace('s. ', 'Section ', 1)} also says "
                     f"{phrases}{more}; those qualifications are not followed in the passages above.")
    return " ".join(lines)


def _section_of(provision_id: str) -> str:
    try:
        return parse_provision_id(provision_id).section_id
    except PinpointError:
        return ""


def _qualifier_words(text: str, match) -> str:
    """The qualifier and the words that say what it refers to, up to the next punctuation
    ("subject to section 9"), at most eight words."""
    phrase = match.group(1)
    if korean_search.is_korean(phrase) and phrase != "다만":
        # A Korean condition or override ends its clause: "… 경우에는", "제1항에도 불구하고".
        clause = re.split(r"[,;:.—()]", text[:match.start()])[-1]
        words = (clause + phrase).split()  # the phrase may be glued to the word before it
        return " ".join(words[-7:])
    rest = re.split(r"[,;:.—()]", text[match.end():].lstrip(", "), maxsplit=1)[0].split()
    return " ".join([phrase.lower(), *rest[:8]]).strip()
