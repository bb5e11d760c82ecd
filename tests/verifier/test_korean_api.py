"""POST /api/v1/claims/check with Korean claims: the protocol's contract in every claim, the
local-only mode, and a precedent index loaded from settings (a file the tests build)."""

import pytest

from tests.verifier.test_precedents import INDEX_TSV, NOTE, TITLE

pytestmark = pytest.mark.django_db

SUBPOENA = "required to comply with a subpoena or warrant issued"
CANADIAN = f'Under s. 7(3)(c) of PIPEDA, an organization may disclose personal information if it is "{SUBPOENA}".'
PRECEDENT = "대법원 2023다302036 판결은 확률형 아이템 소비자 보호 의무 위반 시 사업자의 손해배상 책임을 인정한 선례이다."


def check(client, body):
    response = client.post("/api/v1/claims/check", body, content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()["claims"]


def test_every_claim_carries_the_protocols_contract(client):
    [claim] = check(client, {"text": CANADIAN})
    assert (claim["label"], claim["authority"]) == ("verified", 1.0)
    assert claim["supporting_urls"] == ["https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html"]


def test_local_only_leaves_korean_claims_unknown_and_canadian_ones_checked(client):
    claims = check(client, {"items": [{"id": "kr", "claim": "민법 제103조는 반사회질서의 법률행위를 무효로 한다."},
                                      {"id": "ca", "claim": CANADIAN}], "local_only": True})
    assert [(c["id"], c["label"], c["finding"]) for c in claims] == [
        ("kr", "unknown", "local-only"), ("ca", "verified", None)]
    assert (claims[0]["rationale"], claims[0]["supporting_urls"]) == (
        "로컬 전용 모드에서는 외부 원문을 조회하지 않았습니다.", [])


def test_without_a_precedent_index_a_case_is_not_held(client):
    [claim] = check(client, {"text": PRECEDENT})
    assert (claim["label"], claim["finding"], claim["supporting_urls"]) == ("unknown", "precedent-not-held", [])


def test_a_precedent_index_set_in_settings_is_read(client, settings, tmp_path):
    index = tmp_path / "precedents.tsv"
    index.write_text(INDEX_TSV, encoding="utf-8")
    settings.VERBATIM_PRECEDENT_INDEX = str(index)
    [claim] = check(client, {"text": PRECEDENT})
    assert (claim["label"], claim["finding"], claim["supporting_urls"]) == ("contradicted", "topic-differs", [NOTE])
    assert claim["rationale"] == f'사건번호는 확인되지만, 판례의 실제 쟁점이 주장과 다릅니다. (판례 요지: "{TITLE}")'


def test_a_broken_precedent_index_is_a_clear_error(client, settings, tmp_path):
    index = tmp_path / "precedents.tsv"
    index.write_text("case_number\tcourt\n", encoding="utf-8")
    settings.VERBATIM_PRECEDENT_INDEX = str(index)
    response = client.post("/api/v1/claims/check", {"text": PRECEDENT}, content_type="application/json")
    assert response.status_code == 503
    assert "missing column(s) decision_date, title" in response.json()["detail"]
