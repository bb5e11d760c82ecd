"""Golden questions mistyped for the typo eval: repeatable, and only in longer content words."""

from research.evals.noise import with_typos

ITEMS = [{"id": "a", "question": "Can my employer refuse overtime because of my religion?", "expected": ["L-2:s174"]},
         {"id": "b", "question": "Is a parody fair use?", "expected": ["C-42:s29"]}]


def test_it_mistypes_two_longer_words_of_each_question_the_same_way_each_run():
    first, again = with_typos(ITEMS), with_typos(ITEMS)
    assert first == again
    mistyped = first[0]
    assert len(mistyped["typos"]) == 2
    for word, typo in mistyped["typos"]:
        assert len(word) >= 6 and typo != word
        assert (typo[0], typo[-1]) == (word[0], word[-1])
        assert typo in mistyped["question"] and word not in mistyped["question"]
    assert {k: v for k, v in mistyped.items() if k not in ("question", "typos")} == {
        k: v for k, v in ITEMS[0].items() if k != "question"}


def test_it_mistypes_only_words_of_six_letters_or_more():
    short = with_typos(ITEMS)[1]
    assert [word for word, _ in short["typos"]] == ["parody"]
    assert short["question"].endswith(" fair use?")
