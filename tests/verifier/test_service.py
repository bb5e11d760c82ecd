"""verifier.service over the default corpus: one quote, a memo, a list of items, an export."""

import datetime

import pytest

from verifier.pinpoints import PinpointError
from verifier.quotes import sha256_text
from verifier.service import check_claim_items, check_claims_text, export_answer, verify_quote

SUBPOENA = "required to comply with a subpoena or warrant issued"
S7_3_C = ("required to comply with a subpoena or warrant issued or an order made by a court, person or "
          "body with jurisdiction to compel the production of information, or to comply with rules of "
          "court relating to the production of records;")

pytestmark = pytest.mark.django_db


def test_it_matches_a_verbatim_quote_and_names_the_text_it_matched():
    result = verify_quote("P-8.6:s7(3)(c)", SUBPOENA)
    assert result["status"] == "match"
    assert result["provision_id"] == "P-8.6:s7(3)(c)"
    assert result["text_sha256"] == sha256_text(S7_3_C)
    assert result["passage_as_stored"] == SUBPOENA
    assert result["first_difference"] is None
    assert result["checked"] == f"verbatim · text sha256 {sha256_text(S7_3_C)[:8]}…"
    assert result["pit_date"] == "2026-03-26"


def test_it_gives_the_first_difference_of_an_altered_quote():
    result = verify_quote("P-8.6:s7(3)(c)", "required to comply with a summons or warrant issued")
    assert result["status"] == "mismatch"
    assert result["first_difference"] == {"offset": 26, "expected": "subpoena", "found": "summons"}
    assert result["passage_as_stored"] == SUBPOENA
    assert result["checked"] == "blocked: quote-mismatch"


def test_it_checks_against_the_version_in_force_at_the_date_asked():
    result = verify_quote("P-8.6:s7(3)(c)", SUBPOENA, as_at=datetime.date(2025, 6, 1))
    assert (result["status"], result["pit_date"]) == ("match", "2025-03-04")


def test_an_unknown_section_is_a_not_found_verdict():
    result = verify_quote("P-8.6:s99", SUBPOENA)
    assert (result["status"], result["text_sha256"], result["checked"]) == (
        "not_found", None, "blocked: unknown-section")
    assert [f["code"] for f in result["findings"]] == ["unknown-section"]


def test_a_missing_paragraph_is_downgraded_to_the_section_holding_the_quote():
    result = verify_quote("P-8.6:s7(3)(z)", SUBPOENA)
    assert (result["status"], result["checked"], result["checked_id"]) == (
        "not_found", "downgraded to section 7", "P-8.6:s7")


def test_a_repealed_provision_is_blocked():
    result = verify_quote("H-6:s13", "Repealed")
    assert (result["status"], result["provision_status"], result["checked"]) == (
        "match", "repealed", "blocked: repealed")


def test_it_refuses_a_malformed_id():
    with pytest.raises(PinpointError, match="not a provision id"):
        verify_quote("PIPEDA section 7", SUBPOENA)


def test_it_checks_each_sentence_of_a_memo():
    memo = (f'Under s. 7(3)(c) of PIPEDA, an organization may disclose personal information without '
            f'consent if the disclosure is "{SUBPOENA}". Section 99 of PIPEDA requires an ombudsman. '
            "PIPEDA is a fine law.")
    results = check_claims_text(memo)
    assert [(r["id"], r["label"], r["finding"]) for r in results] == [
        ("1", "verified", None), ("2", "contradicted", "unknown-section"), ("3", "unknown", "no-citation")]
    assert results[0]["links"] == ["/acts/P-8.6/s7(3)(c)",
                                   "https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html"]
    assert memo[results[1]["start"]:results[1]["end"]] == "Section 99 of PIPEDA requires an ombudsman."


def test_an_item_is_judged_by_its_citing_sentences():
    [result] = check_claim_items([{"id": 7, "claim": "PIPEDA applies here. Section 99 of PIPEDA says so.",
                                   "label": "ignored"}])
    assert (result["id"], result["label"], result["finding"]) == ("7", "contradicted", "unknown-section")
    assert result["claim"] == "PIPEDA applies here. Section 99 of PIPEDA says so."


def test_it_refuses_an_item_without_a_claim():
    with pytest.raises(ValueError, match="item 1 has no 'claim' text"):
        check_claim_items([{"id": "a"}])


def test_an_export_carries_the_text_it_was_checked_against():
    answer = {"claims": [{"text": "Disclosure for a subpoena is allowed.",
                          "citations": [{"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA}]}],
              "reading": "s. 7(3)(c) permits it.", "not_in_text": "Whether the subpoena is valid."}
    markdown, evidence = export_answer(answer)
    assert evidence == {"P-8.6:s7(3)(c)": {"text": S7_3_C, "sha256": sha256_text(S7_3_C),
                                           "pit_date": "2026-03-26"}}
    assert f'> "{SUBPOENA}"' in markdown
    assert f"· Checked: verbatim · text sha256 {sha256_text(S7_3_C)[:8]}…" in markdown
