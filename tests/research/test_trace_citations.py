"""The trace names provisions as people cite them, in the run's language; the events keep ids."""

import pytest

from research.models import Run, RunEvent
from research.presenting import trace_items

pytestmark = pytest.mark.django_db


def traced_run(lang="eng"):
    run = Run.objects.create(question="q", engine="extractive", lang=lang)
    run.add_event(RunEvent.KIND_TOOL_CALL, {"name": "search_statutes", "arguments": {
        "query": "disclose to comply with a subpoena", "acts": ["P-8.6", "L-2"]}})
    run.add_event(RunEvent.KIND_TOOL_RESULT, {"name": "search_statutes", "ids": ["P-8.6:s7", "P-8.6:sch1/4.3"],
                                              "count": 2})
    run.add_event(RunEvent.KIND_TOOL_CALL, {"name": "get_provision", "arguments": {"id": "P-8.6:s7(3)(c)"}})
    run.add_event(RunEvent.KIND_TOOL_CALL, {"name": "get_provision", "arguments": {"id": "X-99:s1"}})
    return run


def test_ids_become_short_citations_and_codes_names():
    items = trace_items(traced_run().events.order_by("seq"))
    search, result, read, unknown = [i for i in items]
    assert search["lines"] == ["acts: PIPEDA, CLC", "query: disclose to comply with a subpoena"]
    assert result["lines"] == ["2 results: PIPEDA s 7; PIPEDA Sch 1, 4.3"]
    assert read["lines"] == ["id: PIPEDA s 7(3)(c)"]
    assert unknown["lines"] == ["id: X-99:s1"]  # not held: shown as asked


def test_a_french_run_cites_in_french(client):
    items = trace_items(traced_run("fra").events.order_by("seq"), "fra")
    assert items[2]["lines"] == ["id: LPRPDE art 7(3)c)"]


def test_the_run_page_trace_shows_citations_not_ids(client, django_user_model):
    user = django_user_model.objects.create_user("lawyer", password="pw-long-enough-1")
    run = traced_run()
    Run.objects.filter(pk=run.pk).update(created_by=user)
    client.force_login(user)
    html = client.get(f"/runs/{run.pk}/").content.decode()
    trace = html.split('id="trace"', 1)[1]
    assert "PIPEDA s 7(3)(c)" in trace and "P-8.6:s7(3)(c)" not in trace
