"""What a reviewer approved, as a SHA-256: the run's claims as shown and the stored texts they
quote, read again at the run's as-at date.

`fingerprints(runs)` reads any number of runs in a fixed number of queries (the runs, claims,
citations, the Acts' versions, the quoted provisions), so the review queue does not grow a query per row
or per citation. A new consolidation that changes a quoted provision changes the fingerprint.
"""

import hashlib
import json

from django.db.models import Prefetch

from corpus.models import ActVersion, Provision
from verifier.adapter import act_and_unit


def fingerprint(run) -> str:
    """The approval fingerprint of one run."""
    return fingerprints([run])[run.pk]


def fingerprints(runs) -> dict[int, str]:
    """{run id: fingerprint} for `runs` (Run instances), in five queries whatever their number."""
    from research.models import Citation, Claim, Run  # models import this module's users

    runs = list(Run.objects.filter(pk__in=[r.pk for r in runs]).prefetch_related(
        Prefetch("claims", queryset=Claim.objects.order_by("position")),
        Prefetch("claims__citations", queryset=Citation.objects.order_by("position"))))
    cited = {(run.lang, run.as_at, c.checked_id or c.provision_id)
             for run in runs for claim in run.claims.all() for c in claim.citations.all()}
    sha = _stored_sha256(cited)
    out = {}
    for run in runs:
        payload = []
        for claim in run.claims.all():
            citations = [[c.provision_id, c.checked_id, c.quote, c.status,
                          sha.get((run.lang, run.as_at, c.checked_id or c.provision_id))]
                         for c in claim.citations.all()]
            payload.append([claim.text, claim.status, citations])
        body = json.dumps({"claims": payload, "reading": run.reading, "not_in_text": run.not_in_text},
                          ensure_ascii=False, sort_keys=True)
        out[run.pk] = hashlib.sha256(body.encode("utf-8")).hexdigest()
    return out


def _stored_sha256(cited) -> dict:
    """{(lang, as_at, provision id): sha256 of the stored text} for each cited unit found, read
    as DbCorpus.get reads it: the Act's version at the date (Act.version_at's order), then the
    first non-heading provision with that unit id."""
    wanted = {}  # (lang, as_at, id) -> (act, unit)
    for lang, as_at, pid in cited:
        parts = act_and_unit(pid)
        if parts:
            wanted[(lang, as_at, pid)] = parts
    if not wanted:
        return {}
    versions = list(ActVersion.objects.filter(act__code__in={act for act, _ in wanted.values()})
                    .order_by(*ActVersion.NEWEST_FIRST).values_list("pk", "act__code", "lang", "pit_date"))
    version_of = {}  # (lang, as_at, act) -> version id, or None when none is held at the date
    for (lang, as_at, _), (act, _) in wanted.items():
        if (lang, as_at, act) not in version_of:
            version_of[(lang, as_at, act)] = next(
                (pk for pk, code, v_lang, pit in versions
                 if code == act and v_lang == lang and (as_at is None or pit <= as_at)), None)
    rows = (Provision.objects.filter(version_id__in={v for v in version_of.values() if v},
                                     unit_id__in={unit for _, unit in wanted.values()})
            .exclude(kind=Provision.KIND_HEADING).order_by("-position")
            .values_list("version_id", "unit_id", "text_id"))
    text_of = {(version, unit): text for version, unit, text in rows}  # the first by position wins
    found = {}
    for key, (act, unit) in wanted.items():
        version = version_of.get((key[0], key[1], act))
        if version and (version, unit) in text_of:
            found[key] = text_of[(version, unit)]
    return found
