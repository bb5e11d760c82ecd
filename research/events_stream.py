"""Server-Sent Events for a run's trace, read from the database.

Workers write RunEvents; any web process can stream them, so web processes stay stateless.
Each event goes out as `id: <seq>` / `event: <kind>` / `data: <json>`; a client that drops
reconnects with Last-Event-ID and gets what it missed. The stream ends after the final event,
when the run has finished, or after VERBATIM_SSE_MAX_SECONDS (the client may reconnect).

Under ASGI the stream is an async generator (a sync one would be buffered whole by Django);
under WSGI (runserver, the test client) it is a plain generator.
"""

import asyncio
import json
import time

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.core.serializers.json import DjangoJSONEncoder
from django.http import StreamingHttpResponse

from research.models import Run, RunEvent

POLL_SECONDS = 0.25
KEEPALIVE_SECONDS = 15.0
RETRY_MS = 2000


def max_seconds():
    return float(getattr(settings, "VERBATIM_SSE_MAX_SECONDS", 600))


def response(request, run_id, after=0):
    """A text/event-stream response of run `run_id`'s events with seq > `after`."""
    if isinstance(request, ASGIRequest):
        stream = _async_events(run_id, after)
    else:
        stream = _sync_events(run_id, after)
    resp = StreamingHttpResponse(stream, content_type="text/event-stream")
    resp["Cache-Control"] = "no-cache"
    resp["X-Accel-Buffering"] = "no"  # proxies (nginx) must not buffer the stream
    return resp


def format_event(event):
    data = json.dumps({"seq": event.seq, "kind": event.kind, "data": event.data,
                       "created_at": event.created_at}, cls=DjangoJSONEncoder)
    return f"id: {event.seq}\nevent: {event.kind}\ndata: {data}\n\n"


def _timeout_message(last):
    return f"event: timeout\ndata: {json.dumps({'after': last, 'reconnect': True})}\n\n"


def _sync_events(run_id, last):
    yield f"retry: {RETRY_MS}\n\n"
    deadline = time.monotonic() + max_seconds()
    quiet_since = time.monotonic()
    while True:
        # Status before events: if the run had finished, every event is already stored.
        finished = Run.objects.filter(pk=run_id, status__in=_FINISHED).exists()
        events = list(RunEvent.objects.filter(run_id=run_id, seq__gt=last).order_by("seq")[:200])
        for event in events:
            yield format_event(event)
            last = event.seq
            if event.kind == RunEvent.KIND_FINAL:
                return
        if finished and len(events) < 200:
            return
        if time.monotonic() > deadline:
            yield _timeout_message(last)
            return
        if events:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since > KEEPALIVE_SECONDS:
            yield ": keepalive\n\n"
            quiet_since = time.monotonic()
        time.sleep(POLL_SECONDS)


async def _async_events(run_id, last):
    yield f"retry: {RETRY_MS}\n\n"
    deadline = time.monotonic() + max_seconds()
    quiet_since = time.monotonic()
    while True:
        finished = await Run.objects.filter(pk=run_id, status__in=_FINISHED).aexists()
        events = [e async for e in RunEvent.objects.filter(run_id=run_id, seq__gt=last).order_by("seq")[:200]]
        for event in events:
            yield format_event(event)
            last = event.seq
            if event.kind == RunEvent.KIND_FINAL:
                return
        if finished and len(events) < 200:
            return
        if time.monotonic() > deadline:
            yield _timeout_message(last)
            return
        if events:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since > KEEPALIVE_SECONDS:
            yield ": keepalive\n\n"
            quiet_since = time.monotonic()
        await asyncio.sleep(POLL_SECONDS)


_FINISHED = [Run.STATUS_DONE, Run.STATUS_FAILED]
