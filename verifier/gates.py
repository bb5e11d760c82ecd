"""Gates: check a submitted answer's claims against the stored text of the law.

Input is plain data: the answer ({"claims": [{"text", "citations": [{"provision_id",
"quote"}]}], "reading", "not_in_text"}), a CorpusView as at the date asked, and the ids the
tools returned during the run. Output is findings per claim and per citation; nothing here
calls a model or the database.
"""

from dataclasses import dataclass, field
from datetime import date

from . import findings as F
from .acts import prose_name
from .findings import Finding, blocking, warning
from .gate_warnings import (
    broadening_hidden,
    defined_term_warnings,
    qualifier_warnings,
    reading_warnings,
)
from .locate import deepest_unit_with
from .pinpoints import PinpointError, parse_provision_id
from .quotes import MISMATCH, check_quote, has_inner_ellipsis
from .types import CorpusView, ProvisionView

PASS = "pass"
DOWNGRADED = "downgraded"
BLOCKED = "blocked"

_SHORT_HASH = 8


@dataclass
class CitationResult:
    """The verifier's verdict on one citation.

    `status` is pass | downgraded | blocked; `matched_id` and `sha256` name the stored text
    the quote was checked against (None when nothing matched); `checked_label` is what the
    answer shows next to the passage.
    """

    provision_id: str
    quote: str
    status: str
    checked_label: str
    matched_id: str | None = None
    sha256: str | None = None
    span: tuple[int, int] | None = None
    findings: list[Finding] = field(default_factory=list)


@dataclass
class ClaimResult:
    index: int
    text: str
    citations: list[CitationResult]
    findings: list[Finding]

    @property
    def blocked(self) -> bool:
        return any(f.is_blocking for f in self.findings)


@dataclass
class AnswerFindings:
    """Per-claim results plus answer-level findings (broadened, reading-unfetched)."""

    claims: list[ClaimResult]
    findings: list[Finding]

    def all_findings(self) -> list[Finding]:
        return [f for c in self.claims for f in c.findings] + self.findings

    @property
    def blocked(self) -> bool:
        return any(f.is_blocking for f in self.all_findings())


def run_gate(findings, declined: bool = False, partial: bool = False, failed: bool = False) -> str:
    """The run's gate: failed > declined > blocked > partial > pass.

    `findings` is an AnswerFindings or any iterable of Finding.
    """
    if isinstance(findings, AnswerFindings):
        findings = findings.all_findings()
    if failed:
        return "failed"
    if declined:
        return "declined"
    if any(f.is_blocking for f in findings):
        return "blocked"
    return "partial" if partial else "pass"


def gate_answer(
    answer: dict,
    corpus: CorpusView,
    retrieved_ids,
    as_at: date | None = None,
    broadened: bool = False,
    broadening: dict | None = None,
) -> AnswerFindings:
    """Check every claim of `answer`; see the module docstring for the shapes.

    `broadened`: the run's search left the scope asked for, or found better matches outside it;
    `broadening` says where it looked ({"scope": [codes], "outside": [{"act": code, ...}]}). An
    answer to such a run must disclose it under "Not in the text above", or it is blocked.

    `retrieved_ids` are provision ids returned by tools in this run; any id covers its whole
    section, since get_provision returns whole sections. Malformed retrieved ids are ignored.
    """
    retrieved = _retrieved_sections(retrieved_ids)
    claims = answer.get("claims") or []
    not_in_text = answer.get("not_in_text") or ""
    all_citations = [c for claim in claims for c in (claim.get("citations") or [])]
    results = []
    for index, claim in enumerate(claims):
        citations = claim.get("citations") or []
        checked = [_check_citation(c, corpus, retrieved, as_at) for c in citations]
        # Two citations of one version carry the same version warning: say it once per claim.
        claim_findings = list({(f.code, f.message): f for r in checked for f in r.findings}.values())
        if not citations:
            claim_findings.append(blocking(
                F.NO_CITATION, "This statement of law cites no provision, so it cannot be checked."
            ))
        claim_findings += qualifier_warnings(citations, checked, corpus, not_in_text)
        claim_findings += defined_term_warnings(citations, checked, corpus, all_citations)
        results.append(ClaimResult(index, claim.get("text", ""), checked, claim_findings))
    answer_findings = reading_warnings(answer.get("reading") or "", corpus, retrieved)
    hidden = broadening_hidden(answer, broadening, corpus) if broadened else None
    if hidden is not None:
        answer_findings.append(hidden)
    return AnswerFindings(results, answer_findings)


# --- one citation ------------------------------------------------------------------------------

def _check_citation(citation: dict, corpus: CorpusView, retrieved: set[str], as_at) -> CitationResult:
    raw_id = (citation.get("provision_id") or "").strip()
    quote = citation.get("quote") or ""
    result = CitationResult(raw_id, quote, BLOCKED, "")
    try:
        pid = parse_provision_id(raw_id)
    except PinpointError as e:
        return _blocked(result, blocking(F.MALFORMED, str(e), provision_id=raw_id))
    if not quote.strip():
        return _blocked(result, blocking(
            F.MALFORMED, f"The citation of {pid.human()} quotes nothing.", provision_id=raw_id
        ))
    result.provision_id = str(pid)
    section = corpus.get(pid.section_id)
    if section is None:
        return _blocked(result, _unknown_section(pid, corpus))
    if pid.section_id not in retrieved:
        result.findings.append(blocking(
            F.NOT_RETRIEVED,
            f"{pid.human()} of {_named(pid.act, corpus)} was never returned by a tool in this run; fetch it "
            "before quoting it.",
            provision_id=str(pid),
        ))
    if has_inner_ellipsis(quote):
        result.findings.append(blocking(
            F.ELLIPSIS, "The quote leaves words out inside a sentence; quote the whole sentence.",
            provision_id=str(pid),
        ))
    unit = corpus.get(str(pid))
    if unit is None:
        _check_missing_unit(result, pid, section, quote, corpus)
    else:
        _check_unit(result, pid, unit, section, quote, corpus)
    _add_status_and_version(result, corpus, as_at)
    if any(f.is_blocking for f in result.findings):
        first = next(f for f in result.findings if f.is_blocking)
        result.status, result.checked_label = BLOCKED, f"blocked: {first.code}"
    return result


def _check_unit(result, pid, unit: ProvisionView, section, quote, corpus) -> None:
    check = check_quote(quote, unit.text)
    if check.is_match:
        _passed(result, unit, check.span)
        return
    elsewhere = deepest_unit_with(quote, corpus.section_units(section.id))
    if elsewhere is not None:
        where = parse_provision_id(elsewhere.id).human()
        result.findings.append(blocking(
            F.WRONG_UNIT,
            f"The quote is not in {pid.human()} but it is verbatim in {where}; cite {where}.",
            provision_id=str(pid), found_in=elsewhere.id,
        ))
        return
    if check.status != MISMATCH:
        # Nothing like it in the unit: the closest passage may still be elsewhere in the section.
        wider = check_quote(quote, section.text)
        check = wider if wider.status == MISMATCH else check
    result.findings.append(_mismatch(pid, unit, check))


def _check_missing_unit(result, pid, section: ProvisionView, quote, corpus: CorpusView) -> None:
    check = check_quote(quote, section.text)
    if check.is_match:
        _passed(result, section, check.span)
        result.status = DOWNGRADED
        result.checked_label = f"downgraded to section {section.label}"
        result.findings.append(warning(
            F.PINPOINT_NOT_FOUND,
            f"{pid.human()} does not exist, but the quote is verbatim in section {section.label}; "
            f"the citation was downgraded to section {section.label}.",
            provision_id=str(pid), downgraded_to=section.id,
        ))
        return
    result.findings.append(blocking(
        F.PINPOINT_NOT_FOUND,
        f"Section {section.label} of {_named(pid.act, corpus)} exists but has no {pid.human()}, and the quote is "
        "not in the section.",
        provision_id=str(pid), section_id=section.id,
        closest_passage=check.closest_passage,
    ))


def _passed(result: CitationResult, view: ProvisionView, span) -> None:
    result.status = PASS
    result.matched_id, result.sha256, result.span = view.id, view.sha256, span
    result.checked_label = f"verbatim · text sha256 {view.sha256[:_SHORT_HASH]}…"


def _mismatch(pid, unit: ProvisionView, check) -> Finding:
    details = {"provision_id": str(pid)}
    if check.difference is None:
        return blocking(
            F.QUOTE_MISMATCH,
            f"The quote is not in {pid.human()}, and nothing in it is close.", **details
        )
    diff = check.difference
    details |= {
        "offset": diff.offset, "expected": diff.expected, "found": diff.found,
        "closest_passage": check.closest_passage, "closest_span": check.closest_span,
    }
    return blocking(
        F.QUOTE_MISMATCH,
        f"The quote differs from {pid.human()} at character {diff.offset}: the text says "
        f"“{diff.expected}” where the quote has “{diff.found}”.",
        **details,
    )


def _unknown_section(pid, corpus: CorpusView) -> Finding:
    not_held = corpus.not_held(pid.act)
    if not_held:
        message = f"{not_held[0].upper()}{not_held[1:]}."
    elif not corpus.act_sections(pid.act):
        message = f"There is no Act {pid.act} in the corpus."
    else:
        name = _named(pid.act, corpus)
        message = f"{name[:1].upper()}{name[1:]} has no section {pid.section}."
    return blocking(F.UNKNOWN_SECTION, message, provision_id=str(pid))


def _add_status_and_version(result: CitationResult, corpus: CorpusView, as_at) -> None:
    if result.matched_id is None:
        view = corpus.get(result.provision_id) or corpus.get(
            parse_provision_id(result.provision_id).section_id
        )
    else:
        view = corpus.get(result.matched_id)
    if view is None:
        return
    at = f" as at {as_at.isoformat()}" if as_at else ""
    section = corpus.get(view.section_id) or view
    dead = next((v for v in (view, section) if v.status != "in_force"), None)
    if dead is not None:
        state = "repealed" if dead.status == "repealed" else "not in force"
        result.findings.append(blocking(
            F.REPEALED, f"{parse_provision_id(dead.id).human()} of {_named(dead.act, corpus)} is {state}{at}.",
            provision_id=dead.id, status=dead.status,
        ))
    if not view.is_latest_version or view.has_pending_amendments:
        reason = (
            "amendments to it are not yet in force" if view.has_pending_amendments
            else "a later consolidation exists"
        )
        pit = view.pit_date.isoformat() if view.pit_date else "unknown date"
        result.findings.append(warning(
            F.VERSION, f"Quoted from the consolidation of {pit}{at}; {reason}.",
            provision_id=view.id, pit_date=pit,
        ))


def _named(code: str, corpus: CorpusView) -> str:
    return prose_name(code, corpus.act_refs())


def _blocked(result: CitationResult, finding: Finding) -> CitationResult:
    result.findings.append(finding)
    result.status, result.checked_label = BLOCKED, f"blocked: {finding.code}"
    return result


def _retrieved_sections(retrieved_ids) -> set[str]:
    sections = set()
    for rid in retrieved_ids or ():
        try:
            sections.add(parse_provision_id(rid).section_id)
        except PinpointError:
            continue
    return sections
