"""manage.py create_user makes lawyers and reviewers without the admin."""

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from research.roles import is_reviewer

pytestmark = pytest.mark.django_db
PASSWORD = "a long test passphrase"


def test_it_creates_a_lawyer(monkeypatch, capsys):
    monkeypatch.setenv("VERBATIM_NEW_PASSWORD", PASSWORD)
    call_command("create_user", "dana")
    user = User.objects.get(username="dana")
    assert user.check_password(PASSWORD)
    assert not is_reviewer(user)
    assert capsys.readouterr().out.strip() == "created lawyer dana"


def test_it_creates_a_reviewer(monkeypatch, capsys):
    monkeypatch.setenv("VERBATIM_NEW_PASSWORD", PASSWORD)
    call_command("create_user", "erin", "--reviewer")
    assert is_reviewer(User.objects.get(username="erin"))
    assert capsys.readouterr().out.strip() == "created reviewer erin"


def test_it_refuses_a_weak_password(monkeypatch):
    monkeypatch.setenv("VERBATIM_NEW_PASSWORD", "password")
    with pytest.raises(CommandError, match="too common"):
        call_command("create_user", "frank")
    assert not User.objects.filter(username="frank").exists()


def test_it_says_how_to_give_a_password_without_a_terminal(monkeypatch):
    monkeypatch.delenv("VERBATIM_NEW_PASSWORD", raising=False)
    monkeypatch.setattr("sys.stdin", open("/dev/null"))
    with pytest.raises(CommandError, match="VERBATIM_NEW_PASSWORD"):
        call_command("create_user", "gina")
