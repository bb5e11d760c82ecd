"""The Korean auditor's statute claims on the real articles (verifier/korean_claims.py): every
finding and every fixed rationale of the protocol."""

import pytest

from tests.verifier.korean_fixtures import KoreanArticles
from verifier.korean_claims import KoreanChecker, is_korean_claim

URL_103 = "https://www.law.go.kr/법령/민법/제103조"
URL_PIPA_15 = "https://www.law.go.kr/법령/개인정보 보호법/제15조"


def check(text, local_only=False):
    return KoreanChecker(KoreanArticles(), local_only=local_only).check(text)


def outcome(text):
    v = check(text)
    return v.label, v.code, v.rationale, v.supporting_urls


def test_the_protocols_first_example_is_verified():
    v = check("민법 제103조는 선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효라고 정한다.")
    assert (v.label, v.code, v.supporting_urls, v.provision_id) == ("verified", None, [URL_103], "민법:제103조")
    assert v.rationale == "민법 제103조는 시행 중이며, 주장의 문언과 숫자가 모두 원문에 있습니다."


def test_the_protocols_second_example_is_verified_at_the_item():
    v = check("개인정보 보호법 제15조 제1항 제2호는 법률에 특별한 규정이 있거나 법령상 의무 준수를 위하여 불가피한 경우를 규정한다.")
    assert (v.label, v.supporting_urls, v.provision_id) == ("verified", [URL_PIPA_15], "개인정보보호법:제15조제1항제2호")


def test_a_verbatim_quote_is_verified():
    v = check("민법 제103조는 “선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다”고 정한다.")
    assert (v.label, v.rationale) == ("verified", "민법 제103조는 시행 중이며, 주장의 문언과 숫자가 모두 원문에 있습니다. 인용문도 원문과 일치합니다.")


def test_an_article_that_does_not_exist_is_contradicted_with_the_protocols_rationale():
    assert outcome("민법 제1200조는 유언의 방식을 정한다.") == (
        "contradicted", "unknown-section", "민법에 제1200조는 존재하지 않습니다.", [])


def test_a_missing_paragraph_item_or_sub_item_is_contradicted():
    assert outcome("개인정보 보호법 제15조 제4항은 수집 제한을 정한다.") == (
        "contradicted", "pinpoint-not-found", "조문은 확인되지만, 해당 항은 존재하지 않습니다.", [URL_PIPA_15])
    assert outcome("개인정보 보호법 제15조 제1항 제9호는 공익을 정한다.") == (
        "contradicted", "pinpoint-not-found", "조문은 확인되지만, 해당 호는 존재하지 않습니다.", [URL_PIPA_15])
    assert outcome("개인정보 보호법 제2조제1호라목은 가명정보를 정한다.")[:3] == (
        "contradicted", "pinpoint-not-found", "조문은 확인되지만, 해당 목은 존재하지 않습니다.")


def test_a_deleted_article_is_contradicted():
    assert outcome("근로기준법 제35조는 예고해고의 적용 예외를 정한다.") == (
        "contradicted", "repealed", "근로기준법 제35조는 삭제되어 효력이 없습니다(원문: “삭제 <2019.1.15>”).",
        ["https://www.law.go.kr/법령/근로기준법/제35조"])


def test_an_altered_quote_is_contradicted_with_the_first_difference():
    label, code, rationale, _ = outcome(
        "민법 제103조는 \"선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 유효로 한다\"고 정한다.")
    assert (label, code) == ("contradicted", "quote-mismatch")
    assert rationale.startswith("인용문이 민법 제103조의 원문과 다릅니다. 원문은 “무효로”, 인용문은 “유효로”입니다.")


def test_a_quote_from_another_article_names_where_the_words_are():
    label, code, rationale, urls = outcome(
        "민법 제104조는 “선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다”고 정한다.")
    assert (label, code, rationale) == ("contradicted", "wrong-unit", "인용문은 민법 제104조에 없고 민법 제103조에 있습니다.")
    assert urls == ["https://www.law.go.kr/법령/민법/제104조", URL_103]


def test_another_figure_than_the_texts_is_contradicted():
    assert outcome("민법 제4조에 따르면 사람은 20세로 성년에 이르게 된다.")[:3] == (
        "contradicted", "text-differs", "민법 제4조는 주장과 다른 수를 정합니다. 원문은 “19세”, 주장은 “20세”입니다.")
    assert check("근로기준법 제50조 제1항은 1주 간의 근로시간은 휴게시간을 제외하고 52시간을 초과할 수 없다고 정한다.").label == "contradicted"
    assert check("근로기준법 제50조 제1항은 1주 간의 근로시간은 휴게시간을 제외하고 40시간을 초과할 수 없다고 정한다.").label == "verified"


def test_a_permission_where_the_text_prohibits_is_contradicted():
    assert outcome("근로기준법 제23조 제1항에 따라 사용자는 근로자를 정당한 이유 없이 해고할 수 있다.")[:3] == (
        "contradicted", "text-differs", "근로기준법 제23조제1항은 금지를 정하는데, 주장은 허용이라고 합니다.")


def test_a_restatement_beyond_the_text_is_unknown():
    v = check("민법 제103조는 반사회질서의 법률행위를 무효로 하므로 이 계약은 무효이다.")
    assert (v.label, v.code, v.supporting_urls) == ("unknown", None, [URL_103])
    assert v.rationale == ("민법 제103조는 확인되지만, 주장에 원문에 없는 말(“계약”)이 있어 원문만으로는 "
                           "판단할 수 없습니다.")


def test_a_universal_claim_of_a_conditional_clause_is_unknown():
    v = check("개인정보 보호법 제15조 제1항에 따라 개인정보처리자는 언제나 개인정보를 수집할 수 있다.")
    assert v.label == "unknown"


@pytest.mark.parametrize("text, rationale", [
    ("주택임대차보호법 제3조는 대항력을 정한다.", "법령을 식별하지 못했습니다."),
    ("개인정보 보호법 시행령 제15조는 동의 방법을 정한다.", "법령을 식별하지 못했습니다."),
])
def test_a_law_not_held_is_unknown(text, rationale):
    assert outcome(text) == ("unknown", "unknown-section", rationale, [])


def test_a_citation_without_a_law_is_unknown_with_the_protocols_parse_rationale():
    v = check("제15조에 따라 수집할 수 있다.")
    assert (v.label, v.rationale) == ("unknown", "법령을 식별하지 못했습니다.")


def test_local_only_mode_compares_nothing():
    v = check("민법 제103조는 선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효라고 정한다.", local_only=True)
    assert (v.label, v.code, v.rationale, v.supporting_urls) == (
        "unknown", "local-only", "로컬 전용 모드에서는 외부 원문을 조회하지 않았습니다.", [])


def test_a_law_named_once_carries_to_the_next_sentence():
    checker = KoreanChecker(KoreanArticles())
    checker.check("근로기준법은 근로조건의 기준을 정한다.")
    assert checker.check("제2조 제1항 제1호는 근로자를 정의한다.").provision_id == "근로기준법:제2조제1항제1호"


def test_it_tells_korean_claims_from_canadian_ones():
    assert is_korean_claim("민법 제103조는 무효를 정한다.")
    assert is_korean_claim("대법원 2023다302036 판결")
    assert not is_korean_claim("Under s. 7(3)(c) of PIPEDA, an organization may disclose.")


def test_a_party_put_in_the_other_role_is_unknown():
    v = check("근로기준법 제17조 제2항에 따라 근로자는 사용자에게 서면을 교부하여야 한다.")
    assert (v.label, v.rationale) == ("unknown", "주장은 “근로자”를 행위의 주체로 말하지만 근로기준법 제17조제2항은 "
                                                 "그렇게 정하지 않아, 원문만으로는 판단할 수 없습니다.")
    assert check("근로기준법 제17조 제2항에 따라 사용자는 근로자에게 서면을 교부하여야 한다.").label == "verified"


def test_of_several_figures_the_one_in_the_same_place_is_named():
    assert outcome("근로기준법 제60조 제4항에 따라 가산휴가를 포함한 총 휴가 일수는 30일을 한도로 한다.")[2] == (
        "근로기준법 제60조제4항은 주장과 다른 수를 정합니다. 원문은 “25일”, 주장은 “30일”입니다.")
    assert outcome("근로기준법 제26조에 따라 사용자는 근로자를 해고하려면 적어도 60일 전에 예고를 하여야 한다.")[0] == "contradicted"
    assert outcome("근로기준법 제26조에 따라 사용자는 근로자를 해고하려면 적어도 30일 전에 예고를 하여야 한다.")[0] == "verified"


def test_a_law_not_held_named_inside_the_claim_is_part_of_what_it_says():
    v = check("근로기준법 제43조의6 제1항 제3호는 국세청장에게 임금등이 체불된 근로자의 「소득세법」 제4조제1항제1호에 따른 "
              "종합소득에 관한 자료를 요청하는 것을 정한다.")
    assert (v.label, v.provision_id) == ("verified", "근로기준법:제43조의6제1항제3호")


def test_a_memo_in_the_formal_polite_register_is_read_as_the_plain_one():
    # Memos write 합니다 / 있습니다 / 됩니다 and notes 있음 / 함; the statutes write 한다 / 있다.
    for claim in ("민법 제103조는 선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 합니다.",
                  "민법 제72조에 따르면 총회는 통지한 사항에 관하여서만 결의할 수 있습니다.",
                  "민법 제72조: 총회는 통지한 사항에 관하여서만 결의할 수 있음."):
        assert check(claim).label == "verified", claim
    # The register changes a claim's own words, never a quote: 못합니다 is not the text's words.
    v = check("민법 제2조 제2항은 “권리는 남용하지 못합니다”라고 정한다.")
    assert (v.label, v.code) == ("contradicted", "quote-mismatch")


def test_a_fraction_with_another_numerator_is_a_different_figure():
    v = check("근로기준법 제56조 제1항에 따르면 사용자는 연장근로에 대하여는 통상임금의 100분의 30 이상을 가산하여 "
              "근로자에게 지급하여야 한다.")
    assert (v.label, v.code) == ("contradicted", "text-differs")
    assert "100분의50" in v.rationale.replace(" ", "") and "100분의30" in v.rationale.replace(" ", "")


def test_own_words_another_article_holds_name_that_article():
    v = check("민법 제103조에 따르면 당사자의 궁박, 경솔 또는 무경험으로 인하여 현저하게 공정을 잃은 법률행위는 무효로 한다.")
    assert (v.label, v.code) == ("contradicted", "wrong-unit")
    assert v.rationale == "주장의 내용은 민법 제103조에 없고 민법 제104조에 있습니다."
    assert "https://www.law.go.kr/법령/민법/제104조" in v.supporting_urls


def test_each_clause_of_a_claim_is_read_in_its_own_sentence():
    # 민법 제64조: "… 이사는 대표권이 없다. 이 경우에는 … 특별대리인을 선임하여야 한다."
    v = check("민법 제64조에 따르면 법인과 이사의 이익이 상반하는 사항에 관하여는 이사는 대표권이 없고, "
              "이 경우에는 특별대리인을 선임하여야 한다.")
    assert v.label == "verified"
    # Each clause keeps its own kind: the obligation moved to the first clause is not the text's.
    v = check("민법 제64조에 따르면 법인과 이사의 이익이 상반하는 사항에 관하여는 이사는 대표권이 없고, "
              "이 경우에는 특별대리인을 선임할 수 있다.")
    assert v.label != "verified"


def test_must_where_the_text_says_may_is_a_contradiction():
    v = check("민법 제72조에 따르면 총회는 전조의 규정에 의하여 통지한 사항에 관하여서만 결의하여야 한다.")
    assert (v.label, v.code) == ("contradicted", "text-differs")
    assert v.rationale == "민법 제72조는 허용을 정하는데, 주장은 의무라고 합니다."


def test_without_exception_where_the_text_makes_one_is_a_contradiction():
    v = check("민법 제5조 제1항에 따르면 미성년자가 법률행위를 함에는 예외 없이 법정대리인의 동의를 얻어야 한다.")
    assert (v.label, v.code) == ("contradicted", "text-differs")
    assert v.rationale == "주장은 “예외 없이”라고 하지만 민법 제5조제1항은 예외나 한정을 두고 있습니다."


def test_figures_written_with_unit_syllables_are_compared_as_numbers():
    v = check("개인정보 보호법 제51조 제1호 나목에 따르면 단체의 정회원수가 5백명 이상이어야 한다.")
    assert (v.label, v.code) == ("contradicted", "text-differs")
    assert "1000명" in v.rationale and "500명" in v.rationale
    assert check("개인정보 보호법 제51조 제1호 나목은 단체의 정회원수가 1천명 이상일 것을 정한다.").label == "verified"


def test_two_figures_swapped_between_their_words_are_not_verified():
    faithful = "민법 제146조에 따르면 취소권은 추인할 수 있는 날로부터 3년 내에, 법률행위를 한 날로부터 10년 내에 행사하여야 한다."
    assert check(faithful).label == "verified"
    v = check(faithful.replace("3년", "X").replace("10년", "3년").replace("X", "10년"))
    assert v.label == "unknown"
    assert v.rationale == "주장의 “10년”은 민법 제146조에서 다른 말에 붙어 있어 원문만으로는 판단할 수 없습니다."


def test_own_words_another_paragraph_of_the_article_holds_name_that_paragraph():
    # 민법 제5조: ① needs the legal representative's consent; ② makes an act against ① voidable.
    v = check("민법 제5조 제1항에 따르면 전항의 규정에 위반한 행위는 취소할 수 있다.")
    assert (v.label, v.code) == ("contradicted", "wrong-unit")
    assert v.rationale == "주장의 내용은 민법 제5조제1항에 없고 민법 제5조제2항에 있습니다."
    assert v.supporting_urls == ["https://www.law.go.kr/법령/민법/제5조"]


def test_a_quote_may_end_before_a_particle_the_text_glues_on():
    # The text reads "안 날로부터"; memos quote the words and add their own particle.
    v = check("민법 제766조 제1항에 따르면 손해배상의 청구권은 피해자나 그 법정대리인이 “그 손해 및 가해자를 안 날”로부터 "
              "3년간 이를 행사하지 아니하면 시효로 인하여 소멸한다.")
    assert v.label == "verified", v.rationale
    # A quote of one 항 is that 항's, not "elsewhere" in the article that holds it.
    v = check("근로기준법 제60조 제5항 단서는 “사업 운영에 막대한 지장이 있는 경우”에 사용자가 휴가 시기를 변경할 수 있다고 정한다.")
    assert v.code != "wrong-unit"


def test_a_quote_may_not_start_inside_a_word_of_the_text():
    # 민법 제5조① is about a 미성년자; a quote that drops 미 says something else.
    v = check("민법 제5조 제1항은 “성년자가 법률행위를 함에는 법정대리인의 동의를 얻어야 한다”고 정한다.")
    assert v.label != "verified"


def test_a_memo_label_before_a_colon_is_not_the_claim():
    v = check("검토 메모: 민법 제103조는 선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다고 정한다.")
    assert v.label == "verified", v.rationale


def test_a_figure_of_the_lead_in_holds_for_every_item():
    # 민법 제164조: "다음 각호의 채권은 1년간 행사하지 아니하면 소멸시효가 완성한다." 3. 노역인, 연예인의 …
    v = check("민법 제164조 제3호에 따라 노역인, 연예인의 임금 및 그에 공급한 물건의 대금채권은 1년간 행사하지 아니하면 "
              "소멸시효가 완성한다.")
    assert v.label == "verified", v.rationale


def test_one_word_put_where_the_text_has_another_is_a_contradiction():
    # 민법 제5조①: "… 법정대리인의 동의를 얻어야 한다."
    v = check("민법 제5조 제1항에 따르면 미성년자가 법률행위를 함에는 부모의 동의를 얻어야 한다.")
    assert (v.label, v.code) == ("contradicted", "text-differs")
    assert v.rationale == "민법 제5조제1항은 그 자리에 “법정대리인”을 씁니다. 주장은 “부모”입니다."
