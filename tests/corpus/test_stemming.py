"""One maintained stemmer per language: Snowball French meets French inflections that English
reading leaves apart; simplemma's English lemmas meet English inflections and keep the
statutes' parties apart; search's matcher and the extractive passages read with them."""

from corpus.search_rank import TermMatcher
from corpus.search_terms import query_terms
from corpus.stemming import stem
from research.engines.extractive_passages import Passage, question_terms, score


def test_french_inflections_meet():
    assert stem("communiquer", "fra") == stem("communiqué", "fra")
    assert stem("donnée", "fra") == stem("données", "fra")
    assert stem("employeurs", "fra") == stem("employeur", "fra")
    assert stem("donnée", "eng") != stem("données", "eng")  # what French read as English missed


def test_english_inflections_meet_their_lemma_and_parties_stay_apart():
    assert stem("emails", "eng") == "email"
    assert stem("disclosed", "eng") == stem("discloses", "eng") == stem("disclose", "eng")
    assert stem("paid", "eng") == stem("pays", "eng") == "pay"
    assert stem("policies", "eng") == "policy"
    assert len({stem(w, "eng") for w in ("employer", "employee", "employment")}) == 3


def test_an_english_query_matches_the_statutes_verb_forms():
    matcher = TermMatcher(query_terms("disclosed personal information", "eng"))
    text = "an organization may disclose personal information if it discloses it to a lawyer"
    words = [text[start:end] for start, end, _ in matcher.spans(text)]
    assert {"disclose", "discloses"} <= set(words)


def test_a_french_query_matches_the_statutes_verb_forms():
    matcher = TermMatcher(query_terms("communiquer des données", "fra"))
    text = "l’organisation ne peut communiquer la donnée que si elle a communiqué l’avis"
    assert len(matcher.hits(text)) == 3


def test_a_french_passage_covers_a_question_in_other_inflections():
    terms = question_terms("Mon employeur peut-il communiquer mes renseignements?", "fra")
    passage = Passage("P-8.6:s7(3)", "P-8.6:s7", 0, "P-8.6", "LPRPDE", "",
                      "l’organisation ne peut communiquer de renseignement personnel à l’insu de l’employé")
    [scored] = score([passage], terms)
    assert scored.matched >= 2
