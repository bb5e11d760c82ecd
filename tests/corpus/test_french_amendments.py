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
