"""Numbers read from digits and from words."""

from decimal import Decimal

from verifier.numbers import numbers, quantities


def test_digits_and_words_give_the_same_numbers():
    assert numbers("within ninety days") == {Decimal(90)}
    assert numbers("within 90 days") == {Decimal(90)}
    assert numbers("forty-five days") == {Decimal(45)}
    assert numbers("one hundred and eighty days") == {Decimal(180)}
    assert numbers("a fine not exceeding $100,000") == {Decimal(100000)}
    assert numbers("twelve months, then 1.5 times the rate") == {Decimal(12), Decimal("1.5")}


def test_a_unit_label_in_brackets_is_not_a_quantity():
    assert numbers("under subsection (1) or paragraph 7(3)(c)") == {Decimal(7)}
    assert numbers("no number here") == set()


def test_one_as_a_pronoun_is_not_a_number():
    assert numbers("one counts forward from the specified day") == set()
    assert numbers("one may not assign moral rights") == set()
    assert numbers("at least one full day of rest") == {Decimal(1)}
    assert numbers("within twenty-one days") == {Decimal(21)}


def test_each_number_comes_with_the_words_it_counts():
    assert [(q.value, list(q.after)) for q in quantities("eight hours in a day and forty hours in a week")] == [
        (Decimal(8), ["hours", "in", "a", "day"]), (Decimal(40), ["hours", "in", "a", "week"])]
    assert [(q.value, list(q.after)) for q in quantities("one hundred and eighty days, then $100,000")] == [
        (Decimal(180), ["days", "then"]), (Decimal(100000), [])]


def test_the_words_before_a_number_make_it_a_cap_or_a_floor():
    caps = "not more than $10,000; not exceeding $20,000; up to 30 days; at most 40 hours; less than 50"
    floors = "not less than $5,000; exceeding $6,000; at least 7 days; more than 8 hours; a minimum of 9"
    assert {q.bound for q in quantities(caps)} == {"upper"}
    assert {q.bound for q in quantities(floors)} == {"lower"}
    assert [q.bound for q in quantities("within 30 days")] == [None]


def test_french_number_words_are_read_as_numbers():
    assert numbers("dans les trente jours") == {Decimal(30)}
    assert numbers("vingt et un jours; soixante-dix ans; soixante et onze") == {Decimal(21), Decimal(70), Decimal(71)}
    assert numbers("quatre-vingts jours ou quatre-vingt-dix jours") == {Decimal(80), Decimal(90)}
    assert numbers("deux cent cinquante dollars; deux cents dollars; dix-sept") == {
        Decimal(250), Decimal(200), Decimal(17)}
    assert numbers("cent vingt jours; mille dollars; un milliard de dollars") == {
        Decimal(120), Decimal(1000), Decimal(1_000_000_000)}  # a hundred and a thousand need no count
    assert numbers("mille neuf cent quatre-vingt-dix-neuf") == {Decimal(1999)}
    assert numbers("5 pour cent; 5 per cent; not a cent") == {Decimal(5)}
    assert numbers("une personne à un avocat") == set()  # the article, not 1
    assert numbers("twenty-five cents") == {Decimal(25)}  # English cents are money, not hundreds
    assert [(q.value, q.bound, list(q.after)) for q in quantities("d’au moins cinq années de service")] == [
        (Decimal(5), "lower", ["années", "de", "service"])]
    assert [q.bound for q in quantities("au plus 30 jours; plus de deux ans; moins de deux ans")] == [
        "upper", "lower", "upper"]


def test_a_percent_sign_is_read_as_the_word_percent():
    assert [q.after[:2] for q in quantities("8% of their wages, or 10 % of it")] == [("percent", "of"), ("percent", "of")]
