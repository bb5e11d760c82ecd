"""manage.py load_statute_book: batches, progress, a bad file skipped, a second start writes nothing.

Runs on tests/corpus/fixtures/statute-shapes.tar.xz (real Justice Laws files: two Acts, two
regulations, see test_instrument_shapes.py) and an archive made here with one of those files and
a malformed one.
"""

import io
import tarfile
from pathlib import Path

import pytest
from django.core.management import call_command

from corpus.models import Act, ActVersion, Provision
from corpus.search import search

FIXTURE = Path(__file__).parent / "fixtures" / "statute-shapes.tar.xz"


def load(*paths, batch=2):
    out, err = io.StringIO(), io.StringIO()
    call_command("load_statute_book", *map(str, paths), batch=batch, progress_every=2, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.django_db
def test_loads_acts_and_regulations_in_batches_and_a_second_start_writes_nothing():
    before = ActVersion.objects.count()
    out, err = load(FIXTURE)
    assert err == ""
    # Six files in batches of two: progress after each batch, counted against the total.
    assert "statute book: 2/6 instruments (2 added, 0 unchanged, 0 skipped)" in out
    assert "statute book: 6/6 instruments (6 added" in out
    assert "Statute book: 6 instruments added, 0 already held, 0 not readable" in out
    assert ActVersion.objects.count() == before + 6
    assert Act.objects.get(code="SOR-2001-7").kind == Act.KIND_REGULATION
    assert search("publicly available information magazine", acts=["SOR-2001-7"]).hits

    provisions = Provision.objects.count()
    again, _ = load(FIXTURE)
    assert "Statute book: 0 instruments added, 6 already held, 0 not readable" in again
    assert (ActVersion.objects.count(), Provision.objects.count()) == (before + 6, provisions)


@pytest.mark.django_db
def test_a_file_that_does_not_parse_is_skipped_and_named_and_its_batch_kept(tmp_path):
    archive = tmp_path / "book.tar.xz"
    good = next(m for m in tarfile.open(FIXTURE) if m.name.endswith("SOR-2001-7.xml"))
    with tarfile.open(FIXTURE) as source, tarfile.open(archive, "w:xz") as tar:
        bad = tarfile.TarInfo("eng/regulations/SOR-9999-1.xml")
        data = b"<Regulation><Identification>"  # cut off mid-file
        bad.size = len(data)
        tar.addfile(bad, io.BytesIO(data))
        tar.addfile(good, source.extractfile(good))
    out, err = load(archive, batch=50)
    assert "1 instruments added, 0 already held, 1 not readable" in out
    assert "skipped" in err and "SOR-9999-1.xml" in err
    assert Act.objects.filter(code="SOR-2001-7").exists()
    assert not Act.objects.filter(code="SOR-9999-1").exists()


@pytest.mark.django_db
def test_names_what_it_cannot_find(tmp_path):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="(?i)no such file"):
        load(tmp_path / "missing.tar.xz")
