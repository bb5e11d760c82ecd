"""Corpus API under /api/v1/: Acts, their versions, provisions by pinpoint id at a date, search.

Errors are JSON {"detail": "..."}: 404 for an unknown Act or provision and for a date before
the first version held ("version not held: ..."; never today's text instead); 422 for a
malformed pinpoint, a bad date or an unknown language.
"""

import datetime as dt
from typing import Literal

from django.db.models import Count, Max, Q
from django.utils import timezone
from ninja import Query, Router
from ninja.errors import HttpError
from ninja.pagination import LimitOffsetPagination, paginate

from corpus import lookup
from corpus.models import Act, ActVersion, Provision, VersionNotHeld
from corpus.schemas import (
    ActDetailOut,
    ActOut,
    PendingAmendmentsOut,
    ProvisionOut,
    SearchIn,
    SearchOut,
    VersionOut,
)
from corpus.search import search as search_sections

router = Router(tags=["corpus"])

Lang = Literal["eng", "fra"]  # anything else is 422


@router.get("/acts", response=list[ActOut])
@paginate(LimitOffsetPagination)
def list_acts(request):
    """Every Act held, by code, with its latest consolidation date per language."""
    return [_act_out(act) for act in _acts_with_summary()]


@router.get("/acts/{code}", response=ActDetailOut)
def get_act(request, code: str):
    act = _act_or_404(code, summary=True)
    return {**_act_out(act), "jurisdiction": act.jurisdiction,
            "long_title_en": act.long_title_en, "long_title_fr": act.long_title_fr}


@router.get("/acts/{code}/versions", response=list[VersionOut])
def list_versions(request, code: str, lang: Lang | None = None):
    """The versions held, newest first; `lang` keeps one language."""
    act = _act_or_404(code)
    versions = list(act.versions.order_by("lang", *ActVersion.NEWEST_FIRST))
    if lang:
        versions = [v for v in versions if v.lang == act.text_lang(lang)]
    today, latest = timezone.localdate(), {}
    for version in versions:
        if version.pit_date <= today:
            latest.setdefault(version.lang, version.pk)  # first in force per language is the latest
    return [_version_out(v, is_latest=latest.get(v.lang) == v.pk) for v in versions]


@router.get("/acts/{code}/pending-amendments", response=PendingAmendmentsOut)
def pending_amendments(request, code: str, lang: Lang = "eng", as_at: dt.date | None = None):
    """Amendments not in force and related provisions of the as-at version, kept apart from its text."""
    version = _version_or_404(code, as_at, lang)
    return {"act": version.act.code, "version": _version_ref(version),
            "amendments": list(version.pending_amendments.order_by("position"))}


@router.get("/provisions/{path:pinpoint}", response=ProvisionOut)
def get_provision(request, pinpoint: str, as_at: dt.date | None = None, lang: Lang = "eng"):
    """One provision by pinpoint id (e.g. P-8.6:s7(3)(c)) as at a date, with its whole section's text."""
    try:
        provision = lookup.get_provision(pinpoint, as_at=as_at, lang=lang)
    except lookup.MalformedPinpoint as exc:
        raise HttpError(422, str(exc)) from None
    except (lookup.UnknownAct, lookup.UnknownProvision, VersionNotHeld) as exc:
        raise HttpError(404, str(exc)) from None
    version = provision.version
    section = lookup.section_of(provision)
    children = list(Provision.objects.filter(parent=provision).order_by("position")
                    .values_list("unit_id", flat=True))
    ref = _version_ref(version)
    return {
        "pinpoint": provision.pinpoint, "act": version.act.code, "act_title": version.act.title(version.lang),
        "kind": provision.kind, "label": provision.label, "marginal_note": provision.marginal_note,
        "path": provision.path, "text": provision.text.text, "text_sha256": provision.text_id,
        "status": provision.status, "historical_note": provision.historical_note,
        "lims_id": provision.lims_id, "defined_term": provision.defined_term,
        "version": ref, "is_latest": ref["is_latest"], "children": children,
        "official_url": provision.official_url(),
        "section": {"pinpoint": section.pinpoint, "label": section.label,
                    "marginal_note": section.marginal_note, "text": section.text.text,
                    "text_sha256": section.text_id},
        "not_yet_in_force": _not_yet_in_force(provision, as_at),
    }


def _not_yet_in_force(provision, as_at):
    """The unit as each later, promulgated revision will read it (근로기준법 from 2027-01-01)."""
    out = []
    for later in lookup.not_yet_in_force(provision.version, as_at):
        unit = (Provision.objects.select_related("text").filter(version=later, unit_id=provision.unit_id)
                .order_by("position").first())
        out.append({"pit_date": later.pit_date, "promulgated_date": later.promulgated_date,
                    "revision": later.revision, "text": unit.text.text if unit else None,
                    "text_sha256": unit.text_id if unit else None})
    return out


@router.get("/search", response=SearchOut)
def search(request, params: Query[SearchIn]):
    """Sections matching `q` in the as-at version of each Act (all Acts, or those named by `act`).

    `act` may repeat or hold comma-separated codes. An unknown Act is 404; an Act named with
    no version at `as_at` is 404 "version not held".
    """
    codes = [c.strip() for value in params.act or [] for c in value.split(",") if c.strip()] or None
    if codes:
        known = set(Act.objects.filter(code__in=codes).values_list("code", flat=True))
        unknown = [c for c in codes if c not in known]
        if unknown:
            raise HttpError(404, f"unknown act: {', '.join(unknown)}")
    if not 1 <= params.limit <= 100:
        raise HttpError(422, "limit must be between 1 and 100")
    try:
        results = search_sections(params.q, acts=codes, lang=params.lang, as_at=params.as_at,
                             limit=params.limit, offset=max(0, params.offset))
    except VersionNotHeld as exc:
        message = str(exc)
        raise HttpError(404, message if message.startswith("version not held") else f"version not held: {message}") from None
    return {"query": results.query, "lang": params.lang, "as_at": params.as_at, "total": results.total,
            "has_more": results.has_more, "hits": [vars(hit) for hit in results.hits],
            "corrections": [{"typed": typed, "read_as": read_as} for typed, read_as in results.corrections]}


def _acts_with_summary():
    return Act.objects.annotate(
        versions_count=Count("versions"),
        latest_eng=Max("versions__pit_date", filter=Q(versions__lang="eng")),
        latest_fra=Max("versions__pit_date", filter=Q(versions__lang="fra")),
        latest_kor=Max("versions__pit_date", filter=Q(versions__lang="kor", versions__pit_date__lte=timezone.localdate())),
    ).order_by("code")


def _act_or_404(code, summary=False):
    act = (_acts_with_summary() if summary else Act.objects).filter(code=code).first()
    if act is None:
        raise HttpError(404, f"unknown act: {code}")
    return act


def _act_out(act):
    latest = {lang: date for lang, date in (("eng", act.latest_eng), ("fra", act.latest_fra),
                                            ("kor", act.latest_kor)) if date}
    return {"code": act.code, "title_en": act.title_en, "title_fr": act.title_fr, "title_ko": act.title_ko,
            "latest_pit_dates": latest, "versions_count": act.versions_count}


def _version_or_404(code, as_at, lang):
    try:
        return lookup.version_at(code, as_at, lang)
    except (lookup.UnknownAct, VersionNotHeld) as exc:
        raise HttpError(404, str(exc)) from None


def _version_out(version, is_latest):
    return {"lang": version.lang, "pit_date": version.pit_date, "current_date": version.current_date,
            "last_amended_date": version.last_amended_date, "title": version.title,
            "source_sha256": version.source_sha256, "provisions_count": version.provision_count,
            "has_pending_amendments": version.has_pending_amendments, "is_latest": is_latest,
            "promulgated_date": version.promulgated_date, "revision": version.revision,
            "in_force": version.pit_date <= timezone.localdate()}


def _version_ref(version):
    latest_pk = (ActVersion.objects.filter(act_id=version.act_id, lang=version.lang,
                                           pit_date__lte=timezone.localdate())
                 .order_by(*ActVersion.NEWEST_FIRST).values_list("pk", flat=True).first())
    return {"lang": version.lang, "pit_date": version.pit_date, "current_date": version.current_date,
            "is_latest": latest_pk == version.pk, "has_pending_amendments": version.has_pending_amendments,
            "promulgated_date": version.promulgated_date, "revision": version.revision}
