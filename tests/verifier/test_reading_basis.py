"""verifier.reading_basis: a Reading, paragraph by paragraph, stands only where it is tied to a
claim that passed; what rests on a blocked claim is withheld with it."""

import pytest

from verifier.adapter import DbCorpus
from verifier.reading_basis import ClaimBasis, ReadingPart, reading_parts

pytestmark = pytest.mark.django_db

# PIPEDA s. 8: (1) a request must be made in writing; (3) the thirty-day time limit.
TIME_LIMIT = ClaimBasis(number=1, blocked=False, provision_ids=("P-8.6:s8(3)",))
WRITING_BLOCKED = ClaimBasis(number=2, blocked=True, provision_ids=("P-8.6:s8(1)",))


def parts(reading, claims):
    return reading_parts(reading, claims, DbCorpus())


def test_a_reading_stands_whole_when_no_claim_is_blocked():
    reading = "Section 8(3) gives thirty days.\n\nWriting is optional."
    assert parts(reading, [TIME_LIMIT]) == [ReadingPart("Section 8(3) gives thirty days."),
                                            ReadingPart("Writing is optional.")]


def test_it_withholds_a_paragraph_citing_a_provision_only_a_blocked_claim_cites():
    reading = ("Under s. 8(3) of PIPEDA the organization must answer within thirty days.\n\n"
               "Under s. 8(1) of PIPEDA a request may be made orally or in writing.")
    standing, withheld = parts(reading, [TIME_LIMIT, WRITING_BLOCKED])
    assert standing == ReadingPart("Under s. 8(3) of PIPEDA the organization must answer within thirty days.")
    assert withheld == ReadingPart("Under s. 8(1) of PIPEDA a request may be made orally or in writing.",
                                   withheld=True, blocked_claims=(2,),
                                   reason="It names P-8.6:s8(1), which only blocked claim 2 cites.")


def test_it_withholds_a_paragraph_it_cannot_tie_to_a_claim_that_passed():
    # The recorded demo run 3: its only claim is blocked and its Reading names no provision.
    only_blocked = ClaimBasis(number=1, blocked=True, provision_ids=("P-8.6:s8(1)",))
    assert parts("Writing is optional.", [only_blocked]) == [ReadingPart(
        "Writing is optional.", withheld=True, blocked_claims=(1,),
        reason="Claim 1 is blocked and this part names no provision that a claim which passed quotes, "
               "so it may rest on it.")]
    # Beside a claim that passed, a paragraph naming nothing is still not tied to it.
    assert parts("Writing is optional.", [TIME_LIMIT, WRITING_BLOCKED])[0].withheld


def test_a_whole_section_rests_on_its_blocked_subsection():
    (part,) = parts("Section 8 of PIPEDA leaves the form of a request open.", [TIME_LIMIT, WRITING_BLOCKED])
    assert (part.withheld, part.blocked_claims) == (True, (2,))


def test_a_provision_id_in_the_reading_is_read_too():
    (part,) = parts("P-8.6:s8(1) allows an oral request.", [TIME_LIMIT, WRITING_BLOCKED])
    assert (part.withheld, part.reason) == (True, "It names P-8.6:s8(1), which only blocked claim 2 cites.")


def test_a_provision_a_passing_claim_also_cites_stands():
    quoted_twice = ClaimBasis(number=1, blocked=False, provision_ids=("P-8.6:s8(1)",))
    (part,) = parts("Section 8(1) of PIPEDA requires writing.", [quoted_twice, WRITING_BLOCKED])
    assert part == ReadingPart("Section 8(1) of PIPEDA requires writing.")


def test_a_unit_inside_a_passing_claims_section_stands():
    whole_section = ClaimBasis(number=1, blocked=False, provision_ids=("P-8.6:s8",))
    other_act = ClaimBasis(number=2, blocked=True, provision_ids=("P-21:s12(1)",))
    (part,) = parts("Section 8(3) of PIPEDA sets thirty days.", [whole_section, other_act])
    assert not part.withheld
