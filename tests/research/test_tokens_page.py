"""API tokens from the user's own page: made with a name, expiry and scope, shown once, stored
hashed, revocable; expired, revoked and read-only tokens are refused where they should be."""

import datetime
import json

import pytest
from django.utils import timezone

from research.tokens import ApiToken, create_token, hash_token
from tests.base import login

pytestmark = pytest.mark.django_db

QUESTION = "May an organization disclose personal information without consent to comply with a subpoena?"


def start_run(client, token):
    return client.post("/api/v1/research", data=json.dumps({"question": QUESTION}),
                       content_type="application/json", headers={"Authorization": f"Bearer {token}"})


def test_the_page_requires_sign_in(client):
    response = client.get("/account/tokens/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


def test_it_makes_a_token_shown_once_and_stored_hashed(client, people):
    alice = people[0]
    login(client, alice)
    response = client.post("/account/tokens/", {"name": "memo script", "days": "30", "scope": "research"})
    assert response.status_code == 201
    html = response.content.decode()
    start = html.index("<code>vbt_") + len("<code>")
    token = html[start:html.index("</code>", start)]
    row = ApiToken.objects.get(user=alice)
    assert (row.name, row.scope, row.key_hash) == ("memo script", "research", hash_token(token))
    assert abs((row.expires_at - timezone.now()) - datetime.timedelta(days=30)) < datetime.timedelta(minutes=1)
    again = client.get("/account/tokens/").content.decode()
    assert token not in again
    assert "memo script" in again and "active" in again
    assert start_run(client, token).status_code == 202


def test_it_refuses_an_expiry_it_does_not_offer(client, people):
    login(client, people[0])
    response = client.post("/account/tokens/", {"name": "forever", "days": "100000", "scope": "research"})
    assert response.status_code == 200
    assert not ApiToken.objects.exists()


def test_a_read_only_token_reads_but_cannot_start_a_run(client, people):
    alice = people[0]
    _, token = create_token(alice, scope=ApiToken.SCOPE_READ)
    response = start_run(client, token)
    assert response.status_code == 403
    assert response.json()["detail"].startswith("this API token is read-only")
    from tests.base import finished_run

    run = finished_run(alice)
    assert client.get(f"/api/v1/research/{run.pk}", headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_an_expired_token_is_refused(client, people):
    row, token = create_token(people[0])
    ApiToken.objects.filter(pk=row.pk).update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    response = start_run(client, token)
    assert response.status_code == 401
    assert "expired or revoked" in response.json()["detail"]


def test_a_revoked_token_is_refused(client, people):
    alice = people[0]
    row, token = create_token(alice)
    login(client, alice)
    response = client.post(f"/account/tokens/{row.pk}/revoke/")
    assert response.status_code == 302
    assert ApiToken.objects.get(pk=row.pk).revoked_at is not None
    assert start_run(client, token).status_code == 401
    assert "revoked" in client.get("/account/tokens/").content.decode()


def test_a_user_cannot_revoke_anothers_token(client, people):
    alice, _, charlie = people
    row, token = create_token(alice)
    login(client, charlie)
    assert client.post(f"/account/tokens/{row.pk}/revoke/").status_code == 404
    assert ApiToken.objects.get(pk=row.pk).revoked_at is None
    assert "vbt_" not in client.get("/account/tokens/").content.decode()
