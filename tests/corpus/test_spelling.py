"""Mistyped question words are read as the statute word meant; real words are left alone."""

import pytest

from corpus import spelling
from corpus.search import search


def test_a_doubled_or_swapped_key_is_undone_before_any_other_edit():
    # "employeer" is one edit from employer and from employee, the more used word.
    vocabulary = spelling.Vocabulary({"employer": 10, "employee": 50, "receive": 5})
    assert vocabulary.correct("employeer") == "employer"
    assert vocabulary.correct("recieve") == "receive"


def test_otherwise_the_statute_word_used_most_wins_keeping_the_first_letter():
    vocabulary = spelling.Vocabulary({"maternity": 40, "paternity": 90, "renders": 30})
    assert vocabulary.correct("maternaty") == "maternity"
    assert vocabulary.correct("lenders") is None  # would change its first letter


def test_a_statute_word_its_inflection_or_its_start_is_not_a_typo():
    vocabulary = spelling.Vocabulary({"dismissal": 3, "payrolls": 2, "fire": 1})
    assert vocabulary.correct("dismis") is None  # search matches it as a prefix
    assert vocabulary.correct("payroll") is None
    assert vocabulary.correct("fired") is None


@pytest.mark.django_db
def test_it_reads_typos_as_the_statute_words_of_the_corpus():
    text, corrections = spelling.read_as("Can my employeer cut my maternaty leave after harrassment?", "eng")
    assert corrections == [("employeer", "employer"), ("maternaty", "maternity"), ("harrassment", "harassment")]
    assert text == "Can my employer cut my maternity leave after harassment?"


@pytest.mark.django_db
def test_it_leaves_real_words_short_words_and_thesaurus_words_alone():
    question = "I thought lenders bought movies; can my boss do a mashup of my SIN?"
    assert spelling.read_as(question, "eng") == (question, [])


@pytest.mark.django_db
def test_it_does_not_correct_french():
    # No French word list: real French words would be "corrected".
    assert spelling.read_as("Mon employeurr peut-il lire mes courriels ?", "fra") == (
        "Mon employeurr peut-il lire mes courriels ?", [])


@pytest.mark.django_db
def test_a_mistyped_question_finds_what_the_right_spelling_finds():
    clean = search("Can my employer fire me for being pregnant?", limit=5)
    typed = search("Can my employeer fire me for being pregant?", limit=5)
    assert typed.corrections == [("employeer", "employer"), ("pregant", "pregnant")]
    assert [h.pinpoint for h in typed.hits] == [h.pinpoint for h in clean.hits]
    assert clean.corrections == []


def test_only_the_head_of_a_pasted_page_is_rewritten():
    page = "my employeer " + "x " * 3000 + "employeer"
    fixed = spelling.apply(page, [("employeer", "employer")])
    assert fixed.startswith("my employer ")
    assert fixed.endswith(" employeer")  # past the MAX_INPUT characters a question is read from
