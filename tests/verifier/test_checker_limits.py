"""Caps on one claim-checker request (memo size, items, provisions cited) that bound its CPU;
over a cap the API answers 422 and the page says why, and nothing is checked."""

import json

import pytest

from tests.base import login
from verifier.service import MAX_CITED_PROVISIONS, MAX_ITEMS, MAX_TEXT_CHARS

pytestmark = pytest.mark.django_db

SENTENCE = 'Section 3 of the Copyright Act says "the owner may sell the copies". '


def check(client, body):
    return client.post("/api/v1/claims/check", data=json.dumps(body), content_type="application/json")


def test_a_memo_citing_too_many_provisions_is_422(client):
    memo = SENTENCE * (MAX_CITED_PROVISIONS + 1)
    assert len(memo) <= MAX_TEXT_CHARS
    response = check(client, {"text": memo})
    assert response.status_code == 422
    assert response.json()["detail"] == (f"the memo cites {MAX_CITED_PROVISIONS + 1} provisions; at most "
                                         f"{MAX_CITED_PROVISIONS} per request (split it into several requests)")


def test_a_memo_at_the_cap_is_checked(client):
    response = check(client, {"text": SENTENCE * MAX_CITED_PROVISIONS})
    assert response.status_code == 200
    assert response.json()["counts"] == {"verified": 0, "contradicted": MAX_CITED_PROVISIONS, "unknown": 0}


def test_a_memo_over_the_size_cap_is_422(client):
    response = check(client, {"text": "The employer pays wages. " * (MAX_TEXT_CHARS // 25 + 1)})
    assert response.status_code == 422
    assert f"at most {MAX_TEXT_CHARS}" in response.json()["detail"]


def test_items_are_capped_in_number_and_together_in_size(client):
    too_many = check(client, {"items": [{"claim": SENTENCE}] * (MAX_ITEMS + 1)})
    assert too_many.status_code == 422
    assert too_many.json()["detail"] == f"{MAX_ITEMS + 1} items; at most {MAX_ITEMS} per request"
    long_claim = SENTENCE + "The employer pays wages. " * 300
    too_big = check(client, {"items": [{"claim": long_claim}] * 3})
    assert too_big.status_code == 422
    assert too_big.json()["detail"] == (f"the items hold {3 * len(long_claim)} characters together; "
                                        f"at most {MAX_TEXT_CHARS} per request")


def test_the_page_says_why_it_checked_nothing(client, people):
    login(client, people[0])
    response = client.post("/check/", {"text": SENTENCE * (MAX_CITED_PROVISIONS + 1)})
    assert response.status_code == 200
    html = response.content.decode()
    assert f"the memo cites {MAX_CITED_PROVISIONS + 1} provisions; at most {MAX_CITED_PROVISIONS}" in html
