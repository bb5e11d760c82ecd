"""render_answer / parse_answer_markdown / check_export on plain data (no database)."""

import datetime

from verifier.answer_markdown import FOOTER, check_export, parse_answer_markdown, render_answer
from verifier.quotes import sha256_text
from verifier.types import ProvisionView

TEXT = ("required to comply with a subpoena or warrant issued or an order made by a court, person or "
        "body with jurisdiction to compel the production of information, or to comply with rules of "
        "court relating to the production of records;")
VIEW = ProvisionView(
    id="P-8.6:s7(3)(c)", act="P-8.6", section_id="P-8.6:s7", kind="paragraph", label="c", text=TEXT,
    sha256=sha256_text(TEXT), pit_date=datetime.date(2026, 3, 26),
    path="Personal Information Protection and Electronic Documents Act > Part 1 > Division 1 > "
         "section 7 > subsection (3) > paragraph (c)",
    url="https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html",
)
QUOTE = "required to comply with a subpoena or warrant issued"
PASSED = {"provision_id": VIEW.id, "quote": QUOTE, "status": "pass", "checked_id": VIEW.id,
          "checked_label": f"verbatim · text sha256 {VIEW.sha256[:8]}…"}


def render(*citations, reading="It permits disclosure.", not_in_text="Validity of the order."):
    answer = {"claims": [{"text": "claim", "citations": list(citations)}], "reading": reading,
              "not_in_text": not_in_text}
    return render_answer(answer, {VIEW.id: VIEW}, datetime.date(2026, 4, 1), "Justice Laws (default corpus)")


def test_it_renders_the_answer_shape():
    markdown, evidence = render(PASSED)
    lines = markdown.splitlines()
    assert lines[0] == ("As at: 2026-04-01 · Source: Justice Laws (default corpus) · Act: Personal "
                        "Information Protection and Electronic Documents Act (P-8.6)")
    assert lines[2:7] == ["## Text", "", f'> "{QUOTE}"', "", (
        "Path: Personal Information Protection and Electronic Documents Act > Part 1 > Division 1 > "
        "section 7 > subsection (3) > paragraph (c) · consolidation 2026-03-26 · as at 2026-04-01 · "
        "[P-8.6:s7(3)(c)](https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html) · "
        f"Checked: verbatim · text sha256 {VIEW.sha256[:8]}…")]
    assert "## Reading" in lines and "## Not in the text above" in lines
    assert lines[lines.index("## Reading") + 2] == "_This is a reading of the quoted text, not the text itself._"
    assert lines[-1] == FOOTER
    assert evidence == {VIEW.id: {"text": TEXT, "sha256": VIEW.sha256, "pit_date": "2026-03-26"}}


def test_a_blocked_quote_shows_its_finding_never_checked():
    blocked = {"provision_id": VIEW.id, "quote": "required to comply with a summons", "status": "blocked",
               "checked_label": "blocked: quote-mismatch",
               "findings": [{"code": "quote-mismatch", "severity": "blocking", "message": "It differs."}]}
    markdown, _ = render(blocked)
    assert markdown.count("Checked: blocked: quote-mismatch") == 1
    assert "Finding: quote-mismatch: It differs." in markdown
    assert "Checked: verbatim" not in markdown


def test_a_passed_status_with_a_quote_not_in_the_text_is_not_called_checked():
    markdown, _ = render(PASSED | {"quote": "required to comply with a summons"})
    assert "Checked: blocked: not verified" in markdown
    assert "Checked: verbatim" not in markdown


def test_it_parses_the_passages_back_and_checks_them():
    markdown, evidence = render(PASSED)
    assert parse_answer_markdown(markdown) == [(VIEW.id, QUOTE)]
    [result] = check_export(markdown, evidence)
    assert (result["status"], result["ok"]) == ("verbatim", True)


def test_a_checked_label_naming_another_hash_fails():
    markdown, evidence = render(PASSED | {"checked_label": "verbatim · text sha256 00000000…"})
    [result] = check_export(markdown, evidence)
    assert (result["status"], result["ok"]) == ("evidence-altered", False)


def test_a_blocked_passage_is_reported_not_failed():
    markdown, evidence = render({"provision_id": VIEW.id, "quote": "summons", "status": "blocked",
                                 "checked_label": "blocked: quote-mismatch"})
    [result] = check_export(markdown, evidence)
    assert (result["status"], result["ok"]) == ("blocked", True)
