"""The read-only tools every research engine uses, bound to one run.

`Toolbox(run).call(name, arguments)` runs a tool and returns a ToolOutcome the engine hands to
its model; bad arguments and unknown tools come back as an error outcome (is_error) the model
can read, never as an exception. Every provision a tool returns joins the run's allowlist
(`toolbox.retrieved_ids`), which the verifier uses for the not-retrieved check. Each call
writes RunEvents: tool_call, then tool_result or tool_error.
"""

from dataclasses import dataclass
from datetime import date

from django.db.models import Q

from corpus import lookup
from corpus.amendments import pending_amendments
from corpus.history import provision_versions, version_changes
from corpus.models import Act, ActVersion, Provision, VersionNotHeld
from corpus.search import search
from corpus.search_scope import scope_match
from corpus.serializers import BadOffset, hit_dict, provision_dict
from corpus.text_input import invalid_in
from research.models import Run, RunEvent
from research.tool_schemas import READ_TOOL_NAMES
from verifier.acts import resolve_act
from verifier.adapter import DbCorpus

SEARCH_LIMIT = 8


class ToolError(Exception):
    """A tool call the model got wrong; the message tells it what to do instead."""


@dataclass
class ToolOutcome:
    """What a tool returns: `content` is JSON-ready; `is_error` marks a tool error."""

    name: str
    content: dict
    is_error: bool = False


class Toolbox:
    """The tools of one run. Scope (Acts, language, as-at date) comes from the run."""

    def __init__(self, run: Run):
        self.run = run
        self.retrieved_ids: list[str] = []  # provision ids in the order tools returned them
        self.calls = 0
        self.errors = 0

    # --- dispatch ----------------------------------------------------------------------------

    def call(self, name: str, arguments) -> ToolOutcome:
        """Run tool `name` with `arguments` (a dict). Never raises for the model's mistakes."""
        self.calls += 1
        where, problem = invalid_in(arguments)
        # Refused text is not stored (PostgreSQL's JSON refuses a lone surrogate): the call is
        # recorded without its arguments and answered with the error.
        shown = _jsonable(arguments) if not problem else "(refused: invalid text)"
        self.run.add_event(RunEvent.KIND_TOOL_CALL, {"name": name, "arguments": shown})
        try:
            if problem:
                raise ToolError(f"{name}: {where!r} holds {problem}")
            if name not in READ_TOOL_NAMES:
                raise ToolError(f"unknown tool {name!r}; the tools are {', '.join(sorted(READ_TOOL_NAMES))}")
            if not isinstance(arguments, dict):
                raise ToolError(f"{name} takes an object of arguments")
            content = getattr(self, f"_tool_{name}")(**_checked_arguments(name, arguments))
        except ToolError as e:
            return self._error(name, str(e))
        except (lookup.LookupFailed, VersionNotHeld, BadOffset) as e:
            return self._error(name, str(e))
        self.run.add_event(RunEvent.KIND_TOOL_RESULT, {"name": name, **_summary(content)})
        return ToolOutcome(name, content)

    def _error(self, name, message) -> ToolOutcome:
        self.errors += 1
        self.run.add_event(RunEvent.KIND_TOOL_ERROR, {"name": name, "error": message})
        return ToolOutcome(name, {"error": message}, is_error=True)

    def _remember(self, *ids):
        for pid in ids:
            if pid not in self.retrieved_ids:
                self.retrieved_ids.append(pid)

    # --- the tools ---------------------------------------------------------------------------

    def search_statutes(self, query, acts=None, as_at=None) -> dict:
        return self.call("search_statutes", _drop_none(query=query, acts=acts, as_at=as_at))

    def get_provision(self, id, as_at=None, offset=None, text_sha256=None) -> dict:  # noqa: A002 - the tool's argument name
        return self.call("get_provision", _drop_none(id=id, as_at=as_at, offset=offset, text_sha256=text_sha256))

    def list_versions(self, id) -> dict:  # noqa: A002
        return self.call("list_versions", {"id": id})

    def get_version_changes(self, id, from_date, to_date=None) -> dict:  # noqa: A002
        return self.call("get_version_changes", _drop_none(id=id, from_date=from_date, to_date=to_date))

    def pending_amendments(self, act, provision=None, as_at=None) -> dict:
        return self.call("pending_amendments", _drop_none(act=act, provision=provision, as_at=as_at))

    def list_acts(self, name=None) -> dict:
        return self.call("list_acts", _drop_none(name=name))

    def find_definition(self, act, term, as_at=None, provision=None) -> dict:
        return self.call("find_definition", _drop_none(act=act, term=term, as_at=as_at, provision=provision))

    def _tool_search_statutes(self, query, acts=None, as_at=None):
        as_at = self._as_at(as_at)
        scope = acts or self.run.acts or None
        results = search(query, acts=scope, lang=self.run.lang, as_at=as_at, limit=SEARCH_LIMIT)
        match = scope_match(query, scope, lang=self.run.lang, as_at=as_at) if scope else None
        broadened = False
        if not results.hits and scope:
            results = search(query, acts=None, lang=self.run.lang, as_at=as_at, limit=SEARCH_LIMIT)
            broadened = bool(results.hits)
        hits = [hit_dict(h) for h in results.hits]
        self._remember(*[h["id"] for h in hits])
        found = {"query": query, "broadened": broadened, "hits": hits}
        if match is not None:  # how well the scope matches, beside the best outside it
            found["scope"] = match.as_dict()
        # The run is broadened when its answer cannot come from the scope the run was asked for:
        # the search had to leave it, or better matches lie outside it (a scope the engine chose
        # itself, within the run's or in a run without one, is its own affair: it reads `scope`).
        asked = set(self.run.acts or ())
        if broadened or (match and match.better_outside and asked and asked <= set(scope)):
            outside = hits if broadened else found["scope"]["outside"]
            self._broaden(scope, outside)
        missing = DbCorpus(lang=self.run.lang, as_at=as_at).named_not_held(query)
        if missing:  # the query names an instrument the corpus cites but does not hold
            found["not_held"] = [{"act": code, "name": name} for code, name in missing]
        if results.left_out:  # Acts with no version at that date: say so, not "nothing matched"
            found["left_out"] = [{"act": code, "reason": reason} for code, reason in results.left_out]
        if results.unmatched:  # words of the query no section searched uses, nor any synonym of them
            found["unmatched"] = results.unmatched
        if results.corrections:  # tell the model what was searched for, not only what it typed
            found["read_as"] = {typed: read_as for typed, read_as in results.corrections}
        return found

    def _broaden(self, scope, outside):
        """Mark the run broadened, with where it looked: the scope searched and the instruments
        outside it where the matches were (their best sections first)."""
        where = self.run.broadening or {"scope": [], "outside": []}
        where["scope"] = list(dict.fromkeys([*where["scope"], *scope]))
        acts = {a["act"]: a for a in where["outside"]}
        for hit in outside:
            entry = acts.setdefault(hit["act"], {"act": hit["act"], "act_title": hit["act_title"], "ids": []})
            if hit["id"] not in entry["ids"] and len(entry["ids"]) < 5:
                entry["ids"].append(hit["id"])
        where["outside"] = list(acts.values())
        self.run.broadened, self.run.broadening = True, where
        with self.run.owned():
            Run.objects.filter(pk=self.run.pk).update(broadened=True, broadening=where)

    def _tool_get_provision(self, id, as_at=None, offset=None, text_sha256=None):  # noqa: A002
        provision = lookup.get_provision(id.strip(), as_at=self._as_at(as_at), lang=self.run.lang)
        found = provision_dict(provision, offset=offset, read_sha256=text_sha256)
        self._remember(found["section_id"], found["id"])
        return found

    def _tool_list_versions(self, id):  # noqa: A002
        return provision_versions(id.strip(), lang=self.run.lang)

    def _tool_get_version_changes(self, id, from_date, to_date=None):  # noqa: A002
        return version_changes(id.strip(), _date(from_date, "from_date"), _date(to_date, "to_date"),
                               lang=self.run.lang)

    def _tool_pending_amendments(self, act, provision=None, as_at=None):
        return pending_amendments_of(act, provision, self._as_at(as_at), self.run.lang)

    def _tool_list_acts(self, name=None):
        return acts_held(self.run.lang, scope=self.run.acts, name=name)

    def _tool_find_definition(self, act, term, as_at=None, provision=None):
        found = definition_of(act, term, self._as_at(as_at), self.run.lang, provision=provision)
        self._remember(found["id"], *([found["section_id"]] if found["section_id"] else []))
        return found

    def _as_at(self, value):
        return self.run.as_at if value in (None, "") else _date(value, "as_at")


MAX_LISTED = 50  # instruments per list_acts answer: the statute book holds thousands


def acts_held(lang, scope=None, name=None) -> dict:
    """The instruments held in `lang`: code, title, latest consolidation, and whether each is in
    `scope` (every one is, when the scope is empty). `name` keeps those it names (any name the
    resolver reads, or a part of a title or code); at most MAX_LISTED are listed, those in scope
    first, and `total` says how many there are."""
    acts = Act.objects.all()
    if name and name.strip():
        found = resolve_act(name, DbCorpus(lang=lang).act_refs())
        wanted = name.strip()
        acts = (acts.filter(code__in=found.candidates) if found.candidates else
                acts.filter(Q(code__icontains=wanted) | Q(title_en__icontains=wanted) | Q(title_fr__icontains=wanted)
                            | Q(title_ko__icontains=wanted)))
    in_scope = list(acts.filter(code__in=scope or []).order_by("code"))
    rest = acts.exclude(code__in=scope or []).order_by("code")
    listed = (in_scope + list(rest[:max(0, MAX_LISTED - len(in_scope))]))[:MAX_LISTED]
    versions = {}
    for act_id, version_lang, pit_date in (ActVersion.objects.filter(act__in=listed)
                                           .values_list("act_id", "lang", "pit_date")):
        versions.setdefault((act_id, version_lang), []).append(pit_date)
    rows = []
    for act in sorted(listed, key=lambda a: a.code):  # scope decides what fits; the list reads by code
        dates = versions.get((act.pk, act.text_lang(lang)))
        if dates:
            rows.append({"code": act.code, "title": act.title(lang), "latest_consolidation": max(dates).isoformat(),
                         "in_scope": not scope or act.code in scope})
    total = acts.count()
    return {"acts": rows, "total": total, "more": total > len(listed)}


def definition_of(act, term, as_at, lang, provision=None) -> dict:
    """The definition of `term` (any case) in Act `act` as at `as_at`: {id, term, act, section_id,
    text, consolidated_to, status, also_defined_at}. With `provision` (an id of that Act), the
    definition that applies there: a Part's or a section's own before the Act's
    (verifier/definition_scope.py), and applies_at_provision; without, the Act's first. `also_defined_at` lists the other
    definitions of the term, which apply elsewhere. Raises ToolError naming near terms when
    there is none."""
    act_row = (Act.objects.filter(code=act.strip()).first()
               or Act.objects.filter(code="".join(act.split()), jurisdiction="kr").first())  # "개인정보 보호법"
    if act_row is None:
        raise ToolError(f"there is no Act {act!r} in the corpus; call list_acts for the codes")
    try:
        version = act_row.version_at(lang, as_at)
    except VersionNotHeld as e:
        raise ToolError(str(e)) from None
    # A Korean law defines its terms in the items of its 정의 article ("근로자"란 …).
    definitions = (Provision.objects.filter(version=version).exclude(defined_term="") if act_row.is_korean
                   else Provision.objects.filter(version=version, kind=Provision.KIND_DEFINITION))
    same = list(definitions.filter(defined_term__iexact=term.strip()).select_related("text", "version__act")
                .order_by("position"))
    if not same:
        near = list(definitions.filter(defined_term__icontains=term.strip()[:40])
                    .values_list("defined_term", flat=True)[:10])
        hint = f"; terms containing it: {', '.join(near)}" if near else ""
        raise ToolError(f"{act_row.code} defines no term {term!r}{hint}")
    # A Korean law's 정의 article applies to the whole law; a Canadian definition may not.
    scoped = bool(provision) and not act_row.is_korean
    applying = _definition_applying(same, act_row.code, provision, term, version, as_at) if scoped else None
    found = applying or same[0]
    section = Provision.objects.filter(version=version, unit_id=found.section_unit).first()
    out = {"id": found.pinpoint, "term": found.defined_term, "act": act_row.code,
           "section_id": section.pinpoint if section else "", "text": found.text.text,
           "text_sha256": found.text_id, "consolidated_to": version.pit_date.isoformat(),
           "status": found.status, "also_defined_at": [p.pinpoint for p in same if p.pk != found.pk]}
    if scoped:  # false: no definition of the term applies there (it is defined for elsewhere)
        out["applies_at_provision"] = applying is not None
    return out


def _definition_applying(same, code, provision, term, version, as_at):
    """Of the rows `same` defining `term`, the one that applies at `provision`; None when the
    provision is not of that Act or not held."""
    corpus = DbCorpus(lang=version.lang, as_at=as_at)
    where = corpus.get(provision.strip() if ":" in provision else f"{code}:{provision.strip()}")
    if where is None or where.act != code:
        raise ToolError(f"provision {provision!r} is not held in {code}")
    applying = corpus.definitions(code, where=where).get(term.strip().lower())
    return next((p for p in same if applying is not None and f"{code}:{p.unit_id}" == applying.id), None)


def pending_amendments_of(act, provision, as_at, lang) -> dict:
    """The amendments not in force of Act `act` as at `as_at`, those touching `provision` (an id
    or a unit of that Act) when given: {act, consolidated_to, provision, amendments, note}."""
    version = lookup.version_at(act.strip(), as_at, lang)
    unit = None
    if provision:
        code, unit = lookup.parse_pinpoint(provision if ":" in provision else f"{version.act.code}:{provision}")
        if code != version.act.code:
            raise ToolError(f"provision {provision!r} is not in {version.act.code}")
    return {"act": version.act.code, "consolidated_to": version.pit_date.isoformat(),
            "provision": f"{version.act.code}:{unit}" if unit else None,
            "amendments": pending_amendments(version, unit),
            "note": "Not in force: these amending texts are not part of the Act's text and must be "
                    "reported apart from it, never merged with it or quoted as the law in force."}


def _date(value, name):
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ToolError(f"{name} {value!r} is not a date; write YYYY-MM-DD") from None


def retrieved_ids_for(run: Run) -> list[str]:
    """The allowlist of a finished run, rebuilt from its tool_result events."""
    ids = []
    for data in run.events.filter(kind=RunEvent.KIND_TOOL_RESULT).values_list("data", flat=True):
        ids.extend(i for i in data.get("ids", []) if i not in ids)
    return ids


# --- helpers -------------------------------------------------------------------------------

_ARGUMENTS = {
    "search_statutes": ({"query": str}, {"acts": list, "as_at": str}),
    "get_provision": ({"id": str}, {"as_at": str, "offset": int, "text_sha256": str}),
    "list_versions": ({"id": str}, {}),
    "get_version_changes": ({"id": str, "from_date": str}, {"to_date": str}),
    "pending_amendments": ({"act": str}, {"provision": str, "as_at": str}),
    "list_acts": ({}, {"name": str}),
    "find_definition": ({"act": str, "term": str}, {"as_at": str, "provision": str}),
}


def _checked_arguments(name, arguments):
    required, optional = _ARGUMENTS[name]
    unknown = set(arguments) - set(required) - set(optional)
    if unknown:
        raise ToolError(f"{name} has no argument {', '.join(sorted(unknown))}")
    out = {}
    for key, kind in {**required, **optional}.items():
        value = arguments.get(key)
        if value is None:
            if key in required:
                raise ToolError(f"{name} needs {key!r}")
            continue
        if not isinstance(value, kind) or (kind is str and key in required and not value.strip()):
            raise ToolError(f"{name}: {key!r} must be a non-empty {kind.__name__}")
        if kind is list and not all(isinstance(v, str) for v in value):
            raise ToolError(f"{name}: {key!r} must be a list of Act codes")
        out[key] = value
    return out


def _summary(content: dict) -> dict:
    if "hits" in content:
        # Each hit's lexical coverage and semantic similarity are kept beside its id, so a run's
        # trace shows how well retrieval matched (the measure a confidence threshold is fitted on).
        return {"ids": [h["id"] for h in content["hits"]], "count": len(content["hits"]),
                "coverage": [h.get("coverage") for h in content["hits"]],
                "similarity": [h.get("similarity") for h in content["hits"]],
                "broadened": content["broadened"],
                "better_outside": bool((content.get("scope") or {}).get("better_outside"))}
    if "same_version" in content:  # get_version_changes: texts of other versions join no allowlist
        return {"ids": [], "count": len(content["units"])}
    if "units" in content:
        return {"ids": [content["section_id"], content["id"]], "count": len(content["units"])}
    if "acts" in content:
        return {"ids": [], "count": len(content["acts"])}
    if "versions" in content or "amendments" in content:
        return {"ids": [], "count": len(content.get("versions") or content.get("amendments") or [])}
    return {"ids": [i for i in (content.get("id"), content.get("section_id")) if i], "count": 1}


def _drop_none(**kwargs):
    return {k: v for k, v in kwargs.items() if v is not None}


def _jsonable(value):
    if isinstance(value, dict | list | str | int | float | bool) or value is None:
        return value
    return repr(value)
