"""English/French alignment by document order and label."""

import pytest

from corpus.alignment import _english_term, align, label_key
from corpus.models import ActVersion, Provision


def test_label_wording_differences_are_tolerated():
    english = ["52 to 57", "58 and 59", "Preamble", "(a)", "(b.1)", "7"]
    french = ["52 à 57", "58 et 59", "Préambule", "a)", "b.1)", "7"]
    pairs = align(english, french)
    assert [(p.english, p.french, p.labels_agree) for p in pairs] == list(zip(english, french, [True] * 6, strict=True))


def test_equal_lengths_pair_by_position_and_flag_disagreement():
    pairs = align(["1", "2", "3"], ["1", "2.1", "3"])
    assert [p.french for p in pairs] == ["1", "2.1", "3"]
    assert [p.labels_agree for p in pairs] == [True, False, True]


def test_a_missing_french_provision_does_not_shift_later_pairs():
    pairs = align(["1", "2", "3", "4"], ["1", "3", "4"])
    assert [p.french for p in pairs] == ["1", None, "3", "4"]


def test_label_key_drops_parentheses_case_and_french_connectives():
    assert label_key("(a)") == label_key("a)") == "a"
    assert label_key("52 à 57") == "52 to 57"


@pytest.mark.django_db
def test_a_repealed_french_definition_pairs_by_its_repeal_note():
    # "Board [Repealed, 2017, c. 20, s. 319]" / "Conseil [Abrogée, 2017, ch. 20, art. 319]":
    # no "(other term)" is left, the repealing Act's numbers are.
    latest = ActVersion.objects.filter(act__code="L-2", lang="eng").order_by(*ActVersion.NEWEST_FIRST).first()
    english = list(Provision.objects.filter(version=latest, section_unit="s3", kind="definition").select_related("text"))
    conseil = (Provision.objects.filter(version__act__code="L-2", version__lang="fra", section_unit="s3",
                                        kind="definition", defined_term="Conseil").select_related("text").get())
    assert "Abrogée, 2017, ch. 20, art. 319" in conseil.text.text
    assert _english_term(conseil, english) == "board"
    # Several definitions repealed by one provision cannot be told apart: left unpaired.
    s122 = list(Provision.objects.filter(version=latest, section_unit="s122", kind="definition").select_related("text"))
    officer = (Provision.objects.filter(version__act__code="L-2", version__lang="fra", section_unit="s122",
                                        kind="definition", defined_term="agent de sécurité").select_related("text").get())
    assert _english_term(officer, s122) == ""
