"""Find a provision by pinpoint id at a date: the one lookup pages, the API and tools share.

    get_provision("P-8.6:s7(3)(c)", as_at=date(2024, 1, 1), lang="eng") -> Provision

A pinpoint is "ACT:unit", split on the first colon; the unit starts with "s" (a section or
anything under it, "sch" included), "h" (a heading id) or, for a Korean law, "제" (민법:제103조,
개인정보보호법:제15조제1항제2호; spaces in the title and the citation are dropped). Nothing else
is parsed here: the unit must match a stored unit id exactly. Two queries on success: the as-at
version, then the unit.

A Korean law is held in Korean only: any language asked for reads its Korean text.
"""

import re

from django.utils import timezone

from corpus.models import KOREAN, Act, ActVersion, Provision, VersionNotHeld

LANGS = ("eng", "fra")  # what a caller may ask for; a Korean law answers either
UNIT_START = re.compile(r"^(?:s|sch|h|제)\S*$")

__all__ = ["LookupFailed", "MalformedPinpoint", "UnknownAct", "UnknownProvision", "VersionNotHeld",
           "get_provision", "not_yet_in_force", "parse_pinpoint", "section_of", "units_of_section", "version_at"]


class LookupFailed(Exception):
    """Base of the errors below except VersionNotHeld (which lives on the model)."""


class MalformedPinpoint(LookupFailed):
    """The id is not "ACT:unit" with a unit starting s, sch or h."""


class UnknownAct(LookupFailed):
    """No Act with that code is held."""


class UnknownProvision(LookupFailed):
    """The Act is held but the unit is not in the as-at version."""


def parse_pinpoint(pinpoint):
    """ "P-8.6:s7(3)(c)" -> ("P-8.6", "s7(3)(c)"). Raises MalformedPinpoint."""
    code, sep, unit = (pinpoint or "").strip().partition(":")
    if unit.strip().startswith("제"):  # "개인정보 보호법:제15조 제1항" -> 개인정보보호법:제15조제1항
        code, unit = re.sub(r"\s+", "", code), re.sub(r"\s+", "", unit)
    if not sep or not code or " " in code:
        raise MalformedPinpoint(f'malformed pinpoint: {pinpoint!r} (expected "ACT:unit", e.g. "P-8.6:s7(3)(c)")')
    if not UNIT_START.match(unit):
        raise MalformedPinpoint(
            f"malformed pinpoint: {pinpoint!r} (the unit must start with s, sch, a heading id h… or 제)")
    return code, unit


def version_at(code, as_at=None, lang="eng"):
    """The version of Act `code` in `lang` in force on `as_at` (latest pit date <= as_at; no date:
    today), the latest promulgated first among those in force from one day (Act.version_at).

    One query when the version exists. Raises UnknownAct, VersionNotHeld (message starts
    "version not held"), ValueError for a language other than eng/fra.
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language: {lang!r} (use eng or fra)")
    langs = (lang, KOREAN)  # a Canadian Act holds no Korean version, a Korean law nothing else
    versions = (ActVersion.objects.select_related("act")
                .filter(act__code=code, lang__in=langs, pit_date__lte=as_at or timezone.localdate()))
    version = versions.order_by(*ActVersion.NEWEST_FIRST).first()
    if version is not None:
        return version
    # Only failures pay for the queries that say why.
    if not Act.objects.filter(code=code).exists():
        raise UnknownAct(f"unknown act: {code}")
    first = ActVersion.objects.filter(act__code=code, lang__in=langs).order_by("pit_date").first()
    if first is None:
        raise VersionNotHeld(f"version not held: no {lang} version of {code} is held")
    when = as_at.isoformat() if as_at else "today"
    if first.lang == KOREAN:
        raise VersionNotHeld(f"version not held: {code} as at {when}; the earliest revision held "
                             f"is in force from {first.pit_date.isoformat()}")
    raise VersionNotHeld(
        f"version not held: {code} as at {when}; the earliest {lang} version held "
        f"is consolidated to {first.pit_date.isoformat()}")


def not_yet_in_force(version, as_at=None):
    """Later revisions of `version`'s law promulgated but not in force at `as_at` (no date: today)."""
    return version.act.not_yet_in_force(version.lang, as_at)


def get_provision(pinpoint, as_at=None, lang="eng"):
    """The Provision `pinpoint` names, in the as-at version (text and version.act loaded).

    Raises MalformedPinpoint, UnknownAct, VersionNotHeld, UnknownProvision; ValueError for
    a bad language. Never falls back to another version or to the section.
    """
    code, unit = parse_pinpoint(pinpoint)
    version = version_at(code, as_at, lang)
    provision = (Provision.objects.select_related("text")
                 .filter(version=version, unit_id=unit).order_by("position").first())
    if provision is None:
        raise UnknownProvision(f"unknown provision: {code}:{unit}")
    provision.version = version  # already loaded with its Act: saves a query per use
    return provision


def section_of(provision):
    """The section (or schedule clause) holding `provision`; itself when it is one, or a heading."""
    if not provision.section_unit or provision.section_unit == provision.unit_id:
        return provision
    section = (Provision.objects.select_related("text")
               .filter(version_id=provision.version_id, unit_id=provision.section_unit)
               .order_by("position").first())
    if section is None:  # a stored tree always has it; stay usable if not
        return provision
    section.version = provision.version
    return section


def units_of_section(version, section_unit):
    """Every provision of `version` in section `section_unit`, in document order, texts loaded."""
    units = list(Provision.objects.select_related("text")
                 .filter(version=version, section_unit=section_unit).order_by("position"))
    for unit in units:
        unit.version = version
    return units
