import pytest
from django.contrib.auth.models import User

from tests.base import finished_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    User.objects.create_superuser("root", password="pass-for-tests-only")
    client.login(username="root", password="pass-for-tests-only")
    return client


@pytest.mark.parametrize("url", ["/admin/research/run/", "/admin/research/review/",
                                 "/admin/research/apitoken/", "/admin/corpus/act/",
                                 "/admin/corpus/actversion/", "/admin/auth/group/"])
def test_admin_lists_load(admin_client, url):
    assert admin_client.get(url).status_code == 200


def test_a_run_is_read_only_in_the_admin(admin_client):
    run = finished_run(User.objects.get(username="root"))
    page = admin_client.get(f"/admin/research/run/{run.pk}/change/")
    assert page.status_code == 200
    assert b'name="_save"' not in page.content


def test_the_admin_needs_staff(client):
    assert client.get("/admin/research/run/").status_code == 302
