"""Warnings the gates attach for the reviewer: qualifier, defined-term, reading-unfetched. None
of them blocks a claim; each says what the answer left unsaid. And the one answer-level check
that blocks: a broadened run whose answer hides where the matches were (broadening_hidden)."""

import re

from . import findings as F
from .acts import act_for_citation, find_act_mentions, prose_name
from .findings import Finding, blocking, warning
from .normalise import normalise_quote
from .pinpoints import PinpointError, find_citations, make_provision_id, parse_provision_id
from .quotes import check_quote
from .types import CorpusView, ProvisionView

QUALIFIER_PHRASES = (
    "subject to", "despite", "unless", "except", "does not apply", "other than", "only if",
    "provided that", "notwithstanding", "for the purposes of",
)
# The English list's qualifiers in French, written by hand (not derived from the corpus). The
# official text writes ’; the pattern matches a typed ' too.
FRENCH_QUALIFIER_PHRASES = (
    "sous réserve", "malgré", "indépendamment", "à moins que", "à moins qu’", "sauf",
    "à l’exception", "ne s’applique pas", "ne s’appliquent pas", "autre que", "autres que",
    "seulement si", "que si", "pourvu que", "à condition que", "pour l’application",
)
# Korean qualifiers sit inside words ("…한 경우에는", "제1항에도 불구하고"), so they match without
# word boundaries: a proviso, an exclusion, a condition, an override, a cross-application.
KOREAN_QUALIFIER_PHRASES = ("다만", "제외하고", "경우에는", "에도 불구하고", "준용한다", "따른다", "한정한다",
                            "그러하지 아니하다")
def _phrase_pattern(phrase):
    return re.escape(phrase).replace("’", "['’]")


QUALIFIER_PATTERN = (r"(?<!\w)(?:" + "|".join(_phrase_pattern(p) for p in QUALIFIER_PHRASES + FRENCH_QUALIFIER_PHRASES)
                     + r")(?!\w)|" + "|".join(re.escape(p) for p in KOREAN_QUALIFIER_PHRASES))
_QUALIFIER_RE = re.compile(f"({QUALIFIER_PATTERN})", re.IGNORECASE)
_HANGUL = re.compile(r"[가-힣]")
# Defined terms so ordinary that warning on them would bury the warnings that matter.
COMMON_TERMS = frozenset(
    {"act", "person", "day", "minister", "court", "province", "regulation", "regulations",
     "year", "month", "federal", "her majesty", "his majesty", "canada"}
)
_BROADENED_HINTS = re.compile(
    r"outside|beyond|other acts?\b|broaden|wider|widened|not (?:limited|confined) to|also searched",
    re.IGNORECASE,
)
# A provision id written out: "P-8.6:s7(3)", "E-5.6:schVI/s1", "SOR-2001-7:s1(a)".
_ID_RE = re.compile(r"(?<![\w-])[^\s:,;()]+:(?:s\d|sch)[^\s,;]*")


def qualifier_warnings(citations, checked, corpus: CorpusView, not_in_text: str) -> list[Finding]:
    """One warning per cited section whose text qualifies the rule in ways the answer skips."""
    mentioned = normalise_quote(" ".join([c.get("quote") or "" for c in citations] + [not_in_text])).casefold()
    out, seen = [], set()
    for result in checked:
        try:
            section_id = parse_provision_id(result.provision_id).section_id
        except PinpointError:
            continue
        section = corpus.get(section_id)
        if section is None or section_id in seen:
            continue
        seen.add(section_id)
        missing = [q for q in _qualifiers(section.text) if normalise_quote(q["phrase"]).casefold() not in mentioned]
        if missing:
            phrases = ", ".join(dict.fromkeys(f"“{q['phrase'].lower()}”" for q in missing))
            out.append(warning(
                F.QUALIFIER,
                f"Section {section.label} of {prose_name(section.act, corpus.act_refs())} contains {phrases}, which the answer "
                "neither quotes nor lists under “Not in the text above”.",
                section_id=section_id, qualifiers=missing,
            ))
    return out


def _qualifiers(text: str) -> list[dict]:
    found, seen = [], set()
    for m in _QUALIFIER_RE.finditer(text):
        sentence = _sentence_around(text, m.start(), m.end())
        key = (m.group().casefold(), sentence)
        if key not in seen:
            seen.add(key)
            found.append({"phrase": m.group(), "sentence": sentence})
    return found


def _sentence_around(text: str, start: int, end: int, limit: int = 300) -> str:
    """The sentence (or ;-separated clause) holding text[start:end], cut to about `limit`."""
    left = max(text.rfind(". ", 0, start), text.rfind("; ", 0, start))
    left = 0 if left < 0 else left + 2
    rights = [i for i in (text.find(". ", end), text.find("; ", end)) if i >= 0]
    right = min(rights) + 1 if rights else len(text)
    if right - left > limit:
        left = max(left, start - limit // 2)
        right = min(right, end + limit // 2)
    return text[left:right].strip()


def defined_term_warnings(citations, checked, corpus: CorpusView, all_citations) -> list[Finding]:
    """Warn when a quote uses a term its Act defines (as it applies where the quote is) and no
    citation quotes the definition. A quoted definition is not itself read for terms: the
    definitions beside it are the Act's vocabulary, not a rule relying on it."""
    out, warned = [], set()
    for citation, result in zip(citations, checked, strict=True):
        try:
            pid = parse_provision_id(result.provision_id)
        except PinpointError:
            continue
        act = pid.act
        # Definitions are read as they apply where the quote is: the unit cited, else its section.
        where = corpus.get(str(pid)) or corpus.get(pid.section_id)
        if where is None or where.kind == "definition":
            continue
        for term, definition in corpus.definitions(act, where=where).items():
            if not worth_defining(term) or (act, term) in warned:
                continue
            if result.provision_id == definition.id or term_position(term, citation.get("quote") or "") is None:
                continue
            if _definition_quoted(definition, all_citations):
                continue
            warned.add((act, term))
            out.append(warning(
                F.DEFINED_TERM,
                f"The quote relies on “{term}”, which {prose_name(act, corpus.act_refs())} defines in "
                f"{parse_provision_id(definition.id).human().split(',')[0]}; the definition was not quoted.",
                term=term, definition_id=definition.id,
            ))
    return out


def worth_defining(term: str) -> bool:
    """False for a defined term too ordinary or too short to ask for its definition (a Korean
    term of two syllables, 임금, is a word; an English one of two letters is not)."""
    return term not in COMMON_TERMS and len(term) >= (2 if _HANGUL.search(term) else 3)


def term_position(term: str, text: str) -> int | None:
    """Where `term` first occurs in `text` as words (an English plural too), or None. A Korean
    term takes its particle after it (근로자는, 사용자에게), so only its start is a word boundary."""
    end = "" if _HANGUL.search(term) else r"(?:s|es)?(?!\w)"
    found = re.search(r"(?<!\w)" + r"\s+".join(map(re.escape, term.split())) + end, text, re.IGNORECASE)
    return found.start() if found else None


def _definition_quoted(definition: ProvisionView, all_citations) -> bool:
    for c in all_citations:
        pid = (c.get("provision_id") or "").strip()
        if pid == definition.id:
            return True
        if pid.startswith(definition.section_id) and check_quote(c.get("quote") or "", definition.text).is_match:
            return True
    return False


def reading_warnings(reading: str, corpus: CorpusView, retrieved: set[str]) -> list[Finding]:
    """Provisions the Reading names that no tool returned in this run."""
    unfetched = []
    for ref, section_ids in _reading_refs(reading, corpus, retrieved):
        if not any(s in retrieved for s in section_ids):
            unfetched.append(ref)
    if not unfetched:
        return []
    names = ", ".join(dict.fromkeys(unfetched))
    return [warning(
        F.READING_UNFETCHED,
        f"The Reading cites {names}, which no tool returned in this run.",
        references=list(dict.fromkeys(unfetched)),
    )]


def _reading_refs(reading: str, corpus: CorpusView, retrieved: set[str]):
    """Yield (reference as written, possible section ids) for each provision the Reading names."""
    # Without an Act named, "section 9" may belong to any Act the run looked at.
    run_acts = sorted({s.split(":", 1)[0] for s in retrieved})
    for ref, pids in reading_refs(reading, corpus, run_acts):
        yield ref, [p.section_id for p in pids]


def reading_refs(reading: str, corpus: CorpusView, run_acts):
    """Yield (reference as written, [ProvisionId it may mean]) for each provision the Reading
    names: a provision id ("P-8.6:s7(3)(c)") or a citation ("s. 7(3)(c) of PIPEDA"); one that
    names no Act may mean that unit of any Act in `run_acts`."""
    if not reading.strip():
        return
    for m in _ID_RE.finditer(reading):
        try:
            yield m.group(), [parse_provision_id(m.group().rstrip("."))]
        except PinpointError:
            continue
    id_spans = [(m.start(), m.end()) for m in _ID_RE.finditer(reading)]
    mentions = find_act_mentions(reading, corpus.act_refs())
    for c in find_citations(reading):
        if any(a <= c.start < b for a, b in id_spans):
            continue
        act = act_for_citation(reading, c.start, c.end, mentions)
        for unit in c.units:
            pids = []
            for code in [act] if act else run_acts:
                try:
                    pids.append(make_provision_id(code, unit))
                except PinpointError:
                    continue
            yield c.text.strip(), pids


def broadening_hidden(answer: dict, broadening: dict | None, corpus: CorpusView) -> Finding | None:
    """A blocking `broadened` finding when the run was broadened and the answer's "Not in the
    text above" does not disclose it, else None. Disclosing is naming (by code or any name) an
    instrument outside the scope where the matches were (`broadening["outside"]`); a run that
    recorded no such instrument needs words saying the search left the scope."""
    not_in_text = answer.get("not_in_text") or ""
    outside = [o.get("act") for o in (broadening or {}).get("outside") or [] if o.get("act")]
    if outside:
        named = {code for _, _, code in find_act_mentions(not_in_text, corpus.act_refs())}
        if named & set(outside):
            return None
    elif _BROADENED_HINTS.search(not_in_text):
        return None
    scope = ", ".join((broadening or {}).get("scope") or []) or "the Acts asked about"
    where = f": the matches were in {', '.join(outside)}" if outside else ""
    return blocking(
        F.BROADENED,
        f"The best matches lie outside the scope searched ({scope}){where}, and “Not in the text "
        "above” does not say so; name where the search looked and where the better matches are.",
        scope=(broadening or {}).get("scope") or [], outside=outside,
    )
