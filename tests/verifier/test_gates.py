from dataclasses import replace
from datetime import date

from verifier.findings import BLOCKING, WARNING, Finding
from verifier.gates import gate_answer, run_gate

from .fixtures import CORPUS, make_corpus, outdated

SUBPOENA_QUOTE = "required to comply with a subpoena or warrant issued or an order made by a court"
DEBT_QUOTE = "for the purpose of collecting a debt owed by the individual to the organization"
RETRIEVED = ["P-8.6:s7", "P-8.6:s2", "P-21:s8", "H-6:s13"]
# Lists every qualifier of PIPEDA s. 7 so tests of other rules are not noisy.
NOTED = "Despite the note; only if; for the purposes of; other than; subject to."


def answer(*citations, text="An organization may disclose personal information.",
           not_in_text=NOTED, reading=""):
    claim = {"text": text, "citations": [{"provision_id": p, "quote": q} for p, q in citations]}
    return {"claims": [claim], "reading": reading, "not_in_text": not_in_text}


def check(*citations, corpus=CORPUS, retrieved=RETRIEVED, as_at=None, broadened=False, **parts):
    return gate_answer(answer(*citations, **parts), corpus, retrieved, as_at=as_at, broadened=broadened)


def codes(result):
    return [f.code for f in result.all_findings()]


def test_it_passes_a_verbatim_quote_and_records_the_hash():
    result = check(("P-8.6:s7(3)(c)", SUBPOENA_QUOTE))
    cited = result.claims[0].citations[0]
    assert cited.status == "pass"
    assert cited.matched_id == "P-8.6:s7(3)(c)"
    assert cited.sha256 == CORPUS.get("P-8.6:s7(3)(c)").sha256
    assert cited.checked_label == f"verbatim · text sha256 {cited.sha256[:8]}…"
    assert codes(result) == []
    assert run_gate(result) == "pass"


def test_it_blocks_a_claim_without_citations():
    result = gate_answer({"claims": [{"text": "PIPEDA applies.", "citations": []}]}, CORPUS, RETRIEVED)
    assert codes(result) == ["no-citation"]
    assert run_gate(result) == "blocked"


def test_it_blocks_a_malformed_id_and_an_empty_quote():
    assert codes(check(("P-8.6 s7", SUBPOENA_QUOTE))) == ["malformed"]
    assert codes(check(("P-8.6:s7(3)(c)", "  "))) == ["malformed"]


def test_it_blocks_an_unknown_act_or_section():
    result = check(("P-8.6:s999", SUBPOENA_QUOTE))
    assert codes(result) == ["unknown-section"]
    assert "no section 999" in result.all_findings()[0].message


def test_it_names_a_missing_act():
    result = check(("X-9:s1", "anything at all"))
    assert codes(result) == ["unknown-section"]
    assert result.all_findings()[0].message == "There is no Act X-9 in the corpus."


def test_it_blocks_a_provision_no_tool_returned():
    result = check(("P-8.6:s7(3)(c)", SUBPOENA_QUOTE), retrieved=["P-21:s8"])
    assert codes(result) == ["not-retrieved"]
    assert result.claims[0].citations[0].status == "blocked"


def test_a_retrieved_sub_unit_covers_its_whole_section():
    assert codes(check(("P-8.6:s7(1)(a)", "consent cannot be obtained in a timely way"),
                       retrieved=["P-8.6:s7(3)(c)"])) == []


def test_it_blocks_an_altered_quote():
    result = check(("P-8.6:s7(3)(c)", "required to comply with a summons or warrant issued"))
    finding = result.all_findings()[0]
    assert (finding.code, finding.severity) == ("quote-mismatch", BLOCKING)
    assert (finding.details["expected"], finding.details["found"]) == ("subpoena", "summons")
    assert finding.details["closest_passage"] == "required to comply with a subpoena or warrant issued"
    assert result.claims[0].citations[0].checked_label == "blocked: quote-mismatch"


def test_it_blocks_a_quote_from_another_unit_and_says_which():
    result = check(("P-8.6:s7(3)(c)", DEBT_QUOTE))
    finding = result.all_findings()[0]
    assert finding.code == "wrong-unit"
    assert finding.details["found_in"] == "P-8.6:s7(3)(b)"
    assert "s. 7(3)(b)" in finding.message


def test_it_downgrades_a_missing_pinpoint_when_the_quote_is_in_the_section():
    result = check(("P-8.6:s7(3)(z)", DEBT_QUOTE))
    cited = result.claims[0].citations[0]
    assert (cited.status, cited.checked_label, cited.matched_id) == (
        "downgraded", "downgraded to section 7", "P-8.6:s7")
    assert [(f.code, f.severity) for f in result.all_findings()] == [
        ("pinpoint-not-found", WARNING), ("defined-term", WARNING)]
    assert run_gate(result) == "pass"


def test_it_blocks_a_missing_pinpoint_when_the_quote_is_not_in_the_section():
    result = check(("P-8.6:s7(3)(z)", "the organization may sell the data"))
    assert [(f.code, f.severity) for f in result.all_findings()] == [
        ("pinpoint-not-found", BLOCKING), ("defined-term", WARNING)]


def test_it_blocks_a_repealed_section():
    result = check(("H-6:s13", "[Repealed, 2013, c. 37, s. 2]"), as_at=date(2026, 4, 1))
    assert codes(result) == ["repealed"]
    assert result.all_findings()[0].message == "s. 13 of the Canadian Human Rights Act is repealed as at 2026-04-01."


def test_it_blocks_a_provision_not_in_force():
    corpus = make_corpus(replace(CORPUS.get("P-8.6:s7(3)(c)"), status="not_in_force"))
    assert codes(check(("P-8.6:s7(3)(c)", SUBPOENA_QUOTE), corpus=corpus)) == ["repealed"]


def test_it_blocks_an_ellipsis_inside_a_sentence():
    result = check(("P-8.6:s7(3)(c)", "required to comply … by a court"))
    assert codes(result) == ["ellipsis"]


def test_it_warns_about_qualifiers_the_answer_skips():
    result = check(("P-21:s8(2)(a)", "for the purpose for which the information was obtained"),
                   not_in_text="")
    finding = result.all_findings()[0]
    assert (finding.code, finding.severity) == ("qualifier", WARNING)
    phrases = {q["phrase"].lower() for q in finding.details["qualifiers"]}
    assert {"subject to", "except"} <= phrases
    sentence = next(q["sentence"] for q in finding.details["qualifiers"] if q["phrase"] == "Subject to")
    assert sentence.startswith("(2) Subject to any other Act of Parliament")


def test_a_qualifier_quoted_or_listed_is_not_warned_about():
    quote = "Subject to any other Act of Parliament, personal information"
    result = check(("P-21:s8(2)", quote), not_in_text="Disclosure is refused except as s. 8 allows.")
    qualifier = next(f for f in result.all_findings() if f.code == "qualifier")
    phrases = {q["phrase"].lower() for q in qualifier.details["qualifiers"]}
    assert "subject to" not in phrases
    assert "except" not in phrases


def test_it_warns_when_a_quote_relies_on_an_unquoted_defined_term():
    quote = "an organization may disclose personal information without the knowledge or consent of the individual"
    result = check(("P-8.6:s7(3)", quote))
    terms = [f.details["term"] for f in result.all_findings() if f.code == "defined-term"]
    assert terms == ["organization", "personal information"]


def test_quoting_the_definition_silences_the_defined_term_warning():
    quote = "an organization may disclose personal information without the knowledge or consent of the individual"
    result = check(("P-8.6:s7(3)", quote),
                   ("P-8.6:s2(1)/personal-information", "personal information means information about an identifiable individual"),
                   ("P-8.6:s2(1)", "organization includes an association, a partnership, a person and a trade union"))
    assert "defined-term" not in codes(result)


def test_a_defined_term_must_match_as_a_whole_word():
    result = check(("P-8.6:s7(3)(h)(ii)", "twenty years after the death of the individual whom the information is about"))
    assert "defined-term" not in codes(result)


def test_it_warns_when_the_version_is_not_the_latest():
    corpus = make_corpus(outdated("P-8.6:s7(3)(c)"))
    result = check(("P-8.6:s7(3)(c)", SUBPOENA_QUOTE), corpus=corpus)
    assert codes(result) == ["version"]
    assert run_gate(result) == "pass"


def test_it_warns_about_pending_amendments():
    corpus = make_corpus(replace(CORPUS.get("P-8.6:s7(3)(c)"), has_pending_amendments=True))
    finding = check(("P-8.6:s7(3)(c)", SUBPOENA_QUOTE), corpus=corpus).all_findings()[0]
    assert finding.code == "version"
    assert "not yet in force" in finding.message


def test_it_blocks_an_answer_hiding_a_broadened_search():
    hidden = check(("P-8.6:s7(3)(c)", SUBPOENA_QUOTE), broadened=True)
    assert codes(hidden) == ["broadened"] and hidden.blocked
    assert codes(check(("P-8.6:s7(3)(c)", SUBPOENA_QUOTE), broadened=True,
                       not_in_text=NOTED + " The search went outside the Acts you named.")) == []
    # Saying so elsewhere than under "Not in the text above" is not disclosing it.
    assert codes(check(("P-8.6:s7(3)(c)", SUBPOENA_QUOTE), broadened=True,
                       reading="The search went outside the Acts you named.")) == ["broadened"]


def test_it_warns_when_the_reading_cites_an_unfetched_provision():
    result = check(("P-8.6:s7(3)(c)", SUBPOENA_QUOTE),
                   reading="Read with section 9 of PIPEDA and s. 7(1), and P-21:s12, this means...")
    finding = result.findings[0]
    assert finding.code == "reading-unfetched"
    assert finding.details["references"] == ["P-21:s12", "section 9"]


def test_the_run_gate_orders_outcomes():
    block = Finding("quote-mismatch", BLOCKING, "x")
    warn = Finding("version", WARNING, "x")
    assert run_gate([warn]) == "pass"
    assert run_gate([warn], partial=True) == "partial"
    assert run_gate([block], partial=True) == "blocked"
    assert run_gate([block], declined=True) == "declined"
    assert run_gate([], declined=True, failed=True) == "failed"
