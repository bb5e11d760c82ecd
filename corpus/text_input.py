"""Which text the app takes in, and which it refuses before any view, query or file sees it.

Refused: NUL and the other C0 control characters (tab, line feed, vertical tab, form feed and
carriage return are kept), lone surrogates and the noncharacters U+FFFE / U+FFFF. PostgreSQL
cannot store a NUL, UTF-8 cannot encode a lone surrogate, and XML, the statutes' own format,
allows none of them, so no stored text or id can hold one: such input is a mistake or a probe.
The web layer (research/middleware.py), manage.py (its arguments) and the commands that read
files (`read_text`) refuse it; the research run checks `has_visible_text` as well, so a
question of zero-width characters is refused rather than run.
"""

import json
import re
import unicodedata
from pathlib import Path

from corpus.messages import Message, gettext_noop

_REFUSED = re.compile("[\x00-\x08\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

# Categories that draw nothing on their own: controls, format characters (zero-width space,
# joiners, BOM, word joiner, bidi marks), unassigned and private-use code points, separators,
# and combining marks with no base to sit on.
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Cn", "Co", "Cs", "Zs", "Zl", "Zp", "Mn", "Me"}
# Letters Unicode lists as Default_Ignorable_Code_Point (drawn blank), which the standard
# library's unicodedata does not expose: the Hangul fillers and the halfwidth Hangul filler.
_BLANK_LETTERS = {"\u115f", "\u1160", "\u3164", "\uffa0"}


def invalid_text(value):
    """None when `value` (a str) is text we accept; else a message naming the first refused
    character and where it is, e.g. "a NUL character (U+0000) at position 3" (a Message)."""
    found = _REFUSED.search(value)
    if found is None:
        return None
    char = found.group()
    code = f"U+{ord(char):04X}"
    if char == "\x00":
        kind = gettext_noop("a NUL character")
    elif "\ud800" <= char <= "\udfff":
        kind = gettext_noop("a lone surrogate")
    elif char in "\ufffe\uffff":
        kind = gettext_noop("a noncharacter")
    else:
        kind = gettext_noop("a control character")
    return Message(gettext_noop("%(kind)s (%(code)s) at position %(position)s"), kind=Message(kind), code=code,
                   position=found.start())


def has_visible_text(value):
    """True when `value` holds at least one character that draws something (not only
    whitespace, zero-width or other invisible characters)."""
    return any(unicodedata.category(c) not in _INVISIBLE_CATEGORIES and c not in _BLANK_LETTERS
               for c in value)


def invalid_in(value, where=""):
    """(field, problem) for the first refused text in a JSON-like value (strings, dict keys and
    values, list items, at any depth; a field is named by its place, "items.1.claim"), else
    (None, None)."""
    if isinstance(value, str):
        problem = invalid_text(value)
        return (where or "body", problem) if problem else (None, None)
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = ((str(i), v) for i, v in enumerate(value))
    else:
        return None, None
    for key, item in items:
        problem = invalid_text(key)
        if problem:
            return (where or "body"), f"{problem} in a key"
        found = invalid_in(item, f"{where}.{key}" if where else key)
        if found[1]:
            return found
    return None, None


def read_text(path, as_json=False):
    """The UTF-8 text of the file at `path` (parsed, with `as_json`). Raises ValueError naming
    the file when it cannot be read, is not UTF-8 or JSON, or holds refused text (with the
    line, or the JSON field, where it is)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    problem = invalid_text(text)
    if problem:
        line = text.count("\n", 0, _REFUSED.search(text).start()) + 1
        raise ValueError(f"{path}: line {line}: {problem}; refused")
    if not as_json:
        return text
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not JSON ({exc})") from None
    field, problem = invalid_in(data)
    if problem:
        raise ValueError(f"{path}: {field}: {problem}; refused")
    return data
