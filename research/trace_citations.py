"""Provision ids as pages show them to people (the trace, the claim checker's links): "PIPEDA
s 7(3)(c)", not "P-8.6:s7(3)(c)".

    names = TraceNames.for_events(events, lang="eng")
    names.cite("P-8.6:s7(3)(c)")     # "PIPEDA s 7(3)(c)"
    names.name("L-2")                # "Canada Labour Code"

An instrument goes by the first abbreviation derived from its title in the run's language (see
corpus/instrument_names.py), else by that title; an id or code the corpus does not hold stays as
it is. The stored events keep the ids: this is display only.
"""

import re

from corpus import instrument_names
from corpus.models import Act

_CODE = re.compile(r"^([^:\s]+):(\S+)$")


class TraceNames:
    def __init__(self, titles: dict[str, str], lang: str = "eng"):
        self.titles, self.lang = titles, lang

    @classmethod
    def for_events(cls, events, lang="eng"):
        """The names of every instrument the events' ids and arguments mention, read in one query."""
        return cls.for_ids([value for event in events for value in _strings(event.data or {})], lang)

    @classmethod
    def for_ids(cls, values, lang="eng"):
        """The names of every instrument `values` (provision ids or Act codes) mention."""
        codes = set()
        for value in values:
            match = _CODE.match(value)
            codes.add(match[1] if match else value)
        titles = {}
        for act in Act.objects.filter(code__in=codes):
            title = act.title(lang)
            short = instrument_names.abbreviations(title, lang) if title else []
            titles[act.code] = short[0] if short else title or act.code
        return cls(titles, lang)

    def name(self, code: str) -> str:
        return self.titles.get(code, code)

    def cite(self, value: str) -> str:
        """A provision id as a short citation; anything else (a query, an unknown id) as it is."""
        match = _CODE.match(value or "")
        if not match or match[1] not in self.titles:
            return value
        return f"{self.titles[match[1]]} {instrument_names.pinpoint_citation(match[2], self.lang)}"

    def argument(self, key: str, value) -> str:
        """One tool argument as a line: ids cited, Act codes named, the rest as given."""
        if isinstance(value, list):
            shown = ", ".join(self.name(v) if key == "acts" else self.cite(v) for v in map(str, value))
        elif key == "act":
            shown = self.name(str(value))
        else:
            shown = self.cite(str(value)) if isinstance(value, str) else str(value)
        return f"{key}: {shown}"


def _strings(data):
    """Every string in the ids and arguments of an event's data."""
    for value in [*(data.get("ids") or []), *((data.get("arguments") or {}).values())]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, list):
            yield from (v for v in value if isinstance(v, str))
