"""How well a search limited to some instruments matches, beside the best matches outside them.

    scope_match("Is fair dealing for parody allowed?", acts=["P-8.6"])
    -> ScopeMatch(acts=["P-8.6"], ahead=69, best_in_scope=0.17, outside=[C-42:s29 0.67, ...],
                  better_outside=True)

A search limited to the instruments asked about ranks their sections against each other only: its
best hit is the best there, however poorly it matches. To say how well, the question is searched
once more over every instrument held (one ranking, so the scores compare) and the scope's best
section is set beside the best sections outside it. When many sections of other instruments rank
above the scope's best, the answer probably lies outside the scope (`better_outside`) and an
answer from the scope must say so. Nothing here knows any instrument: the decision is the ranking.
"""

from dataclasses import dataclass, field

from corpus.search import MAX_LIMIT, search

# The answer lies outside the scope when at least this many sections of other instruments rank
# above the scope's best one. Measured with bench/scope_broadening.py (each question of the sets
# searched within the Acts of its expected sections, and within each other Act): at 10, the right
# scope is called worse for 3.6% of the dev questions (413) and a wrong scope passes in 18.0%
# (many are partly right: the Privacy Act beside PIPEDA); on the English held-out sets (190;
# scored during earlier tuning, so not sealed), 3.7% and 18.7%. At 5:
# 6.3% / 11.3%; at 20: 1.9% / 27.3%. Half the best outside score separated them worse (0.2% /
# 49.1%): the meaning half of every score keeps unrelated sections close.
OUTSIDE_AHEAD = 10
OUTSIDE_SHOWN = 3  # best matches outside the scope reported


@dataclass(frozen=True)
class ScopeMatch:
    """`ahead`: sections of other instruments ranked above the scope's best in the search of every
    instrument (MAX_LIMIT when none of the scope's was ranked); `best_in_scope`: that section's
    score (None then); `outside`: the best SearchHits outside the scope, on the same scale."""

    acts: list
    ahead: int
    best_in_scope: float | None
    outside: list = field(default_factory=list)
    better_outside: bool = False

    def as_dict(self) -> dict:
        return {"acts": self.acts, "better_outside": self.better_outside, "outside_ahead": self.ahead,
                "best_in_scope": self.best_in_scope,
                "outside": [{"id": h.pinpoint, "act": h.act_code, "act_title": h.act_title,
                             "marginal_note": h.marginal_note, "score": h.score} for h in self.outside]}


def scope_match(query, acts, *, lang="eng", as_at=None) -> ScopeMatch | None:
    """How the best section of `acts` ranks for `query` at `as_at` among every instrument's;
    None when no scope is given or nothing anywhere matches."""
    if not acts:
        return None
    ranked = search(query, acts=None, lang=lang, as_at=as_at, limit=MAX_LIMIT).hits
    if not ranked:
        return None
    scope = set(acts)
    ahead = next((i for i, h in enumerate(ranked) if h.act_code in scope), MAX_LIMIT)
    outside = [h for h in ranked if h.act_code not in scope][:OUTSIDE_SHOWN]
    return ScopeMatch(acts=list(dict.fromkeys(acts)), ahead=ahead,
                      best_in_scope=ranked[ahead].score if ahead < len(ranked) else None,
                      outside=outside, better_outside=bool(outside) and ahead >= OUTSIDE_AHEAD)
