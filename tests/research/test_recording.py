"""Recorded runs: export a finished run, import it back, and the shipped recordings."""

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from research.models import Citation, Run
from research.pipeline import execute
from research.recorded.build import SCRIPTED
from research.recording import FORMAT, RecordingError, export_run, import_run
from research.submit import create_run

pytestmark = pytest.mark.django_db

RECORDED = sorted((Path(settings.BASE_DIR) / "research" / "recorded").glob("*.json"))


def scripted_run(slug):
    spec = next(s for s in SCRIPTED if s["slug"] == slug)
    run, _ = create_run(None, spec["question"], acts=spec["acts"], engine="scripted", script=spec["script"])
    return execute(run.pk)


def test_it_exports_a_finished_run_with_everything():
    run = scripted_run("01-pass-pipeda-subpoena")
    data = export_run(run)
    assert (data["format"], data["uuid"], data["engine"]) == (FORMAT, str(run.uuid), "scripted")
    assert data["recorded_label"] == "scripted engine · gate pass"
    assert data["run"]["gate"] == "pass"
    assert [e["seq"] for e in data["events"]] == list(range(1, run.events.count() + 1))
    [claim] = data["claims"]
    [citation] = claim["citations"]
    assert citation["provision_id"] == "P-8.6:s7(3)(c)"
    assert citation["version"]["act"] == "P-8.6"
    assert len(citation["text_sha256"]) == 64
    json.dumps(data)  # plain JSON all the way down


def test_it_imports_a_run_back_and_marks_it_recorded():
    run = scripted_run("03-blocked-after-repair")
    data = json.loads(json.dumps(export_run(run)))
    version_id = Citation.objects.get(claim__run=run).version_id
    run.delete()
    copy = import_run(data)
    assert (str(copy.uuid), copy.recorded, copy.created_by) == (data["uuid"], True, None)
    assert (copy.status, copy.gate, copy.engine) == ("done", "blocked", "scripted")
    assert copy.events.count() == len(data["events"])
    citation = Citation.objects.get(claim__run=copy)
    assert (citation.status, citation.version_id) == ("blocked", version_id)
    assert [f["code"] for f in citation.findings][0] == "quote-mismatch"


def test_it_imports_the_same_run_once():
    data = json.loads(json.dumps(export_run(scripted_run("05-declined-out-of-scope"))))
    Run.objects.all().delete()
    first = import_run(data)
    again = import_run(data)
    assert first.pk == again.pk
    assert Run.objects.count() == 1


def test_it_refuses_another_format():
    with pytest.raises(RecordingError, match="format is 'verbatim-run/0'; this version reads 'verbatim-run/1'"):
        import_run({"format": "verbatim-run/0"})


def test_it_refuses_a_recording_without_claims():
    data = export_run(scripted_run("05-declined-out-of-scope"))
    del data["claims"]
    with pytest.raises(RecordingError, match="lacks claims"):
        import_run(data)


def test_it_refuses_to_export_an_unfinished_run():
    run = Run.objects.create(question="q", engine="extractive")
    with pytest.raises(RecordingError, match="only a finished run can be exported"):
        export_run(run)


def test_the_commands_round_trip(tmp_path):
    run = scripted_run("02-downgraded-valid-consent")
    out = tmp_path / "run.json"
    call_command("export_run", str(run.pk), "--out", str(out), "--label", "demo: downgraded")
    uuid = str(run.uuid)
    run.delete()
    call_command("import_runs", str(out), stdout=open("/dev/null", "w"))
    copy = Run.objects.get(uuid=uuid)
    assert (copy.recorded_label, copy.claims.get().status) == ("demo: downgraded", "downgraded")


def test_the_import_command_names_a_bad_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}')
    with pytest.raises(CommandError, match="bad.json: format is 'other'"):
        call_command("import_runs", str(bad))


def test_the_shipped_recordings_cover_every_outcome():
    runs = [import_run(json.loads(p.read_text())) for p in RECORDED]
    assert len(runs) >= 8
    assert {"pass", "blocked", "declined", "partial"} <= {r.gate for r in runs}
    assert any(c.status == "downgraded" for r in runs for c in r.claims.all())
    assert sum(r.engine == "extractive" for r in runs) >= 3
    assert all(r.recorded and r.engine in r.recorded_label for r in runs)
    assert not any(r.gate == "failed" for r in runs)
