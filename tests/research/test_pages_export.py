import pytest
from django.urls import reverse

from research.models import Run
from tests.base import login
from tests.research.pages import SUBPOENA, SUMMONS, checked_run
from verifier.answer_markdown import parse_answer_markdown

pytestmark = pytest.mark.django_db


def export(client, user, run):
    return login(client, user).get(reverse("research:run_export", args=[run.pk]))


def test_it_exports_the_answer_shape(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    response = export(client, alice, run)
    md = response.content.decode()
    assert response["Content-Type"] == "text/markdown; charset=utf-8"
    lines = md.splitlines()
    assert lines[0] == "# Question"
    assert lines[4] == ("As at: latest consolidation held · Source: Justice Laws Website (Government of Canada), "
                        "official consolidations · Act: Personal Information Protection and Electronic Documents "
                        "Act (P-8.6)")
    assert f'> "{SUBPOENA}"' in lines
    path = next(line for line in lines if line.startswith("Path: "))
    assert path.startswith("Path: Personal Information Protection and Electronic Documents Act > Part 1 > "
                           "Division 1 > section 7 > subsection (3) > paragraph (c) · consolidation ")
    assert "· [P-8.6:s7(3)(c)](https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html) · Checked: verbatim" \
        in path
    assert md.index("## Text") < md.index("## Reading") < md.index("## Not in the text above")
    assert md.rstrip().endswith("The Reading is an interpretation and may be wrong; this is not legal advice.")
    assert parse_answer_markdown(md) == [("P-8.6:s7(3)(c)", SUBPOENA)]


def test_it_exports_a_blocked_claim_as_blocked(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUMMONS)])
    md = export(client, alice, run).content.decode()
    assert "· Checked: blocked: quote-mismatch" in md
    assert "Finding: quote-mismatch: The quote differs from s. 7(3)(c)" in md


def test_it_refuses_an_unfinished_run(client, people):
    alice, _, _ = people
    run = Run.objects.create(question="Q?", engine="extractive", created_by=alice, status=Run.STATUS_QUEUED)
    assert export(client, alice, run).status_code == 409


def test_it_checks_ownership(client, people):
    alice, _, charlie = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    assert export(client, charlie, run).status_code == 404


def test_it_exports_a_reading_resting_on_a_blocked_claim_as_withheld(client, people):
    alice, _, _ = people
    time_limit = ("An organization shall respond to a request with due diligence and in any case not later "
                  "than thirty days after receipt of the request.")
    run = checked_run(alice, [("P-8.6:s8(3)", time_limit),
                              ("P-8.6:s8(1)", "A request under clause 4.9 of Schedule 1 can be made in writing.")],
                      reading="Section 8(3) gives the organization thirty days.\n\n"
                              "Section 8(1) makes writing optional.")
    md = export(client, alice, run).content.decode()
    reading = md[md.index("## Reading"):md.index("## Not in the text above")]
    assert reading.split("\n\n")[2:] == [
        "Section 8(3) gives the organization thirty days.",
        "<details><summary>Withheld: rests on a blocked claim. It names P-8.6:s8(1), which only blocked "
        "claim 2 cites.</summary>",
        "Section 8(1) makes writing optional.",
        "</details>",
        "",
    ]
    # The passages are still read back as before: the fold adds no quote.
    assert parse_answer_markdown(md) == [("P-8.6:s8(3)", time_limit),
                                         ("P-8.6:s8(1)", "A request under clause 4.9 of Schedule 1 can be "
                                                         "made in writing.")]
