"""A provision (and a search hit) as a plain dict: the one shape the corpus API, the research
agent's tools and the MCP server all return.

    provision_dict(provision)               the provision and its whole section's units, paged
    provision_dict(provision, detail=True)  also its full stored text, children, history note
                                            and its section's text (the API and MCP)
    hit_dict(hit)                           one search hit, snippet as plain text

A unit's `text` is its own words (the lead before its sub-units); the sub-units' words come in
their own entries, so nothing is sent twice. `text_sha256` is always the SHA-256 of the
requested provision's full stored text (sub-units included): the text a quote is checked
against. Passing the hash a client read (`read_sha256`) adds `text_changed`.
"""

import html
import re

from django.utils import timezone

from corpus.models import ActVersion, Provision

UNITS_PER_PAGE = 80
_TAG_RE = re.compile(r"<[^>]+>")


class BadOffset(ValueError):
    """An offset outside the section's units."""


def provision_dict(provision: Provision, *, offset=None, limit=UNITS_PER_PAGE, detail=False,
                   read_sha256=None) -> dict:
    """`provision` (from corpus.lookup.get_provision: text and version loaded) as a dict.

    Units are the section's (or top-level schedule item's) in document order, `limit` at a
    time from `offset`. Without an offset the page starts at 0, or at the requested unit when
    it lies beyond the first page, so the unit asked for is always on the page returned;
    `next_offset` is where the next page starts (None on the last). Raises BadOffset for an
    offset past the last unit.
    """
    version = provision.version
    units = section_units(provision)
    section = units[0] if units else provision
    requested = next((i for i, u in enumerate(units) if u.pk == provision.pk), 0)
    if offset is None:
        offset = 0 if requested < limit else requested
    if offset < 0 or (units and offset >= len(units)):
        raise BadOffset(f"offset {offset} is outside the section's {len(units)} units (0 to {len(units) - 1})")
    page = units[offset:offset + limit]
    out = {
        "id": provision.pinpoint,
        "section_id": section.pinpoint,
        "act": version.act.code,
        "act_title": version.act.title(version.lang),
        "kind": provision.kind,
        "label": provision.label,
        "marginal_note": provision.marginal_note,
        "path": provision.path,
        "status": provision.status,
        "text_sha256": provision.text_id,
        "url": provision.official_url(),
        "consolidated_to": version.pit_date.isoformat(),
        "version": version_ref(version),
        "units": [unit_dict(u, requested=u.pk == provision.pk) for u in page],
        "units_total": len(units),
        "offset": offset,
        "next_offset": offset + limit if offset + limit < len(units) else None,
    }
    if read_sha256 is not None:
        out["text_changed"] = read_sha256.strip().lower() != provision.text_id
    if detail:
        out |= {
            "text": provision.text.text,
            "historical_note": provision.historical_note,
            "lims_id": provision.lims_id,
            "defined_term": provision.defined_term,
            "children": list(Provision.objects.filter(parent=provision).order_by("position")
                             .values_list("unit_id", flat=True)),
            "section": {"id": section.pinpoint, "label": section.label, "marginal_note": section.marginal_note,
                        "text": section.text.text, "text_sha256": section.text_id},
        }
    return out


def unit_dict(p: Provision, requested=False) -> dict:
    """One unit with its own words; the text of its sub-units comes in their own entries."""
    text = p.lead
    if not text and p.kind != Provision.KIND_SECTION:
        text = p.text.text
    unit = {"id": p.pinpoint, "kind": p.kind, "label": p.label, "text": text}
    if p.tail:
        unit["text_after_sub_units"] = p.tail
    if p.marginal_note:
        unit["marginal_note"] = p.marginal_note
    if p.status != Provision.STATUS_IN_FORCE:
        unit["status"] = p.status
    if requested:
        unit["requested"] = True
    return unit


def section_units(provision: Provision) -> list[Provision]:
    """The section (or top-level schedule item) holding `provision`, then its units in order."""
    version = provision.version
    qs = Provision.objects.filter(version=version).select_related("text").order_by("position")
    if provision.kind in {Provision.KIND_SCHEDULE, Provision.KIND_SCHEDULE_ITEM}:
        top = provision
        while top.parent_id and top.parent.kind == Provision.KIND_SCHEDULE_ITEM:
            top = top.parent
        if top.kind == Provision.KIND_SCHEDULE:
            units = [top, *qs.filter(parent=top)]
        else:
            prefix = top.unit_id
            units = [u for u in qs.filter(unit_id__startswith=prefix)
                     if u.unit_id == prefix or u.unit_id[len(prefix)] in "./"]
    else:
        units = list(qs.filter(section_unit=provision.section_unit).exclude(kind=Provision.KIND_HEADING))
        sections = [u for u in units if u.kind == Provision.KIND_SECTION]
        if sections:
            units = sections[:1] + [u for u in units if u.kind != Provision.KIND_SECTION]
    for unit in units:
        unit.version = version  # loaded once: spares pinpoint and official_url a query per unit
    return units or [provision]


def version_ref(version: ActVersion) -> dict:
    """Which consolidation a text comes from, and whether it is the latest in force (a Korean
    revision promulgated but in force only later is not the latest)."""
    latest_pk = (ActVersion.objects.filter(act_id=version.act_id, lang=version.lang,
                                           pit_date__lte=timezone.localdate())
                 .order_by(*ActVersion.NEWEST_FIRST).values_list("pk", flat=True).first())
    return {"lang": version.lang, "pit_date": version.pit_date.isoformat(),
            "current_date": version.current_date.isoformat() if version.current_date else None,
            "is_latest": latest_pk == version.pk, "has_pending_amendments": version.has_pending_amendments,
            "promulgated_date": version.promulgated_date.isoformat() if version.promulgated_date else None,
            "revision": version.revision}


def hit_dict(hit) -> dict:
    """A search hit (corpus.search) for a tool: its ids, titles, plain-text snippet and score."""
    return {"id": hit.pinpoint, "act": hit.act_code, "act_title": hit.act_title, "label": hit.label,
            "marginal_note": hit.marginal_note, "headings": hit.headings,
            "snippet": html.unescape(_TAG_RE.sub("", hit.snippet_html or "")).strip(),
            "score": round(float(hit.score), 3), "coverage": hit.coverage, "similarity": hit.similarity,
            "consolidated_to": hit.pit_date.isoformat() if hit.pit_date else None}
