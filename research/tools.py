"""The read-only tools every research engine uses, bound to one run.

`Toolbox(run).call(name, arguments)` runs a tool and returns a ToolOutcome the engine hands to
its model; bad arguments and unknown tools come back as an error outcome (is_error) the model
can read, never as an exception. Every provision a tool returns joins the run's allowlist
(`toolbox.retrieved_ids`), which the verifier uses for the not-retrieved check. Each call
writes RunEvents: tool_call, then tool_result or tool_error.
"""

import html
import re
from dataclasses import dataclass
from datetime import date

from corpus import lookup
from corpus.models import Act, Provision, VersionNotHeld
from corpus.search import search
from research.models import Run, RunEvent
from research.tool_schemas import READ_TOOL_NAMES

SEARCH_LIMIT = 8
MAX_SECTION_UNITS = 80
_TAG_RE = re.compile(r"<[^>]+>")


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
        self.run.add_event(RunEvent.KIND_TOOL_CALL, {"name": name, "arguments": _jsonable(arguments)})
        try:
            if name not in READ_TOOL_NAMES:
                raise ToolError(f"unknown tool {name!r}; the tools are {', '.join(sorted(READ_TOOL_NAMES))}")
            if not isinstance(arguments, dict):
                raise ToolError(f"{name} takes an object of arguments")
            content = getattr(self, f"_tool_{name}")(**_checked_arguments(name, arguments))
        except ToolError as e:
            return self._error(name, str(e))
        except (lookup.LookupFailed, VersionNotHeld) as e:
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

    def get_provision(self, id, as_at=None) -> dict:  # noqa: A002 - the tool's argument name
        return self.call("get_provision", _drop_none(id=id, as_at=as_at))

    def list_acts(self) -> dict:
        return self.call("list_acts", {})

    def find_definition(self, act, term, as_at=None) -> dict:
        return self.call("find_definition", _drop_none(act=act, term=term, as_at=as_at))

    def _tool_search_statutes(self, query, acts=None, as_at=None):
        as_at = self._as_at(as_at)
        scope = acts or self.run.acts or None
        results = search(query, acts=scope, lang=self.run.lang, as_at=as_at, limit=SEARCH_LIMIT)
        broadened = False
        if not results.hits and scope:
            results = search(query, acts=None, lang=self.run.lang, as_at=as_at, limit=SEARCH_LIMIT)
            broadened = bool(results.hits)
            if broadened and not self.run.broadened:
                self.run.broadened = True
                Run.objects.filter(pk=self.run.pk).update(broadened=True)
        hits = [_hit(h) for h in results.hits]
        self._remember(*[h["id"] for h in hits])
        found = {"query": query, "broadened": broadened, "hits": hits}
        if results.corrections:  # tell the model what was searched for, not only what it typed
            found["read_as"] = {typed: read_as for typed, read_as in results.corrections}
        return found

    def _tool_get_provision(self, id, as_at=None):  # noqa: A002
        provision = lookup.get_provision(id.strip(), as_at=self._as_at(as_at), lang=self.run.lang)
        units = _section_units(provision)
        section = units[0]
        self._remember(section.pinpoint, provision.pinpoint)
        version = provision.version
        return {
            "id": provision.pinpoint,
            "section_id": section.pinpoint,
            "act": version.act.code,
            "act_title": version.act.title(version.lang),
            "marginal_note": section.marginal_note,
            "path": section.path,
            "consolidated_to": version.pit_date.isoformat(),
            "status": section.status,
            "url": section.official_url(),
            "units": [_unit(u, requested=u.pk == provision.pk) for u in units[:MAX_SECTION_UNITS]],
            "truncated": len(units) > MAX_SECTION_UNITS,
        }

    def _tool_list_acts(self):
        acts = []
        for act in Act.objects.prefetch_related("versions"):
            versions = [v for v in act.versions.all() if v.lang == act.text_lang(self.run.lang)]
            if not versions:
                continue
            acts.append({"code": act.code, "title": act.title(self.run.lang),
                         "latest_consolidation": max(v.pit_date for v in versions).isoformat(),
                         "in_scope": not self.run.acts or act.code in self.run.acts})
        return {"acts": acts}

    def _tool_find_definition(self, act, term, as_at=None):
        act_row = (Act.objects.filter(code=act.strip()).first()
                   or Act.objects.filter(code="".join(act.split()), jurisdiction="kr").first())  # "개인정보 보호법"
        if act_row is None:
            raise ToolError(f"there is no Act {act!r} in the corpus; call list_acts for the codes")
        try:
            version = act_row.version_at(self.run.lang, self._as_at(as_at))
        except VersionNotHeld as e:
            raise ToolError(str(e)) from None
        # A Korean law defines its terms in the items of its 정의 article ("근로자"란 …).
        definitions = (Provision.objects.filter(version=version).exclude(defined_term="") if act_row.is_korean
                       else Provision.objects.filter(version=version, kind=Provision.KIND_DEFINITION))
        found = definitions.filter(defined_term__iexact=term.strip()).select_related("text", "version__act").first()
        if found is None:
            near = list(definitions.filter(defined_term__icontains=term.strip()[:40])
                        .values_list("defined_term", flat=True)[:10])
            hint = f"; terms containing it: {', '.join(near)}" if near else ""
            raise ToolError(f"{act_row.code} defines no term {term!r}{hint}")
        section = Provision.objects.filter(version=version, unit_id=found.section_unit).first()
        self._remember(found.pinpoint, *([section.pinpoint] if section else []))
        return {"id": found.pinpoint, "term": found.defined_term, "act": act_row.code,
                "section_id": section.pinpoint if section else "", "text": found.text.text,
                "consolidated_to": version.pit_date.isoformat(), "status": found.status}

    def _as_at(self, value):
        if value in (None, ""):
            return self.run.as_at
        try:
            return date.fromisoformat(value)
        except (TypeError, ValueError):
            raise ToolError(f"as_at {value!r} is not a date; write YYYY-MM-DD") from None


def retrieved_ids_for(run: Run) -> list[str]:
    """The allowlist of a finished run, rebuilt from its tool_result events."""
    ids = []
    for data in run.events.filter(kind=RunEvent.KIND_TOOL_RESULT).values_list("data", flat=True):
        ids.extend(i for i in data.get("ids", []) if i not in ids)
    return ids


# --- helpers -------------------------------------------------------------------------------

_ARGUMENTS = {
    "search_statutes": ({"query": str}, {"acts": list, "as_at": str}),
    "get_provision": ({"id": str}, {"as_at": str}),
    "list_acts": ({}, {}),
    "find_definition": ({"act": str, "term": str}, {"as_at": str}),
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


def _section_units(provision: Provision) -> list[Provision]:
    """The section (or top-level schedule item) holding `provision`, then its units in order."""
    version = provision.version
    qs = Provision.objects.filter(version=version).select_related("text", "version__act").order_by("position")
    if provision.kind in {Provision.KIND_SCHEDULE, Provision.KIND_SCHEDULE_ITEM}:
        top = provision
        while top.parent_id and top.parent.kind == Provision.KIND_SCHEDULE_ITEM:
            top = top.parent
        if top.kind == Provision.KIND_SCHEDULE:
            return [top, *qs.filter(parent=top)]
        prefix = top.unit_id
        return [u for u in qs.filter(unit_id__startswith=prefix)
                if u.unit_id == prefix or u.unit_id[len(prefix)] in "./"]
    units = list(qs.filter(section_unit=provision.section_unit).exclude(kind=Provision.KIND_HEADING))
    sections = [u for u in units if u.kind == Provision.KIND_SECTION]
    return sections[:1] + [u for u in units if u.kind != Provision.KIND_SECTION] if sections else units


def _unit(p: Provision, requested=False) -> dict:
    """One unit with its own words; the text of its sub-units comes in their own entries."""
    text = p.lead
    if not text and p.kind != Provision.KIND_SECTION:
        text = p.text.text
    unit = {"id": p.pinpoint, "kind": p.kind, "label": p.label, "text": text}
    if p.tail:
        unit["text_after_sub_units"] = p.tail
    if p.marginal_note and p.kind != Provision.KIND_SECTION:
        unit["marginal_note"] = p.marginal_note
    if p.status != Provision.STATUS_IN_FORCE:
        unit["status"] = p.status
    if requested:
        unit["requested"] = True
    return unit


def _hit(h) -> dict:
    return {"id": h.pinpoint, "act": h.act_code, "act_title": h.act_title, "label": h.label,
            "marginal_note": h.marginal_note, "headings": h.headings,
            "snippet": _plain(h.snippet_html), "score": round(float(h.score), 3)}


def _plain(snippet_html) -> str:
    return html.unescape(_TAG_RE.sub("", snippet_html or "")).strip()


def _summary(content: dict) -> dict:
    if "hits" in content:
        return {"ids": [h["id"] for h in content["hits"]], "count": len(content["hits"]),
                "broadened": content["broadened"]}
    if "units" in content:
        return {"ids": [content["section_id"], content["id"]], "count": len(content["units"])}
    if "acts" in content:
        return {"ids": [], "count": len(content["acts"])}
    return {"ids": [i for i in (content.get("id"), content.get("section_id")) if i], "count": 1}


def _drop_none(**kwargs):
    return {k: v for k, v in kwargs.items() if v is not None}


def _jsonable(value):
    if isinstance(value, dict | list | str | int | float | bool) or value is None:
        return value
    return repr(value)
