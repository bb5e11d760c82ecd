"""Turn a user's question into search terms: words, stopwords dropped, synonyms added.

Pure functions, no database. Any input is safe: only runs of letters and digits
survive, so no quote, bracket, operator or wildcard a user types reaches a
full-text query. The synonym table is general plain-English-to-statute
vocabulary ("boss" -> employer, "fired" -> dismissal), not tuned to any question.
"""

import re
from dataclasses import dataclass, field

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
without would yes yet you your yours yourself yourselves
law laws legal legally rule rules act acts section sections statute statutes
""".split())

STOPWORDS_FRA = frozenset("""
a à afin ai aie ainsi alors au aucun aucune aussi autre aux avec avez avoir avons c ça ce ceci
cela celle celles celui ces cet cette chaque chez ci comme comment d dans de des donc dont du
elle elles en encore est et été être eu faire fait faut il ils j je l la le les leur leurs lui
m ma mais me même mes moi mon n ne ni nos notre nous on ont ou où par pas peut peuvent peux
plus pour pourquoi puis puisque qu quand que quel quelle quelles quels qui quoi s sa sans se
ses si sien soit son sont sous suis sur t ta te tes toi ton tous tout toute toutes très tu un
une vos votre vous y loi lois article articles droit
""".split())

# Plain words people use -> words the statutes use. Keys are matched on the
# lowercased word and on its light stem; values are added as alternatives.
SYNONYMS_ENG = {
    "boss": ["employer", "supervisor"],
    "manager": ["employer", "supervisor"],
    "company": ["employer", "organization", "corporation"],
    "business": ["organization", "commercial"],
    "worker": ["employee"],
    "staff": ["employee"],
    "job": ["employment", "employee"],
    "fire": ["dismiss", "dismissal", "termination"],
    "sack": ["dismiss", "dismissal", "termination"],
    "terminate": ["termination", "dismissal"],
    "layoff": ["lay", "termination"],
    "quit": ["resign", "resignation"],
    "email": ["electronic", "communication"],
    "online": ["electronic", "internet"],
    "internet": ["online", "telecommunication"],
    "text": ["electronic", "communication"],
    "message": ["communication", "electronic"],
    "salary": ["wages", "remuneration"],
    "pay": ["wages", "remuneration"],
    "paid": ["wages", "pay"],
    "paycheque": ["wages", "pay"],
    "paycheck": ["wages", "pay"],
    "wage": ["wages"],
    "vacation": ["holiday", "annual"],
    "holiday": ["vacation"],
    "sick": ["illness", "injury", "medical"],
    "ill": ["illness", "sick", "medical"],
    "pregnant": ["pregnancy", "maternity"],
    "pregnancy": ["pregnant", "maternity"],
    "baby": ["maternity", "parental", "birth"],
    "newborn": ["maternity", "parental", "birth"],
    "adopt": ["adoption", "parental"],
    "breastfeed": ["nursing"],
    "die": ["death", "deceased", "bereavement"],
    "died": ["death", "bereavement"],
    "funeral": ["bereavement", "death"],
    "fee": ["fees", "charge", "cost"],
    "charge": ["fee", "cost"],
    "cost": ["fee", "costs"],
    "price": ["fee", "cost"],
    "complain": ["complaint"],
    "complaint": ["complain"],
    "harass": ["harassment", "violence"],
    "bully": ["harassment", "violence"],
    "bullying": ["harassment", "violence"],
    "abuse": ["harassment", "violence"],
    "disabled": ["disability", "disabilities"],
    "disability": ["disabled", "disabilities"],
    "handicap": ["disability"],
    "wheelchair": ["disability", "accommodation"],
    "blind": ["disability", "perceptual"],
    "deaf": ["disability", "perceptual"],
    "copy": ["reproduce", "reproduction", "copies"],
    "photocopy": ["reproduce", "reproduction", "copies"],
    "duplicate": ["reproduce", "copies"],
    "song": ["musical", "music", "sound"],
    "music": ["musical", "sound"],
    "movie": ["cinematographic", "film"],
    "film": ["cinematographic"],
    "video": ["cinematographic", "recording"],
    "book": ["literary", "books"],
    "novel": ["literary"],
    "photo": ["photograph", "artistic"],
    "picture": ["photograph", "artistic"],
    "painting": ["artistic"],
    "software": ["computer", "program"],
    "app": ["computer", "program"],
    "code": ["computer", "program"],
    "school": ["educational", "institution"],
    "teacher": ["educational", "instruction"],
    "class": ["educational", "instruction", "lesson"],
    "student": ["educational", "study"],
    "classroom": ["educational", "instruction"],
    "sue": ["action", "proceedings", "court"],
    "lawsuit": ["action", "proceedings", "court"],
    "fine": ["offence", "punishment", "penalty"],
    "penalty": ["offence", "punishment", "fine"],
    "jail": ["imprisonment", "offence"],
    "prison": ["imprisonment", "offence"],
    "crime": ["offence"],
    "data": ["information", "personal"],
    "info": ["information"],
    "file": ["record", "information"],
    "files": ["records", "information"],
    "hack": ["breach", "safeguards"],
    "hacked": ["breach", "safeguards"],
    "leak": ["breach", "safeguards", "disclosure"],
    "stolen": ["breach", "loss", "theft"],
    "delete": ["dispose", "destroy", "disposal"],
    "erase": ["dispose", "destroy"],
    "keep": ["retain", "retention"],
    "store": ["retain", "retention"],
    "share": ["disclose", "disclosure"],
    "sell": ["disclose", "sale"],
    "give": ["disclose", "provide"],
    "hand": ["disclose", "provide"],
    "release": ["disclose", "disclosure"],
    "reveal": ["disclose", "disclosure"],
    "tell": ["disclose", "notify"],
    "warn": ["notify", "notice"],
    "inform": ["notify", "notice"],
    "told": ["notify", "notice"],
    "see": ["access"],
    "view": ["access"],
    "obtain": ["access"],
    "permission": ["consent"],
    "agree": ["consent"],
    "agreement": ["consent", "contract"],
    "government": ["institution", "federal"],
    "ministry": ["institution", "minister"],
    "department": ["institution"],
    "police": ["enforcement", "investigation"],
    "refugee": ["protection", "refugee"],
    "immigrant": ["immigration", "permanent", "resident"],
    "deport": ["removal", "removed"],
    "deported": ["removal", "removed"],
    "visa": ["visa", "temporary", "resident"],
    "gender": ["sex", "gender"],
    "religion": ["religion", "religious"],
    "race": ["race", "racial"],
    "old": ["age"],
    "older": ["age"],
    "union": ["trade", "union"],
    "tip": ["gratuities"],
    "tips": ["gratuities"],
    "shift": ["schedule", "hours"],
    "overtime": ["overtime"],
    "hours": ["hours", "work"],
    "break": ["break", "rest"],
    "lunch": ["break", "meal"],
    "unsafe": ["danger", "dangerous"],
    "dangerous": ["danger"],
    "safety": ["safety", "health"],
    "hurt": ["injury", "injured"],
    "injured": ["injury"],
    "doctor": ["medical", "physician", "practitioner"],
    "hire": ["employment", "applicants"],
    "hiring": ["employment", "applicants"],
    "interview": ["applicants", "employment"],
    "ad": ["advertisement"],
    "advert": ["advertisement"],
    "equal": ["equal", "equity"],
    "revenge": ["retaliation", "reprisal"],
    "punish": ["retaliation", "reprisal", "discipline"],
    "whistleblower": ["whistleblowing", "disclose"],
    "investigate": ["investigation"],
    "appeal": ["review", "court"],
    "deadline": ["time", "limit", "days"],
    "long": ["period", "time"],
    "author": ["author", "maker"],
    "owner": ["owner", "ownership"],
    "own": ["owner", "ownership"],
}

SYNONYMS_FRA = {
    "patron": ["employeur"],
    "courriel": ["électronique"],
    "congédier": ["congédiement", "licenciement"],
    "salaire": ["salaire", "rémunération"],
    "vacances": ["congé", "vacances"],
    "plainte": ["plainte"],
    "copier": ["reproduire", "reproduction"],
}


@dataclass
class Term:
    """One word of the query and the alternatives that count as a match for it."""

    word: str
    alternatives: list = field(default_factory=list)

    @property
    def forms(self):
        return [self.word, *[a for a in self.alternatives if a != self.word]]


def light_stem(word):
    """A small suffix stripper, enough to compare 'emails'/'email', 'fired'/'fire'."""
    for suffix in ("ations", "ation", "ments", "ment", "ings", "ing", "ies", "ied", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            if suffix in ("ies", "ied"):
                stem += "y"
            return stem
    return word


def words(text):
    """Lowercased runs of letters and digits of `text` (at most MAX_INPUT characters read)."""
    return WORD.findall(text[:MAX_INPUT].lower())


def query_terms(query, lang="eng"):
    """The distinct content words of `query` with their synonyms, in order of appearance.

    Returns [] for a query of only stopwords or punctuation (the caller returns no hits).
    """
    stopwords = STOPWORDS_FRA if lang == "fra" else STOPWORDS_ENG
    synonyms = SYNONYMS_FRA if lang == "fra" else SYNONYMS_ENG
    terms, seen = [], set()
    for word in words(query or ""):
        if word in stopwords or len(word) > 40 or (len(word) == 1 and not word.isdigit()):
            continue
        if word in seen:
            continue
        seen.add(word)
        alternatives = synonyms.get(word) or synonyms.get(light_stem(word)) or []
        terms.append(Term(word=word, alternatives=[a for a in alternatives if " " not in a]))
        if len(terms) >= MAX_TERMS:
            break
    return terms
