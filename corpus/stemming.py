"""Stems, one stemmer per language, for matching a question's words with a statute's.

    stem("renseignements", "fra")  # "renseign" (Snowball French)
    stem("emails", "eng")          # "email"

French uses the Snowball French stemmer (snowballstemmer, the maintained Python port of the
Snowball algorithms): verb forms, genders and plurals meet ("communiquer", "communiqué";
"donnée", "données"). English keeps a light suffix stripper (light_stem below): search's
ranking and the extractive engine's passage choice were tuned with it, and Snowball English
(Porter2) in its place put fewer questions' sections in the top five on 2026-12-07 (536 of the
745 English tuning and sealed questions, against 543): it joins words the statutes keep apart
("employer" and "employment" both "employ"). The indexes stem in the database where they can
(SQLite FTS5 porter for English and Korean; PostgreSQL tsvector english / french); SQLite's
French index stores text this module stemmed (corpus/search_index.py). Python-side matching
(re-ranking, snippets, passage coverage) reads this module too.
"""

import functools
import threading

import snowballstemmer

_local = threading.local()  # a Snowball stemmer keeps state while it works: one per thread


def light_stem(word):
    """A small English suffix stripper, enough to compare 'emails'/'email', 'fired'/'fire'."""
    for suffix in ("ations", "ation", "ments", "ment", "ings", "ing", "ies", "ied", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            if suffix in ("ies", "ied"):
                stem += "y"
            return stem
    return word


@functools.lru_cache(maxsize=200_000)
def _french(word):
    stemmer = getattr(_local, "french", None)
    if stemmer is None:
        stemmer = _local.french = snowballstemmer.stemmer("french")
    return stemmer.stemWord(word)


def stem(word, lang="eng"):
    """The stem of one lowercased word in `lang` ("eng" or "fra"; other languages as English)."""
    return _french(word) if lang == "fra" else light_stem(word)
