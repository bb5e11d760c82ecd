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


def test_old_is_a_persons_age_only_where_it_says_so():
    for question in ("I'm 58 years old and they passed me over", "they say I'm too old for the job"):
        assert "discrimination" in texts(question), question
    for question in ("the department phoned my old employer", "can I reprint an old photo from a 1960s book"):
        assert "discrimination" not in texts(question), question
    [former, *_] = query_terms("my old landlord", "eng")
    assert former.forms == ["former"]


def test_everyday_phrases_read_as_the_statute_words_for_them():
    def forms(query):
        return {form for term in query_terms(query, "eng") for form in term.all_forms}

    assert "reimbursement" in forms("do they have to pay us back for parking")
    assert "retention" in forms("how long can they hold onto my file")
    assert "waiver" in forms("can I sign away my moral rights")
    assert "incidental" in forms("a song was playing in the background of my video")
    assert "deduction" in forms("they took $400 off my paycheque for a dent")
    assert "humiliation" in forms("can I get money for the embarrassment")
    assert "liable" in forms("if our vendor leaks the data are we still on the hook")
    assert "joint" in forms("my friend and I co-wrote the songs")
    assert "locate" in forms("I can't find the photographer's heirs")
    assert "costs" in forms("do I pay the government's lawyer fees if I lose")
    assert "holiday" in forms("my deadline lands on Canada Day")
    assert "dismissal" in forms("got canned after 3 yrs")
    assert "reinstatement" in forms("can I complain and get my job back")
    assert "alternative" in forms("can the bank give me my statements in braille")
    assert "commencement" in forms("an amendment takes effect on January 1")


def test_a_ground_can_be_read_as_data_rather_than_as_discrimination():
    # Search passes False for a question about personal information ("my file lists the wrong
    # marital status"): the ground is what the file holds.
    question = "the CRA has the wrong marital status in my file"
    assert "discrimination" in texts(question)
    assert "discrimination" not in [t.text for t in query_terms(question, "eng", grounds_imply_discrimination=False)]
