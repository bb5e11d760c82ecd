"""Which parts of a Reading stand: a Reading that rests on a blocked claim is withheld with it.

The Reading is the answer's interpretation of its quotes. It is read a paragraph at a time and
tied to the claims by the provisions it names (as ids or citations, verifier.gate_warnings
.reading_refs):

- when no claim is blocked, every paragraph stands;
- a paragraph naming a provision that only blocked claims cite rests on them: withheld;
- a paragraph naming a provision that a claim which passed cites (the same unit, one inside it
  or one containing it) stands;
- any other paragraph cannot be tied to a claim that passed, so while a claim is blocked it may
  rest on that claim: withheld.

Withheld parts are kept with their reason, for the reader to unfold, never shown as standing.
"""

import re
from dataclasses import dataclass

from .gate_warnings import reading_refs
from .pinpoints import PinpointError, parse_provision_id
from .types import CorpusView

_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


@dataclass(frozen=True)
class ClaimBasis:
    """What the Reading can be tied to: a claim's number (1-based), whether it is blocked and the
    provision ids its citations cite or were checked against."""

    number: int
    blocked: bool
    provision_ids: tuple[str, ...]


@dataclass(frozen=True)
class ReadingPart:
    text: str
    withheld: bool = False
    blocked_claims: tuple[int, ...] = ()  # the blocked claims it rests on, or may rest on
    reason: str = ""


def reading_parts(reading: str, claims: list[ClaimBasis], corpus: CorpusView) -> list[ReadingPart]:
    """The Reading's paragraphs in order, each standing or withheld with the reason (see the
    module docstring). An empty Reading has no parts."""
    paragraphs = [p.strip() for p in _PARAGRAPH_BREAK.split(reading or "") if p.strip()]
    blocked = [c for c in claims if c.blocked]
    if not blocked:
        return [ReadingPart(p) for p in paragraphs]
    standing_units = {_unit(pid) for c in claims if not c.blocked for pid in c.provision_ids}
    blocked_only = {}  # unit -> numbers of the blocked claims citing it
    for c in blocked:
        for unit in {_unit(pid) for pid in c.provision_ids} - standing_units:
            blocked_only.setdefault(unit, set()).add(c.number)
    run_acts = sorted({u.split(":", 1)[0] for c in claims for u in map(_unit, c.provision_ids)})
    return [_part(p, corpus, run_acts, standing_units, blocked_only, blocked) for p in paragraphs]


def _part(paragraph, corpus, run_acts, standing_units, blocked_only, blocked) -> ReadingPart:
    named = {str(pid) for _, pids in reading_refs(paragraph, corpus, run_acts) for pid in pids}
    resting = sorted({n for unit, numbers in blocked_only.items()
                      if any(_overlap(unit, ref) for ref in named) for n in numbers})
    if resting:
        units = sorted(u for u in blocked_only if any(_overlap(u, ref) for ref in named))
        return ReadingPart(paragraph, True, tuple(resting),
                           f"It names {', '.join(units)}, which only blocked {_claims(resting)} "
                           f"{'cites' if len(resting) == 1 else 'cite'}.")
    if any(_overlap(unit, ref) for unit in standing_units for ref in named):
        return ReadingPart(paragraph)
    numbers = tuple(c.number for c in blocked)
    return ReadingPart(paragraph, True, numbers,
                       f"{_claims(numbers).capitalize()} {'is' if len(numbers) == 1 else 'are'} blocked and "
                       "this part names no provision that a claim which passed quotes, so it may rest on "
                       f"{'it' if len(numbers) == 1 else 'them'}.")


def _unit(provision_id: str) -> str:
    """The id in its canonical form (as the pinpoint grammar writes it), or as given."""
    try:
        return str(parse_provision_id(provision_id))
    except PinpointError:
        return provision_id


def _overlap(a: str, b: str) -> bool:
    """Whether one unit is the other or lies inside it (s8(1)(a) is inside s8(1) and s8)."""
    short, long = sorted((a, b), key=len)
    return long == short or (long.startswith(short) and long[len(short)] in "(/")


def _claims(numbers) -> str:
    return ("claim " if len(numbers) == 1 else "claims ") + ", ".join(str(n) for n in numbers)
