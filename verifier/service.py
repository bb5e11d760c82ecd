"""The verifier's entry points over the corpus database, shared by the commands, the API, the
/check page and the MCP server.

Each call builds one DbCorpus for the language and date asked, hands it to the pure core
(verifier.quotes, verifier.gates, verifier.claims) and returns plain dicts ready for JSON.
"""

import datetime

from django.conf import settings

from corpus.messages import Message, gettext_noop
from verifier import findings as F
from verifier.adapter import DbCorpus
from verifier.answer_markdown import render_answer
from verifier.claims import UNKNOWN, check_memo, extract_claims
from verifier.gates import gate_answer
from verifier.korean_claims import KoreanChecker
from verifier.pinpoints import parse_provision_id
from verifier.precedents import load_index
from verifier.quotes import MATCH, NOT_FOUND, check_quote

MATCH_STATUS = MATCH
MISMATCH_STATUS = "mismatch"
NOT_FOUND_STATUS = NOT_FOUND
# What one claim-checker request may hold (a memo, or all its items together). A quote not in
# the cited unit is looked for in every section of the Act, so the work is per cited provision:
# the caps hold the worst request measured to the CPU figure in docs/api.md.
MAX_TEXT_CHARS = 20_000
MAX_ITEMS = 100
MAX_CITED_PROVISIONS = 100
KOREAN_LANG = "kor"  # the language of the Korean laws' versions (corpus/ingest/korean_laws.py)


def parse_as_at(as_at):
    """None, a date, or "YYYY-MM-DD" -> date or None. Raises ValueError for anything else."""
    if as_at in (None, ""):
        return None
    if isinstance(as_at, datetime.datetime):
        return as_at.date()
    if isinstance(as_at, datetime.date):
        return as_at
    try:
        return datetime.date.fromisoformat(str(as_at))
    except ValueError:
        raise ValueError(f"as_at {as_at!r} is not a date; use YYYY-MM-DD") from None


def verify_quote(provision_id, passage, as_at=None, lang="eng", read_sha256=None, corpus=None):
    """Is `passage` verbatim in the provision `provision_id` as at `as_at`?

    Returns a dict: `status` match | mismatch | not_found; `provision_id` (canonical);
    `text_sha256` and `pit_date` of the stored text checked against (None when the provision
    does not exist); `first_difference` {offset, expected, found} for a mismatch;
    `passage_as_stored` (the matched or closest passage, in the stored spelling); `checked`
    (the label an answer would show) and `findings` (the gates' findings for this one quote:
    wrong-unit, repealed, pinpoint-not-found, version and qualifier warnings...).
    With `read_sha256` (the hash of the text the caller read), `text_changed` says whether the
    stored text at that date is no longer that text (`text_sha256` is the current one).
    Raises PinpointError for a malformed id and ValueError for a bad date or language;
    an unknown Act or section is a not_found verdict, not an error. `corpus`, a DbCorpus for
    the same language and date, lets a caller checking many quotes (check_corpus) share its cache.
    """
    pid = parse_provision_id(provision_id)
    as_at = parse_as_at(as_at)
    if lang not in ("eng", "fra"):
        raise ValueError(f"lang {lang!r} is not 'eng' or 'fra'")
    corpus = corpus if corpus is not None else DbCorpus(lang=lang, as_at=as_at)
    unit = corpus.get(str(pid))
    # One citation through the gates, as if a tool had fetched it, for the same findings a run gets.
    answer = {"claims": [{"text": "", "citations": [{"provision_id": str(pid), "quote": passage}]}]}
    [claim] = gate_answer(answer, corpus, [str(pid)], as_at=as_at).claims
    [citation] = claim.citations
    result = {
        "provision_id": str(pid),
        "status": NOT_FOUND_STATUS,
        "text_sha256": None,
        "pit_date": None,
        "first_difference": None,
        "passage_as_stored": None,
        "checked": citation.checked_label,
        "checked_id": citation.matched_id,
        "findings": [f.as_dict() for f in claim.findings if f.code != F.NOT_RETRIEVED],
        "path": "",
        "url": "",
        "provision_status": None,
    }
    if read_sha256 is not None:
        result["text_changed"] = unit is None or read_sha256.strip().lower() != unit.sha256
    if unit is None:
        return result
    check = check_quote(passage, unit.text)
    result |= {
        "status": check.status,
        "text_sha256": unit.sha256,
        "pit_date": unit.pit_date.isoformat() if unit.pit_date else None,
        "path": unit.path,
        "url": unit.url,
        "provision_status": unit.status,
    }
    if check.is_match:
        result["passage_as_stored"] = unit.text[check.span[0]:check.span[1]]
    elif check.difference is not None:
        d = check.difference
        result["first_difference"] = {"offset": d.offset, "expected": d.expected, "found": d.found}
        result["passage_as_stored"] = check.closest_passage
    return result


def check_claims_text(text, as_at=None, lang="eng", local_only=False):
    """Check every claim (sentence or bullet) of a memo. Returns one dict per claim, in order:
    {id ("1", "2", ...), claim, label, finding, rationale, links, provision_id, supporting_urls,
    authority, start, end}. Sentences citing nothing come back unknown / no-citation. Korean
    claims are checked by the Korean auditor (`local_only`: the protocol's mode, see
    korean_checker). Raises ValueError for a bad date, a text over MAX_TEXT_CHARS or one citing
    more than MAX_CITED_PROVISIONS provisions."""
    _check_size(text)
    as_at = parse_as_at(as_at)
    corpus = DbCorpus(lang=lang, as_at=as_at)
    _check_cited(sum(len(c.units) for c in extract_claims(text, corpus.act_refs())),
                 gettext_noop("the memo cites %(count)s provisions; at most %(limit)s per request (split it into "
                              "several requests)"))
    korean = korean_checker(as_at, local_only)
    return [
        _verdict_dict(str(n), v) | {"start": v.claim.start, "end": v.claim.end}
        for n, v in enumerate(check_memo(text, corpus, korean), start=1)
    ]


def korean_checker(as_at=None, local_only=False, sources=None):
    """The Korean auditor over the Korean laws in force at `as_at` (default today: a revision
    promulgated but not yet in force is not the law), with the precedent index of
    settings.VERBATIM_PRECEDENT_INDEX when one is set. With `local_only`, as the protocol
    defines it, nothing is compared with the source text and every Korean claim is unknown.
    `sources` (from korean_sources) spares re-reading them for each item of a list."""
    corpus, precedents = sources or korean_sources(as_at)
    return KoreanChecker(corpus, precedents, local_only=local_only)


def korean_sources(as_at=None):
    """(the Korean laws' CorpusView as at the date, the precedent index or None)."""
    path = getattr(settings, "VERBATIM_PRECEDENT_INDEX", "")
    precedents = load_index(path) if path else None
    return DbCorpus(lang=KOREAN_LANG, as_at=as_at or datetime.date.today()), precedents


def check_claim_items(items, as_at=None, lang="eng", local_only=False):
    """Check a list of {id, claim} items (other keys ignored); one dict per item, in order,
    shaped as check_claims_text's (without start/end).

    An item may run to several sentences ("PIPEDA applies. Section 7(3)(c) says ..."): sentences
    that cite nothing do not count against it; of the rest, any contradicted sentence decides,
    then any unknown, and it is verified only when every citing sentence is. Raises ValueError
    for an item without a claim, too many items, or items over MAX_TEXT_CHARS or
    MAX_CITED_PROVISIONS taken together (nothing is checked then).
    """
    if len(items) > MAX_ITEMS:
        raise ValueError(f"{len(items)} items; at most {MAX_ITEMS} per request")
    as_at = parse_as_at(as_at)
    corpus = DbCorpus(lang=lang, as_at=as_at)
    extracted = []
    for n, item in enumerate(items, start=1):
        claim = item.get("claim") if isinstance(item, dict) else None
        if not isinstance(claim, str) or not claim.strip():
            raise ValueError(f"item {n} has no 'claim' text")
        item_id = item.get("id")
        item_id = str(n) if item_id in (None, "") else str(item_id)
        extracted.append((item_id, claim, extract_claims(claim, corpus.act_refs())))
    total = sum(len(claim) for _, claim, _ in extracted)
    if total > MAX_TEXT_CHARS:
        raise ValueError(f"the items hold {total} characters together; at most {MAX_TEXT_CHARS} per request")
    _check_cited(sum(len(c.units) for _, _, claims in extracted for c in claims),
                 gettext_noop("the items cite %(count)s provisions; at most %(limit)s per request (split it into "
                              "several requests)"))
    sources = korean_sources(as_at)
    out = []
    for item_id, claim, _claims in extracted:
        verdicts = check_memo(claim, corpus, korean_checker(as_at, local_only, sources))
        if not verdicts:
            raise ValueError(f"item {item_id} has no claim to check")
        out.append(_verdict_dict(item_id, _item_verdict(verdicts), claim=claim))
    return out


def _item_verdict(verdicts):
    citing = [v for v in verdicts if v.code != F.NO_CITATION] or verdicts
    for label in ("contradicted", UNKNOWN):
        for v in citing:
            if v.label == label:
                return v
    return citing[0]


def _verdict_dict(item_id, verdict, claim=None):
    return {
        "id": item_id,
        "claim": verdict.claim.text if claim is None else claim,
        "label": verdict.label,
        "finding": verdict.code,
        "rationale": verdict.rationale,
        "links": list(verdict.links),
        "provision_id": verdict.provision_id,
        # The Korean auditor's contract: {label, rationale, supporting_urls, authority: 1.0}.
        "supporting_urls": list(verdict.supporting_urls if verdict.supporting_urls is not None
                                else [link for link in verdict.links if link.startswith("https://")]),
        "authority": 1.0,
    }


def _check_cited(count, template):
    if count > MAX_CITED_PROVISIONS:
        raise ValueError(Message(template, count=count, limit=MAX_CITED_PROVISIONS))


def _check_size(text):
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    if len(text) > MAX_TEXT_CHARS:
        raise ValueError(Message(gettext_noop("text is %(length)s characters; at most %(limit)s"),
                                 length=len(text), limit=MAX_TEXT_CHARS))


def export_answer(answer, as_at=None, lang="eng", corpus_label="Justice Laws consolidations"):
    """Markdown and evidence for `answer` (see verifier.answer_markdown.render_answer).

    Citations that already carry the run's verdict ("status", "checked_label", "checked_id")
    keep it; the others are checked here, as if each cited section had been fetched.
    """
    as_at = parse_as_at(as_at)
    corpus = DbCorpus(lang=lang, as_at=as_at)
    cited = [c.get("provision_id") or "" for claim in answer.get("claims") or []
             for c in claim.get("citations") or []]
    gated = gate_answer(answer, corpus, cited, as_at=as_at)
    claims = []
    for claim, result in zip(answer.get("claims") or [], gated.claims, strict=True):
        citations = []
        for citation, checked in zip(claim.get("citations") or [], result.citations, strict=True):
            if "status" not in citation:
                citation = citation | {
                    "status": checked.status, "checked_label": checked.checked_label,
                    "checked_id": checked.matched_id,
                    "findings": [f.as_dict() for f in checked.findings],
                }
            citations.append(citation)
        claims.append(claim | {"citations": citations})
    views = {}
    for citation in (c for claim in claims for c in claim["citations"]):
        for pid in (citation.get("provision_id"), citation.get("checked_id")):
            view = corpus.get(pid) if pid else None
            if view is not None:
                views[view.id] = view
    return render_answer(answer | {"claims": claims}, views, as_at, corpus_label)
