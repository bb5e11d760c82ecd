"""The Korean auditor over the Korean laws in the test database (corpus/ingest/korean_laws.py):
the unit ids the importer makes, the text in force at a date by 시행일자, the labelled set through
the service, and the helper commands reading the laws held."""

import json
from io import StringIO

import pytest
import yaml
from django.core.management import call_command

from research.evals.claims import (
    KOREAN_BLIND,
    KOREAN_CLAIMS,
    KOREAN_SEALED,
    evaluate_claims,
    load_claims,
)
from research.evals.retrieval import load_thresholds
from verifier.service import check_claim_items, check_claims_text

pytestmark = pytest.mark.django_db

LABELLED = KOREAN_CLAIMS
ACCURACY_FLOOR = load_thresholds()["claims_korean"]["accuracy"]


def one(text, **kwargs):
    [result] = check_claims_text(text, **kwargs)
    return result


def test_it_reads_the_stored_units():
    result = one("개인정보 보호법 제15조 제1항 제2호는 법률에 특별한 규정이 있거나 법령상 의무 준수를 위하여 불가피한 경우를 규정한다.")
    assert (result["label"], result["provision_id"], result["authority"]) == (
        "verified", "개인정보보호법:제15조제1항제2호", 1.0)
    assert result["supporting_urls"] == ["https://www.law.go.kr/법령/개인정보 보호법/제15조"]
    result = one("개인정보 보호법 제2조제1호나목은 \"해당 정보만으로는 특정 개인을 알아볼 수 없더라도 다른 정보와 쉽게 결합하여 "
                 "알아볼 수 있는 정보\"를 정한다.")
    assert (result["label"], result["provision_id"]) == ("verified", "개인정보보호법:제2조제1호나목")


def test_it_reads_the_text_in_force_at_the_date():
    claim = "민법 제4조에 따르면 만20세로 성년이 된다."
    assert one(claim, as_at="2012-06-01")["label"] == "verified"
    result = one(claim, as_at="2013-07-01")
    assert (result["label"], result["finding"]) == ("contradicted", "text-differs")
    assert result["rationale"] == "민법 제4조는 주장과 다른 수를 정합니다. 원문은 “19세”, 주장은 “20세”입니다."


def test_a_revision_not_yet_in_force_is_not_the_law():
    claim = ("근로기준법 제43조의6 제1항 제4호는 근로복지공단에 임금등이 체불된 근로자의 \"월평균보수에 관한 자료\"를 "
             "요청하는 것을 정한다.")
    assert one(claim, as_at="2026-12-01")["label"] == "verified"
    assert one(claim, as_at="2027-01-02")["finding"] == "quote-mismatch"


def test_before_the_first_revision_held_the_text_is_not_held():
    result = one("민법 제103조는 선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효라고 정한다.",
                 as_at="1990-01-01")
    assert (result["label"], result["rationale"], result["supporting_urls"]) == ("unknown", "원문 조회 실패", [])


def test_the_labelled_set_through_the_service():
    items = yaml.safe_load(LABELLED.read_text(encoding="utf-8"))
    results = check_claim_items(items)
    pairs = list(zip(items, results, strict=True))
    assert [i["id"] for i, r in pairs if r["label"] == "verified" and i["label"] != "verified"] == []
    right = sum(r["label"] == i["label"] for i, r in pairs)
    print(f"Korean claims through the database: {right}/{len(pairs)}")
    assert right / len(pairs) >= ACCURACY_FLOOR


@pytest.mark.parametrize("path", [KOREAN_BLIND, KOREAN_SEALED], ids=lambda p: p.stem)
def test_the_blind_sets_through_the_service(path):
    # Checked as at their labels' date (2026-12-01: 근로기준법 changes in 2027), as eval_claims does.
    report = evaluate_claims(load_claims(path))
    figures = report.figures()
    print(f"{path.name} through the database: {figures}")
    assert [r.id for r in report.results if r.got == "verified" and not r.ok] == []
    assert figures["accuracy"] >= load_thresholds()[f"claims_{path.stem}"]["accuracy"]


def test_eval_claims_stores_a_run_for_the_evals_page(client):
    from research.eval_models import EvalRun

    out = StringIO()
    call_command("eval_claims", claims=str(KOREAN_CLAIMS), stdout=out)
    assert "verified precision 1.0" in out.getvalue() and "thresholds met" in out.getvalue()
    run = EvalRun.objects.get(kind=EvalRun.KIND_CLAIMS)
    assert (run.golden_file, run.n, run.passed_thresholds) == ("korean.yaml", 46, True)
    assert run.results.count() == 46 and run.metrics["verified_precision"] == 1.0
    page = client.get("/demo/evals/").content.decode()
    assert "Claim checker" in page and "Claims labelled right" in page


def korean_law(*args):
    out = StringIO()
    call_command("korean_law", *args, stdout=out)
    return json.loads(out.getvalue())


def test_lookup_law_reads_the_laws_held():
    assert korean_law("lookup-law", "개인정보보호법") == {
        "law_id": "개인정보보호법", "title": "개인정보 보호법", "url": "https://www.law.go.kr/법령/개인정보 보호법"}
    assert korean_law("lookup-law", "근기법")["law_id"] == "근로기준법"
    assert korean_law("lookup-law", "주택임대차보호법") == {"law_id": None}


def test_parse_reads_a_spaced_title_held():
    assert korean_law("parse", "개인정보 보호법 제15조 제1항 제2호는 법률에 특별한 규정이 있거나 법령상 의무 준수를 위하여 불가피한 경우를 규정한다.") == {
        "kind": "statute", "law": "개인정보 보호법", "jo": "제15조", "hang": 1, "ho": 2, "mok": None}


def test_verify_prints_the_protocols_contract():
    arguments = json.dumps({"claim": "민법 제103조는 선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효라고 정한다.",
                            "local_only": False})
    assert korean_law("verify", arguments) == {
        "label": "verified", "rationale": "민법 제103조는 시행 중이며, 주장의 문언과 숫자가 모두 원문에 있습니다.",
        "supporting_urls": ["https://www.law.go.kr/법령/민법/제103조"], "authority": 1.0}
