import datetime

import pytest
from django.urls import reverse

from research.models import Run
from research.reviews import decide
from research.run_record import run_facts, when
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
    assert lines[4:10] == ["- Asked by: alice", f"- Asked: {when(run.created_at)}",
                           "- As at: latest consolidation held", "- Acts: all Acts held",
                           f"- Run: http://testserver/runs/{run.pk}/", "- Review: not reviewed"]
    assert lines[11] == ("Quotes: verified verbatim · Answers the question: not shown (Nothing in this run "
                        "measured whether the quotes answer the question: a verbatim quote may still be beside "
                        "the point. Read them against the question.) · Faithfulness: not scored (No judge model "
                        "scored this run.)")
    assert lines[13] == ("As at: latest consolidation held · Source: Justice Laws Website (Government of Canada), "
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
    assert md.index("**Blocked claim: failed the checks; not a statement of the law.**") < md.index(f'> "{SUMMONS}"')
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


def test_it_records_the_review_the_as_at_and_the_acts(client, people):
    alice, bob, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)], as_at=datetime.date(2024, 1, 1), acts=["P-8.6"])
    decide(run, bob, "reject", "Cite the Act's s 9 too.")
    review = run.decision
    md = export(client, alice, run).content.decode()
    assert "- As at: 2024-01-01\n" in md
    assert "- Acts: Personal Information Protection and Electronic Documents Act (P-8.6)\n" in md
    assert f"- Review: Rejected by bob on {when(review.decided_at)} — “Cite the Act's s 9 too.”\n" in md
    assert when(review.decided_at)[-3:] in ("EST", "EDT")  # the settings' America/Toronto, named


def test_it_gives_the_path_without_a_request(people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    assert dict(run_facts(run))["Run"] == f"/runs/{run.pk}/"
