"""GET /api/v1/research/{id}: the Reading by paragraph, a part resting on a blocked claim withheld."""

import pytest
from django.test import Client

from tests.research.pages import checked_run

pytestmark = pytest.mark.django_db

TIME_LIMIT = ("An organization shall respond to a request with due diligence and in any case not later "
              "than thirty days after receipt of the request.")


def test_it_gives_the_reading_by_paragraph_with_what_is_withheld(people):
    alice = people[0]
    run = checked_run(alice, [("P-8.6:s8(3)", TIME_LIMIT),
                              ("P-8.6:s8(1)", "A request under clause 4.9 of Schedule 1 can be made in writing.")],
                      reading="Section 8(3) gives the organization thirty days.\n\nSection 8(1) makes writing optional.")
    client = Client()
    client.force_login(alice)
    body = client.get(f"/api/v1/research/{run.pk}").json()
    assert body["reading_parts"] == [
        {"text": "Section 8(3) gives the organization thirty days.", "withheld": False, "blocked_claims": [],
         "reason": ""},
        {"text": "Section 8(1) makes writing optional.", "withheld": True, "blocked_claims": [2],
         "reason": "It names P-8.6:s8(1), which only blocked claim 2 cites."},
    ]
