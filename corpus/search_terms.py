"""Turn a user's question into search terms: words, stopwords dropped, synonyms added.

Pure functions, no database. Any input is safe: only runs of letters and digits
survive, so no quote, bracket, operator or wildcard a user types reaches a
full-text query. The synonym and phrase tables map everyday English to the statutes' words
("boss" -> employer, "fired" -> dismissal); they live in corpus/data/search_vocabulary.yaml,
which says why each group exists. They are tuned: many entries were written where a question of
golden.yaml or a dev set missed. An ablation on three sealed English sets (docs/eval-history.md,
2026-12-04) shows them helping as a whole (recall@5 0.71 against 0.60 without them); single
entries were not ablated. The French table is small and changed nothing measured.
"""

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

MAX_TERMS = 24  # a pasted page of text becomes a query of its first distinct words
MAX_INPUT = 4000  # characters looked at; the rest of a huge input is ignored

WORD = re.compile(r"[^\W_]+", re.UNICODE)

STOPWORDS_ENG = frozenset("""
a about above after again against all allowed also am an and any anyone anything are aren as
at be been before being below between both but by can cannot could did do does doing done
don down during each either else even ever every few for from further get gets getting got had
has have having he her here hers herself him himself his how i if in into is isn it its itself
just know let like me might mine more most must my myself need needs no nor not now of off
often on once one only or other our ours ourselves out over own please really same say says
she should so some someone something such tell than that the their theirs them themselves then
there these they thing things this those through to too under until up upon us very want wants
was we were what whats when where whether which while who whom whose why will with within
would yes yet you your yours yourself yourselves
law laws legal legally rule rules act acts section sections statute statutes
think believe many much take make back way still actually completely go going come happen
happens example eg ie okay ok
because though although however therefore thus hence etc maybe perhaps probably basically
anyway already always
re ve ll im ive id youre theyre dont doesnt didnt isnt arent wasnt werent cant couldnt wouldnt
shouldnt wont won haven hasn hadn wouldn couldn shouldn didn doesn isn aren wasn weren
""".split())  # the last two lines: what is left of a contraction typed with or without its apostrophe

STOPWORDS_FRA = frozenset("""
a à afin ai aie ainsi alors au aucun aucune aussi autre aux avec avez avoir avons c ça ce ceci
cela celle celles celui ces cet cette chaque chez ci comme comment d dans de des donc dont du
elle elles en encore est et été être eu faire fait faut il ils j je l la le les leur leurs lui
m ma mais me même mes moi mon n ne ni nos notre nous on ont ou où par pas peut peuvent peux
plus pour pourquoi puis puisque qu quand que quel quelle quelles quels qui quoi s sa sans se
ses si sien soit son sont sous suis sur t ta te tes toi ton tous tout toute toutes très tu un
une vos votre vous y loi lois article articles droit
""".split())



# The vocabulary (everyday words -> the statutes' words), tuned and kept in one data file that
# says why each group exists and what the whole is worth: corpus/data/search_vocabulary.yaml.
VOCABULARY = yaml.safe_load((Path(__file__).resolve().parent / "data" / "search_vocabulary.yaml")
                            .read_text(encoding="utf-8"))
SYNONYMS_ENG = VOCABULARY["synonyms_eng"]
PHRASES_ENG = {tuple(phrase.split()): related for phrase, related in VOCABULARY["phrases_eng"].items()}
SYNONYMS_FRA = VOCABULARY["synonyms_fra"]
COMPOUND_HEADS_ENG = {stem: frozenset(words) for stem, words in VOCABULARY["compound_heads_eng"].items()}
GROUND_WORDS_ENG = frozenset(VOCABULARY["ground_words_eng"])

NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                "fourteen fifteen sixteen seventeen eighteen nineteen").split()
TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_word(n):
    """'30' -> 'thirty' as statutes spell it; '' for compound numbers and beyond 99."""
    if n < 20:
        return NUMBER_WORDS[n]
    tens, unit = divmod(n, 10)
    # Compound numbers ("forty-five") are two tokens in the index: not one word to add.
    return TENS[tens - 2] if n < 100 and unit == 0 else ""




@functools.cache
def plain_words(lang):
    """The everyday words the thesaurus knows (its keys and phrase words): not typos, though
    no statute uses them."""
    if lang == "fra":
        return frozenset(SYNONYMS_FRA)
    return frozenset(SYNONYMS_ENG) | {word for phrase in PHRASES_ENG for word in phrase}


@dataclass
class Term:
    """One concept of the query: the user's word (or phrase) and related statute words.

    `forms` count as the word itself; `related` are synonyms, which the ranking
    weighs a little below the user's own word.
    """

    text: str
    forms: list
    related: list = field(default_factory=list)
    lang: str = "eng"  # how its words are stemmed (corpus/stemming.py)

    @property
    def all_forms(self):
        return list(dict.fromkeys([*self.forms, *self.related]))


@functools.lru_cache(maxsize=100_000)
def words(text):
    """Lowercased runs of letters and digits of `text` (at most MAX_INPUT characters read)."""
    return WORD.findall(text[:MAX_INPUT].lower())


def inflected_from(word):
    """The word and the base forms it may be an inflection of: fired -> fire, jobs -> job."""
    found = [word]
    for suffix, replacements in (("ies", ("y",)), ("ied", ("y",)), ("es", ("", "e")), ("s", ("",)),
                                 ("ed", ("", "e")), ("d", ("",)), ("ing", ("", "e"))):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            found += [word[: -len(suffix)] + r for r in replacements]
    return found


def _synonyms(word, table):
    for variant in inflected_from(word):
        if variant in table:
            return [s for s in table[variant] if WORD.fullmatch(s)]
    return []


def _phrase_at(tokens, i, phrases):
    for length in (4, 3, 2):
        key = tuple(tokens[i:i + length])
        if len(key) == length and key in phrases:
            return length, phrases[key]
    return 0, None



DISCRIMINATION_ENG = ("discrimination", "discriminatory")


def _implied_terms(terms, lang):
    """A discrimination term for a question that names a ground of it but not the word."""
    if lang != "eng":
        return []
    said = {form for term in terms for form in term.all_forms}
    if said & GROUND_WORDS_ENG and not asks_about_discrimination(terms):
        return [Term(text="discrimination", forms=[], related=list(DISCRIMINATION_ENG))]
    return []


def asks_about_discrimination(terms):
    """True when the question's terms say discrimination (a word or a synonym), or name a
    ground of it, which query_terms reads as saying it."""
    return any(form.startswith("discriminat") for term in terms for form in term.all_forms)


def query_terms(query, lang="eng", grounds_imply_discrimination=True):
    """The distinct concepts of `query`: content words and known phrases, with synonyms.

    A ground of discrimination named adds a discrimination term unless
    `grounds_imply_discrimination` is False. Returns [] for a query of only stopwords or
    punctuation (the caller returns no hits).
    """
    stopwords = STOPWORDS_FRA if lang == "fra" else STOPWORDS_ENG
    synonyms = SYNONYMS_FRA if lang == "fra" else SYNONYMS_ENG
    phrases = PHRASES_ENG if lang == "eng" else {}
    tokens = words(query or "")
    terms, seen, i = [], set(), 0
    while i < len(tokens) and len(terms) < MAX_TERMS:
        length, alternatives = _phrase_at(tokens, i, phrases)
        if length:
            text = " ".join(tokens[i:i + length])
            if text not in seen:
                seen.add(text)
                terms.append(Term(text=text, forms=list(alternatives)))
            i += length
            continue
        word = tokens[i]
        i += 1
        if word in stopwords or word in seen or len(word) > 40 or (len(word) == 1 and not word.isdigit()):
            continue
        seen.add(word)
        related = _synonyms(word, synonyms)
        if word.isascii() and word.isdigit() and len(word) <= 2 and lang == "eng" and number_word(int(word)):
            related = [number_word(int(word))]
        terms.append(Term(text=word, forms=[word], related=[r for r in related if r != word]))
    terms += _implied_terms(terms, lang) if grounds_imply_discrimination else []
    for term in terms:
        term.lang = lang
    return terms


def statute_words(terms):
    """The statute words the thesaurus reads the question's words as, each once: a word's
    synonyms, and what a phrase stands for ("laid off" -> layoff, termination). Search adds them
    to the question it embeds, since sections are written in them."""
    return list(dict.fromkeys(word for term in terms for word in term.all_forms if word not in term.text.split()))
