"""The corpus calls the research tools make: search and provision lookup.

They go through corpus.search and corpus.lookup. Until those modules exist in a checkout,
small stand-ins below answer with the same shapes so the run pipeline keeps working.
"""

import re
from dataclasses import dataclass, field

from django.db import connection

from corpus.models import Act, Provision, SectionDoc, VersionNotHeld


class UnknownAct(LookupError):
    pass


class UnknownProvision(LookupError):
    pass


class MalformedPinpoint(ValueError):
    pass


try:  # the real module, when it has landed
    from corpus.lookup import MalformedPinpoint, UnknownAct, UnknownProvision  # noqa: F811
except ImportError:
    pass

LOOKUP_ERRORS = (UnknownAct, UnknownProvision, MalformedPinpoint, VersionNotHeld)


def search(query, acts=None, lang="eng", as_at=None, limit=8):
    """corpus.search.search, or the stand-in: returns an object with `.hits`."""
    try:
        from corpus.search import search as corpus_search
    except ImportError:
        return _fallback_search(query, acts=acts, lang=lang, as_at=as_at, limit=limit)
    return corpus_search(query, acts=acts, lang=lang, as_at=as_at, limit=limit)


def get_provision(pinpoint, as_at=None, lang="eng"):
    """The Provision for a pinpoint in the version as at `as_at`.

    Raises UnknownAct, UnknownProvision, MalformedPinpoint or VersionNotHeld.
    """
    try:
        from corpus.lookup import get_provision as corpus_get
    except ImportError:
        return _fallback_get(pinpoint, as_at=as_at, lang=lang)
    found = corpus_get(pinpoint, as_at=as_at, lang=lang)
    # The lookup module may hand back a wrapper; the tools want the Provision row.
    return found if isinstance(found, Provision) else getattr(found, "provision", found)


# --- stand-ins -----------------------------------------------------------------------------

_PIN_RE = re.compile(r"^\s*(?P<act>[^:\s]+)\s*:\s*(?P<unit>\S+)\s*$")


def _fallback_get(pinpoint, as_at=None, lang="eng"):
    m = _PIN_RE.match(pinpoint or "")
    if not m:
        raise MalformedPinpoint(f"{pinpoint!r} is not a provision id; expected ACT:unit, e.g. P-8.6:s7(3)(c)")
    act = Act.objects.filter(code=m["act"]).first()
    if act is None:
        raise UnknownAct(f"there is no Act {m['act']} in the corpus")
    version = act.version_at(lang, as_at)
    unit = m["unit"]
    provision = (Provision.objects.filter(version=version, unit_id=unit)
                 .select_related("text", "version__act").first())
    if provision is None:
        raise UnknownProvision(f"{act.code} has no provision {unit}")
    return provision


@dataclass
class _Hit:
    pinpoint: str
    act_code: str
    act_title: str
    label: str
    marginal_note: str
    headings: str
    snippet_html: str
    score: float


@dataclass
class _Results:
    hits: list = field(default_factory=list)


_WORD_RE = re.compile(r"[^\W_]+")


def _fallback_search(query, acts=None, lang="eng", as_at=None, limit=8):
    words = [w for w in _WORD_RE.findall((query or "").lower()) if len(w) > 2][:24]
    if not words:
        return _Results()
    version_ids = []
    for act in Act.objects.filter(code__in=acts) if acts else Act.objects.all():
        try:
            version_ids.append(act.version_at(lang, as_at).pk)
        except VersionNotHeld:
            continue
    if not version_ids:
        return _Results()
    if connection.vendor == "sqlite":
        match = " OR ".join(f'"{w}"' for w in words)
        marks = ",".join("?" * len(version_ids))
        sql = (f"SELECT f.rowid, -bm25(corpus_sectiondoc_fts, 1.0, 3.0, 2.0) FROM corpus_sectiondoc_fts f "
               f"JOIN corpus_sectiondoc d ON d.provision_id = f.rowid "
               f"WHERE corpus_sectiondoc_fts MATCH ? AND d.version_id IN ({marks}) "
               f"ORDER BY bm25(corpus_sectiondoc_fts, 1.0, 3.0, 2.0) LIMIT ?")
        params = [match, *version_ids, limit]
    else:
        config = "french" if lang == "fra" else "english"
        sql = ("SELECT d.provision_id, ts_rank(d.search_vector, q) FROM corpus_sectiondoc d, "
               f"to_tsquery('{config}', %s) q WHERE d.search_vector @@ q AND d.version_id = ANY(%s) "
               "ORDER BY 2 DESC LIMIT %s")
        params = [" | ".join(words), version_ids, limit]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    docs = SectionDoc.objects.in_bulk([r[0] for r in rows])
    provisions = Provision.objects.select_related("version__act").in_bulk([r[0] for r in rows])
    hits = []
    for pk, score in rows:
        p, d = provisions[pk], docs[pk]
        hits.append(_Hit(p.pinpoint, p.version.act.code, p.version.act.title(lang), p.label,
                         p.marginal_note, d.headings, d.body[:240], float(score)))
    return _Results(hits)
