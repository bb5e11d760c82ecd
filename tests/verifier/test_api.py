"""POST /api/v1/verify/quote and POST /api/v1/claims/check."""

import pytest

SUBPOENA = "required to comply with a subpoena or warrant issued"

pytestmark = pytest.mark.django_db


def post(client, url, body):
    return client.post(url, body, content_type="application/json")


def assert_api_error(response, message, status=422):
    assert response.status_code == status
    assert message in response.json()["detail"]


def test_it_matches_a_verbatim_quote(client):
    response = post(client, "/api/v1/verify/quote", {"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA})
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["passage_as_stored"], body["pit_date"]) == ("match", SUBPOENA, "2026-03-26")
    assert len(body["text_sha256"]) == 64


def test_it_reports_a_mismatch_with_the_first_difference(client):
    response = post(client, "/api/v1/verify/quote", {"provision_id": "P-8.6:s7(3)(c)",
                                                      "quote": "required to comply with a summons"})
    assert response.json()["first_difference"] == {"offset": 26, "expected": "subpoena", "found": "summons"}


def test_it_reads_the_law_as_at_a_date(client):
    response = post(client, "/api/v1/verify/quote", {"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA,
                                                      "as_at": "2025-06-01"})
    assert (response.json()["status"], response.json()["pit_date"]) == ("match", "2025-03-04")


def test_it_reads_the_french_text(client):
    response = post(client, "/api/v1/verify/quote", {
        "provision_id": "P-8.6:s7(3)", "lang": "fra",
        "quote": "l’organisation ne peut communiquer de renseignement personnel à l’insu de l’intéressé"})
    assert (response.json()["status"], response.json()["pit_date"]) == ("match", "2026-03-26")


def test_an_unknown_section_is_a_verdict_not_an_error(client):
    response = post(client, "/api/v1/verify/quote", {"provision_id": "P-8.6:s99", "quote": SUBPOENA})
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["checked"]) == ("not_found", "blocked: unknown-section")


def test_it_handles_a_malformed_id(client):
    response = post(client, "/api/v1/verify/quote", {"provision_id": "PIPEDA 7(3)(c)", "quote": SUBPOENA})
    assert_api_error(response, "is not a provision id: expected ACT:unit")
    assert "provision_id" in response.json()["errors"]


def test_it_refuses_an_empty_quote(client):
    response = post(client, "/api/v1/verify/quote", {"provision_id": "P-8.6:s7", "quote": ""})
    assert response.status_code == 422


def test_it_checks_a_memo(client):
    response = post(client, "/api/v1/claims/check", {"text": (
        f'Under s. 7(3)(c) of PIPEDA, an organization may disclose personal information without consent '
        f'if the disclosure is "{SUBPOENA}". Section 99 of PIPEDA requires an ombudsman.')})
    assert response.status_code == 200
    body = response.json()
    assert [(c["id"], c["label"], c["finding"]) for c in body["claims"]] == [
        ("1", "verified", None), ("2", "contradicted", "unknown-section")]
    assert body["counts"] == {"verified": 1, "contradicted": 1, "unknown": 0}
    assert body["claims"][1]["rationale"] == "The Personal Information Protection and Electronic Documents Act has no section 99."


def test_it_checks_a_list_of_items(client):
    response = post(client, "/api/v1/claims/check", {"items": [
        {"id": "h", "claim": "Section 13 of the Canadian Human Rights Act prohibits hate messages."},
        {"id": 2, "claim": "Employers should review their policies."}]})
    assert [(c["id"], c["label"], c["finding"]) for c in response.json()["claims"]] == [
        ("h", "contradicted", "repealed"), ("2", "unknown", "no-citation")]
    assert response.json()["claims"][0]["links"] == [
        "/acts/H-6/s13", "https://laws-lois.justice.gc.ca/eng/acts/H-6/section-13.html"]


def test_it_wants_text_or_items_but_not_both(client):
    assert_api_error(post(client, "/api/v1/claims/check", {}), "send one of 'text'")
    assert_api_error(post(client, "/api/v1/claims/check", {"text": "x", "items": [{"claim": "y"}]}),
                     "send one of 'text'")


PIPEDA_NOT_HELD_2018 = ("Version not held for that date: P-8.6 as at 2018-01-01; the earliest eng version "
                        "held is consolidated to 2019-06-21")


def test_a_date_before_the_first_version_is_version_not_held(client):
    response = post(client, "/api/v1/verify/quote", {"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA,
                                                      "as_at": "2018-01-01"})
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "not_found"
    assert [(f["code"], f["message"]) for f in body["findings"]] == [("unknown-section", PIPEDA_NOT_HELD_2018 + ".")]


def test_claims_before_the_first_version_are_version_not_held(client):
    response = post(client, "/api/v1/claims/check", {
        "text": f"Under s. 7(3)(c) of PIPEDA, an organization may disclose if “{SUBPOENA}”.",
        "as_at": "2018-01-01"})
    [claim] = response.json()["claims"]
    assert (claim["label"], claim["finding"]) == ("unknown", "unknown-section")
    assert claim["rationale"] == PIPEDA_NOT_HELD_2018 + ", so the citation cannot be checked."


@pytest.mark.parametrize("as_at", [0, "2019-13-45", "2019-01-01T00:00:00", "01/02/2019"])
def test_an_invalid_date_is_refused(client, as_at):
    for url, body in [("/api/v1/verify/quote", {"provision_id": "P-8.6:s7", "quote": SUBPOENA}),
                      ("/api/v1/claims/check", {"text": "Under s. 7 of PIPEDA, consent is needed."})]:
        response = post(client, url, {**body, "as_at": as_at})
        assert_api_error(response, "invalid request: as_at: ")
        assert list(response.json()["errors"]) == ["as_at"]


def test_it_says_when_the_text_the_client_read_has_changed(client):
    # PIPEDA s. 7(2)(d) as the 2019-06-21 consolidation holds it; the 2025-03-04 one added "(b.01)".
    body = {"provision_id": "P-8.6:s7(2)(d)", "quote": "it was collected under paragraph (1)(a), (b)"}
    then = post(client, "/api/v1/verify/quote", body | {"as_at": "2020-01-01"}).json()
    assert (then["status"], then["text_changed"]) == ("match", None)
    again = post(client, "/api/v1/verify/quote", body | {"as_at": "2020-01-01", "text_sha256": then["text_sha256"]}).json()
    assert again["text_changed"] is False
    now = post(client, "/api/v1/verify/quote", body | {"text_sha256": then["text_sha256"]}).json()
    assert (now["status"], now["text_changed"]) == ("match", True)
    assert now["text_sha256"] != then["text_sha256"]
