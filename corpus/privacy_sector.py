"""Which of Canada's two general privacy Acts a question means when it names neither.

    privacy_act_for("my bank shared my personal information")  # "P-8.6"

The Privacy Act binds federal government institutions, PIPEDA private-sector organizations. A
question about personal information that names only one side is about that side's Act; search
(corpus/search_query.py) prefers it as if the question had named it.
"""

import re

_PRIVACY = re.compile(
    r"\b(?:privacy|personal (?:info|information|data|details)|(?:my|our|customers?'?|clients?'?|employees?'?) "
    r"(?:data|info|information|file|files|records?|details)|(?:information|records?|data) (?:about|on) (?:me|us|him|her)|"
    r"data breach|breach|leak\w*|hacked)\b", re.I)
_GOVERNMENT = re.compile(
    r"\b(?:government|department|ministry|minister|federal (?:agency|institution|body)|agency|cra|canada revenue|"
    r"rcmp|ircc|cbsa|service canada|veterans affairs|statistics canada|passport office|public servants?|"
    r"crown corporation|employment insurance)\b", re.I)
_PRIVATE = re.compile(
    r"\b(?:company|companies|business\w*|store|shop|retailer|bank|insurer|insurance company|employer|boss|"
    r"landlord|app|website|online store|telecom|phone company|airline|clinic|gym|brokerage|hotel|vendor|"
    r"organization|firm|startup|credit (?:bureau|card company))\b", re.I)
SECTOR_ACTS = {"government": "P-21", "private": "P-8.6"}


def privacy_act_for(question: str) -> str | None:
    """The privacy Act a question about personal information is about, from the one sector it
    names (None when it names both, neither, or is not about personal information)."""
    if not _PRIVACY.search(question):
        return None
    government, private = bool(_GOVERNMENT.search(question)), bool(_PRIVATE.search(question))
    if government == private:
        return None
    return SECTOR_ACTS["government" if government else "private"]
