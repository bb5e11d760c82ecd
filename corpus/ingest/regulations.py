"""What makes a regulation file different from an Act's: its identity.

A regulation (root <Regulation>) has no consolidated number; its Identification holds an
InstrumentNumber ("SOR/2001-7", French "DORS/2001-7"; "C.R.C., c. 10" / "C.R.C., ch. 10") and an
EnablingAuthority linking the Act(s) it is made under by code. Its code in this corpus is the
name Justice Laws files and pages give it in English ("SOR-2001-7", "C.R.C.,_c._10"), so both
languages of one regulation share one code and pinpoints read `SOR-2001-7:s1(a)`.
"""

import re
from dataclasses import dataclass, field

# French instrument-number words and their English equivalents, as the file names use them.
_FRENCH_TO_ENGLISH = [(re.compile(r"^DORS([-/])"), r"SOR\1"), (re.compile(r"^TR([-/])"), r"SI\1"),
                      (re.compile(r"^C\.P\.(?=[\s_])"), "P.C."), (re.compile(r"(?<=[,\s_])ch\.(?=[\s_])"), "c."),
                      (re.compile(r"(?<=[,\s_])art\.(?=[\s_])"), "s.")]
_FILE_NAME = re.compile(r"(?:^|[/:])(?:regulations|reglements)/(?P<stem>[^/]+)\.xml$")


@dataclass
class RegulationIdentity:
    code: str  # "SOR-2001-7"
    instrument_number: str  # as the file writes it, in its language: "SOR/2001-7", "DORS/2001-7"
    enabling_acts: list[str] = field(default_factory=list)  # codes, in document order: ["P-8.6"]


def english_form(number):
    """An instrument number or file stem in its English form: "DORS/2001-7" -> "SOR/2001-7",
    "C.R.C.,_ch._10" -> "C.R.C.,_c._10"."""
    for pattern, english in _FRENCH_TO_ENGLISH:
        number = pattern.sub(english, number)
    return number


def regulation_code(instrument_number, source_name=""):
    """The regulation's code: the Justice Laws file name (English form) when the source is one
    (`.../regulations/SOR-2001-7.xml`, `.../reglements/DORS-2001-7.xml`), else the instrument
    number written the same way ("/" to "-", spaces to "_")."""
    found = _FILE_NAME.search(source_name or "")
    if found:
        return english_form(found["stem"])
    return english_form(re.sub(r"\s+", "_", instrument_number.strip()).replace("/", "-"))


def enabling_acts(identification):
    """Codes of the Acts in the EnablingAuthority, without repeats."""
    codes = []
    for authority in identification.findall("EnablingAuthority"):
        for ref in authority.iter("XRefExternal"):
            code = (ref.get("link") or "").strip()
            if ref.get("reference-type") == "act" and code and code not in codes:
                codes.append(code)
    return codes


_ENGLISH_TO_FRENCH = [(re.compile(r"^SOR-"), "DORS-"), (re.compile(r"^SI-"), "TR-"),
                      (re.compile(r"^P\.C\._"), "C.P._"), (re.compile(r",_c\._"), ",_ch._"),
                      (re.compile(r",_s\._"), ",_art._")]


def french_file_stem(code):
    """The French Justice Laws name of a regulation from its code: "SOR-2001-7" -> "DORS-2001-7",
    "C.R.C.,_c._10" -> "C.R.C.,_ch._10" (the official French pages use it)."""
    for pattern, french in _ENGLISH_TO_FRENCH:
        code = pattern.sub(french, code)
    return code
