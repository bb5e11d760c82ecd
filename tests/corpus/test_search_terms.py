"""How a question becomes search terms: contraction leftovers, implied discrimination, statute words."""

from corpus.search_terms import query_terms, statute_words


def texts(query):
    return [term.text for term in query_terms(query, "eng")]


def test_what_is_left_of_a_contraction_is_not_a_term():
    assert texts("we're shutting a call centre, they'll say I didnt ask and they wouldn't listen") == [
        "shutting", "call", "centre", "ask", "listen"]


def test_naming_a_ground_of_discrimination_asks_about_discrimination():
    [*_, implied] = query_terms("the old guys say women don't last in this trade", "eng")
    assert implied.text == "discrimination"
    assert implied.forms == [] and "discriminatory" in implied.related


def test_no_discrimination_term_is_added_when_the_question_says_it_or_names_no_ground():
    assert texts("is it discrimination to refuse a woman a promotion").count("discrimination") == 1
    assert "discrimination" not in texts("how many weeks of vacation after five years")


def test_the_privacy_commissioner_is_an_office_not_the_topic_privacy():
    [term] = query_terms("privacy commissioner", "eng")
    assert term.forms == ["commissioner"] and term.related == []


def test_the_statute_words_of_a_question_are_its_synonyms_and_what_its_phrases_stand_for():
    words = statute_words(query_terms("my boss laid off the night shift", "eng"))
    assert {"employer", "layoff", "termination"} <= set(words)
    assert not {"boss", "laid", "off"} & set(words)
    assert len(words) == len(set(words))
