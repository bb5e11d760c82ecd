"""The tokens the importer builds provision ids from, one per kind of label.

Every id the importer writes must parse back with verifier.pinpoints.parse_provision_id and
print the same (`manage.py check_corpus` checks it over the whole corpus). Labels in the
statute book are mostly "12", "(3)", "SCHEDULE 1", but not always: a repealed range
"46 to 89", a pair "(2) and (3)" / "(c) et d)", "SCHEDULE III / ANNEXE III", a heading-like
"Treaties of Peace (Italy, ...) Act, 1948" used as a section label, a Label element that holds a
sentence. These functions turn each into a token made of word characters and dots only.
"""

import re

WHITESPACE = re.compile(r"\s+")
# A clean token: word characters and dots ("12", "10.1", "47bis", "46to89", "15의2"), with
# hyphenated parts ("408-2", a slug).
CLEAN_TOKEN = re.compile(r"[\w.]+(?:-[\w.]+)*")
# Two sub-labels joined by a connector: "(2) and (3)", "(a) to (c)", French "c) et d)".
SUB_PAIR = re.compile(r"^\(?([\w.]+)\)\s*(and|or|to|et|ou|à)\s*\(?([\w.]+)\)$")
FIRST_SUB = re.compile(r"^\(?([\w.]+)\)")
SCHEDULE_WORD = re.compile(r"^(?:SCHEDULES?|ANNEXES?)\b\s*", re.IGNORECASE)
# "SCHEDULE III / ANNEXE III", "SCHEDULE II — ANNEXE II": the label in both languages.
BILINGUAL_SPLIT = re.compile(r"\s+/\s+|\s*—\s*(?=(?:ANNEXE|SCHEDULE)\b)", re.IGNORECASE)


def slug(term):
    return re.sub(r"[^\w]+", "-", term.lower(), flags=re.UNICODE).strip("-")


def compact(label):
    return WHITESPACE.sub("", label)


def section_token(label):
    """A section label as an id token: "12" -> "12", "46 to 89" -> "46to89", "*3" -> "3";
    a label that is a title ("Canadian Forces Act, 1950") -> its slug."""
    token = compact(label)
    if CLEAN_TOKEN.fullmatch(token):
        return token
    stripped = re.sub(r"^\W+|\W+$", "", token)
    if CLEAN_TOKEN.fullmatch(stripped):
        return stripped
    return slug(label)


def sub_token(label):
    """A sub-unit label in the bracketed form of ids: "(3)" -> "(3)", French "c)" -> "(c)",
    "(2) and (3)" -> "(2and3)", "c) et d)" -> "(cetd)"; a Label holding a sentence
    ("(a) the decision by ...") keeps its first label, "(a)"."""
    text = label.strip()
    core = compact(text).strip("()")
    if not core:
        return ""
    if CLEAN_TOKEN.fullmatch(core):
        return f"({core})"
    pair = SUB_PAIR.match(text)
    if pair:
        return f"({pair[1]}{pair[2]}{pair[3]})"
    first = FIRST_SUB.match(text)
    if first:
        return f"({first[1]})"
    return f"({slug(text)})" if slug(text) else ""


def schedule_token(label):
    """A schedule's label as an id token: "SCHEDULE 1" -> "1", "SCHEDULE VI" -> "VI",
    "SCHEDULE III / ANNEXE III" -> "III", "SCHEDULES 2 AND 3" -> "2AND3", "SCHEDULE" -> ""."""
    first = BILINGUAL_SPLIT.split(label.strip())[0]
    number = SCHEDULE_WORD.sub("", first)
    return re.sub(r"[^\w.]+", "", number)


def unique_suffix(unit_id, suffix):
    """`unit_id` with a suffix that keeps it unique, inside the last bracket when there is one
    ("s261(2)(a)" -> "s261(2)(a-2)") so the id still reads as labels."""
    if unit_id.endswith(")"):
        return f"{unit_id[:-1]}{suffix})"
    return f"{unit_id}{suffix}"


# Words of a heading label a Path line keeps as printed: Roman numerals, single letters and
# numbers ("PART III", "DIVISION VII", "SCHEDULE 1", "SUBDIVISION A").
KEEP_WORD = re.compile(r"[IVXLCDM]+|[A-Z]|\d[\w.]*|[\w.]*\d[\w.]*")
SMALL_WORDS = {"to", "of", "and", "or", "the", "de", "du", "des", "la", "le", "et", "à", "aux"}


def path_label(label):
    """A heading or schedule label as a Path line prints it: the instrument's own labels kept,
    only the words in capitals made ordinary ("PART III" -> "Part III", "SCHEDULE VI" ->
    "Schedule VI", "SCHEDULE I TO PART IV" -> "Schedule I to Part IV"). A label not all in
    capitals is kept as it is."""
    if not label.isupper():
        return label
    words = []
    for n, word in enumerate(label.split()):
        if KEEP_WORD.fullmatch(word):
            words.append(word)
        elif n and word.lower() in SMALL_WORDS:
            words.append(word.lower())
        else:
            words.append(word.capitalize())
    return " ".join(words)
