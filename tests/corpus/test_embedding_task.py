"""Section vectors computed by the task worker after an ingest (corpus/tasks.py), on real
regulations from tests/corpus/fixtures/statute-shapes.tar.xz."""

import io
import tarfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from corpus import embeddings, section_vectors
from corpus.models import Act, EmbeddedVersion, SectionEmbedding
from corpus.search import search
from corpus.tasks import embed_sections_step, embedding_progress, pending_versions

FIXTURE = Path(__file__).parent / "fixtures" / "statute-shapes.tar.xz"
ENGLISH_REGULATIONS = ("SOR-2001-7.xml", "SI-2013-90.xml")  # small: MiniLM embeds them in a second or two


@pytest.fixture
def regulations(tmp_path):
    """An archive of two real English regulations from the fixture."""
    archive = tmp_path / "regulations.tar.xz"
    with tarfile.open(FIXTURE) as source, tarfile.open(archive, "w:xz") as tar:
        for member in source:
            if member.name.endswith(ENGLISH_REGULATIONS):
                tar.addfile(member, source.extractfile(member))
    return archive

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(not embeddings.available(), reason="the encoder is not installed")]


def _queued():
    return DBTaskResult.objects.filter(task_path=embed_sections_step.module_path, status="READY").count()


@pytest.fixture(autouse=True)
def no_step_waiting():
    """The session's corpus load queued a step; each test starts with none waiting."""
    DBTaskResult.objects.filter(task_path=embed_sections_step.module_path, status="READY").delete()


def test_an_ingest_queues_one_step_and_the_step_embeds_what_it_added(client, regulations,
                                                                     django_capture_on_commit_callbacks):
    done, searched = embedding_progress("eng")
    assert done == searched  # the default corpus ships its vectors
    assert _queued() == 0
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_statute_book", str(regulations), batch=50, stdout=io.StringIO())
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_statute_book", str(regulations), batch=50, stdout=io.StringIO())  # adds nothing
    assert _queued() == 1

    new = pending_versions(section_vectors.ENGLISH_SPACE)
    codes = set(Act.objects.filter(versions__pk__in=new).values_list("code", flat=True))
    assert codes == {"SOR-2001-7", "SI-2013-90"}
    assert embedding_progress("eng") == (done, searched + len(new))
    # Before the worker gets to it, the new regulation is found by its words.
    query = "Which information in a magazine counts as publicly available?"
    lexical = search(query, acts=["SOR-2001-7"]).hits
    assert lexical and all(hit.similarity is None for hit in lexical)
    page = client.get("/search/", {"q": query}).content.decode()
    assert f"Matching by meaning covers {done} of {searched + len(new)} instruments so far" in page

    with django_capture_on_commit_callbacks(execute=True):
        result = embed_sections_step.call()
    assert result["computed"] > 0 and result["more"] is False
    assert pending_versions(section_vectors.ENGLISH_SPACE) == []
    assert embedding_progress("eng") == (searched + len(new), searched + len(new))
    texts = section_vectors.section_inputs(new)
    assert SectionEmbedding.objects.filter(text_sha256__in=list(texts)).count() == len(texts)
    assert EmbeddedVersion.objects.get(version_id=new[0]).texts == len(section_vectors.section_inputs(new[:1]))
    # Now search reads their vectors too.
    blended = search(query, acts=["SOR-2001-7"]).hits
    assert blended and all(hit.similarity is not None for hit in blended)
    assert "Matching by meaning covers" not in client.get("/search/", {"q": query}).content.decode()
    # Nothing is left, so no further step is queued.
    assert embed_sections_step.call() == {"computed": 0, "from_file": 0, "more": False}


def test_a_version_counts_as_embedded_only_when_every_text_has_its_vector(regulations):
    call_command("load_statute_book", str(regulations), batch=50, stdout=io.StringIO())
    version = max(pending_versions(section_vectors.ENGLISH_SPACE),
                  key=lambda v: len(section_vectors.section_inputs([v])))
    texts = len(section_vectors.section_inputs([version]))
    stored, computed, left = section_vectors.embed_versions([version], limit=texts - 1)
    assert (computed, left) == (texts - 1, 1)
    assert not EmbeddedVersion.objects.filter(version_id=version).exists()  # not whole yet
    assert section_vectors.embed_versions([version], limit=5) == (0, 1, 0)
    assert EmbeddedVersion.objects.filter(version_id=version).exists()


def test_the_setting_turns_embedding_after_an_ingest_off(settings, regulations, django_capture_on_commit_callbacks):
    settings.VERBATIM_EMBED_AFTER_INGEST = False
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_statute_book", str(regulations), batch=50, stdout=io.StringIO())
    assert _queued() == 0
    assert pending_versions(section_vectors.ENGLISH_SPACE)  # left lexical
