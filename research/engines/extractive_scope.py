"""Whether a question is about law a corpus of federal Acts of Canada cannot answer.

    out_of_scope_reason("What is the minimum wage in Alberta?")  # "provincial law: ..."

Pure function, no database. The extractive engine declines on these reasons rather than on a
high match threshold: a question in scope that happens to match weakly is still answered. The
patterns are about kinds of law (a province's own statutes, another country's law, court
decisions, tax, federal criminal, immigration, employment-insurance, trademark, patent and
family law while those Acts are not held), never about particular questions.
"""

import re
from dataclasses import dataclass

from corpus.search_terms import GROUND_WORDS_ENG

PROVINCIAL = "provincial law: the corpus holds federal Acts of Canada only"
FOREIGN = "the law of another country: the corpus holds federal Acts of Canada only"
CASE_LAW = "case law: the corpus holds the text of statutes, not court decisions"
TAX = "tax: the Income Tax Act and other tax statutes are not in the corpus"

# "bc" before a pronoun is "because" ("turned down bc they say..."), not British Columbia.
_PROVINCES = (r"ontario|quebec|québec|british columbia|b\.c\.|bc(?!\s+(?:i|im|i'm|they|theyre|they're|he|she|we|"
              r"it|its|it's|you|my|of)\b)|alberta|manitoba|saskatchewan|nova scotia|"
              r"new brunswick|newfoundland|labrador|prince edward island|p\.e\.i\.|pei|yukon|nunavut|"
              r"northwest territories")
# The largest cities name their province as clearly ("my landlord in Toronto"). Ottawa is left
# out: it is as often the federal government as the city.
_CITIES = (r"toronto|montreal|montréal|vancouver|calgary|edmonton|winnipeg|halifax|mississauga|brampton|"
           r"saskatoon|quebec city|québec city|laval|kelowna|surrey bc")
_PROVINCE_RE = re.compile(rf"(?<![\w.])(?:{_PROVINCES}|{_CITIES})(?!\w)", re.I)
# A province's own statute, named as such ("Ontario's Employment Standards Act"): out of scope
# even when the question also says "federal".
_PROVINCIAL_STATUTE_RE = re.compile(
    rf"(?<![\w.])(?:{_PROVINCES})(?:'s|’s)?\s+(?:[\w-]+\s+){{0,4}}(?:act|code|law|laws|statute|standards|"
    r"legislation|regulations?|charter)\b", re.I)
_PROVINCIAL_LAW_RE = re.compile(r"\bprovincial\s+(?:law|laws|act|acts|statute|statutes|legislation)\b", re.I)
# Matters only provincial law governs, wherever the question is asked from: renting a home,
# condominiums, traffic tickets and car accidents, workers' compensation boards, small claims, consumer refunds,
# estates without a will, schools, municipal bylaws. "Landlord" alone is not one: a federal Crown corporation can be one.
# Refusing a tenant on a ground of discrimination ("because of their family status",
# _GROUND_RE) is a human-rights question.
_PROVINCIAL_SUBJECT_RE = re.compile(
    r"\b(?:tenants?|tenancy|evict(?:ed|ion|ing)?|rent (?:increase|deposit|control|hike)|"
    r"rent (?:is going|went|goes|is) up|rais(?:e|es|ed|ing) (?:my|our|the) rent|damage deposit|"
    r"security deposit|lease renewal|strata|condo(?:minium)? (?:board|corporation|fees?|bylaws?)|"
    r"speeding|traffic ticket|parking ticket|demerit points?|driver'?s licen[cs]e|wsib|wcb|"
    r"rear-?ended|car accident|car crash|fender[- ]bender|(?:car|auto) insurance|"
    r"workers'? comp(?:ensation)?|small claims|refunds?|store credit|warranty|return policy|"
    r"without a will|intestate|probate|"
    # Schools and municipalities are the provinces' creatures: a school board, a city bylaw.
    r"school boards?|(?:suspended|expelled) from school|school suspension|"
    r"(?:city|municipal|town|noise|zoning|fence) bylaws?|zoning|property line|building permit)\b", re.I)
# A hospital's records are under the province's health-information statute, not PIPEDA (which
# governs commercial activity) nor the Privacy Act (federal institutions): asked about a
# patient's chart, even as a privacy question, the question is provincial law.
# Two patterns searched apart, so a long question costs one pass each.
_HOSPITAL_RE = re.compile(r"\b(?:hospital|emergency room|er visit)s?\b", re.I)
_RECORDS_RE = re.compile(r"\b(?:chart|records?|file|notes|information|info)\b", re.I)
# A question about copyright is one, whatever else it names ("he died without a will: who has
# the moral rights?", C-42 s. 14.2; "our logo: copyright or trademark?", C-42 s. 64).
_COPYRIGHT_RE = re.compile(r"\b(?:copyright\w*|moral rights?)\b", re.I)
# The Canada Labour Code governs work in federal industries only; a job in a restaurant, a shop or
# a hotel is under the province's employment standards. Asked about pay, hours or dismissal in
# such a workplace, with no federal industry named, the question is provincial law.
_PROVINCIAL_WORKPLACE_RE = re.compile(
    r"\b(?:restaurants?|retail|(?:clothing|grocery|convenience|department|hardware|liquor|retail) stores?|"
    r"(?:shopping )?mall|supermarket|caf[eé]s?|coffee shop|hotels?|hair salon|nursing home|line cook|"
    r"server at|waitress|waiter|bartender|cashier)\b", re.I)
_EMPLOYMENT_RE = re.compile(
    r"\b(?:overtime|wages?|minimum wage|fired|laid off|let go|severance|termination pay|vacation pay|"
    r"shifts?|hours of work|(?:lunch|meal|rest) breaks?|stat holiday|statutory holiday|notice of termination)\b",
    re.I)
_FEDERAL_INDUSTRY_RE = re.compile(
    r"\b(?:banks?|airlines?|airports?|railways?|rail|telecoms?|telecommunications?|trucking|courier|ports?|"
    r"shipping|ferry|broadcast\w*|radio|television|canada post|crown corporation|first nation)\b", re.I)
# Words that tie a question mentioning a province back to federal law ("a federally regulated
# employer in Ontario", "under PIPEDA ... a notary in Quebec").
_FEDERAL_RE = re.compile(r"\b(?:federal|federally|parliament|canada labour code|canadian human rights)\b", re.I)

_FOREIGN_RE = re.compile(
    r"(?<![\w.])(?:united states|u\.s\.a?\.?|usa|us law|america|american|united kingdom|u\.k\.|uk|england|english law|"
    r"britain|british law|scotland|ireland|france|french law|germany|german law|europe|european union|"
    r"european|gdpr|hipaa|ccpa|california|new york|texas|florida|delaware|india|china|japan|mexico|"
    r"australia|new zealand|singapore|switzerland|italy|spain|brazil|the states|stateside)(?![\w])", re.I)
_US_RE = re.compile(r"(?<![\w.])U\.?S\.?(?![\w])")

_CASE_LAW_RE = re.compile(
    r"\b(?:case law|court decisions?|precedents?|jurisprudence|judgments?|rulings?|leading cases?|"
    r"landmark cases?|cases? (?:established|decided|held|says?|said|set out|created)|"
    r"(?:leading|landmark)\s+(?:[\w-]+\s+){0,5}?cases?|what did the (?:\w+\s+){0,3}?court (?:hold|decide|say|rule|find)|"
    r"(?:supreme|appeal|appellate) court (?:of canada )?(?:held|hold|decided?|rule|ruled|say|said|found|find))\b",
    re.I)
# A case name: "R v Jordan", "R. v. Oakes", "Smith v. Jones" (capitals matter here).
_CASE_NAME_RE = re.compile(r"\bR\.? v\.? [A-Z]|\b[A-Z][a-z]+ v\.? [A-Z][a-z]+")

# Federal law the corpus may not hold, recognised by words that belong to it alone: criminal
# law (the Criminal Code), immigration (the Immigration and Refugee Protection Act), employment
# insurance, trademarks and patents. Each counts only while its Act is not held, and not when the
# question also asks what a held Act covers (its `unless`). Words that also fit a held Act are
# left out on purpose ("parole", "conviction", "pardon" and "refugee" come up in privacy and
# human-rights questions).
_LEAVE_RE = re.compile(r"\bleave\b", re.I)  # the Labour Code's leaves mention employment insurance
# A question about one's job is not family law: "fired for my divorce", a leave for a child.
_AT_WORK_RE = re.compile(r"\b(?:employer|employee|fired|job|workplace|leave|boss|manager)\b", re.I)
OTHER_FEDERAL = (
    ("C-46", "criminal law: the Criminal Code is not in the corpus", re.compile(
        r"\b(?:criminal code|impaired driving|drunk driving|dui|dwi|murder|manslaughter|sentencing|"
        r"sentenced?\s+(?:for|to)|what sentence|jail time|prison time|shoplift(?:ing|ed)?|bail|robbery|"
        r"mandatory minimum|youth criminal justice|young offenders?|criminal charges?|"
        # The police acting on a person (a search, a stop, an arrest): criminal procedure and the
        # Charter. The police asking an organization for someone's data is a privacy question.
        r"traffic stop|pulled (?:me |us |him |her )?over|search warrant|under arrest|arrested|"
        r"(?:police|cops?|rcmp|officers?) (?:\w+ ){0,2}search(?:ed|ing)? (?:my|our|his|her|their|your))\b",
        re.I), None),
    ("I-2.5", "immigration: the Immigration and Refugee Protection Act is not in the corpus", re.compile(
        r"\b(?:immigration|deport(?:ed|ation)?|work permit|study permit|asylum|refugee (?:claim|claimant|"
        r"hearing|status)s?|permanent resident (?:card|status|application)|cbsa|ircc|spousal sponsorship|"
        r"sponsor(?:ing)? (?:my |our )?(?:spouse|wife|husband|partner|parents?|family)|visitor visa|"
        r"citizenship (?:application|test|ceremony))\b", re.I), None),
    ("E-5.6", "employment insurance: the Employment Insurance Act is not in the corpus", re.compile(
        r"\b(?:employment insurance (?:benefits?|claims?|payments?|eligibility)|"
        r"(?:qualify for|apply for|collect|on|weeks of) (?:employment insurance|ei)|"
        r"ei (?:benefits?|claims?|weeks|payments?|eligibility)|how much (?:ei|employment insurance)|"
        r"(?:get|receive|collect) (?:ei|employment insurance))\b", re.I), _LEAVE_RE),
    ("T-13", "trademarks: the Trademarks Act is not in the corpus", re.compile(
        r"\b(?:trade-?marks?|trade-?marked|register (?:my|our|a|the) (?:[\w-]+ )?(?:name|logo|brand|slogan))\b",
        re.I), _COPYRIGHT_RE),
    ("P-4", "patents: the Patent Act is not in the corpus", re.compile(
        r"\b(?:patents?|patented|patentable)\b", re.I), _COPYRIGHT_RE),
    # The Divorce Act, and the provinces' family and property law.
    ("D-3.4", "family law: the Divorce Act and provincial family law are not in the corpus", re.compile(
        r"\b(?:divorc\w*|legal separation|separation agreement|child support|spousal support|alimony|"
        r"(?:child|joint|sole|shared) custody|custody (?:of (?:my|our|the) (?:kids|children|son|daughter)|"
        r"battle|dispute|order|arrangement)|parenting time|matrimonial home|division of (?:family )?property)\b",
        re.I), _AT_WORK_RE),
)

# What a question asks of the federal privacy and human-rights Acts, whatever department or
# matter it concerns: "my immigration file", "the personal info they hold on me", "discriminated
# against me at their counter in Mexico". Such a question is not declined for naming criminal or
# immigration matters or another country.
# "My claim file", "my border crossing history" and a SIN ask the same of those Acts; a criminal or
# driving record does not (the Criminal Records Act and the provinces' traffic law are not held).
_HELD_SUBJECT_RE = re.compile(
    r"\b(?:privacy|personal (?:info|information|data)|social insurance numbers?|(?-i:SINs?)|"
    r"my (?!criminal |driving )(?:[\w-]+ ){0,2}?(?:file|records?|info|information|data|history)|"
    r"(?:request|ask) to see (?:my|her|his|their|the) (?:[\w-]+ ){0,2}?(?:file|records?|info|information|data)|"
    r"discriminat\w*|human rights)\b", re.I)

# A ground of discrimination named ("because of their family status", "because we have three
# kids"): asked of a landlord or a condominium board, a human-rights question.
_GROUND_RE = re.compile(
    r"\b(?:" + "|".join(sorted(GROUND_WORDS_ENG)) + r"|family status|"
    r"because (?:of )?(?:my|our|their|his|her|we have) (?:\w+ )?(?:kids|children|baby))\b", re.I)

# Tax administration words, singular or plural ("tax credit", "tax returns", "tax-free").
_TAX_RE = re.compile(
    r"\b(?:income tax|taxes|taxation|taxable|gst|hst|pst|capital gains|tax[ -](?:returns?|credits?|"
    r"deductions?|refunds?|rates?|brackets?|free|exempt|exemptions?|benefits?|deductible))\b", re.I)


@dataclass(frozen=True)
class OutOfScope:
    """Why a question is outside the corpus. `words` are the question's words the reason rests on
    when it rests on words the corpus may use too (a place, a provincial or tax matter): the
    extractive engine answers after all when held law that uses them matches the question well."""

    reason: str
    words: tuple = ()


def out_of_scope_reason(question: str, names_federal_act: bool = False, held=frozenset()) -> str:
    """Why `question` is outside a corpus of federal statutes ("" when it is not); see out_of_scope."""
    found = out_of_scope(question, names_federal_act, held)
    return found.reason if found else ""


def out_of_scope(question: str, names_federal_act: bool = False, held=frozenset()) -> OutOfScope | None:
    """Why `question` is outside a corpus of federal statutes (None when it is not).

    `names_federal_act` is True when the question names an Act the corpus holds; a question
    that does, or says "federal", may mention a province without being about its law.
    `held` is the codes of the Acts the corpus holds (see OTHER_FEDERAL).
    """
    text = question or ""
    federal = names_federal_act or bool(_FEDERAL_RE.search(text))
    held_subject = bool(_HELD_SUBJECT_RE.search(text))
    if _PROVINCIAL_STATUTE_RE.search(text) or _PROVINCIAL_LAW_RE.search(text):
        if not names_federal_act or _names_province_statute(text):
            return OutOfScope(PROVINCIAL)
    if not federal and (places := _found(_PROVINCE_RE, text)):
        return OutOfScope(PROVINCIAL, places)
    if not (federal or held_subject) and (matter := _provincial_matter(text)):
        return OutOfScope(PROVINCIAL, matter)
    if not federal and _HOSPITAL_RE.search(text) and _RECORDS_RE.search(text):
        return OutOfScope(PROVINCIAL, _found(_HOSPITAL_RE, text))
    if _names_another_country(text) and not (federal and held_subject):
        return OutOfScope(FOREIGN, _found(_FOREIGN_RE, text) or _found(_US_RE, text))
    if _CASE_LAW_RE.search(text) or _CASE_NAME_RE.search(text):
        return OutOfScope(CASE_LAW)
    if not names_federal_act and (taxes := _found(_TAX_RE, text)):
        return OutOfScope(TAX, taxes)
    if not names_federal_act and not held_subject:
        for code, reason, pattern, unless in OTHER_FEDERAL:
            if code not in held and pattern.search(text) and not (unless and unless.search(text)):
                return OutOfScope(reason)
    return None


def _found(pattern, text) -> tuple:
    return tuple(dict.fromkeys(m.group() for m in pattern.finditer(text)))


def _provincial_matter(text: str) -> tuple:
    """The words of a matter only provincial law governs, named without a province: a tenancy, a
    refund, a job in a restaurant... (see _PROVINCIAL_SUBJECT_RE and _PROVINCIAL_WORKPLACE_RE);
    () when there is none."""
    if _COPYRIGHT_RE.search(text):
        return ()
    if _PROVINCIAL_SUBJECT_RE.search(text) and not _GROUND_RE.search(text):
        return _found(_PROVINCIAL_SUBJECT_RE, text)
    if (_PROVINCIAL_WORKPLACE_RE.search(text) and _EMPLOYMENT_RE.search(text)
            and not _FEDERAL_INDUSTRY_RE.search(text)):
        return _found(_PROVINCIAL_WORKPLACE_RE, text)
    return ()


def _names_another_country(text: str) -> bool:
    # "US" in capitals is the country, unless the whole question is typed in capitals.
    return bool(_FOREIGN_RE.search(text) or (_US_RE.search(text) and not text.isupper()))


def _names_province_statute(text: str) -> bool:
    """True when the statute named is the province's own ("Ontario's Employment Standards Act")."""
    return bool(re.search(rf"(?<![\w.])(?:{_PROVINCES})(?:'s|’s)?\s+(?:[\w-]+\s+){{0,4}}act\b", text, re.I))
