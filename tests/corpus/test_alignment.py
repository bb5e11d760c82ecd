"""English/French alignment by document order and label."""

from corpus.alignment import align, label_key


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
