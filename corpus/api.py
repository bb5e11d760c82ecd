"""Corpus API under /api/v1/: Acts, their versions, provisions by pinpoint id at a date, search.

Errors are JSON {"detail": "..."}: 404 for an unknown Act or provision and for a date before
the first version held ("version not held: ..."; never today's text instead); 422 for a
malformed pinpoint, a bad date or an unknown language.
"""

from contextlib import contextmanager
from typing import Literal

from django.db.models import Count, Max, Q
from django.utils import timezone
from ninja import Query, Router
from ninja.errors import HttpError
from ninja.pagination import LimitOffsetPagination, paginate

from corpus import lookup
from corpus.amendments import pending_amendments as amendments_not_in_force
from corpus.api_errors import error_responses
from corpus.history import provision_versions, version_changes
from corpus.models import Act, ActVersion, Provision, VersionNotHeld
from corpus.schemas import (
    ActDetailOut,
    ActOut,
    ChangesIn,
    IsoDate,
    PendingAmendmentsOut,
    ProvisionChangesOut,
    ProvisionOut,
    ProvisionVersionsOut,
    SearchIn,
    SearchOut,
    VersionOut,
)
from corpus.search import search as search_sections
from corpus.search_scope import scope_match
from corpus.serializers import BadOffset, provision_dict, version_ref

router = Router(tags=["corpus"])

Lang = Literal["eng", "fra"]  # anything else is 422


@router.get("/acts", response={200: list[ActOut], **error_responses(422)})
@paginate(LimitOffsetPagination)
def list_acts(request):
    """Every Act held, by code, with its latest consolidation date per language."""
    return [_act_out(act) for act in _acts_with_summary()]


@router.get("/acts/{code}", response={200: ActDetailOut, **error_responses(404, 422)})
def get_act(request, code: str):
    act = _act_or_404(code, summary=True)
    return {**_act_out(act), "jurisdiction": act.jurisdiction,
            "long_title_en": act.long_title_en, "long_title_fr": act.long_title_fr}


@router.get("/acts/{code}/versions", response={200: list[VersionOut], **error_responses(404, 422)})
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


@router.get("/acts/{code}/pending-amendments", response={200: PendingAmendmentsOut, **error_responses(404, 422)})
def pending_amendments(request, code: str, lang: Lang = "eng", as_at: IsoDate | None = None,
                       provision: str | None = None):
    """Amendments not in force and related provisions of the as-at version, kept apart from its text.

    `not_in_force` lists the amendments not in force with the units each touches; with
    `provision` (a unit such as s11 or P-8.6:s11), only those touching it.
    """
    version = _version_or_404(code, as_at, lang)
    unit = None
    if provision:
        try:
            owner, unit = lookup.parse_pinpoint(provision if ":" in provision else f"{version.act.code}:{provision}")
        except lookup.MalformedPinpoint as exc:
            raise HttpError(422, str(exc)) from None
        if owner != version.act.code:
            raise HttpError(422, f"provision {provision!r} is not in {version.act.code}")
    return {"act": version.act.code, "version": version_ref(version),
            "amendments": list(version.pending_amendments.order_by("position")),
            "not_in_force": amendments_not_in_force(version, unit)}


@router.get("/provisions/{path:pinpoint}/versions", response={200: ProvisionVersionsOut, **error_responses(404, 422)})
def get_provision_versions(request, pinpoint: str, lang: Lang = "eng"):
    """Every version held of the provision's Act, oldest first, with the provision's text hash in each."""
    with _lookup_errors():
        return provision_versions(pinpoint, lang=lang)


@router.get("/provisions/{path:pinpoint}/changes", response={200: ProvisionChangesOut, **error_responses(404, 422)},
            by_alias=True)
def get_provision_changes(request, pinpoint: str, params: Query[ChangesIn]):
    """Units of the provision added, removed or changed between the versions in force on `from`
    and `to` (default: the latest)."""
    with _lookup_errors():
        return version_changes(pinpoint, params.from_, params.to, lang=params.lang)


@router.get("/provisions/{path:pinpoint}", response={200: ProvisionOut, **error_responses(404, 422)})
def get_provision(request, pinpoint: str, as_at: IsoDate | None = None, lang: Lang = "eng",
                  offset: int | None = None, text_sha256: str | None = None):
    """One provision by pinpoint id (e.g. P-8.6:s7(3)(c)) as at a date, with its whole section's
    units (paged by `offset`). With `text_sha256` (the hash a client read), `text_changed` says
    whether the stored text at that date is still that text."""
    with _lookup_errors():
        provision = lookup.get_provision(pinpoint, as_at=as_at, lang=lang)
        provision = lookup.get_provision(pinpoint, as_at=as_at, lang=lang)
        return {**provision_dict(provision, offset=offset, detail=True, read_sha256=text_sha256),
                "not_yet_in_force": _not_yet_in_force(provision, as_at)}


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


@router.get("/search", response={200: SearchOut, **error_responses(404, 422)})
def search(request, params: Query[SearchIn]):
    """Sections matching `q` in the as-at version of each Act (all Acts, or those named by `act`).

    `act` may repeat or hold comma-separated codes. An unknown Act is 404; an Act named with
    no version at `as_at` is 404 "version not held". With `act`, `scope` says how well those
    Acts match beside the best sections outside them (corpus/search_scope.py).
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
    match = scope_match(params.q, codes, lang=params.lang, as_at=params.as_at) if codes else None
    return {"query": results.query, "lang": params.lang, "as_at": params.as_at, "total": results.total,
            "has_more": results.has_more, "hits": [vars(hit) for hit in results.hits],
            "corrections": [{"typed": typed, "read_as": read_as} for typed, read_as in results.corrections],
            "left_out": [{"act": code, "reason": reason} for code, reason in results.left_out],
            "unmatched": results.unmatched,
            "scope": match.as_dict() if match else None}


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


@contextmanager
def _lookup_errors():
    """A malformed id or offset is 422; an unknown Act or provision, or a date before the
    versions held, is 404."""
    try:
        yield
    except (lookup.MalformedPinpoint, BadOffset) as exc:
        raise HttpError(422, str(exc)) from None
    except (lookup.UnknownAct, lookup.UnknownProvision, VersionNotHeld) as exc:
        raise HttpError(404, str(exc)) from None


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
