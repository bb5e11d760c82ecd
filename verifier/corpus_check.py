"""Every provision id the importer made must work everywhere: the check behind check_corpus.

For each provision of each version checked: its id parses and prints back the same; the
verifier fetches it as at the version's date (the same unit, the same text); and verify_quote of
its own full text is `match`. A provision with no text (a schedule laid out as a table) has
nothing to quote and is counted apart, not checked.
"""

import time
from collections import Counter
from dataclasses import dataclass, field

from corpus.models import ActVersion, Provision
from verifier.adapter import DbCorpus
from verifier.pinpoints import PinpointError, parse_provision_id
from verifier.service import verify_quote


@dataclass
class Failure:
    provision_id: str
    kind: str
    lang: str
    step: str  # "parse" | "round-trip" | "fetch" | "verify" | "error"
    detail: str

    def __str__(self):
        return f"{self.lang} {self.kind} {self.provision_id}: {self.step}: {self.detail}"


@dataclass
class CheckResult:
    versions: int = 0
    checked: Counter = field(default_factory=Counter)  # kind -> provisions checked
    failed: Counter = field(default_factory=Counter)  # kind -> provisions that failed
    no_text: Counter = field(default_factory=Counter)  # kind -> provisions with nothing to quote
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self):
        return not self.failures


def versions_to_check(codes=None, langs=("eng", "fra"), all_versions=False):
    """The versions to check: the latest of each instrument in each language, or every version
    that is the one held at its own pit date (an older file of the same date is never served)."""
    versions = ActVersion.objects.filter(lang__in=langs).select_related("act")
    if codes:
        versions = versions.filter(act__code__in=codes)
    served = {}
    for version in versions.order_by(*ActVersion.NEWEST_FIRST):
        key = (version.act_id, version.lang) if not all_versions else (version.act_id, version.lang, version.pit_date)
        served.setdefault(key, version)
    return sorted(served.values(), key=lambda v: (v.act.code, v.lang, v.pit_date))


def check_version(version, result, max_failures=None):
    """Check every provision of one version, adding to `result`."""
    corpus = DbCorpus(lang=version.lang, as_at=version.pit_date)
    code = version.act.code
    corpus.hold(code)
    rows = (Provision.objects.filter(version=version).exclude(kind=Provision.KIND_HEADING)
            .select_related("text").order_by("position").only("kind", "unit_id", "text__text", "text_id"))
    for row in rows:
        provision_id = f"{code}:{row.unit_id}"
        if not row.text.text.strip():
            result.no_text[row.kind] += 1
            continue
        result.checked[row.kind] += 1
        failure = _check_one(provision_id, row, version, corpus)
        if failure is not None:
            result.failed[row.kind] += 1
            if max_failures is None or len(result.failures) < max_failures:
                result.failures.append(failure)
    result.versions += 1


def _check_one(provision_id, row, version, corpus):
    def fail(step, detail):
        return Failure(provision_id, row.kind, version.lang, step, detail)

    try:
        pid = parse_provision_id(provision_id)
    except PinpointError as error:
        return fail("parse", str(error))
    if str(pid) != provision_id:
        return fail("round-trip", f"parses as {str(pid)!r}")
    view = corpus.get(provision_id)
    if view is None:
        return fail("fetch", f"not found as at {version.pit_date}")
    if view.sha256 != row.text_id:
        return fail("fetch", f"as at {version.pit_date} the id names another text ({view.id}, {view.kind})")
    try:
        verdict = verify_quote(provision_id, row.text.text, as_at=version.pit_date, lang=version.lang,
                               corpus=corpus)
    except Exception as error:  # noqa: BLE001 - any crash on a real provision is a finding to report
        return fail("error", f"{type(error).__name__}: {error}")
    if verdict["status"] != "match":
        return fail("verify", f"{verdict['status']}; {verdict['checked']}; "
                              f"{'; '.join(f['message'] for f in verdict['findings'])[:300]}")
    return None


def check_corpus(codes=None, langs=("eng", "fra"), all_versions=False, max_failures=None, progress=None):
    """Check the versions chosen (versions_to_check); `progress(done, total, result)` is called
    after each version."""
    started = time.monotonic()
    result = CheckResult()
    versions = versions_to_check(codes, langs, all_versions)
    for done, version in enumerate(versions, start=1):
        check_version(version, result, max_failures)
        if progress is not None:
            progress(done, len(versions), result)
    result.seconds = time.monotonic() - started
    return result
