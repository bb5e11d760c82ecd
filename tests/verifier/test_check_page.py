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
    assert "P-8.6 has no section 99." in html
    assert '<a href="/acts/P-8.6/s7(3)(c)">' in html
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
