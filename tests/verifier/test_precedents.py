"""Precedent claims: case numbers, the precedent index, and the protocol's case-number and topic
check (verifier/precedents.py, verifier/korean_claims.py) on an index the tests build."""

import datetime
import re

import pytest

from tests.verifier.korean_fixtures import KoreanArticles
from verifier import korean_rationales as R
from verifier.korean_claims import KoreanChecker, is_korean_claim
from verifier.precedents import (
    PrecedentIndexError,
    find_case_number,
    normalize_case_number,
    parse_index,
)

# The protocol's worked example 3, and a second case of our own making, as an index file.
TITLE = "이 사건 확약서, 이 사건 특약사항은 모두 민법 제103조에서 정한 반사회적 법률행위에 해당하여 무효에 해당함"
INDEX_TSV = (
    "case_number\tcourt\tdecision_date\ttitle\tresult_id\n"
    f"2023다302036\t대법원\t2024-01-25\t{TITLE}\t245007\n"
    "2019도9999\t대법원\t2020-03-12\t근로기준법상 임금 체불에 대한 사용자의 형사책임\t\n"
)
NOTE = "law.go.kr 판례 검색 결과 ID 245007 (전문 제공 여부가 일정하지 않을 수 있습니다.)"


@pytest.mark.parametrize("written", ["2023다302036", "대법원-2023-다-302036", "2023 다 302036", "2023-다-302036",
                                     "대법원 2023다302036 판결"])
def test_it_normalizes_a_case_number(written):
    assert normalize_case_number(written) == "2023다302036"


def test_it_finds_a_case_beside_a_date_and_not_in_dates_or_periods():
    assert find_case_number("대법원 2023. 5. 18. 선고 2023다302036 판결은")[0] == "2023다302036"
    assert find_case_number("헌법재판소 2020헌마123 결정")[0] == "2020헌마123"
    assert find_case_number("근로자는 2023년 5월 3개월 동안 일했다.") is None
    assert normalize_case_number("판결") is None


def test_it_loads_the_documented_index_format():
    index = parse_index(INDEX_TSV)
    held = index["2023다302036"]
    assert (held.court, held.decision_date, held.title) == ("대법원", datetime.date(2024, 1, 25), TITLE)
    assert held.evidence_note() == NOTE
    assert index["2019도9999"].evidence_note() == "판례 색인: 대법원 2020-03-12 선고 2019도9999"


@pytest.mark.parametrize("content, message", [
    ("case_number\tcourt\ttitle\n", "line 1: missing column(s) decision_date"),
    ("case_number\tcourt\tdecision_date\ttitle\n판결\t대법원\t2024-01-25\t제목\n", "line 2: '판결' is not a case number"),
    ("case_number\tcourt\tdecision_date\ttitle\n2023다1\t대법원\t2024.1.25\t제목\n", "line 2: decision_date '2024.1.25' is not YYYY-MM-DD"),
    ("case_number\tcourt\tdecision_date\ttitle\n2023다1\t대법원\t2024-01-25\t제목\n2023 다 1\t대법원\t2024-01-25\t제목\n",
     "line 3: 2023다1 is listed twice"),
])
def test_a_bad_index_fails_naming_the_line(content, message):
    with pytest.raises(PrecedentIndexError, match=re.escape(f"index.tsv: {message}")):
        parse_index(content, "index.tsv")


def check(text, index=INDEX_TSV):
    return KoreanChecker(KoreanArticles(), parse_index(index) if index is not None else None).check(text)


def test_without_an_index_a_precedent_claim_is_unknown_and_says_the_case_is_not_held():
    verdict = check("대법원 2023다302036 판결은 반사회적 법률행위에 관한 선례이다.", index=None)
    assert (verdict.label, verdict.code, verdict.supporting_urls) == ("unknown", "precedent-not-held", [])
    assert verdict.rationale == "사건번호 2023다302036의 판례는 보관된 판례 자료에 없어 확인하지 못했습니다."


def test_the_protocols_topic_mismatch_example_is_contradicted():
    verdict = check("대법원 2023다302036 판결은 확률형 아이템 소비자 보호 의무 위반 시 사업자의 손해배상 책임을 인정한 선례이다.")
    assert (verdict.label, verdict.code, verdict.supporting_urls) == ("contradicted", "topic-differs", [NOTE])
    assert verdict.rationale == f'사건번호는 확인되지만, 판례의 실제 쟁점이 주장과 다릅니다. (판례 요지: "{TITLE}")'


def test_an_existence_claim_of_a_held_case_is_verified():
    verdict = check("대법원 2023다302036 판결이 존재한다.")
    assert (verdict.label, verdict.rationale, verdict.supporting_urls) == (
        "verified", f'사건번호가 확인되었습니다. (판례 요지: "{TITLE}")', [NOTE])


def test_a_topic_that_overlaps_the_title_is_left_to_the_reader():
    verdict = check("대법원-2023-다-302036 판결은 특약사항이 반사회적 법률행위로서 무효라고 판시했다.")
    assert (verdict.label, verdict.rationale) == ("unknown", R.case_topic_unclear(TITLE))
    assert verdict.rationale.startswith("사건번호는 확인됩니다. 판례의 정확한 판시 내용은 원문 확인을 권장합니다.")


def test_a_case_number_the_index_does_not_hold_is_contradicted():
    verdict = check("대법원 2022다111111 판결은 임대차 보증금 반환 의무를 인정했다.")
    assert (verdict.label, verdict.code, verdict.rationale, verdict.supporting_urls) == (
        "contradicted", "case-not-found", "해당 사건번호를 확인할 수 없습니다.", [])


def test_a_citation_by_bare_numbers_is_not_a_case():
    assert find_case_number("근로기준법 15조1항에 따른 해고 사건") is None
    assert is_korean_claim("근로기준법 15조1항에 따른 해고 사건")
