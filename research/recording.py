"""Recorded runs: a finished run as a JSON document, and back.

    export_run(run) -> dict      {"format": "verbatim-run/1", "engine": ..., "run": ..., "events": [...],
                                  "model_calls": [...], "claims": [{..., "citations": [...]}]}
    import_run(data) -> Run      idempotent by the run's uuid; the copy is marked recorded=True

Recorded runs are what stakeholders replay in demos on a machine with no API key. Citations
name the Act version they were checked against by Act code, language and source SHA-256, so an
import finds the same stored text; the text hashes travel with each citation.
"""

import datetime
import uuid
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from corpus.models import ActVersion
from research.models import Citation, Claim, ModelCall, Run, RunEvent

FORMAT = "verbatim-run/1"

RUN_FIELDS = [
    "question", "as_at", "acts", "lang", "engine", "model", "script", "status", "gate", "created_at",
    "started_at", "finished_at", "attempts", "error", "reading", "not_in_text", "scope_note", "broadened",
    "broadening", "partial_reason", "answer", "recorded_label", "input_tokens", "output_tokens", "cache_read_tokens",
    "cache_write_tokens", "usd",
]
MODEL_CALL_FIELDS = ["seq", "model", "purpose", "input_tokens", "output_tokens", "cache_read_tokens",
                     "cache_write_tokens", "latency_ms", "usd", "stop_reason", "created_at"]
_DATES = {"as_at"}
_DATETIMES = {"created_at", "started_at", "finished_at"}
_DECIMALS = {"usd"}


class RecordingError(ValueError):
    """The document is not a recorded run we can import; the message says what is wrong."""


def export_run(run):
    """A finished run (fields, events, model calls, claims, citations) as a JSON-ready dict."""
    if not run.finished:
        raise RecordingError(f"run {run.pk} is {run.status}; only a finished run can be exported")
    return {
        "format": FORMAT,
        "uuid": str(run.uuid),
        "engine": run.engine,
        "recorded_label": run.recorded_label or default_label(run),
        "exported_at": timezone.now().isoformat(),
        "run": {name: _plain(getattr(run, name)) for name in RUN_FIELDS},
        "events": [{"seq": e.seq, "kind": e.kind, "data": e.data, "created_at": e.created_at.isoformat()}
                   for e in run.events.order_by("seq")],
        "model_calls": [{name: _plain(getattr(m, name)) for name in MODEL_CALL_FIELDS}
                        for m in run.model_calls.order_by("seq")],
        "claims": [_claim(c) for c in run.claims.prefetch_related("citations__version__act").order_by("position")],
    }


def import_run(data):
    """Store a recorded run from `data` (an export_run dict); returns the Run.

    Importing the same uuid again returns the run already stored and writes nothing. Refuses
    (RecordingError) a document of another format or missing its parts.
    """
    _validate(data)
    existing = Run.objects.filter(uuid=data["uuid"]).first()
    if existing is not None:
        return existing
    fields = {name: _parse(name, value) for name, value in data["run"].items() if name in RUN_FIELDS}
    fields["engine"] = data["engine"]
    fields["recorded_label"] = data.get("recorded_label") or fields.get("recorded_label") or ""
    with transaction.atomic():
        run = Run.objects.create(uuid=data["uuid"], recorded=True, created_by=None, idempotency_key="", **fields)
        RunEvent.objects.bulk_create([
            RunEvent(run=run, seq=e["seq"], kind=e["kind"], data=e.get("data") or {},
                     created_at=_parse("created_at", e.get("created_at")) or run.created_at)
            for e in data["events"]
        ])
        ModelCall.objects.bulk_create([
            ModelCall(run=run, **{name: _parse(name, m[name]) for name in MODEL_CALL_FIELDS if name in m})
            for m in data.get("model_calls") or []
        ])
        for c in data["claims"]:
            _store_claim(run, c)
    return run


def default_label(run):
    """How a recorded run says who produced it, e.g. "extractive engine · gate pass"."""
    who = f"{run.engine} engine" + (f" ({run.model})" if run.model else "")
    return f"{who} · gate {run.gate or run.status}"


def _claim(claim):
    return {
        "position": claim.position, "text": claim.text, "status": claim.status,
        "findings": claim.findings, "repaired": claim.repaired,
        "citations": [
            {"position": c.position, "provision_id": c.provision_id, "checked_id": c.checked_id,
             "quote": c.quote, "text_sha256": c.text_sha256, "status": c.status,
             "checked_label": c.checked_label, "findings": c.findings, "version": _version(c.version)}
            for c in claim.citations.all()
        ],
    }


def _version(version):
    if version is None:
        return None
    return {"act": version.act.code, "lang": version.lang, "pit_date": version.pit_date.isoformat(),
            "source_sha256": version.source_sha256}


def _store_claim(run, data):
    claim = Claim.objects.create(run=run, position=data["position"], text=data["text"], status=data["status"],
                                 findings=data.get("findings") or [], repaired=bool(data.get("repaired")))
    Citation.objects.bulk_create([
        Citation(claim=claim, position=c["position"], provision_id=c["provision_id"],
                 checked_id=c.get("checked_id", ""), quote=c["quote"], version=_find_version(c.get("version")),
                 text_sha256=c.get("text_sha256", ""), status=c["status"],
                 checked_label=c.get("checked_label", ""), findings=c.get("findings") or [])
        for c in data.get("citations") or []
    ])


def _find_version(ref):
    """The same stored version (by source hash), else the one with that pit date, else None."""
    if not ref:
        return None
    versions = ActVersion.objects.filter(act__code=ref.get("act"), lang=ref.get("lang"))
    return (versions.filter(source_sha256=ref.get("source_sha256")).first()
            or versions.filter(pit_date=ref.get("pit_date")).order_by("-id").first())


def _validate(data):
    if not isinstance(data, dict):
        raise RecordingError("a recorded run is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordingError(f"format is {data.get('format')!r}; this version reads {FORMAT!r}")
    missing = [k for k in ("uuid", "engine", "run", "events", "claims") if k not in data]
    if missing:
        raise RecordingError(f"the recorded run lacks {', '.join(missing)}")
    engines = {value for value, _ in Run.ENGINE_CHOICES}
    if data["engine"] not in engines:
        raise RecordingError(f"engine {data['engine']!r} is not one of {', '.join(sorted(engines))}")
    if data["run"].get("status") not in {Run.STATUS_DONE, Run.STATUS_FAILED}:
        raise RecordingError("only finished runs (status done or failed) can be imported")
    if not str(data["run"].get("question", "")).strip():
        raise RecordingError("the recorded run has no question")
    for i, c in enumerate(data["claims"]):
        for key in ("position", "text", "status"):
            if key not in c:
                raise RecordingError(f"claim {i} lacks {key}")
    try:
        uuid.UUID(str(data["uuid"]))
    except ValueError:
        raise RecordingError(f"uuid {data['uuid']!r} is not a UUID") from None


def _plain(value):
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _parse(name, value):
    if value is None:
        return None
    try:
        if name in _DATETIMES:
            return parse_datetime(value)
        if name in _DATES:
            return parse_date(value)
        if name in _DECIMALS:
            return Decimal(str(value))
    except (ValueError, TypeError, InvalidOperation):
        raise RecordingError(f"{name} {value!r} is not valid") from None
    return value
