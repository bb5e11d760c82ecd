"""The language a question is written in, from its function words."""

import pytest

from corpus.languages import question_lang


@pytest.mark.parametrize(("question", "lang"), [
    ("Une organisation peut-elle communiquer des renseignements personnels sans consentement?", "fra"),
    ("Mon patron peut-il lire mes courriels?", "fra"),
    ("Qu'est-ce que la LPRPDE?", "fra"),
    ("Can my employer read my emails?", "eng"),
    ("Is a stagiaire an employee under the Code?", "eng"),
    ("PIPEDA s. 7", "eng"),  # nothing to tell by: English, the default
    ("", "eng"),
])
def test_the_language_of_a_question(question, lang):
    assert question_lang(question) == lang
