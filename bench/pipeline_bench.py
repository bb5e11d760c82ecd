"""Pipeline overhead per run with a zero-latency fake model (the real SDK on loopback).

Each run: one get_provision tool turn, then submit_answer with two claims (one verbatim,
one altered -> a repair turn that fixes it). What is timed is everything but the model:
SDK round trips on loopback, tools, the verifier, storage and events. The faithfulness judge is
off: its call is a model call of its own, and with no reply queued for it the SDK's retries and
back-off (about 1.5 s) were timed as pipeline overhead (make bench of 2026-12-07).
"""

import os
import time

from django.conf import settings

from research import pipeline
from research.models import Run
from tests.research.fake_anthropic import FakeAnthropic, reply, submit, tool_use

SUBPOENA = ("required to comply with a subpoena or warrant issued or an order made by a court, person or "
            "body with jurisdiction to compel the production of information, or to comply with rules of "
            "court relating to the production of records;")
DEBT = "for the purpose of collecting a debt owed by the individual to the organization;"


def _answer(debt_quote):
    return {"claims": [
        {"text": "Disclosure without consent is allowed to comply with a subpoena.",
         "citations": [{"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA}]},
        {"text": "Disclosure without consent is allowed to collect a debt.",
         "citations": [{"provision_id": "P-8.6:s7(3)(b)", "quote": debt_quote}]},
    ], "reading": "Reading: P-8.6:s7(3) lists when disclosure without consent is allowed.",
        "not_in_text": "Subsection 7(3) applies despite the note to clause 4.3 and only if a listed case applies."}


def _percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))]


def measure(runs=30):
    os.environ["ANTHROPIC_API_KEY"] = "sk-bench-not-a-real-key"
    settings.VERBATIM_JUDGE = False
    anthropic_ms, extractive_ms = [], []
    with FakeAnthropic() as api:
        settings.ANTHROPIC_BASE_URL = api.url
        for _ in range(runs):
            api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7"})),
                      reply(submit(_answer(DEBT.replace("debt", "loan")))),
                      reply(submit(_answer(DEBT))))
            run = Run.objects.create(question="When may an organization disclose personal information "
                                     "without consent?", engine="anthropic", model=settings.VERBATIM_MODEL)
            started = time.perf_counter()
            pipeline.execute(run.pk)
            anthropic_ms.append((time.perf_counter() - started) * 1000)
            run.refresh_from_db()
            assert run.gate == Run.GATE_PASS, (run.gate, run.error)
    for _ in range(runs):
        run = Run.objects.create(question="Can my employer give my personal information to a debt collector?",
                                 engine="extractive")
        started = time.perf_counter()
        pipeline.execute(run.pk)
        extractive_ms.append((time.perf_counter() - started) * 1000)
    return {
        "runs": runs,
        "anthropic_fake_p50_ms": round(_percentile(anthropic_ms, 50), 1),
        "anthropic_fake_p95_ms": round(_percentile(anthropic_ms, 95), 1),
        "extractive_p50_ms": round(_percentile(extractive_ms, 50), 1),
        "extractive_p95_ms": round(_percentile(extractive_ms, 95), 1),
    }
