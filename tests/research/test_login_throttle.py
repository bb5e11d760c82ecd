"""Login throttling: after N failures for a username or from an address within the window,
sign-in is refused, the right password too, with a clear message, 429 and Retry-After."""

import pytest
from django.contrib.auth import authenticate

from tests.base import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def throttle(settings):
    settings.VERBATIM_LOGIN_MAX_FAILURES = 3
    settings.VERBATIM_LOGIN_WINDOW_SECONDS = 600


def sign_in(client, username, password, address="127.0.0.1"):
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def test_it_refuses_the_right_password_after_repeated_failures(client, people, throttle):
    for _ in range(3):
        assert sign_in(client, "alice", "wrong").status_code == 200
    response = sign_in(client, "alice", PASSWORD)
    assert response.status_code == 429
    assert 590 <= int(response["Retry-After"]) <= 600
    assert "Too many failed sign-in attempts for this account or from this address. Sign-in is paused; " \
           "try again in 10 minutes." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_it_throttles_a_username_from_any_address(client, people, throttle):
    for n in range(3):
        sign_in(client, "alice", "wrong", address=f"10.0.0.{n}")
    assert sign_in(client, "alice", PASSWORD, address="10.0.0.99").status_code == 429
    assert authenticate(username="alice", password=PASSWORD) is None  # the admin's way in too


def test_it_throttles_an_address_trying_many_usernames(client, people, throttle):
    for name in ("alice", "bob", "charlie"):
        sign_in(client, name, "wrong", address="10.1.1.1")
    assert sign_in(client, "bob", PASSWORD, address="10.1.1.1").status_code == 429
    assert sign_in(client, "bob", PASSWORD, address="10.2.2.2").status_code == 302


def test_it_lets_a_user_in_below_the_threshold_and_forgets_the_failures(client, people, throttle):
    for _ in range(2):
        sign_in(client, "alice", "wrong", address="10.0.0.1")
    assert sign_in(client, "alice", PASSWORD, address="10.0.0.2").status_code == 302
    client.logout()
    for _ in range(2):
        sign_in(client, "alice", "wrong", address="10.0.0.3")
    assert sign_in(client, "alice", PASSWORD, address="10.0.0.4").status_code == 302


def test_a_wrong_password_still_gets_the_usual_message(client, people, throttle):
    html = sign_in(client, "alice", "wrong").content.decode()
    assert "Your username and password didn't match." in html
