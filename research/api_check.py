"""Verifier API: check one quote against the stored text; check the citations of a memo.

    POST /api/v1/verify/quote   {provision_id, quote, as_at?, lang?} -> match | mismatch | not_found
    POST /api/v1/claims/check   {text} or {items: [{id, claim}]} or {docx_base64}
                                -> a label per claim (and for a Word memo, the memo annotated)

Both only read the public statute text, so they need no token. A malformed provision id or
request is 422; an unknown Act or section is a verdict (200, not_found / contradicted), not an
error: the answer "that section does not exist" is what the caller asked for.
"""

import base64
import binascii

from ninja import Router

from corpus.api_errors import ApiError, error_responses
from research.check_schemas import ClaimsIn, ClaimsOut, QuoteIn, QuoteOut
from research.docx_check import annotated_docx, check_docx
from research.docx_memo import MemoError
from verifier.pinpoints import PinpointError
from verifier.precedents import PrecedentIndexError
from verifier.service import check_claim_items, check_claims_text, verify_quote

router = Router(tags=["verifier"])


@router.post("/verify/quote", response={200: QuoteOut, **error_responses(400, 422)})
def verify_quote_endpoint(request, payload: QuoteIn):
    """Is `quote` verbatim in the provision as at `as_at` (default: the latest consolidation)?"""
    try:
        return verify_quote(payload.provision_id, payload.quote, as_at=payload.as_at, lang=payload.lang,
                            read_sha256=payload.text_sha256)
    except PinpointError as exc:
        raise ApiError(422, str(exc), {"provision_id": str(exc)}) from None


@router.post("/claims/check", response={200: ClaimsOut, **error_responses(400, 422, 503)})
def check_claims_endpoint(request, payload: ClaimsIn):
    """Label each claim verified | contradicted | unknown, with its finding, rationale and links."""
    given = [payload.text, payload.items, payload.docx_base64]
    if sum(x is not None for x in given) != 1:
        raise ApiError(422, "send one of 'text' (a memo), 'items' (a list of {id, claim}) or 'docx_base64' "
                       "(a Word memo)", {"text": "text, items or docx_base64 required"})
    annotated = None
    try:
        if payload.docx_base64 is not None:
            claims, memo = check_docx(_decoded(payload.docx_base64), as_at=payload.as_at,
                                      local_only=payload.local_only)
            annotated = base64.b64encode(annotated_docx(memo, claims, request.build_absolute_uri)).decode()
        elif payload.text is not None:
            claims = check_claims_text(payload.text, as_at=payload.as_at, local_only=payload.local_only)
        else:
            claims = check_claim_items([i.model_dump() for i in payload.items], as_at=payload.as_at,
                                       local_only=payload.local_only)
    except PrecedentIndexError as exc:
        raise ApiError(503, str(exc)) from None
    except MemoError as exc:
        raise ApiError(422, str(exc), {"docx_base64": str(exc)}) from None
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None
    counts = {"verified": 0, "contradicted": 0, "unknown": 0}
    for claim in claims:
        counts[claim["label"]] += 1
    return {"claims": claims, "counts": counts, "annotated_docx_base64": annotated}


def _decoded(data):
    try:
        return base64.b64decode(data, validate=True)
    except binascii.Error:
        raise MemoError("docx_base64 is not base64 (RFC 4648, no line breaks)") from None

