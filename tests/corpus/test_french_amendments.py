"""Amendments not in force: a French version's instructions say which units they change."""

import pytest

from corpus.amendments import pending_amendments, touched_units
from corpus.models import Act

TITLES = {"Loi sur la protection des renseignements personnels et les documents électroniques"}


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["P-8.6", "C-42"])
def test_the_french_version_names_the_units_the_english_one_does(code):
    act = Act.objects.get(code=code)
    english, french = pending_amendments(act.version_at("eng")), pending_amendments(act.version_at("fra"))
    assert english and len(english) == len(french)
    assert [(a["touches"], a["adds_after"]) for a in french] == [(a["touches"], a["adds_after"]) for a in english]


@pytest.mark.django_db
def test_a_french_amendment_is_found_from_the_unit_it_changes():
    french = pending_amendments(Act.objects.get(code="P-8.6").version_at("fra"), unit="s18(1)(a)")
    assert any(a["text"].startswith("Le passage du paragraphe 18(1) de la même loi précédant") for a in french)


@pytest.mark.parametrize("instruction, touches, adds_after", [
    ("Les alinéas 27.1(1)a) à c) de la même loi sont remplacés par ce qui suit :", ["s27.1(1)(a)", "s27.1(1)(c)"], []),
    ("Le sous-alinéa 7(3)c.1)(i) de la même loi est abrogé.", ["s7(3)(c.1)(i)"], []),
    ("La Loi sur la protection des renseignements personnels et les documents électroniques est modifiée par "
     "adjonction, après l’article 10.3, de ce qui suit :", [], ["s10.3"]),
    ("L’article 310 de la présente loi entre en vigueur par décret.", [], []),
    ("L’annexe 1 de la même loi est remplacée par ce qui suit :", ["sch1"], []),
])
def test_french_instructions_are_read_like_english_ones(instruction, touches, adds_after):
    assert touched_units(instruction, TITLES, "fra") == (touches, adds_after)


# Instructions copied from the statute book's French text (F-8, C-3, D-3.4, C-15.31).
@pytest.mark.parametrize("instruction, titles, touches, adds_after", [
    ("L’annexe I de la Loi sur les arrangements fiscaux entre le gouvernement fédéral et les provinces est "
     "modifiée par suppression de ce qui suit :",
     {"Loi sur les arrangements fiscaux entre le gouvernement fédéral et les provinces"}, ["schI"], []),
    ("La même loi est modifiée par adjonction, après lʼarticle 12.1, de ce qui suit :", set(), [], ["s12.1"]),
    ("L’annexe de la même loi devient l’annexe 1.", set(), ["sch"], []),
    ("Le paragraphe 207(1.1) de la Loi canadienne sur la protection de l’environnement (1999) est remplacé par "
     "ce qui suit :", {"Loi canadienne sur la protection de l’environnement (1999)"}, ["s207(1.1)"], []),
])
def test_a_title_holding_et_a_modifier_apostrophe_and_devient(instruction, titles, touches, adds_after):
    assert touched_units(instruction, titles, "fra") == (touches, adds_after)


def test_an_english_owner_is_the_act_even_when_its_title_has_a_comma():
    # C-15.31's English text: the title "Canadian Environmental Protection Act, 1999".
    assert touched_units("Subsection 207(1.1) of the Canadian Environmental Protection Act, 1999 is replaced by "
                         "the following:", {"Canadian Environmental Protection Act, 1999"}) == (["s207(1.1)"], [])
