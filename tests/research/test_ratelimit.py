"""Rate limits on the claim checker, search and starting runs: 429 with Retry-After, per
anonymous address or per signed-in user, counted in the database (research/counters.py)."""

import json

import pytest

from research.tokens import ApiToken, create_token
from tests.base import login

pytestmark = pytest.mark.django_db

CLAIM = {"items": [{"id": "a", "claim": "Under section 7(3)(c) of PIPEDA, an organization may disclose "
                    "personal information without consent if the disclosure is required to comply with "
                    "a subpoena or warrant issued."}]}


@pytest.fixture
def limits(settings):
    settings.VERBATIM_RATE_WINDOW_SECONDS = 60
    settings.VERBATIM_RATE_LIMITS = {"claims": {"anonymous": 2, "user": 3},
                                     "search": {"anonymous": 2, "user": 3},
                                     "research": {"anonymous": 2, "user": 2}}
    return settings.VERBATIM_RATE_LIMITS


def check_claims(client, **headers):
    return client.post("/api/v1/claims/check", data=json.dumps(CLAIM), content_type="application/json",
                       headers=headers)


def test_it_limits_anonymous_claim_checks_with_retry_after(client, limits):
    assert [check_claims(client).status_code for _ in range(2)] == [200, 200]
    refused = check_claims(client)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert refused.json()["detail"].startswith(
        "rate limit reached: at most 2 claim checks every 60 s per address for anonymous use (sign in for more)")


def test_it_counts_each_address_apart(client, limits):
    for _ in range(2):
        check_claims(client)
    assert check_claims(client).status_code == 429
    assert client.post("/api/v1/claims/check", data=json.dumps(CLAIM), content_type="application/json",
                       REMOTE_ADDR="10.0.0.9").status_code == 200


def test_a_signed_in_user_has_the_user_budget(client, people, limits):
    login(client, people[0])
    assert [check_claims(client).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert "at most 3 claim checks every 60 s per user" in check_claims(client).json()["detail"]


def test_an_unknown_bearer_token_is_anonymous(client, limits):
    codes = [check_claims(client, Authorization=f"Bearer made-up-{n}").status_code for n in range(3)]
    assert codes == [200, 200, 429]


def test_it_limits_the_search_api_and_page(client, limits):
    assert [client.get("/api/v1/search", {"q": "privacy"}).status_code for _ in range(2)] == [200, 200]
    assert client.get("/api/v1/search", {"q": "privacy"}).status_code == 429
    page = client.get("/search/", {"q": "privacy"})
    assert page.status_code == 429
    assert "rate limit reached: at most 2 searches every 60 s" in page.content.decode()
    assert client.get("/search/").status_code == 200  # the empty form does no work


def test_it_limits_the_claim_checker_page(client, people, limits):
    login(client, people[0])
    memo = {"text": CLAIM["items"][0]["claim"]}
    assert [client.post("/check/", memo).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert client.get("/check/").status_code == 200


def test_it_limits_starting_runs_per_user_across_tokens(client, people, limits):
    alice = people[0]
    tokens = [create_token(alice)[1] for _ in range(2)]
    codes = [client.post("/api/v1/research", data=json.dumps({"question": f"What is a federal work? {n}"}),
                         content_type="application/json",
                         headers={"Authorization": f"Bearer {tokens[n % 2]}"}).status_code for n in range(3)]
    assert codes == [202, 202, 429]
    assert ApiToken.objects.filter(user=alice).count() == 2


def test_it_limits_the_ask_page(client, people, limits):
    login(client, people[0])
    codes = [client.post("/ask/", {"question": f"What is a federal work? {n}"}).status_code for n in range(3)]
    assert codes == [302, 302, 429]


def test_a_limit_of_zero_is_off(client, settings, limits):
    settings.VERBATIM_RATE_LIMITS = {**limits, "claims": {"anonymous": 0, "user": 0}}
    assert {check_claims(client).status_code for _ in range(4)} == {200}
