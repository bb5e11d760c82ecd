"""A provision across the versions held: which consolidations hold it with which text, and what
changed between two of them.

    provision_versions("L-2:s174", lang="eng")          every version held, oldest first
    version_changes("L-2:s174", from_date, to_date)    units added, removed or changed

Both read the stored, content-addressed texts: a unit "changed" when its own words (the lead
before its sub-units, the words after them), its marginal note or its status differ; a change
inside a paragraph is reported at that paragraph, not again at the subsection and section
that contain it. Dates are as-at dates, resolved like every lookup (the latest consolidation
on or before the date).
"""

from corpus import lookup
from corpus.models import ActVersion, Provision


def provision_versions(pinpoint, lang="eng") -> dict:
    """{id, act, lang, versions: [{pit_date, current_date, is_latest, held, text_sha256, status,
    changed}]} for every version of the Act held in `lang`, oldest first. `held` is False where
    that consolidation has no such unit; `changed` is True where the text differs from the
    version listed before it. Raises lookup errors for a malformed id, an unknown Act, or a unit
    no version holds."""
    code, unit = lookup.parse_pinpoint(pinpoint)
    versions = list(ActVersion.objects.filter(act__code=code, lang=lang)
                    .order_by("pit_date", "current_date", "id"))
    if not versions:
        lookup.version_at(code, None, lang)  # raises UnknownAct or VersionNotHeld with the reason
    rows = dict(Provision.objects.filter(version__in=versions, unit_id=unit)
                .values_list("version_id", "text_id"))
    statuses = dict(Provision.objects.filter(version__in=versions, unit_id=unit)
                    .values_list("version_id", "status"))
    if not rows:
        raise lookup.UnknownProvision(f"unknown provision: {code}:{unit} (in no {lang} version held)")
    latest = ActVersion.objects.filter(act__code=code, lang=lang).order_by(*ActVersion.NEWEST_FIRST).first()
    out, previous = [], None
    for version in versions:
        sha = rows.get(version.pk)
        out.append({"pit_date": version.pit_date.isoformat(),
                    "current_date": version.current_date.isoformat() if version.current_date else None,
                    "is_latest": version.pk == latest.pk, "held": sha is not None, "text_sha256": sha,
                    "status": statuses.get(version.pk), "changed": previous is not None and sha != previous})
        previous = sha
    return {"id": f"{code}:{unit}", "act": code, "lang": lang, "versions": out}


def version_changes(pinpoint, from_date, to_date, lang="eng") -> dict:
    """What changed in `pinpoint` and the units under it between the versions in force on
    `from_date` and on `to_date`: {id, from: {pit_date, ...}, to: {...}, changed: bool,
    units: [{id, change: added|removed|changed, from: {...} | None, to: {...} | None}]}.
    Each side gives the unit's own text, marginal note, status and full-text SHA-256.
    Raises lookup errors (and VersionNotHeld for a date before the versions held), and
    UnknownProvision when neither version holds the unit."""
    code, unit = lookup.parse_pinpoint(pinpoint)
    before = lookup.version_at(code, from_date, lang)
    after = lookup.version_at(code, to_date, lang)
    old, new = _subtree(before, unit), _subtree(after, unit)
    if not old and not new:
        raise lookup.UnknownProvision(f"unknown provision: {code}:{unit} (in neither version)")
    parents = {p.parent_id for p in [*old.values(), *new.values()]}
    changes = []
    for unit_id in _ordered(old, new):
        a, b = old.get(unit_id), new.get(unit_id)
        if a is not None and b is not None and _side(a, parents) | {"text_sha256": ""} == _side(b, parents) | {"text_sha256": ""}:
            continue
        change = "added" if a is None else "removed" if b is None else "changed"
        changes.append({"id": f"{code}:{unit_id}", "change": change,
                        "from": _side(a, parents), "to": _side(b, parents)})
    return {"id": f"{code}:{unit}", "act": code, "lang": lang,
            "from": _version(before, from_date), "to": _version(after, to_date),
            "same_version": before.pk == after.pk, "changed": bool(changes), "units": changes}


def _subtree(version, unit):
    """{unit_id: Provision} of `unit` and every unit under it in `version` (texts loaded)."""
    prefix_rows = (Provision.objects.filter(version=version, unit_id__startswith=unit)
                   .exclude(kind=Provision.KIND_HEADING).select_related("text").order_by("position"))
    # "s7" must not take in "s70": below a unit come only "(", "/" and "." (a schedule clause).
    return {p.unit_id: p for p in prefix_rows
            if p.unit_id == unit or p.unit_id[len(unit)] in "(/" or (unit.startswith("sch") and p.unit_id[len(unit)] == ".")}


def _ordered(old, new):
    """Unit ids of both versions, in the newer version's document order, removed ones where
    they stood in the older."""
    ids = list(new)
    for position, unit_id in enumerate(old):
        if unit_id not in new:
            ids.insert(min(position, len(ids)), unit_id)
    return ids


def _side(p, parents):
    """A unit's own words: the lead before its sub-units (its whole text when it has none) and
    the words after them, with its marginal note, status and the hash of its full text."""
    if p is None:
        return None
    own = p.lead or ("" if p.pk in parents else p.text.text)
    return {"text": own, "text_after_sub_units": p.tail, "marginal_note": p.marginal_note,
            "status": p.status, "text_sha256": p.text_id}


def _version(version, asked):
    return {"as_at": asked.isoformat() if asked else None, "pit_date": version.pit_date.isoformat(),
            "current_date": version.current_date.isoformat() if version.current_date else None}
