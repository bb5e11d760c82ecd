"""Word-level differences between two texts, as escaped HTML with <ins> and <del>."""

import difflib
import re

from django.utils.html import escape
from django.utils.safestring import mark_safe

_TOKENS = re.compile(r"\s+|[^\s]+")


def word_diff(old, new):
    """HTML showing how `old` became `new`: removed words in <del>, added words in <ins>.

    Both texts are escaped before any markup is added. Returns (html, changed) where `changed`
    is False when the texts are identical.
    """
    a, b = _TOKENS.findall(old or ""), _TOKENS.findall(new or "")
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    out = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out.append(escape("".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            out.append(f"<del>{escape(''.join(a[i1:i2]))}</del>")
        if op in ("insert", "replace"):
            out.append(f"<ins>{escape(''.join(b[j1:j2]))}</ins>")
    return mark_safe("".join(out)), old != new
