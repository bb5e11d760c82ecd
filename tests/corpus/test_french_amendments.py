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


# Copied from the statute book: E-0.7 (a title ending "No. 2") and C-5 (a coordinating amendment
# whose amending verb comes after a sentence saying when it applies), and C-5's French text.
@pytest.mark.parametrize("text, titles, lang, touches", [
    ("Subsection 307(2) of the Economic Action Plan 2013 Act, No. 2 is repealed.",
     {"Economic Action Plan 2013 Act, No. 2"}, "eng", ["s307(2)"]),
    ("(1) Subsections (2) to (9) apply if Bill C-26, introduced in the 1st session of the 44th Parliament and "
     "entitled An Act respecting cyber security, amending the Telecommunications Act and making consequential "
     "amendments to other Acts (in this section referred to as the “other Act”), receives royal assent. (3) If "
     "section 12 of the other Act comes into force before section 84 of this Act, then, on the day on which that "
     "section 84 comes into force, item 5 of the schedule to the Canada Evidence Act is repealed.",
     {"Canada Evidence Act"}, "eng", ["sch"]),
])
def test_the_instruction_runs_to_the_sentence_with_its_amending_verb(text, titles, lang, touches):
    assert touched_units(text, titles, lang) == (touches, [])
