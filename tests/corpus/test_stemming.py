"""One stemmer per language: Snowball French meets French inflections that an English suffix
stripper leaves apart; search's matcher and the extractive passages read with it."""

from corpus.search_rank import TermMatcher
from corpus.search_terms import query_terms
from corpus.stemming import light_stem, stem
from research.engines.extractive_passages import Passage, question_terms, score


def test_french_inflections_meet_and_english_keeps_its_stripper():
    assert stem("communiquer", "fra") == stem("communiqué", "fra")
    assert stem("donnée", "fra") == stem("données", "fra")
    assert stem("employeurs", "fra") == stem("employeur", "fra")
    assert light_stem("donnée") != light_stem("données")  # what French read as English missed
    assert stem("emails", "eng") == light_stem("emails") == "email"


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
