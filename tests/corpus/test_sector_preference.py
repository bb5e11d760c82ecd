"""A question about personal information that names one sector is read as about that sector's
privacy Act: PIPEDA for companies, the Privacy Act for federal government institutions; and a
question about a bank does not match the Privacy Act's "personal information bank"; a
question about discrimination is read as about the Canadian Human Rights Act."""

import pytest

from corpus.legislation_questions import asks_about_legislation
from corpus.privacy_sector import privacy_act_for
from corpus.search import search


@pytest.mark.parametrize(("question", "code"), [
    ("my bank shared my personal information with a debt collector", "P-8.6"),
    ("we were hacked and customer data leaked, does our business have to tell anyone", "P-8.6"),
    ("the CRA gave my file to my ex-husband", "P-21"),
    ("can a federal department keep records about me forever", "P-21"),
    ("can my employer fire me for being late twice", None),  # not about personal information
    ("my bank and the CRA exchanged my personal information", None),  # both sectors
    ("what counts as personal information", None),  # neither
])
def test_the_sector_named_picks_the_privacy_act(question, code):
    assert privacy_act_for(question) == code


@pytest.mark.django_db
@pytest.mark.parametrize(("holder", "act", "first"), [
    ("a company", "P-8.6", "P-8.6:s11"),
    ("a federal department", "P-21", "P-21:s41"),
])
def test_the_same_question_lands_in_the_act_of_the_sector_it_names(holder, act, first):
    hits = search(f"how long do I have to complain after {holder} refused to give me my personal information",
                  limit=5).hits
    assert hits[0].pinpoint == first
    assert sum(hit.act_code == act for hit in hits) >= 3


def test_a_bank_is_not_the_privacy_acts_information_bank():
    from corpus.search_rank import TermMatcher
    from corpus.search_terms import query_terms

    text = "The head of the institution shall include the personal information in a personal information bank."
    asked_about_a_bank = TermMatcher(query_terms("my bank passed me over for promotion"))
    assert asked_about_a_bank.hits(text) == []
    assert asked_about_a_bank.hits("Investigation of exempt banks") == []
    assert asked_about_a_bank.hits("a bank or an authorized foreign bank") != []
    asked_about_the_bank = TermMatcher(query_terms("what goes in a personal information bank"))
    assert any(hit for hit in asked_about_the_bank.spans(text) if text[hit[0]:hit[1]] == "bank")


@pytest.mark.django_db
def test_a_question_naming_a_ground_of_discrimination_lands_in_the_human_rights_act():
    # Its workplace words ("union", "trade", "member") are the Canada Labour Code's; the
    # ground named ("a woman") makes it a question about discrimination (CHRA s. 9).
    hits = search("the union local in my trade won't take me as a full member because I'm a woman", limit=5).hits
    assert "H-6:s9" in [hit.pinpoint for hit in hits]
    assert sum(hit.act_code == "H-6" for hit in hits) >= 2


@pytest.mark.parametrize(("question", "expected"), [
    ("The statute says the Minister 'may' issue a permit. Is that optional?", True),
    ("When a federal law is repealed, do rights acquired under it survive?", True),
    ("The federal regulation I was charged under got repealed before my hearing", True),
    ("Does a masculine pronoun in a federal statute also refer to women?", True),
    ("the law says my employer must pay overtime, right?", False),  # "law" alone is a lay word
    ("is my boss reading my email legal under any federal law?", False),
    ("can my employer act on a complaint without telling me", False),
])
def test_a_question_about_how_statutes_are_read_is_told_apart(question, expected):
    assert asks_about_legislation(question) is expected


@pytest.mark.django_db
def test_a_question_about_how_statutes_are_read_lands_in_the_interpretation_act():
    # Its words ("Minister", "permit", "issue") are the Labour Code's; what it asks is what
    # "may" means in any enactment (Interpretation Act s. 11).
    hits = search("The statute says the Minister 'may' issue a permit if the conditions are met. "
                  "Does that mean the Minister has to issue it, or is it optional?", limit=5).hits
    # Without the preference it was not in the top 20.
    assert "I-21:s11" in [hit.pinpoint for hit in hits[:3]]


@pytest.mark.django_db
def test_a_ground_in_a_question_about_personal_information_is_data_not_discrimination():
    # "Sexual orientation" names a ground, but what is asked is a department's handling of a file
    # (Privacy Act s. 7 and beside it), not discrimination: no Human Rights Act section is drawn in.
    hits = search("a federal department put my sexual orientation in my file without asking, is that allowed",
                  limit=5).hits
    assert [hit.act_code for hit in hits] == ["P-21"] * 5
