"""Error pages and the home page: styled, with navigation, and the home page searches."""

import pytest

pytestmark = pytest.mark.django_db


def test_a_missing_act_gets_a_styled_404_with_navigation(client):
    resp = client.get("/acts/NO-SUCH-ACT/s1/")
    assert resp.status_code == 404
    html = resp.content.decode()
    assert '<nav class="site-nav"' in html
    assert 'href="/search/"' in html


def test_an_unknown_address_gets_the_404_page(client):
    resp = client.get("/no/such/page/")
    assert resp.status_code == 404
    html = resp.content.decode()
    assert "<h1>Not found</h1>" in html
    assert "There is nothing at this address." in html
    assert '<nav class="site-nav"' in html


def test_the_403_page_has_navigation(client, people):
    _, _, charlie = people
    client.force_login(charlie)
    resp = client.get("/review/")
    assert resp.status_code == 403
    html = resp.content.decode()
    assert "<h1>Not allowed</h1>" in html
    assert "Your account may not do this." in html
    assert '<nav class="site-nav"' in html


def test_the_500_page_renders_without_a_request_context():
    from django.template.loader import render_to_string

    html = render_to_string("500.html")
    assert "Something went wrong on our side" in html
    assert 'href="/check/"' in html


def test_the_home_page_offers_search_and_the_three_jobs(client):
    resp = client.get("/")
    html = resp.content.decode()
    assert resp.status_code == 200
    assert 'action="/search/"' in html and 'name="q"' in html
    for job in ('href="/ask/"', 'href="/check/"', 'href="/acts/"'):
        assert job in html
    assert "6 instruments held" in html
