"""manage.py korean_law: the auditor's helper commands print the protocol's JSON shapes."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.verifier.test_korean_text import PIPA_15

pytestmark = pytest.mark.django_db

ITEM_2 = "법률에 특별한 규정이 있거나 법령상 의무를 준수하기 위하여 불가피한 경우"


def run(*args, stdin=None):
    out = StringIO()
    if stdin is not None:
        import sys
        old, sys.stdin = sys.stdin, StringIO(stdin)
    try:
        call_command("korean_law", *args, stdout=out)
    finally:
        if stdin is not None:
            sys.stdin = old
    return json.loads(out.getvalue())


def test_parse_reads_a_statute_claim():
    assert run("parse", "민법 제103조는 선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효라고 정한다.") == {
        "kind": "statute", "law": "민법", "jo": "제103조", "hang": None, "ho": None, "mok": None}


def test_parse_reads_a_precedent_claim():
    assert run("parse", "대법원 2023다302036 판결은 확률형 아이템 소비자 보호 의무 위반 시 사업자의 손해배상 책임을 인정한 선례이다.") == {
        "kind": "precedent", "case_number": "2023다302036"}


def test_parse_says_when_it_finds_no_citation():
    assert run("parse", "이 계약은 무효이다.") == {"kind": None}


def test_normalize_case():
    assert run("normalize-case", "대법원-2023-다-302036") == {"case_number": "2023다302036"}
    assert run("normalize-case", "판결") == {"case_number": None}


def test_extract_hang_and_ho_from_a_file_and_stdin(tmp_path):
    article = tmp_path / "article.txt"
    article.write_text(PIPA_15, encoding="utf-8")
    hang = run("extract-hang", str(article), "1")["hang"]
    assert hang.startswith("개인정보처리자는 다음 각 호의 어느 하나에 해당하는 경우에는")
    assert run("extract-ho", "-", "2", stdin=hang) == {"ho": ITEM_2}
    assert run("extract-hang", str(article), "4") == {"hang": None}
    assert run("extract-ho", "-", "9", stdin=hang) == {"ho": None}


def test_it_refuses_bad_input(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        run("extract-hang", str(tmp_path / "missing.txt"), "1")
    with pytest.raises(CommandError, match="not a paragraph number"):
        run("extract-hang", "-", "one", stdin="① 가")
    with pytest.raises(CommandError, match="not JSON"):
        run("verify", "{claim")


def test_verify_takes_the_protocols_input_and_prints_only_the_contract():
    assert run("verify", json.dumps({"claim": {"text": "민법 제103조는 무효를 정한다."}, "local_only": True})) == {
        "label": "unknown", "rationale": "로컬 전용 모드에서는 외부 원문을 조회하지 않았습니다.",
        "supporting_urls": [], "authority": 1.0}
    assert run("verify", json.dumps({"text": "대법원 2023다302036 판결이 존재한다."})) == {
        "label": "unknown", "rationale": "사건번호 2023다302036의 판례는 보관된 판례 자료에 없어 확인하지 못했습니다.",
        "supporting_urls": [], "authority": 1.0}
