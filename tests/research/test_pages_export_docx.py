import io

import docx
import pytest
from django.urls import reverse

from research.export_docx import CONTENT_TYPE
from research.models import Run
from research.reviews import decide
from research.run_record import when
from tests.base import login, stored_sha
from tests.research.pages import SUBPOENA, SUMMONS, checked_run
from verifier.answer_markdown import FOOTER

pytestmark = pytest.mark.django_db

TIME_LIMIT = ("An organization shall respond to a request with due diligence and in any case not later than "
              "thirty days after receipt of the request.")
PIPEDA = "Personal Information Protection and Electronic Documents Act"


def export(client, user, run):
    return login(client, user).get(reverse("research:run_export_docx", args=[run.pk]))


def paragraphs(response):
    return [p.text for p in docx.Document(io.BytesIO(response.content)).paragraphs]


def mixed_run(alice):
    """A checked claim, a blocked one (an altered quote) and a Reading paragraph resting on it."""
    return checked_run(alice, [("P-8.6:s8(3)", TIME_LIMIT), ("P-8.6:s7(3)(c)", SUMMONS)],
                       reading="Section 8(3) gives the organization thirty days.\n\n"
                               "Section 7(3)(c) allows disclosure for a summons.")


def test_it_exports_the_run_as_word(client, people):
    alice, bob, _ = people
    run = mixed_run(alice)
    decide(run, bob, "reject", "The second quote is altered.")
    response = export(client, alice, run)
    assert response.status_code == 200
    assert response["Content-Type"] == CONTENT_TYPE
    assert response["Content-Disposition"] == f'attachment; filename="verbatim-run-{run.pk}.docx"'
    text = paragraphs(response)
    assert text[:2] == ["Question", "May an organization disclose without consent for a subpoena?"]
    assert text[2:8] == ["Asked by: alice", f"Asked: {when(run.created_at)}", "As at: latest consolidation held",
                         "Acts: all Acts held", f"Run: http://testserver/runs/{run.pk}/",
                         f"Review: Rejected by bob on {when(run.decision.decided_at)} — “The second quote is altered.”"]
    assert text[8].startswith("Quotes: blocked")

    checked = text.index("Claim 1: Quotes: verified verbatim")
    assert text[checked + 1:checked + 4] == [
        "Claim quoting P-8.6:s8(3).", f"“{TIME_LIMIT}”", f"Citation: {PIPEDA}, SC 2000, c 5, s 8(3)"]
    path = text[checked + 4]
    assert path.startswith(f"Path: {PIPEDA} > Part 1 > Division 1 > section 8 > subsection (3) · consolidation ")
    assert path.endswith("· as at latest held · https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-8.html"
                         " · Checked: verbatim · text sha256 " + stored_sha("P-8.6:s8(3)")[:8] + "…")

    # The blocked claim comes apart, after the checked ones, and its quote is never shown as law.
    blocked = text.index("Blocked claim 2: not a statement of the law")
    assert text.index("Blocked claims") < blocked
    assert text[blocked + 2].startswith("Finding: The quote does not match the law's text. The quote differs")
    assert f"Blocked, not verified against the law: “{SUMMONS}”" in text
    assert f"“{SUMMONS}”" not in text
    assert f"Citation: {PIPEDA}, SC 2000, c 5, s 7(3)(c)" in text
    assert any(t.startswith("Path: ") and t.endswith("Checked: blocked: quote-mismatch") for t in text)

    reading = text[text.index("Reading"):text.index("Not in the text above")]
    assert reading[2] == "Section 8(3) gives the organization thirty days."
    assert reading[3].startswith("Withheld: rests on a blocked claim. It names P-8.6:s7(3)(c)")
    assert reading[4] == "Section 7(3)(c) allows disclosure for a summons."
    assert text[text.index("Not in the text above") + 1] == "Whether a foreign subpoena counts."
    assert text[-2:] == [FOOTER, f"Run: http://testserver/runs/{run.pk}/"]


def test_it_says_not_reviewed_and_prints_the_footer_on_each_page(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    document = docx.Document(io.BytesIO(export(client, alice, run).content))
    assert "Review: not reviewed" in [p.text for p in document.paragraphs]
    assert document.sections[0].footer.paragraphs[0].text == f"{FOOTER} http://testserver/runs/{run.pk}/"


def test_the_run_page_links_it(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    page = login(client, alice).get(run.get_absolute_url()).content.decode()
    assert f'href="/runs/{run.pk}/export.docx">Export as Word</a>' in page


def test_it_refuses_an_unfinished_run(client, people):
    alice, _, _ = people
    run = Run.objects.create(question="Q?", engine="extractive", created_by=alice, status=Run.STATUS_QUEUED)
    assert export(client, alice, run).status_code == 409


def test_it_checks_ownership(client, people):
    alice, bob, charlie = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    assert export(client, charlie, run).status_code == 404
    assert export(client, bob, run).status_code == 200
