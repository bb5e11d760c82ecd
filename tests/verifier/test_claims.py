from verifier.claims import check_claim, check_memo, extract_claims
from verifier.korean_claims import KoreanChecker

from .fixtures import ACTS, CORPUS
from .korean_fixtures import KoreanArticles

SUBPOENA = "required to comply with a subpoena or warrant issued or an order made by a court"


def verdict(sentence):
    [result] = check_memo(sentence, CORPUS)
    return result


def test_it_splits_a_memo_into_bullets_and_sentences():
    memo = (
        "PIPEDA governs. Under s. 7(3)(c) of PIPEDA, disclosure is allowed.\n"
        "- See ss. 7 and 8 of the Privacy Act.\n"
        "* The Act (R.S.C. 1985, c. P-21) also applies."
    )
    claims = extract_claims(memo, ACTS)
    assert [c.text for c in claims] == [
        "PIPEDA governs.",
        "Under s. 7(3)(c) of PIPEDA, disclosure is allowed.",
        "See ss. 7 and 8 of the Privacy Act.",
        "The Act (R.S.C. 1985, c. P-21) also applies.",
    ]
    assert (claims[1].act, claims[1].units) == ("P-8.6", ["s7(3)(c)"])
    assert (claims[2].act, claims[2].units) == ("P-21", ["s7", "s8"])
    assert memo[claims[1].start:claims[1].end] == claims[1].text


def test_it_reads_quotes_and_keeps_a_period_inside_them():
    [claim] = extract_claims('Section 8(2) of the Privacy Act reads “for any purpose. in accordance”. ', ACTS)
    assert claim.quotes == ["for any purpose. in accordance"]


def test_a_later_claim_inherits_the_act_named_earlier():
    claims = extract_claims("This memo is about PIPEDA. Paragraph 7(3)(c) allows it.", ACTS)
    assert claims[1].act == "P-8.6"


def test_it_verifies_a_verbatim_quote_whose_claim_the_text_supports():
    result = verdict(
        f'Under s. 7(3)(c) of PIPEDA, an organization may disclose personal information without '
        f'consent where "{SUBPOENA}".'
    )
    assert (result.label, result.code) == ("verified", None)
    assert result.links == [
        "/acts/P-8.6/s7(3)(c)", "https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html"]


def test_it_contradicts_an_altered_quote_and_shows_the_text():
    result = verdict('Under s. 7(3)(c) of PIPEDA, disclosure is allowed when "required to comply with a summons".')
    assert (result.label, result.code) == ("contradicted", "quote-mismatch")
    assert "“subpoena” where the memo has “summons”" in result.rationale


def test_it_contradicts_words_that_live_in_another_unit_and_names_it():
    result = verdict('Paragraph 7(3)(c) of PIPEDA allows disclosure "for the purpose of collecting a debt '
                     'owed by the individual to the organization".')
    assert (result.label, result.code) == ("contradicted", "wrong-unit")
    assert "they are in s. 7(3)(b) of the Personal Information Protection and Electronic Documents Act" in result.rationale


def test_it_contradicts_words_that_live_in_another_section():
    result = verdict('Section 4 of PIPEDA says "required to comply with a subpoena or warrant issued".')
    assert (result.label, result.code) == ("contradicted", "wrong-unit")
    assert "s. 7(3)(c) of the Personal Information Protection and Electronic Documents Act" in result.rationale


def test_it_contradicts_a_section_that_does_not_exist():
    result = verdict("Section 99 of PIPEDA says so.")
    assert (result.label, result.code) == ("contradicted", "unknown-section")


def test_it_contradicts_a_unit_that_does_not_exist():
    result = verdict("Paragraph 7(3)(z) of PIPEDA covers this.")
    assert (result.label, result.code) == ("contradicted", "pinpoint-not-found")
    assert result.rationale == "Section 7 of the Personal Information Protection and Electronic Documents Act exists, but it has no s. 7(3)(z)."


def test_it_contradicts_a_repealed_provision():
    result = verdict("Section 13 of the Canadian Human Rights Act prohibits hate messages.")
    assert (result.label, result.code) == ("contradicted", "repealed")


def test_it_cannot_verify_a_claim_that_goes_beyond_the_text():
    result = verdict('Privacy Act, subsection 8(2): an institution may share records "for any purpose in '
                     'accordance with any Act of Parliament" whenever it likes.')
    assert result.label == "unknown"


def test_it_cannot_verify_a_claim_whose_modal_differs_from_the_text():
    result = verdict("Under s. 7(3)(c) of PIPEDA, an organization must disclose personal information to "
                     "comply with a subpoena or warrant issued by a court.")
    assert result.label == "unknown"
    assert "obligation" in result.rationale


def test_it_verifies_an_unquoted_claim_made_in_the_text_own_words():
    result = verdict("Under s. 2(1) of PIPEDA, personal information means information about an "
                     "identifiable individual.")
    assert result.label == "verified"


def test_a_memo_may_mix_korean_and_canadian_citations():
    memo = (f'Under s. 7(3)(c) of PIPEDA, an organization may disclose personal information if it is "{SUBPOENA}". '
            "민법 제103조 “선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다”. "
            "대법원 2023. 5. 18. 선고 2023다302036 판결은 같은 취지이다. 같은 법 제1200조는 유언을 정한다.")
    results = check_memo(memo, CORPUS, KoreanChecker(KoreanArticles()))
    assert [(r.label, r.code, r.provision_id) for r in results] == [
        ("verified", None, "P-8.6:s7(3)(c)"),
        ("verified", None, "민법:제103조"),
        ("unknown", "precedent-not-held", None),
        ("contradicted", "unknown-section", "민법:제1200조"),
    ]
    assert results[1].supporting_urls == ["https://www.law.go.kr/법령/민법/제103조"]
    assert results[3].rationale == "민법에 제1200조는 존재하지 않습니다."


def test_it_verifies_a_korean_citation_with_a_verbatim_quote():
    result = verdict("민법 제103조 “선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다”.")
    assert (result.label, result.claim.units) == ("verified", ["제103조"])


def test_it_says_unknown_when_no_provision_is_named():
    result = verdict("Organizations must be careful with personal information.")
    assert (result.label, result.code) == ("unknown", "no-citation")


def test_it_says_unknown_when_the_act_is_not_in_the_corpus():
    result = verdict("Section 5 of the Bank Act governs.")
    assert result.label == "unknown"
    assert "No instrument in the corpus is called “Bank Act”" in result.rationale


def test_it_says_unknown_when_no_act_is_named():
    result = verdict("Section 7 says so.")
    assert result.label == "unknown"


def test_a_short_scare_quote_is_not_called_a_contradiction():
    [claim] = extract_claims('Under s. 7(3)(c) of PIPEDA, a "reasonable" request suffices.', ACTS)
    assert check_claim(claim, CORPUS).label == "unknown"


def test_any_contradicted_citation_decides_a_multi_citation_claim():
    result = verdict("Sections 7 and 99 of PIPEDA both apply.")
    assert (result.label, result.code) == ("contradicted", "unknown-section")
