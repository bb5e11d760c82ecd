"""The Korean citation auditor inside the claim checker: statute claims (조/항/호/목) and
precedent claims (case number and topic), as the protocol describes them
(../shared/specs/korean-law-citation-auditor.txt). Pure: it reads a CorpusView of the Korean
laws and a precedent index (a dict, or None when none is loaded).

Verified only where code proves it: the unit exists in the version in force at the date, every
quote is verbatim in it, and every word and number of the claim's own is in its text (with
the lead-ins above it and the article's title) in one clause, with the same deontic kind.
Anything short of that is unknown; contradicted only where the text conflicts with the claim.
"""

import re
from dataclasses import dataclass

from corpus.korean_citations import (
    KoreanCitation,
    LawName,
    find_korean_citations,
    law_mentioned_last,
    law_names,
)

from . import findings as F
from . import korean_rationales as R
from . import korean_words as W
from .korean_text import extract_hang, extract_ho, extract_mok
from .precedents import find_case_number, shared_topic, topic_words
from .quotes import MISMATCH, check_quote
from .types import CorpusView, ProvisionView

VERIFIED = "verified"
CONTRADICTED = "contradicted"
UNKNOWN = "unknown"
_QUOTE = re.compile(r"\"([^\"]+)\"|“([^”]+)”|‘([^’]+)’|'([^']+)'|「([^」]+)」")
_MIN_QUOTE_SYLLABLES = 4
# Words a claim must have before an article holding them all is taken to be the one it means.
_MIN_WORDS_ELSEWHERE = 4
# Where a Korean text divides into clauses: the end of a sentence (…다.), a line (항, 호).
_CLAUSE_END = re.compile(r"(?<=다)\.\s*|\n|(?<=다),\s*다만")
_HANGUL = re.compile(r"[가-힣]")
# A memo's label: a few words and a colon at the start ("유출 사고 대응 메모:", "2026. 9. 11. 시행
#개정법 반영:"); a colon inside a quote or after a citation is not one.
_MEMO_LABEL = re.compile(r"^[^:“”\"'「」]{1,40}:\s")
# Where a claim's clause ends: a sentence's end, or a clause joined by 며 / 고 and a comma.
_CLAIM_CLAUSE_END = re.compile(r"(?<=다)\.\s*|(?<=[며고]),\s+")


@dataclass
class KoreanVerdict:
    """label, finding code (None when verified or a plain unknown), the protocol's rationale
    and supporting_urls, our internal links, and the unit id checked."""

    label: str
    code: str | None
    rationale: str
    supporting_urls: list[str]
    links: list[str]
    provision_id: str | None = None


def is_korean_claim(text: str) -> bool:
    """Does the sentence cite a Korean article (제N조) or a Korean case?"""
    return bool(find_korean_citations(text, [])) or find_case_number(text) is not None


def korean_titles(corpus: CorpusView) -> dict[str, str]:
    """{code: official title} of the Korean laws the corpus holds (codes written in Hangul)."""
    titles = {}
    for ref in corpus.act_refs():
        if _HANGUL.search(ref.code):
            titles[ref.code] = next((n for n in ref.names() if _HANGUL.search(n)), ref.code)
    return titles


class KoreanChecker:
    """Checks the Korean claims of one memo, in order: a law named in one sentence carries to
    the next sentence that cites an article without naming one ("같은 법", or no name)."""

    def __init__(self, corpus: CorpusView, precedents: dict | None = None, local_only: bool = False):
        self.corpus = corpus
        self.precedents = precedents
        self.local_only = local_only
        self.laws = law_names(korean_titles(corpus))
        self.current: LawName | None = None

    def check(self, text: str) -> KoreanVerdict:
        citations = find_korean_citations(text, self.laws, self.current)
        self.current = law_mentioned_last(text, self.laws) or self.current
        if self.local_only:
            return KoreanVerdict(UNKNOWN, F.LOCAL_ONLY, R.LOCAL_ONLY, [], [])
        case = find_case_number(text)
        if case is not None and (not citations or case[1] < citations[0].start):
            return self._check_precedent(text, case)
        if not citations:
            return KoreanVerdict(UNKNOWN, F.MALFORMED, R.UNPARSED, [], [])
        # The claim's subject is its first citation; a later citation of a law not held
        # ("「소득세법」 제4조제1항제1호에 따른 ...") is part of what it says, not a citation to check.
        checked = [c for c in citations if c.law_code] if citations[0].law_code else citations[:1]
        verdicts = [self._check_statute(text, c, checked) for c in checked]
        for verdict in verdicts:  # the official pages beside ours, as for a Canadian claim
            verdict.links += [url for url in verdict.supporting_urls if url not in verdict.links]
        for label in (CONTRADICTED, UNKNOWN):
            for verdict in verdicts:
                if verdict.label == label:
                    return verdict
        return verdicts[0]

    # --- precedents (protocol B) ---------------------------------------------------------------
    def _check_precedent(self, text, case) -> KoreanVerdict:
        number, start, end = case
        if self.precedents is None:
            return KoreanVerdict(UNKNOWN, F.PRECEDENT_NOT_HELD, R.precedent_not_held(number), [], [])
        held = self.precedents.get(number)
        if held is None:
            return KoreanVerdict(CONTRADICTED, F.CASE_NOT_FOUND, R.CASE_NOT_FOUND, [], [])
        note = [held.evidence_note()]
        words = topic_words(text, (start, end))
        if not words:
            return KoreanVerdict(VERIFIED, None, R.case_confirmed(held.title), note, [])
        if not shared_topic(words, held.title):
            return KoreanVerdict(CONTRADICTED, F.TOPIC_DIFFERS, R.case_topic_differs(held.title), note, [])
        return KoreanVerdict(UNKNOWN, None, R.case_topic_unclear(held.title), note, [])

    # --- statutes (protocol A) ---------------------------------------------------------------
    def _check_statute(self, text: str, citation: KoreanCitation, citations) -> KoreanVerdict:
        if citation.law_code is None:
            return KoreanVerdict(UNKNOWN, F.UNKNOWN_SECTION, R.LAW_UNIDENTIFIED, [], [])
        law = next(law for law in self.laws if law.code == citation.law_code)
        if not self.corpus.act_sections(law.code):
            return KoreanVerdict(UNKNOWN, F.UNKNOWN_SECTION, R.RETRIEVAL_FAILED, [], [])
        article = self.corpus.get(f"{law.code}:{citation.jo}")
        if article is None:
            return KoreanVerdict(CONTRADICTED, F.UNKNOWN_SECTION, R.article_missing(law.title, citation.jo), [], [],
                                 f"{law.code}:{citation.jo}")
        urls = [_official_url(article, law, citation.jo)]
        unit, above, missing = self._unit(law, citation, article)
        pid = f"{law.code}:{citation.unit}"
        links = [_page(law.code, citation.unit if unit is not None else citation.jo)]
        if unit is None:
            return KoreanVerdict(CONTRADICTED, F.PINPOINT_NOT_FOUND, missing, urls, links, pid)
        cited = f"{law.title} {citation.unit}"
        if _deleted(unit.text) or unit.status != "in_force":
            return KoreanVerdict(CONTRADICTED, F.REPEALED, R.deleted(cited, _short(unit.text)), urls, links, pid)
        quotes = _quotes(text, self.laws)
        for quote in quotes:
            verdict = self._check_quote(quote, unit, article, law, cited, urls, links, pid)
            if verdict is not None:
                return verdict
        lead = " ".join(_lead_of(t) for t in above)
        return self._support(text, citations, quotes, unit, lead, article, cited, urls, links, pid)

    def _unit(self, law: LawName, citation: KoreanCitation, article: ProvisionView):
        """(unit view, the texts of the units above it, None), or (None, [], the rationale of
        the level missing). The corpus's own unit is read first; the text of the unit above
        it is the fallback."""
        view, above = article, []
        levels = [(citation.hang, f"제{citation.hang}항", extract_hang, R.HANG_MISSING),
                  (citation.ho, f"제{citation.ho}호", extract_ho, R.HO_MISSING),
                  (citation.mok, f"{citation.mok}목", extract_mok, R.MOK_MISSING)]
        unit_id = citation.jo
        for value, suffix, extract, missing in levels:
            if value is None:
                continue
            unit_id += suffix
            above.append(view.text)
            stored = self.corpus.get(f"{law.code}:{unit_id}")
            if stored is None:
                part = extract(view.text, value)
                if part is None:
                    return None, [], missing
                stored = ProvisionView(id=f"{law.code}:{unit_id}", act=law.code, section_id=article.section_id,
                                       kind="unit", label=unit_id, text=part, sha256="", status=view.status,
                                       pit_date=view.pit_date, marginal_note=article.marginal_note, url=article.url)
            view = stored
        return view, above, None

    def _check_quote(self, quote, unit, article, law, cited, urls, links, pid) -> KoreanVerdict | None:
        # Korean glues particles to words, so a quote may end before one ("안 날" of "안 날로부터",
        # "경우" of "경우에는"), and writers space words differently (korean_words.quoted_in).
        if W.quoted_in(quote, unit.text) or check_quote(W.fold(quote), W.fold(unit.text)).is_match:
            return None
        if len(W.squeeze(quote)) < _MIN_QUOTE_SYLLABLES:
            return KoreanVerdict(UNKNOWN, F.QUOTE_MISMATCH, R.quote_too_short(quote, cited), urls, links, pid)
        folded = W.fold(quote)
        # Not the cited unit, nor a unit it is part of (the article holds every 항's words).
        units = [u for u in self.corpus.section_units(article.section_id) if not unit.id.startswith(u.id)]
        other = _holding(folded, units) or self._elsewhere(folded, law, skip=article.section_id)
        if other is not None:
            where = f"{law.title} {other.id.split(':', 1)[1]}"
            return KoreanVerdict(CONTRADICTED, F.WRONG_UNIT, R.quote_elsewhere(cited, where),
                                 urls + [_official_url(other, law, _jo_of(other))], links + [_page(law.code, other.id.split(":", 1)[1])],
                                 pid)
        check = check_quote(folded, W.fold(unit.text))
        if check.status != MISMATCH:
            check = check_quote(folded, W.fold(article.text))
        if check.status == MISMATCH:
            d = check.difference
            return KoreanVerdict(CONTRADICTED, F.QUOTE_MISMATCH,
                                 R.quote_differs(cited, d.expected, d.found, _short(check.closest_passage)),
                                 urls, links, pid)
        return KoreanVerdict(CONTRADICTED, F.QUOTE_MISMATCH, R.quote_nowhere(_short(quote, 60), cited, law.title),
                             urls, links, pid)

    def _elsewhere(self, quote: str, law: LawName, skip: str) -> ProvisionView | None:
        for section in self.corpus.act_sections(law.code):
            if section.id != skip and quote in W.fold(section.text):
                return _holding(quote, self.corpus.section_units(section.id)) or section
        return None

    def _saying(self, own: str, words: list[str], law: LawName, unit: ProvisionView,
                article: ProvisionView) -> ProvisionView | None:
        """The one other 항 of the cited article, else the one other article of the law, that
        holds every word and number of a claim its cited unit does not: the claim cites the
        wrong unit. None when none, or more than one, does, or the claim has too few words to
        tell (_MIN_WORDS_ELSEWHERE)."""
        if len(words) < _MIN_WORDS_ELSEWHERE:
            return None

        def holds(view):
            return (not W.missing_stems(own, f"{view.text} {article.marginal_note if view.section_id == article.id else view.marginal_note}")
                    and not W.numbers_missing(own, view.text))

        paragraphs = [p for p in self._paragraphs(article)
                      if not unit.id.startswith(p.id) and not p.id.startswith(unit.id) and holds(p)]
        if len(paragraphs) == 1:
            return paragraphs[0]
        holding = [section for section in self.corpus.act_sections(law.code)
                   if section.id != article.section_id and holds(section)]
        return holding[0] if len(holding) == 1 else None

    def _paragraphs(self, article: ProvisionView) -> list[ProvisionView]:
        """The 항 of an article: those the corpus holds, else read out of its text."""
        held = [u for u in self.corpus.section_units(article.section_id) if re.search(r"제\d+항$", u.id)]
        if held:
            return held
        found = []
        for number in range(1, 21):
            text = extract_hang(article.text, number)
            if text is None:
                break
            found.append(ProvisionView(id=f"{article.id}제{number}항", act=article.act, section_id=article.section_id,
                                       kind="unit", label=f"제{number}항", text=text, sha256="",
                                       status=article.status, pit_date=article.pit_date,
                                       marginal_note=article.marginal_note, url=article.url))
        return found

    def _support(self, text, citations, quotes, unit, lead, article, cited, urls, links, pid) -> KoreanVerdict:
        """The claim's own words against the unit's text read with the lead-in of each unit
        above it ("개인정보처리자는 다음 각 호의 어느 하나에 해당하는 경우에는 ...")."""
        law = next(law for law in self.laws if law.code == article.act)
        own = _own_words(text, citations, quotes)
        context = f"{lead} {unit.text}".strip()
        frame = f"{context} {article.marginal_note}"
        # "Always", "without exception" are compared with the text's conditions (_same_sense),
        # not looked for as words.
        said = W.without_universal(own)
        words = W.content_stems(said)
        missing = W.missing_stems(said, frame) + W.numbers_missing(said, frame)

        def unknown(rationale):
            return KoreanVerdict(UNKNOWN, None, rationale, urls, links, pid)

        def contradicted(rationale):
            return KoreanVerdict(CONTRADICTED, F.TEXT_DIFFERS, rationale, urls, links, pid)

        if missing:
            # A number the text writes with the same counter but another figure ("20세" where
            # the text has "19세"), every other word being there, is a conflict, not a reading.
            conflict = W.number_conflict(own, context)
            if conflict and all(m.isdigit() for m in missing):
                return contradicted(R.number_differs(cited, *conflict))
            if len(missing) == 1 and not missing[0].isdigit():
                # One word put where the text has another ("정보주체의 동의" for "위탁자의 동의").
                stated = W.substituted(said, missing[0], context)
                if stated:
                    return contradicted(R.word_differs(cited, stated, missing[0]))
            other = self._saying(said, words, law, unit, article)
            if other is not None:
                where = f"{law.title} {other.id.split(':', 1)[1]}"
                other_url = _official_url(other, law, _jo_of(other))
                return KoreanVerdict(CONTRADICTED, F.WRONG_UNIT, R.words_elsewhere(cited, where),
                                     urls + [other_url] if other_url not in urls else urls,
                                     links + [_page(law.code, other.id.split(":", 1)[1])], pid)
            return unknown(R.beyond_text(cited, missing))
        if not words and not quotes:
            return unknown(R.nothing_to_compare(cited))
        # Each clause of the claim ("…주어야 하며, …한도로 한다") is read against the one sentence
        # of the text that holds most of its words; words found only in other sentences are joined.
        pairs, apart = [], []
        for part in _claim_clauses(own):
            part_words = W.content_stems(W.without_universal(part))
            sentence = max(_clauses(context), key=lambda c: sum(w in W.squeeze(c) for w in part_words),
                           default=context)
            held = W.squeeze(f"{sentence} {lead} {article.marginal_note}")
            apart += [w for w in part_words if w not in held and w not in apart]
            pairs.append((part, sentence))
        if apart:
            return unknown(R.clauses_joined(cited, apart))
        # A figure of the lead-in ("다음 각 호의 채권은 1년간") holds for every item: only the
        # unit's own figures are placed.
        misplaced = W.figure_misplaced(W.without_universal(own), unit.text, f"{lead} {article.marginal_note}")
        if misplaced:
            return unknown(R.figure_elsewhere(cited, misplaced))
        for part, sentence in pairs:
            verdict = self._same_sense(part, sentence, context, cited, unknown, contradicted)
            if verdict is not None:
                return verdict
        return KoreanVerdict(VERIFIED, None, R.verified(cited, bool(quotes)), urls, links, pid)


    @staticmethod
    def _same_sense(own, best, context, cited, unknown, contradicted) -> KoreanVerdict | None:
        """None when a claim clause says what its sentence says: the same deontic kind, the same
        parties in the same roles, no condition dropped, no narrowing the text lacks."""
        claimed, stated = W.modalities(own), W.modalities(best)
        for kind in sorted(claimed - stated):
            flips = [flip for flip in W.opposites(kind) if flip in stated]
            if flips and not re.search(r"(?:으면|이면|하면|는다면)(?:\s|$)", own):
                return contradicted(R.modality_differs(cited, kind, flips[0]))
            return unknown(R.modality_unclear(cited, kind))
        swapped = W.role_swapped(own, context)
        if swapped:
            return unknown(R.role_swapped(cited, *swapped))
        universal = W.has_any(own, "universal")
        if universal and W.has_any(context, "exceptions"):
            return contradicted(R.exception_denied(cited, universal))
        if universal and W.has_any(best, "condition") and not W.has_any(own, "condition"):
            return unknown(R.condition_dropped(cited, universal))
        only = W.has_any(own, "only")
        if only and not W.has_any(best, "narrows"):
            return unknown(R.narrowed(cited, only))
        return None


def _lead_of(text: str) -> str:
    """A unit's words before its first item or 항 ("… 다음 각 호의 … 수 있다.")."""
    cut = re.search(r"(?:^|\s)(?:\d+(?:의\d+)?\\?\.|[가-하]\\?\.|[①-⑳])\s", text[1:])
    return text[: cut.start() + 1] if cut else text


def _claim_clauses(own: str) -> list[str]:
    """A claim's own words cut where one clause ends and the next begins ("…주어야 하며, …")."""
    return [c for c in _CLAIM_CLAUSE_END.split(own) if c.strip()] or [own]


def _clauses(text: str) -> list[str]:
    return [c for c in _CLAUSE_END.split(text) if c.strip()]


def _own_words(text: str, citations: list[KoreanCitation], quotes: list[str]) -> str:
    """The claim without its citations, law names and quotes: what it says in its own words, in
    the plain register the statutes write in (korean_words.plain_register). A memo's label
    before a colon ahead of the first citation ("퇴사자 정산 안내: 근로기준법 제36조에 따라 …")
    names the note's topic, not the law: it is left out."""
    label = _MEMO_LABEL.match(text)
    if label and citations and label.end() <= citations[0].start:
        text = " " * label.end() + text[label.end():]
    spans = sorted((c.start, c.end) for c in citations)
    for start, end in reversed(spans):
        text = text[:start] + " " + text[end:]
    for quote in quotes:
        text = text.replace(quote, " ")
    return W.plain_register(text)


def _quotes(text: str, laws: list[LawName]) -> list[str]:
    """Quoted passages, not counting 「」 around a law's name."""
    names = {n.replace(" ", "") for law in laws for n in law.names}
    found = []
    for match in _QUOTE.finditer(text):
        quote = next(g for g in match.groups() if g)
        if quote.replace(" ", "") not in names and not re.fullmatch(r"[가-힣\s]*법(?:률)?", quote.strip()):
            found.append(quote)
    return found


def _holding(quote: str, units: list[ProvisionView]) -> ProvisionView | None:
    holding = [u for u in units if quote in W.fold(u.text)]
    return min(holding, key=lambda u: len(u.text)) if holding else None


def _deleted(text: str) -> bool:
    return bool(re.fullmatch(r"\s*삭제\s*(?:<[^>]*>)?\s*", text or ""))


def _official_url(view: ProvisionView, law: LawName, jo: str) -> str:
    """law.go.kr/법령/<법령명>/<조>: the stored official link, else built the same way."""
    if view.url and "law.go.kr" in view.url:
        return view.url
    return f"https://www.law.go.kr/법령/{law.title}/{jo}"


def _jo_of(view: ProvisionView) -> str:
    return view.section_id.split(":", 1)[1]


def _page(code: str, unit: str) -> str:
    return f"/acts/{code}/{unit}"


def _short(text: str | None, limit: int = 160) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
