"""No input is a 500: NUL, lone surrogates and control characters sent to every route.

The routes are enumerated, not listed: every URL pattern of the project (pages, admin, static)
and every operation of the OpenAPI schema, so a new route is covered the day it is added.
A refused character in an id is 404; anywhere else (query, form, JSON body, header) it is 422
with a message naming it; and nothing is stored.
"""

import json
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from research.api import api
from research.models import Run
from research.tokens import create_token

pytestmark = pytest.mark.django_db

BAD = {
    "nul": ("a\x00b", "a NUL character (U+0000)"),
    "surrogate": ("privacy \ud800 consent", "a lone surrogate (U+D800)"),
    "control": ("a\x07b", "a control character (U+0007)"),
}
# An address, a query string or a form is bytes decoded as UTF-8 (a surrogate cannot get there:
# the bytes decode to U+FFFD); a JSON body can spell one as "\\ud800".
IN_URLS = ["nul", "control"]
SAMPLE = {"int": "1", "str": "P-8.6", "path": "s7", "slug": "x", "uuid": "00000000-0000-0000-0000-000000000000"}


def page_urls(resolver=None, prefix=""):
    """[(route, {param: converter name})] for every URL pattern, /api/ included."""
    found = []
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + _route_text(entry.pattern)
        if isinstance(entry, URLResolver):
            found += page_urls(entry, route)
        elif isinstance(entry, URLPattern):
            found.append(route)
    return found


def _route_text(pattern):
    if isinstance(pattern, RoutePattern):
        return str(pattern)
    text = str(pattern).lstrip("^").rstrip("$").replace("\\Z", "")
    # Regex groups become <str:name> (or <path:name> for .*): the same filling as path() routes.
    text = re.sub(r"\(\?P<(\w+)>\.\*\)", r"<path:\1>", text)
    return re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<str:\1>", text)


def fill(route, bad=None):
    """The route with each parameter given a sample value, or `bad` in text parameters."""
    def value(match):
        kind = match.group(1)
        return bad if bad is not None and kind in {"str", "path", "slug"} else SAMPLE[kind]
    return "/" + re.sub(r"<(\w+):\w+>", value, route).replace("\\", "")


def api_operations():
    """(method, path, parameters, body properties) of every operation of the OpenAPI schema."""
    schema = api.get_openapi_schema()
    components = schema["components"]["schemas"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            ref = body.get("schema", {}).get("$ref", "")
            props = components[ref.rsplit("/", 1)[-1]]["properties"] if ref else {}
            yield method, path, operation.get("parameters", []), props


@pytest.fixture
def token(people):
    return create_token(people[0])[1]


def send(client, method, url, token, body=None, query=None, headers=None):
    headers = {"Authorization": f"Bearer {token}", **(headers or {})}
    if method == "get":
        return client.get(url, query, headers=headers)
    return client.post(url, data=json.dumps(body or {}), content_type="application/json",
                       query_params=query, headers=headers)


def assert_refused(response, status, message, api_route):
    assert response.status_code == status, (response.request, response.content[:300])
    if api_route:
        assert message in response.json()["detail"]
    else:
        assert message in response.content.decode()


@pytest.mark.parametrize("kind", IN_URLS)
def test_every_page_refuses_invalid_text_in_its_address_and_its_query(client, kind):
    text, message = BAD[kind]
    routes = page_urls()
    assert len(routes) > 40  # the project's pages, the API, the admin and static files
    for route in routes:
        is_api = route.startswith("api/")
        if "<str:" in route or "<path:" in route:
            assert_refused(client.get(fill(route, text)), 404, message, is_api)
        assert_refused(client.get(fill(route), {"q": text, "as_at": "2024-01-01"}), 422, message, is_api)


@pytest.mark.parametrize("kind", IN_URLS)
def test_every_form_post_refuses_invalid_text(client, people, kind):
    from tests.base import login

    login(client, people[1])  # a reviewer may post to every form
    text, message = BAD[kind]
    for route in page_urls():
        if route.startswith("api/"):
            continue
        response = client.post(fill(route), {"question": text, "text": text, "comment": text})
        assert_refused(response, 422, message, False)
    assert Run.objects.count() == 0


@pytest.mark.parametrize("kind", BAD)
def test_every_api_operation_refuses_invalid_text_in_each_parameter_and_field(client, token, kind):
    text, message = BAD[kind]
    operations = list(api_operations())
    assert len(operations) >= 11
    for method, path, parameters, props in operations:
        valid_path = re.sub(r"\{(\w+)\}", lambda m: "1" if m.group(1).endswith("_id") else "P-8.6", path)
        body = {"question": "privacy", "quote": "x", "provision_id": "P-8.6:s7", "text": "s. 7 of PIPEDA"}
        for param in parameters if kind in IN_URLS else ():
            where, name = param["in"], param["name"]
            if where == "path" and param["schema"].get("type") == "string":
                url = path.replace("{" + name + "}", text)
                assert_refused(send(client, method, url, token, body), 404, message, True)
            elif where == "query":
                response = send(client, method, valid_path, token, body, query={name: text})
                assert_refused(response, 422, message, True)
                assert response.json()["errors"] == {name: BAD[kind][1] + _at(text)}
            elif where == "header":
                response = send(client, method, valid_path, token, body, headers={name: text})
                assert_refused(response, 422, message, True)
        for field in props:
            response = send(client, method, valid_path, token, {**body, field: text})
            assert_refused(response, 422, message, True)
            assert response.json()["errors"] == {field: BAD[kind][1] + _at(text)}
    assert Run.objects.count() == 0


def _at(text):
    position = next(i for i, c in enumerate(text) if c in "\x00\x07\ud800")
    return f" at position {position}"


def test_a_list_item_is_refused_by_its_place(client):
    body = {"items": [{"id": "a", "claim": "fine"}, {"id": "b", "claim": "x\x00"}]}
    response = client.post("/api/v1/claims/check", json.dumps(body), content_type="application/json")
    assert response.status_code == 422
    assert response.json() == {"detail": "invalid text in items.1.claim: a NUL character (U+0000) at position 1",
                               "errors": {"items.1.claim": "a NUL character (U+0000) at position 1"}}


def test_ordinary_text_is_not_refused(client):
    """Tabs, line breaks, form feeds, accents, Korean and emoji are text."""
    response = client.get("/api/v1/search", {"q": "consent\tdisclosure\n\x0c é 개인정보 🙂"})
    assert response.status_code == 200
    body = {"text": "Under s. 7(3)(c) of PIPEDA,\r\n\tan organization may disclose."}
    response = client.post("/api/v1/claims/check", json.dumps(body), content_type="application/json")
    assert response.status_code == 200


def test_an_unrouted_api_address_is_a_json_404(client):
    response = client.get("/api/v1/research/-1")
    assert response.status_code == 404
    assert response.json() == {"detail": "not found: no API route for /api/v1/research/-1"}
    assert "text/html" in client.get("/no-such-page/")["Content-Type"]
