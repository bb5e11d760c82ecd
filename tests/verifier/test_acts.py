"""Instrument names resolved from the instruments' own data: titles in both languages, chapter
citations, abbreviations derived from titles; ambiguity reported, never guessed."""

import pytest

from corpus.instrument_names import (
    Chapter,
    abbreviations,
    chapter_citations,
    legal_citation,
    pinpoint_citation,
)
from corpus.models import Act
from verifier.acts import find_act_mentions, resolve_act
from verifier.adapter import DbCorpus, act_ref

# Real titles and chapters from the full statute book (shared/corpus/ca/all-acts-*.tar.xz).
HELD = [
    act_ref(Act(code="C-44", title_en="Canada Business Corporations Act",
                title_fr="Loi canadienne sur les sociétés par actions",
                citation_en="R.S.C. 1985, c. C-44", citation_fr="L.R.C. (1985), ch. C-44")),
    act_ref(Act(code="E-5.6", title_en="Employment Insurance Act", title_fr="Loi sur l’assurance-emploi",
                citation_en="S.C. 1996, c. 23", citation_fr="L.C. 1996, ch. 23")),
    act_ref(Act(code="E-6", title_en="Energy Administration Act",
                title_fr="Loi sur l’administration de l’énergie")),
    act_ref(Act(code="B-3", title_en="Bankruptcy and Insolvency Act",
                title_fr="Loi sur la faillite et l’insolvabilité")),
    act_ref(Act(code="B-9.8", title_en="Budget Implementation Act, 1995",
                title_fr="Loi d’exécution du budget 1995")),
    act_ref(Act(code="C-15.31", title_en="Canadian Environmental Protection Act, 1999",
                title_fr="Loi canadienne sur la protection de l’environnement (1999)")),
    act_ref(Act(code="A-1", title_en="Access to Information Act", title_fr="Loi sur l’accès à l’information")),
    act_ref(Act(code="민법", title_en="민법")),
    act_ref(Act(code="개인정보 보호법", title_en="개인정보 보호법")),
]


@pytest.mark.django_db
@pytest.mark.parametrize("reference, code", [
    ("P-8.6", "P-8.6"),
    ("p-21", "P-21"),
    ("PIPEDA", "P-8.6"),
    ("LPRPDE", "P-8.6"),
    ("Personal Information Protection and Electronic Documents Act", "P-8.6"),
    ("Loi sur la protection des renseignements personnels et les documents électroniques", "P-8.6"),
    ("S.C. 2000, c. 5", "P-8.6"),
    ("SC 2000, c 5", "P-8.6"),
    ("L.C. 2000, ch. 5", "P-8.6"),
    ("Privacy Act", "P-21"),
    ("the Privacy Act", "P-21"),
    ("Loi sur la protection des renseignements personnels", "P-21"),
    ("CHRA", "H-6"),
    ("LCDP", "H-6"),
    ("R.S.C., 1985, c. H-6", "H-6"),
    ("L.R.C. (1985), ch. H-6", "H-6"),
    ("Canada Labour Code", "L-2"),
    ("Code canadien du travail", "L-2"),
    ("CLC", "L-2"),
    ("CCT", "L-2"),
    ("Labour Code", "L-2"),
    ("Copyright Act", "C-42"),
    ("Loi sur le droit d’auteur", "C-42"),
    ("Interpretation Act", "I-21"),
    ("Loi d'interprétation", "I-21"),
])
def test_it_resolves_the_default_corpus_by_every_name_its_data_gives(reference, code):
    result = resolve_act(reference, DbCorpus().act_refs())
    assert (result.status, result.code) == ("resolved", code)


@pytest.mark.parametrize("reference, code", [
    ("CBCA", "C-44"),
    ("the CBCA", "C-44"),
    ("LCSA", "C-44"),
    ("EIA", "E-5.6"),
    ("S.C. 1996, c. 23", "E-5.6"),
    ("ATIA", "A-1"),
    ("LAI", "A-1"),
    # The Budget Implementation Act, 1995's initials name a series; the BIA is the other Act.
    ("BIA", "B-3"),
    ("LFI", "B-3"),
    ("CEPA 1999", "C-15.31"),
    ("CEPA", "C-15.31"),  # no other instrument answers to it
    ("LCPE 1999", "C-15.31"),
    ("개인정보보호법", "개인정보 보호법"),
])
def test_it_resolves_abbreviations_derived_from_titles(reference, code):
    result = resolve_act(reference, HELD)
    assert (result.status, result.code) == ("resolved", code)


def test_it_reports_an_abbreviation_two_titles_yield_as_ambiguous():
    # Loi sur l'assurance-emploi and Loi sur l'administration de l'énergie are both "LAE".
    result = resolve_act("LAE", HELD)
    assert (result.status, result.candidates) == ("ambiguous", ["E-5.6", "E-6"])


def test_it_reports_a_partial_title_as_ambiguous_instead_of_guessing():
    result = resolve_act("Insolvency Act", HELD)
    assert (result.status, result.code, result.candidates) == ("ambiguous", None, ["B-3"])


def test_it_says_when_no_instrument_matches():
    result = resolve_act("Foo Act", HELD)
    assert (result.status, result.code) == ("unknown", None)
    assert "Foo Act" in result.message


@pytest.mark.django_db
def test_it_finds_mentions_in_free_text_preferring_the_longest_name():
    text = "Under s. 7(3)(c) of PIPEDA and the Privacy Act; see the Canada Labour Code and P-21."
    mentions = find_act_mentions(text, DbCorpus().act_refs())
    assert [code for _s, _e, code in mentions] == ["P-8.6", "P-21", "L-2", "P-21"]
    start, end, _ = mentions[2]
    assert text[start:end] == "Canada Labour Code"


def test_an_abbreviation_matches_only_in_its_case():
    assert [c for _s, _e, c in find_act_mentions("Under the CBCA, s. 2", HELD)] == ["C-44"]
    assert find_act_mentions("the cbca and a bia", HELD) == []


def test_a_chapter_citation_is_a_mention_whatever_its_punctuation():
    text = "Employment Insurance Act, SC 1996, c 23, s 7"
    assert [c for _s, _e, c in find_act_mentions("see S.C. 1996, c. 23, s. 7", HELD)] == ["E-5.6"]
    assert [c for _s, _e, c in find_act_mentions(text, HELD)] == ["E-5.6", "E-5.6"]


def test_it_finds_a_korean_act_with_a_particle_attached():
    assert find_act_mentions("민법상 제103조", HELD) == [(0, 2, "민법")]
    assert find_act_mentions("개인정보보호법에 따르면", HELD) == [(0, 7, "개인정보 보호법")]


def test_abbreviations_skip_linking_words_and_accents():
    assert abbreviations("Personal Information Protection and Electronic Documents Act", "eng") == ["PIPEDA"]
    assert abbreviations("Access to Information Act", "eng") == ["AIA", "ATIA"]
    assert abbreviations("Loi sur la protection des renseignements personnels et les documents électroniques", "fra")[0] == "LPRPDE"
    assert abbreviations("Privacy Act", "eng") == []  # two letters would name too much


@pytest.mark.parametrize("chapter, eng, fra", [
    (Chapter("P-8.6", "2000", "5"), "S.C. 2000, c. 5", "L.C. 2000, ch. 5"),
    (Chapter("H-6", consolidated_official=True), "R.S.C. 1985, c. H-6", "L.R.C. (1985), ch. H-6"),
    (Chapter("A-10.1", "1985", "35 (4th Supp.)", revised=True), "R.S.C. 1985, c. 35 (4th Supp.)",
     "L.R.C. (1985), ch. 35 (4e suppl.)"),
])
def test_chapter_citations_come_from_the_chapter_element(chapter, eng, fra):
    assert chapter_citations(chapter) == {"eng": eng, "fra": fra}


@pytest.mark.django_db
def test_the_importer_stores_each_acts_chapter_citation():
    pipeda, chra = Act.objects.get(code="P-8.6"), Act.objects.get(code="H-6")
    assert (pipeda.citation_en, pipeda.citation_fr) == ("S.C. 2000, c. 5", "L.C. 2000, ch. 5")
    assert (chra.citation_en, chra.citation_fr) == ("R.S.C. 1985, c. H-6", "L.R.C. (1985), ch. H-6")
    assert legal_citation(pipeda.title_en, pipeda.citation_en, "s 7(3)(c)") == (
        "Personal Information Protection and Electronic Documents Act, SC 2000, c 5, s 7(3)(c)")


@pytest.mark.parametrize("unit, lang, cited", [
    ("s7(3)(c)", "eng", "s 7(3)(c)"),
    ("s7(3)(c)(i)", "fra", "art 7(3)c)(i)"),
    ("s10.1", "eng", "s 10.1"),
    ("sch1/4.7", "eng", "Sch 1, 4.7"),
    ("s2(1)/personal-information", "eng", "s 2(1), “personal information”"),
])
def test_pinpoints_are_written_as_lawyers_cite_them(unit, lang, cited):
    assert pinpoint_citation(unit, lang) == cited


@pytest.mark.django_db
def test_a_section_page_offers_its_citation_in_legal_form(client):
    html = client.get("/acts/P-8.6/s7/").content.decode()
    assert ('data-copy="Personal Information Protection and Electronic Documents Act, SC 2000, c 5, s 7"'
            in html)
    french = client.get("/acts/P-8.6/s7/?lang=fra").content.decode()
    assert "LC 2000, ch 5, art 7" in french
