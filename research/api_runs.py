"""Research API: start a run, read it, follow its events (SSE or polling).

    POST /api/v1/research              202 {run_id, status, location} + Location header
    GET  /api/v1/research/{id}         the run, its claims, citations, usage
    GET  /api/v1/research/{id}/events  Server-Sent Events (Last-Event-ID resumes);
                                       ?after=N returns JSON {events, finished} for polling

Writes need `Authorization: Bearer <token>` with the research scope; reads take any usable
token or a signed-in session.
A run is visible to its creator and to reviewers; anyone else gets 404, as for a missing run.
"""

from django.http import HttpResponse
from ninja import Header, Router, Status
from ninja.errors import AuthenticationError, HttpError
from ninja.security import HttpBearer, django_auth

from corpus.api_errors import ApiError, error_responses
from research import events_stream
from research.models import Run
from research.schemas import EventsOut, RunCreatedOut, RunIn, RunOut
from research.serialize import event_dict, run_detail
from research.submit import IdempotencyConflict, InvalidRun, SpendLimit, create_run
from research.tokens import token_for


class TokenAuth(HttpBearer):
    def authenticate(self, request, token):
        row = token_for(token)
        if row is None:
            raise AuthenticationError(
                401, "invalid API token: it is unknown, expired or revoked, or its user is inactive")
        request.api_token = row
        return row.user


token_auth = TokenAuth()
# Without `after` the events endpoint streams; the schema says so beside the polling JSON.
# Each event is `id`, `event` (the kind) and `data` (the event as JSON text).
SSE_DOC = {"responses": {200: {"content": {"text/event-stream": {"schema": {
    "type": "object", "properties": {"id": {"type": "string"}, "event": {"type": "string"},
                                     "data": {"type": "string"}}}}}}}}
router = Router(tags=["research"])


@router.post("/research", auth=token_auth,
             response={202: RunCreatedOut, **error_responses(400, 401, 403, 409, 413, 422, 429)})
def start_run(request, payload: RunIn, response: HttpResponse,
              idempotency_key: str = Header("", alias="Idempotency-Key")):
    """Queue a research run (a token with the research scope). The same Idempotency-Key from the
    same user with the same request returns the same run; with another request, 409."""
    if not request.api_token.can_start_runs:
        raise ApiError(403, "this API token is read-only: it may read runs but not start them; "
                            "make a token with the research scope on /account/tokens/")
    engine = payload.engine
    if engine and engine != "extractive" and not request.auth.is_staff:
        raise ApiError(422, f"engine {engine!r} is for staff; leave it out or ask for 'extractive'",
                       {"engine": "not allowed"})
    try:
        run, created = create_run(request.auth, payload.question, as_at=payload.as_at, acts=payload.acts,
                                  lang=payload.lang, engine=engine, idempotency_key=idempotency_key)
    except InvalidRun as exc:
        raise ApiError(exc.status, str(exc), exc.errors) from None
    except SpendLimit as exc:
        raise ApiError(429, str(exc)) from None
    except IdempotencyConflict as exc:
        raise ApiError(409, str(exc)) from None
    location = f"/api/v1/research/{run.pk}"
    response["Location"] = location
    if not created:
        response["Idempotent-Replayed"] = "true"
    return Status(202, {"run_id": run.pk, "uuid": str(run.uuid), "status": run.status, "location": location})


@router.get("/research/{int:run_id}", auth=[token_auth, django_auth],
            response={200: RunOut, **error_responses(401, 404, 422)})
def get_run(request, run_id: int):
    """The run with its claims (blocked ones too), citations, usage, reading and errors."""
    return run_detail(_get_run_for_user(request, run_id))


@router.get("/research/{int:run_id}/events", auth=[token_auth, django_auth],
            response={200: EventsOut, **error_responses(401, 404, 422)}, openapi_extra=SSE_DOC)
def run_events(request, run_id: int, after: int | None = None,
               last_event_id: str = Header("", alias="Last-Event-ID")):
    """Without `after`: an SSE stream from Last-Event-ID (or the start) to the final event.
    With `after=N`: the events after seq N as JSON, and whether the run has finished."""
    run = _get_run_for_user(request, run_id)
    if after is not None:
        # `run` was read before the events: if it had finished then, every event is stored.
        events = list(run.events.filter(seq__gt=after).order_by("seq")[:500])
        next_after = events[-1].seq if events else after
        finished = run.finished and next_after >= _last_seq(run)
        return {"events": [event_dict(e) for e in events], "finished": finished, "next_after": next_after}
    start = int(last_event_id) if last_event_id.strip().isdigit() else 0
    return events_stream.response(request, run.pk, start)


def _get_run_for_user(request, run_id):
    """The run if this user may see it (creator or reviewer); 404 otherwise, so ids leak nothing."""
    run = Run.objects.visible_to(request.auth).filter(pk=run_id).first()
    if run is None:
        raise HttpError(404, f"no run {run_id}, or it is not yours to see")
    return run


def _last_seq(run):
    return run.events.order_by("-seq").values_list("seq", flat=True).first() or 0
