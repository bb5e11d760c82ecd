"""The /check page: the claim checker for signed-in users."""

import pytest

from tests.base import personas

SUBPOENA = "required to comply with a subpoena or warrant issued"
MEMO = (f'Under s. 7(3)(c) of PIPEDA, an organization may disclose personal information without consent '
        f'if the disclosure is "{SUBPOENA}".\nSection 99 of PIPEDA requires an ombudsman.')

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_client(client):
    alice, _bob, _charlie = personas()
    client.force_login(alice)
    return client


def test_it_requires_login(client):
    response = client.get("/check/")
    assert response.status_code == 302
    assert response["Location"] == "/login/?next=/check/"
    assert client.post("/check/", {"text": MEMO}).status_code == 302


def test_it_shows_the_form(alice_client):
    response = alice_client.get("/check/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="csrfmiddlewaretoken"' in html
    assert 'hx-post="/check/"' in html
    assert "<textarea" in html


def test_it_labels_each_citation(alice_client):
    response = alice_client.post("/check/", {"text": MEMO})
    html = response.content.decode()
    assert response.status_code == 200
    assert '<span class="badge">verified</span>' in html
    assert '<span class="badge badge--bad">contradicted</span>' in html
    assert "<code>unknown-section</code>" in html
    assert "The Personal Information Protection and Electronic Documents Act has no section 99." in html
    # The link to the section is named as it is cited; the id stays in the URL only.
    assert '<a href="/acts/P-8.6/s7(3)(c)">PIPEDA s 7(3)(c)</a>' in html
    assert ">P-8.6/s7(3)(c)<" not in html
    assert "1 verified, 1 contradicted, 0 unknown." in html


def test_htmx_gets_only_the_results_fragment(alice_client):
    response = alice_client.post("/check/", {"text": MEMO}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.strip().startswith('<section id="results"')
    assert "<html" not in html and "<form" not in html
    assert "contradicted" in html


def test_it_escapes_the_memo_text(alice_client):
    memo = 'Section 99 of PIPEDA says <script>alert("x")</script> applies. <b>Bold</b> claim.'
    html = alice_client.post("/check/", {"text": memo}).content.decode()
    assert "<script>alert" not in html and "<b>Bold</b>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


def test_it_shows_form_errors_for_an_empty_memo(alice_client):
    html = alice_client.post("/check/", {"text": "  "}, headers={"HX-Request": "true"}).content.decode()
    assert "This field is required." in html


def test_it_checks_korean_citations_beside_canadian_ones(alice_client):
    memo = MEMO + "\n- 근기법 제23조 제1항에 따라 사용자는 근로자를 정당한 이유 없이 해고할 수 있다.\n- 민법 제1200조는 유언을 정한다."
    html = alice_client.post("/check/", {"text": memo}).content.decode()
    assert "4 citing claims: 1 verified, 3 contradicted, 0 unknown." in " ".join(html.split())
    assert "근로기준법 제23조제1항은 금지를 정하는데, 주장은 허용이라고 합니다." in html
    assert "민법에 제1200조는 존재하지 않습니다." in html
    assert 'href="https://www.law.go.kr/법령/근로기준법/제23조"' in html


def test_a_broken_precedent_index_is_shown_not_raised(alice_client, settings, tmp_path):
    index = tmp_path / "precedents.tsv"
    index.write_text("case_number\n", encoding="utf-8")
    settings.VERBATIM_PRECEDENT_INDEX = str(index)
    response = alice_client.post("/check/", {"text": "대법원 2023다302036 판결이 존재한다."})
    assert response.status_code == 200
    assert "missing column(s) court, decision_date, title" in response.content.decode()
