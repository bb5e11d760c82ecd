"""Which official language a question is written in, for the text it should be answered from.

    question_lang("Une organisation peut-elle communiquer mes renseignements?")  # "fra"

Read from the question's function words: those only French uses (de, les, une, peut-il...)
against those only English uses, with the stopword lists search already keeps for each language
(corpus/search_terms.py), single letters left out. A question with as many of each, or none, is
English, the default.
"""

from corpus.search_terms import STOPWORDS_ENG, STOPWORDS_FRA, words

_FRENCH_ONLY = STOPWORDS_FRA - STOPWORDS_ENG
_ENGLISH_ONLY = STOPWORDS_ENG - STOPWORDS_FRA


def question_lang(text: str) -> str:
    """"fra" when `text` holds more French-only function words than English-only ones, else "eng"."""
    tokens = [t for t in words(text or "") if len(t) > 1]  # "s" is "s." as often as "s'"
    french = sum(1 for t in tokens if t in _FRENCH_ONLY)
    english = sum(1 for t in tokens if t in _ENGLISH_ONLY)
    return "fra" if french > english else "eng"
