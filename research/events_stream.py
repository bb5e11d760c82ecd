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


class _Stream:
    """What to send after each poll; the sync and async generators only fetch and sleep."""

    BATCH = 200

    def __init__(self, last):
        self.last = last
        self.deadline = time.monotonic() + max_seconds()
        self.quiet_since = time.monotonic()
        self.done = False

    def step(self, events, finished):
        """Chunks to send for this poll's `events`; sets `done` when the stream should end.

        `finished` is read before the events: if the run had finished, every event is stored.
        """
        chunks = []
        for event in events:
            chunks.append(format_event(event))
            self.last = event.seq
            if event.kind == RunEvent.KIND_FINAL:
                self.done = True
                return chunks
        if finished and len(events) < self.BATCH:
            self.done = True
        elif time.monotonic() > self.deadline:
            chunks.append(_timeout_message(self.last))
            self.done = True
        elif events:
            self.quiet_since = time.monotonic()
        elif time.monotonic() - self.quiet_since > KEEPALIVE_SECONDS:
            chunks.append(": keepalive\n\n")
            self.quiet_since = time.monotonic()
        return chunks

    def queries(self, run_id):
        finished = Run.objects.filter(pk=run_id, status__in=_FINISHED)
        events = RunEvent.objects.filter(run_id=run_id, seq__gt=self.last).order_by("seq")[:self.BATCH]
        return finished, events


def _sync_events(run_id, last):
    yield f"retry: {RETRY_MS}\n\n"
    stream = _Stream(last)
    while True:
        finished, events = stream.queries(run_id)
        finished = finished.exists()  # before the events: see _Stream.step
        yield from stream.step(events=list(events), finished=finished)
        if stream.done:
            return
        time.sleep(POLL_SECONDS)


async def _async_events(run_id, last):
    yield f"retry: {RETRY_MS}\n\n"
    stream = _Stream(last)
    while True:
        finished, events = stream.queries(run_id)
        finished = await finished.aexists()  # before the events: see _Stream.step
        for chunk in stream.step(events=[e async for e in events], finished=finished):
            yield chunk
        if stream.done:
            return
        await asyncio.sleep(POLL_SECONDS)


_FINISHED = [Run.STATUS_DONE, Run.STATUS_FAILED]
