"""The Justice Laws importer, on the real files of the default corpus."""

import hashlib
import io
import tarfile
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from lxml import etree

from corpus.models import Act, ActVersion, PendingAmendment, Provision, ProvisionText, SectionDoc
from corpus.search_index import FTS_TABLE, FTS_TABLE_FRA

DEFAULT_ACTS = ["P-8.6", "P-21", "L-2", "C-42", "H-6", "I-21"]
PENDING_SCHEDULES = {"NifProvs", "RelatedProvs"}


def default_archive():
    folder = Path(settings.VERBATIM_DEFAULT_CORPUS[0])
    return next(folder.glob("*.tar.xz"))


def head_xml(code, lang="eng"):
    """The HEAD file of an Act, as stored in the default corpus archive."""
    with tarfile.open(default_archive()) as tar:
        return tar.extractfile(f"acts/{lang}/{code}.xml").read()


def head_version(code, lang="eng"):
    return ActVersion.objects.get(act__code=code, lang=lang,
                                  source_sha256=hashlib.sha256(head_xml(code, lang)).hexdigest())


def xml_counts(data):
    """Body sections and definitions counted straight from the XML (pending schedules left out)."""
    root = etree.fromstring(data)
    body_sections = sum(1 for _ in root.find("Body").iter("Section"))
    definitions = 0
    for definition in root.iter("Definition"):
        if not any(a.tag == "Schedule" and a.get("id") in PENDING_SCHEDULES for a in definition.iterancestors()):
            definitions += 1
    return body_sections, definitions


def row_counts():
    counts = {model.__name__: model.objects.count()
              for model in (Act, ActVersion, ProvisionText, Provision, PendingAmendment, SectionDoc)}
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            for table in (FTS_TABLE, FTS_TABLE_FRA):
                cursor.execute(f"SELECT count(*) FROM {table}")
                counts[table] = cursor.fetchone()[0]
    return counts


def text_checksum():
    digest = hashlib.sha256()
    for sha in ProvisionText.objects.order_by("sha256").values_list("sha256", flat=True):
        digest.update(sha.encode())
    return digest.hexdigest()


def ingest(*paths):
    out = io.StringIO()
    call_command("ingest_justice_laws", *[str(p) for p in paths], progress_every=0, stdout=out)
    return out.getvalue()


def assert_refused_writing_nothing(source, message_pattern):
    """Ingesting `source` fails with a CommandError matching `message_pattern`; no row changes."""
    before, checksum = row_counts(), text_checksum()
    with pytest.raises(CommandError, match=message_pattern):
        ingest(source)
    assert (row_counts(), text_checksum()) == (before, checksum)


def altered(data, old="", new="", pit_date=None):
    """`data` with the first `old` replaced by `new` and, if given, a new lims:pit-date (and
    lims:current-date: a file is consolidated no earlier than its point in time)."""
    if old:
        assert old.encode() in data
        data = data.replace(old.encode(), new.encode(), 1)
    for attribute in (b'lims:pit-date="', b'lims:current-date="') if pit_date else ():
        at = data.index(attribute) + len(attribute)
        data = data[:at] + pit_date.encode() + data[at + 10:]
    return data


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["eng", "fra"])
@pytest.mark.parametrize("code", DEFAULT_ACTS)
def test_it_keeps_every_body_section_and_definition(code, lang):
    sections, definitions = xml_counts(head_xml(code, lang))
    version = head_version(code, lang)
    stored = version.provisions.exclude(section_unit__startswith="sch")
    assert stored.filter(kind=Provision.KIND_SECTION).count() == sections
    assert version.provisions.filter(kind=Provision.KIND_DEFINITION).count() == definitions


@pytest.mark.django_db
def test_it_keeps_labels_as_strings():
    section = head_version("P-8.6").provisions.get(unit_id="s10.1")
    assert section.label == "10.1"
    assert section.kind == Provision.KIND_SECTION
    assert head_version("P-8.6").provisions.filter(unit_id="s10").get().label == "10"


@pytest.mark.django_db
def test_it_reads_a_label_that_carries_a_footnote_marker():
    # P-8.6 s4(3)'s Label is <FootnoteRef>*</FootnoteRef>(3): the marker is not part of the label.
    subsection = head_version("P-8.6").provisions.get(unit_id="s4(3)")
    assert subsection.label == "(3)"
    assert subsection.path == "Part 1 > section 4 > subsection (3)"


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "title", "opening"), [
    ("eng", "Principle 10 — Challenging Compliance", "An individual shall be able to address a challenge"),
    ("fra", "Dixième principe — Possibilité de porter plainte à l’égard du non-respect des principes",
     "Toute personne doit être en mesure de se plaindre"),
])
def test_a_schedule_clause_heading_is_the_clauses_marginal_note_not_its_text(lang, title, opening):
    # <GroupHeading><TitleText>4.10 Principle 10 — Challenging Compliance</TitleText>, then the
    # clause's provisions: search results and pages show the title as they show a section's.
    clause = head_version("P-8.6", lang).provisions.get(unit_id="sch1/4.10")
    assert clause.marginal_note == title
    assert clause.text.text.startswith(opening)
    assert head_version("P-8.6", lang).provisions.get(unit_id="sch1/4.10.1").marginal_note == ""
    doc = SectionDoc.objects.get(provision=clause)
    assert doc.marginal_note == title and not doc.body.startswith("Principle")


@pytest.mark.django_db
def test_it_marks_repealed_sections():
    root = etree.fromstring(head_xml("H-6"))
    repealed = [s.findtext("Label") for s in root.find("Body").iter("Section") if s.find("Text/Repealed") is not None]
    assert repealed[0] == "13"
    section = head_version("H-6").provisions.get(unit_id="s13")
    assert section.status == Provision.STATUS_REPEALED
    assert section.text.text.startswith("[Repealed, 2013, c. 37, s. 2]")


@pytest.mark.django_db
def test_it_keeps_a_repealed_definition_apart_from_its_replacement():
    # I-21 s35(1) defines "legislative assembly" twice: the repealed entry, then the live one.
    version = head_version("I-21")
    live = version.provisions.get(unit_id="s35(1)/legislative-assembly")
    old = version.provisions.get(unit_id="s35(1)/legislative-assembly-repealed")
    assert live.status == Provision.STATUS_IN_FORCE
    assert live.text.text.startswith("legislative assembly or legislature includes the Lieutenant Governor")
    assert old.status == Provision.STATUS_REPEALED
    assert old.text.text == "legislative assembly, legislative council or legislature [Repealed, 2014, c. 2, s. 14]"


@pytest.mark.django_db
def test_it_keeps_historical_notes_and_lims_ids():
    section = head_version("H-6").provisions.get(unit_id="s9")
    assert section.historical_note == "R.S., 1985, c. H-6, s. 9; 1998, c. 9, s. 12; 2011, c. 24, s. 165"
    assert section.lims_id == "256848"
    pipeda = head_version("P-8.6").provisions.get(unit_id="s10.1")
    assert pipeda.lims_id == "417175"
    assert pipeda.historical_note == "2015, c. 32, s. 10"


@pytest.mark.django_db
def test_it_stores_amendments_not_in_force_apart():
    # PIPEDA's NifProvs hold a future s10.4 ("Data mobility framework") inside AmendedText.
    version = head_version("P-8.6")
    phrase = "Data mobility framework"
    assert version.has_pending_amendments is True
    pending = PendingAmendment.objects.filter(version=version, schedule="NifProvs", text__contains=phrase)
    assert pending.count() == 1
    assert not version.provisions.filter(text__text__contains=phrase).exists()
    assert not version.provisions.filter(marginal_note=phrase).exists()
    assert not version.provisions.filter(unit_id="s10.4").exists()


@pytest.mark.django_db
def test_reingesting_the_default_corpus_writes_nothing():
    before, checksum = row_counts(), text_checksum()
    output = ingest(*settings.VERBATIM_DEFAULT_CORPUS)
    assert output.startswith("Unchanged: all 86 files are already held; nothing written")
    assert row_counts() == before
    assert text_checksum() == checksum


@pytest.mark.django_db
def test_a_changed_file_adds_a_version_sharing_unchanged_texts(tmp_path):
    old = head_version("P-21")
    old_s7 = old.provisions.get(unit_id="s7")
    old_texts = dict(old.provisions.values_list("unit_id", "text_id"))
    source = tmp_path / "P-21-changed.xml"
    source.write_bytes(altered(head_xml("P-21"), "shall not, without the consent of the individual",
                               "shall never, without the consent of the individual", pit_date="2026-11-01"))

    output = ingest(source)

    assert "Added 1 versions" in output
    new = ActVersion.objects.get(act__code="P-21", lang="eng", pit_date="2026-11-01")
    new_texts = dict(new.provisions.values_list("unit_id", "text_id"))
    changed = {unit for unit in new_texts if new_texts[unit] != old_texts.get(unit)}
    assert changed == {"s7"}
    assert "shall never, without the consent" in ProvisionText.objects.get(pk=new_texts["s7"]).text
    assert new.provisions.get(unit_id="s8").text_id == old.provisions.get(unit_id="s8").text_id
    old_s7.refresh_from_db()
    assert "shall not, without the consent of the individual" in old_s7.text.text
    assert ProvisionText.objects.filter(pk=old_texts["s7"]).exists()


@pytest.mark.django_db
def test_a_malformed_file_stops_the_batch_and_writes_nothing(tmp_path):
    (tmp_path / "a-good.xml").write_bytes(altered(head_xml("H-6"), pit_date="2026-11-02"))
    data = head_xml("P-8.6")
    (tmp_path / "b-truncated.xml").write_bytes(data[: len(data) // 2])
    before, checksum = row_counts(), text_checksum()

    with pytest.raises(CommandError) as caught:
        ingest(tmp_path)

    message = str(caught.value)
    assert "b-truncated.xml: line 1: malformed XML" in message
    assert "Nothing was written" in message
    assert row_counts() == before
    assert text_checksum() == checksum


@pytest.mark.django_db
def test_it_refuses_a_file_that_is_not_an_instrument(tmp_path):
    source = tmp_path / "page.xml"
    source.write_bytes(b'<?xml version="1.0"?>\n<html><Body/></html>')
    assert_refused_writing_nothing(source, r"page.xml: line 2: root element is <html>, not an instrument "
                                           r"\(<Statute> or <Regulation>\)")


@pytest.mark.django_db
@pytest.mark.parametrize("declaration", [
    '<!DOCTYPE Statute [<!ENTITY law SYSTEM "file:///etc/hostname">]>',
    '<!DOCTYPE Statute SYSTEM "http://127.0.0.1:9/statute.dtd">',
    '<!DOCTYPE Statute [<!ENTITY law "shall not">]>',
])
def test_it_refuses_a_doctype_or_entity_and_writes_nothing(tmp_path, declaration):
    data = head_xml("P-21")
    end_of_prolog = data.index(b"?>") + 2
    data = data[:end_of_prolog] + b"\n" + declaration.encode() + data[end_of_prolog:]
    if "ENTITY" in declaration:
        data = data.replace(b"</ShortTitle>", b"&law;</ShortTitle>", 1)
    (tmp_path / "a-good.xml").write_bytes(altered(head_xml("H-6"), pit_date="2026-11-02"))
    (tmp_path / "b-doctype.xml").write_bytes(data)
    before, checksum = row_counts(), text_checksum()
    with pytest.raises(CommandError) as caught:
        ingest(tmp_path)
    assert ("b-doctype.xml: line 1: a DOCTYPE (document type or entity declarations) is not part of a "
            "Justice Laws file; refused\nNothing was written") in str(caught.value)
    assert (row_counts(), text_checksum()) == (before, checksum)


@pytest.mark.django_db
def test_it_refuses_a_pit_date_later_than_the_files_consolidation(tmp_path):
    data = head_xml("P-21")  # pit 2025-06-02, consolidated (current date) 2026-03-02
    source = tmp_path / "late-pit.xml"
    at = data.index(b'lims:pit-date="') + 15
    source.write_bytes(data[:at] + b"2026-04-01" + data[at + 10:])
    assert_refused_writing_nothing(source, r"late-pit.xml: line \d+: lims:pit-date 2026-04-01 is later than "
                                           r"the file's own lims:current-date 2026-03-02")


@pytest.mark.django_db
def test_it_refuses_a_pit_date_in_the_future(tmp_path):
    import datetime

    later = (datetime.date.today() + datetime.timedelta(days=400)).isoformat()
    source = tmp_path / "future.xml"
    source.write_bytes(altered(head_xml("P-21"), pit_date=later))
    assert_refused_writing_nothing(source, rf"future.xml: line \d+: lims:pit-date {later} is in the future")
    assert ActVersion.objects.filter(act__code="P-21").order_by("-pit_date").first().pit_date.isoformat() < later


@pytest.mark.django_db
def test_a_regulation_without_identification_is_refused(tmp_path):
    regulation = tmp_path / "regulation.xml"
    regulation.write_bytes(b'<?xml version="1.0"?>\n<Regulation><Body/></Regulation>')
    with pytest.raises(CommandError, match=r"regulation.xml: line 2: no <Identification>"):
        ingest(regulation)


@pytest.mark.django_db
def test_it_refuses_a_statute_without_a_pit_date(tmp_path):
    data = head_xml("P-21")
    source = tmp_path / "no-pit.xml"
    source.write_bytes(data.replace(b'lims:pit-date="', b'lims:was-pit-date="', 1))
    with pytest.raises(CommandError, match=r"no-pit.xml: line 1: missing or invalid lims:pit-date"):
        ingest(source)


@pytest.mark.django_db
def test_it_reads_a_tar_xz_archive(tmp_path):
    archive = tmp_path / "small.tar.xz"
    data = altered(head_xml("I-21"), pit_date="2026-11-03")
    with tarfile.open(archive, "w:xz") as tar:
        member = tarfile.TarInfo("acts/eng/I-21.xml")
        member.size = len(data)
        tar.addfile(member, io.BytesIO(data))

    output = ingest(archive)

    assert "Added 1 versions" in output
    version = ActVersion.objects.get(act__code="I-21", lang="eng", pit_date="2026-11-03")
    assert version.source_name.endswith("small.tar.xz:acts/eng/I-21.xml")
    assert version.provisions.count() == head_version("I-21").provisions.count()


ALL_ACTS = Path(settings.BASE_DIR).parent / "shared" / "corpus" / "ca" / "all-acts-eng.tar.xz"


@pytest.fixture(scope="module")
def odd_acts():
    """Acts from the full English tarball whose shape once broke the parser."""
    if not ALL_ACTS.exists():
        pytest.skip(f"{ALL_ACTS} is not here")
    wanted = {"acts/eng/C-0.4.xml", "acts/eng/C-10.7.xml"}
    found = {}
    with tarfile.open(ALL_ACTS) as tar:
        for member in tar:
            if member.name in wanted:
                found[member.name.rsplit("/", 1)[1]] = tar.extractfile(member).read()
                if len(found) == len(wanted):
                    break
    return found


@pytest.mark.django_db
def test_a_wholly_repealed_act_is_held_as_one_repealed_heading(tmp_path, odd_acts):
    # C-0.4 has a bare <Repealed> where its Body was.
    (tmp_path / "C-0.4.xml").write_bytes(odd_acts["C-0.4.xml"])
    assert "Added 1 versions" in ingest(tmp_path / "C-0.4.xml")
    version = ActVersion.objects.get(act__code="C-0.4", lang="eng")
    assert version.act.title_en == "Canada Agricultural Products Act"
    assert [(p.kind, p.unit_id, p.status, p.text.text) for p in version.provisions.all()] == [
        ("heading", "h0", "repealed", "[Repealed, 2012, c. 24, s. 78]")]


@pytest.mark.django_db
def test_a_schedule_group_heading_with_only_a_label_is_read(tmp_path, odd_acts):
    (tmp_path / "C-10.7.xml").write_bytes(odd_acts["C-10.7.xml"])
    assert "Added 1 versions" in ingest(tmp_path / "C-10.7.xml")
    # Schedule II's group headings are bare labels: <GroupHeading><Label>ARTICLE I</Label></GroupHeading>.
    schedule = Provision.objects.get(version__act__code="C-10.7", unit_id="schII")
    assert "Have agreed as follows: ARTICLE I Subparagraph l (h) of Article III" in schedule.text.text
