"""Where else in the corpus a quote is verbatim: used for wrong-unit and downgrade findings."""

from .quotes import contains_verbatim
from .types import CorpusView, ProvisionView


def deepest_unit_with(quote: str, units: list[ProvisionView]) -> ProvisionView | None:
    """The smallest unit among `units` whose text holds `quote` verbatim, or None.

    Smallest, because a quote from paragraph (d) is also inside subsection (3) and the section;
    the paragraph is the one a reviewer should be sent to.
    """
    holding = [u for u in units if contains_verbatim(quote, u.text)]
    return min(holding, key=lambda u: (len(u.text), -len(u.id))) if holding else None


def section_holding(quote: str, corpus: CorpusView, act: str, skip: str = "") -> ProvisionView | None:
    """First section of `act` (other than `skip`) whose text holds `quote` verbatim, as its
    deepest unit; None when the quote is nowhere in the Act."""
    for section in corpus.act_sections(act):
        if section.id == skip or not contains_verbatim(quote, section.text):
            continue
        return deepest_unit_with(quote, corpus.section_units(section.id)) or section
    return None
