"""Link the terms an Act defines to their definitions, inside escaped statute text.

The definitions of a version never change once ingested (a new consolidation is a new version),
so the term table and its regular expression are built once per version and cached.
"""

import re
from dataclasses import dataclass
from functools import lru_cache

from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from corpus.models import Provision


@dataclass(frozen=True)
class Definition:
    term: str
    unit_id: str
    section_unit: str
    part: str  # first heading above the definition ("Part 1"), which usually scopes it


@lru_cache(maxsize=128)
def definitions_of(version_id):
    """({term: [Definition, ...]}, compiled pattern or None) for one version."""
    rows = Provision.objects.filter(version_id=version_id, kind=Provision.KIND_DEFINITION).exclude(
        defined_term="").order_by("position").values_list("defined_term", "unit_id", "section_unit", "heading_path")
    table = {}
    for term, unit_id, section_unit, heading_path in rows:
        table.setdefault(term, []).append(Definition(term, unit_id, section_unit, _part(heading_path)))
    if not table:
        return table, None
    # Longest first, so "personal health information" wins over "personal information".
    alternatives = "|".join(re.escape(t) for t in sorted(table, key=len, reverse=True))
    return table, re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def _part(heading_path):
    return heading_path.split(" > ", 1)[0] if heading_path else ""


def pick(definitions, heading_path):
    """The definition that applies where the text sits: same Part when there is one, else the first."""
    part = _part(heading_path)
    for definition in definitions:
        if definition.part == part:
            return definition
    return definitions[0]


def peek_id(definition):
    """The HTML id of the popover holding `definition`'s text on a page."""
    return "peek-" + re.sub(r"[^\w-]", "_", definition.unit_id)


def link_terms(text, version_id, heading_path, href_for, skip_term="", peeks=None):
    """Escaped `text` with whole-word defined terms wrapped in <a class="term">.

    `href_for(definition)` gives the link for a definition. `skip_term` (the term a definition
    defines) is not linked to itself: its first occurrence is marked <dfn> instead.
    Case-sensitive: "Court" is defined, "court" is not. With `peeks` (a dict the caller keeps
    for one page), a term's first link on the page is followed by a button opening a popover
    (`peek_id`) that the page fills with the definition; `peeks` collects those definitions.
    """
    table, pattern = definitions_of(version_id)
    if pattern is None or not text:
        return escape(text)
    out, last, defined = [], 0, False
    for match in pattern.finditer(text):
        term = match.group(0)
        if term == skip_term:
            if defined:
                continue
            piece, defined = format_html("<dfn>{}</dfn>", term), True
        else:
            definition = pick(table[term], heading_path)
            piece = format_html('<a class="term" href="{}" title="{}">{}</a>', href_for(definition),
                                _("Defined term: %(term)s") % {"term": term}, term)
            if peeks is not None and definition.unit_id not in peeks:
                peeks[definition.unit_id] = definition
                piece = format_html('{}<button type="button" class="term__peek" popovertarget="{}" '
                                    'aria-label="{}">{}</button>', piece, peek_id(definition),
                                    _("Show the definition of %(term)s") % {"term": term},
                                    pgettext("the button opening a definition", "def."))
        out.append(escape(text[last:match.start()]))
        out.append(piece)
        last = match.end()
    out.append(escape(text[last:]))
    return mark_safe("".join(str(piece) for piece in out))
