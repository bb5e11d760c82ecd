"""Verifier API: check one quote against the stored text; check the citations of a memo.

    POST /api/v1/verify/quote   {provision_id, quote, as_at?, lang?} -> match | mismatch | not_found
    POST /api/v1/claims/check   {text} or {items: [{id, claim}]}     -> a label per claim

Both only read the public statute text, so they need no token. A malformed provision id or
request is 422; an unknown Act or section is a verdict (200, not_found / contradicted), not an
error: the answer "that section does not exist" is what the caller asked for.
"""

from ninja import Router

from corpus.api_errors import ApiError, error_responses
from research.check_schemas import ClaimsIn, ClaimsOut, QuoteIn, QuoteOut
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
    if (payload.text is None) == (payload.items is None):
        raise ApiError(422, "send either 'text' (a memo) or 'items' (a list of {id, claim}), not both",
                       {"text": "text or items required"})
    try:
        if payload.text is not None:
            claims = check_claims_text(payload.text, as_at=payload.as_at, local_only=payload.local_only)
        else:
            claims = check_claim_items([i.model_dump() for i in payload.items], as_at=payload.as_at,
                                       local_only=payload.local_only)
    except PrecedentIndexError as exc:
        raise ApiError(503, str(exc)) from None
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None
    counts = {"verified": 0, "contradicted": 0, "unknown": 0}
    for claim in claims:
        counts[claim["label"]] += 1
    return {"claims": claims, "counts": counts}

