"""Provision shapes outside the default corpus, and regulations, on real files.

tests/corpus/fixtures/statute-shapes.tar.xz holds, byte for byte from ../shared/corpus/ca
(Justice Laws XML, justicecanada/laws-lois-xml at d6853c4): W-11.8 in English and French
(Schedule IV holds sections "1 to 5" and "6"), M-0.6 in English (its Schedule has sections, and
section 1(1) of the Schedule defines "barratry"), and the regulation SOR/2001-7 (Regulations
Specifying Publicly Available Information, made under P-8.6) in English and French (DORS/2001-7),
and SI/2013-90 in English, an order whose whole text is its <Order> (no <Body>).
Each test loads it into the test database; the transaction is rolled back after the test.
"""

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from corpus.ingest.justice_laws import parse
from corpus.ingest.sources import iter_sources
from corpus.ingest.unit_ids import path_label, schedule_token, section_token, sub_token
from corpus.models import Act, EnablingAct, Provision
from corpus.search import search
from verifier.pinpoints import parse_provision_id
from verifier.service import check_claims_text, verify_quote

FIXTURE = Path(__file__).parent / "fixtures" / "statute-shapes.tar.xz"
CODES = ["W-11.8", "M-0.6", "SOR-2001-7", "SI-2013-90"]
REGULATION_1E = ("personal information that appears in a publication, including a magazine, book or newspaper, "
                 "in printed or electronic form, that is available to the public, where the individual has "
                 "provided the information")


@pytest.fixture
def shapes(db):
    call_command("ingest_justice_laws", str(FIXTURE), progress_every=0, verbosity=0)


def fixture_file(suffix):
    return next(data for name, data in iter_sources([str(FIXTURE)]) if name.endswith(suffix))


def test_check_corpus_passes_every_provision_of_these_instruments(shapes):
    out = io.StringIO()
    call_command("check_corpus", *sum((["--code", c] for c in CODES), []), stdout=out)
    report = out.getvalue()
    assert "FAIL" not in report
    # 6 versions: W-11.8 eng + fra, M-0.6 eng, SOR-2001-7 eng + fra, SI-2013-90 eng.
    assert "6 versions" in report and " 0 failed" in report
    assert any(line.startswith("definition") for line in report.splitlines())


def test_check_corpus_reports_an_id_that_does_not_parse_and_exits_non_zero(shapes):
    version = Act.objects.get(code="SOR-2001-7").version_at("eng")
    version.provisions.filter(unit_id="s1(a)").update(unit_id="s1(a")
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("check_corpus", "--code", "SOR-2001-7", "--lang", "eng", stdout=out)
    assert exit_.value.code == 1
    assert "FAIL eng paragraph SOR-2001-7:s1(a: parse:" in out.getvalue()


@pytest.mark.parametrize("provision_id, quote", [
    ("M-0.6:sch/s1(1)/barratry", "barratry includes every wrongful act wilfully committed by the master or crew"),
    ("W-11.8:schIV/s6", "[Repealed, 1996, c. 10, s. 275]"),
    ("W-11.8:schIV/s1to5", "[Amendments]"),
])
def test_schedule_sections_definitions_and_ranges_are_quoted(shapes, provision_id, quote):
    verdict = verify_quote(provision_id, quote)
    assert verdict["status"] == "match", verdict


def test_a_definition_in_a_schedule_section_parses_with_its_section():
    pid = parse_provision_id("E-5.6:schVI/s1/census-agglomeration")
    assert (pid.schedule, pid.section, pid.tail) == ("VI", "1", "census-agglomeration")
    assert pid.section_id == "E-5.6:schVI/s1"
    assert pid.parent_ids() == ["E-5.6:schVI/s1"]
    assert pid.human() == "Schedule VI, s. 1, definition “census agglomeration”"
    assert str(parse_provision_id("A-1:schI")) == "A-1:schI"
    deep = parse_provision_id("G-3.3:s2(1)/excluded-dividends(b)(ii)(A)")
    assert deep.parent_ids()[:2] == ["G-3.3:s2(1)/excluded-dividends(b)(ii)", "G-3.3:s2(1)/excluded-dividends(b)"]


def test_path_lines_keep_the_instruments_own_labels(shapes):
    w = Act.objects.get(code="W-11.8").version_at("eng")
    assert w.provisions.get(unit_id="schIV").path == "Schedule IV"
    assert w.provisions.get(unit_id="schIV/s6").path == "Schedule IV > section 6"
    assert [path_label(x) for x in ("PART III", "DIVISION VII", "SCHEDULE VI", "SCHEDULE I TO PART IV")] == [
        "Part III", "Division VII", "Schedule VI", "Schedule I to Part IV"]


@pytest.mark.parametrize("function, label, token", [
    (section_token, "1 to 5", "1to5"),
    (section_token, "*3", "3"),
    (section_token, "Canadian Forces Act, 1950", "canadian-forces-act-1950"),
    (sub_token, "(2) and (3)", "(2and3)"),
    (sub_token, "c) et d)", "(cetd)"),
    (sub_token, "(a) the decision by a first nation or)", "(a)"),
    (schedule_token, "SCHEDULES I TO III", "ITOIII"),
    (schedule_token, "SCHEDULE III / ANNEXE III", "III"),
    (schedule_token, "SCHEDULE", ""),
])
def test_labels_become_tokens_that_parse(function, label, token):
    assert function(label) == token


def test_a_regulation_is_its_own_kind_linked_to_its_enabling_act(shapes):
    regulation = Act.objects.get(code="SOR-2001-7")
    assert regulation.kind == Act.KIND_REGULATION
    assert (regulation.instrument_number_en, regulation.instrument_number_fr) == ("SOR/2001-7", "DORS/2001-7")
    assert regulation.title_en == "Regulations Specifying Publicly Available Information"
    assert list(EnablingAct.objects.filter(regulation=regulation).values_list("act_code", flat=True)) == ["P-8.6"]
    assert list(Act.objects.get(code="P-8.6").regulations()) == [regulation]
    unit = regulation.version_at("fra").provisions.get(unit_id="s1(a)")
    assert unit.official_url() == "https://laws-lois.justice.gc.ca/fra/reglements/DORS-2001-7/article-1.html"


def test_the_parser_reads_a_regulations_identity_from_its_file():
    parsed = parse(fixture_file("fra/reglements/DORS-2001-7.xml"), "x.tar.xz:fra/reglements/DORS-2001-7.xml")
    assert (parsed.code, parsed.kind, parsed.instrument_number, parsed.enabling_acts) == (
        "SOR-2001-7", "regulation", "DORS/2001-7", ["P-8.6"])
    assert [n.unit_id for n in parsed.nodes if n.kind != "heading"] == [
        "s1", "s1(a)", "s1(b)", "s1(c)", "s1(d)", "s1(e)", "s2"]


def test_regulations_are_browsable_from_their_list_and_their_enabling_act(shapes, client):
    listing = client.get("/regulations/").content.decode()
    assert '<a href="/acts/SOR-2001-7/">SOR/2001-7</a>' in listing
    assert '<a href="/acts/P-8.6/">P-8.6</a>' in listing
    assert "SOR-2001-7" not in client.get("/acts/").content.decode()
    # Filtered by title or number, a page at a time.
    found = client.get("/regulations/", {"q": "publicly available"}).content.decode()
    assert "SOR/2001-7" in found and "SI/2013-90" not in found and "1 regulation" in found
    assert "SOR/2001-7" not in client.get("/regulations/", {"q": "no such title"}).content.decode()
    act_page = client.get("/acts/P-8.6/").content.decode()
    assert "Regulations made under this Act" in act_page and 'href="/acts/SOR-2001-7/"' in act_page
    page = client.get("/acts/SOR-2001-7/").content.decode()
    assert "(SOR/2001-7)" in page and 'href="/acts/P-8.6/"' in page
    assert "https://laws-lois.justice.gc.ca/eng/regulations/SOR-2001-7/" in page


def test_a_regulation_is_searchable(shapes):
    hits = search("publicly available information telephone directory subscriber", acts=["SOR-2001-7"]).hits
    assert hits and hits[0].pinpoint == "SOR-2001-7:s1"


@pytest.mark.parametrize("cited_as", ["SOR/2001-7, s. 1",
                                      "Section 1 of the Regulations Specifying Publicly Available Information"])
def test_the_claim_checker_cites_a_regulation_by_number_or_title(shapes, cited_as):
    [verdict] = check_claims_text(f"{cited_as} specifies “{REGULATION_1E}”.")
    assert (verdict["label"], verdict["provision_id"]) == ("verified", "SOR-2001-7:s1"), verdict


def test_an_order_without_a_body_is_held_as_one_unlabelled_section(shapes):
    order = Act.objects.get(code="SI-2013-90")
    assert (order.kind, order.instrument_number_en) == (Act.KIND_REGULATION, "SI/2013-90")
    [unit] = order.version_at("eng").provisions.exclude(kind=Provision.KIND_HEADING)
    assert (unit.kind, unit.unit_id, unit.marginal_note) == ("section", "s-627009", "Order")
    assert unit.text.text.startswith("His Excellency the Governor General in Council, on the recommendation")
    assert verify_quote("SI-2013-90:s-627009", "His Excellency the Governor General in Council")["status"] == "match"


REPEATED = Path(__file__).parent / "fixtures" / "repeated-clauses.tar.xz"


def test_a_clause_a_schedule_numbers_twice_gets_its_own_id_and_both_quote_themselves(db):
    """C.R.C., c. 1058 (Oil Pipeline Uniform Accounting Regulations), in English and French, as
    published: Schedule IV lists account 410.1 and later describes it under the same number."""
    call_command("ingest_justice_laws", str(REPEATED), progress_every=0, verbosity=0)
    code = "C.R.C.,_c._1058"
    ids = list(Provision.objects.filter(version__act__code=code, version__lang="eng",
                                        unit_id__startswith="schIV/410.1").values_list("unit_id", flat=True))
    assert sorted(ids) == ["schIV/410.1", "schIV/410.1-2"]
    assert parse_provision_id(f"{code}:schIV/410.1-2").human() == "Schedule IV, 410.1-2"
    out = io.StringIO()
    call_command("check_corpus", "--code", code, stdout=out)
    assert "FAIL" not in out.getvalue() and "2 versions" in out.getvalue()
