"""Whether a question is about how statutes work rather than what one of them says.

    asks_about_legislation("The statute says the Minister 'may' issue a permit: is that optional?")  # True

"The statute says", "a federal law is repealed", "under federal statutes": a question about the
reading of any federal enactment (what "may" means, how days are counted, what a repeal leaves
in place) is answered by the Interpretation Act, which search prefers as if it were named. The
words a lay question uses for the law it is about are not enough: "the law says my boss must..."
and "under any federal law" do not count; "the statute says", "the provision is silent" and a
law that is repealed do.
"""

import re

_ENACTMENT_WORDS = "statute|enactment|provision|regulation|regs|legislation|act|amendment"
_ENACTMENT = rf"(?:{_ENACTMENT_WORDS})s?"
_LEGISLATION_RE = re.compile(
    # The enactment as the subject of reading: "the statute says", "a federal act gives",
    # "the provision is silent", "the Act was repealed".
    rf"\b(?:the|a|an|this|that|any|federal|canadian)\s+(?:federal\s+)?{_ENACTMENT}\s+(?:\w+\s+){{0,2}}?"
    r"(?:says?|said|reads?|lets|gives|requires|uses|defines|is silent|doesn'?t say|does not say|"
    r"says nothing|(?:is|was|got|gets) repealed|(?:is|was) amended|(?:comes?|came) into force)\b"
    # Enactments in general: "under federal statutes", "in a federal statute", "federal legislation".
    rf"|\b(?:federal|canadian)\s+(?:statutes|enactments|legislation)\b"
    # Not "under any federal law": that is how a lay question asks whether it is protected at all.
    rf"|\b(?:in|under)\s+(?:a|any)\s+(?:federal\s+)?(?:statute|enactment|act)\b"
    # A repeal, said of an enactment in the same sentence: "the regulation I was charged under got
    # repealed", "our old Act was repealed and replaced".
    rf"|\b(?:{_ENACTMENT_WORDS}|law)s?\b[^.?!]{{0,60}}?\b(?:is|was|got|gets|been)\s+repealed\b"
    r"|\bdoes\s+(?:a|any)\s+(?:federal\s+)?(?:law|statute|act)\s+(?:apply|bind)\b",
    re.I)


def asks_about_legislation(question: str) -> bool:
    """True when `question` asks how federal enactments are read, not what one of them says."""
    return bool(_LEGISLATION_RE.search(question))
