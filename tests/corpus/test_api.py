"""The corpus REST API under /api/v1/, on the default corpus."""

import hashlib

import pytest

from corpus.models import ActVersion


def get_json(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    return response.json()


def assert_api_error(client, url, detail, status):
    assert get_json(client, url, status=status) == {"detail": detail}


@pytest.mark.django_db
def test_it_lists_acts_with_their_latest_versions(client):
    data = get_json(client, "/api/v1/acts?limit=3")
    assert data["count"] == 9  # six Canadian Acts, three Korean laws
    assert [a["code"] for a in data["items"]] == ["C-42", "H-6", "I-21"]
    data = get_json(client, "/api/v1/acts?limit=2&offset=5")
    assert data["items"] == [{
        "code": "P-8.6",
        "title_en": "Personal Information Protection and Electronic Documents Act",
        "title_fr": "Loi sur la protection des renseignements personnels et les documents électroniques",
        "title_ko": "",
        "latest_pit_dates": {"eng": "2026-03-26", "fra": "2026-03-26"},
        "versions_count": 7,
    }, {
        "code": "개인정보보호법", "title_en": "", "title_fr": "", "title_ko": "개인정보 보호법",
        "latest_pit_dates": {"kor": "2026-09-11"}, "versions_count": 1,
    }]


@pytest.mark.django_db
def test_it_shows_one_act(client):
    data = get_json(client, "/api/v1/acts/P-21")
    assert data["code"] == "P-21"
    assert data["title_en"] == "Privacy Act"
    assert data["latest_pit_dates"] == {"eng": "2025-06-02", "fra": "2025-06-02"}
    assert data["versions_count"] == ActVersion.objects.filter(act__code="P-21").count()
    assert data["jurisdiction"] == "ca"
    assert data["long_title_en"].startswith("An Act to extend the present laws of Canada")


@pytest.mark.django_db
def test_it_lists_versions_newest_first(client):
    versions = get_json(client, "/api/v1/acts/P-21/versions?lang=eng")
    assert len(versions) == ActVersion.objects.filter(act__code="P-21", lang="eng").count()
    newest, oldest = versions[0], versions[-1]
    assert (newest["pit_date"], newest["current_date"], newest["is_latest"]) == ("2025-06-02", "2026-03-02", True)
    assert (oldest["pit_date"], oldest["is_latest"]) == ("2019-08-28", False)
    stored = ActVersion.objects.get(act__code="P-21", lang="eng", pit_date="2019-08-28")
    assert oldest["source_sha256"] == stored.source_sha256
    assert oldest["provisions_count"] == stored.provisions.count()
    assert oldest["has_pending_amendments"] is True
    assert sum(v["is_latest"] for v in versions) == 1
    french = get_json(client, "/api/v1/acts/P-21/versions?lang=fra")
    assert [(v["lang"], v["pit_date"]) for v in french] == [("fra", "2025-06-02")]


@pytest.mark.django_db
def test_it_returns_a_provision_with_its_section(client):
    data = get_json(client, "/api/v1/provisions/P-8.6:s7(3)(c)")
    assert (data["id"], data["section_id"]) == ("P-8.6:s7(3)(c)", "P-8.6:s7")
    assert data["act"] == "P-8.6"
    assert (data["kind"], data["label"], data["status"]) == ("paragraph", "(c)", "in_force")
    assert data["path"] == "Part 1 > Division 1 > section 7 > subsection (3) > paragraph (c)"
    assert data["text"].startswith("required to comply with a subpoena or warrant issued or an order made by a court")
    assert data["text_sha256"] == hashlib.sha256(data["text"].encode()).hexdigest()
    assert data["version"] == {"lang": "eng", "pit_date": "2026-03-26", "current_date": "2026-03-31",
                               "is_latest": True, "has_pending_amendments": True,
                               "promulgated_date": None, "revision": ""}
    assert data["url"] == "https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html"
    assert data["section"]["id"] == "P-8.6:s7"
    assert data["section"]["marginal_note"] == "Collection without knowledge or consent"
    assert "(c) " + data["text"] in data["section"]["text"]
    assert data["children"] == []
    # The section's units, as the agent's tools and the MCP server get them: the one serializer.
    assert [u["id"] for u in data["units"] if u.get("requested")] == ["P-8.6:s7(3)(c)"]
    assert (data["units_total"], data["offset"], data["next_offset"]) == (len(data["units"]), 0, None)
    assert data["text_changed"] is None  # asked only when the request passes text_sha256


@pytest.mark.django_db
def test_it_lists_a_units_children(client):
    data = get_json(client, "/api/v1/provisions/P-8.6:s4(2)")
    assert data["children"] == ["s4(2)(a)", "s4(2)(b)", "s4(2)(c)"]


@pytest.mark.django_db
def test_it_accepts_pinpoints_with_slashes_and_dots(client):
    definition = get_json(client, "/api/v1/provisions/P-8.6:s2(1)/personal-information")
    assert definition["kind"] == "definition"
    assert definition["text"] == "personal information means information about an identifiable individual. (renseignement personnel)"
    assert definition["section"]["id"] == "P-8.6:s2"
    clause = get_json(client, "/api/v1/provisions/P-8.6:sch1/4.7.1")
    assert clause["kind"] == "schedule_item"
    assert clause["text"].startswith("The security safeguards shall protect personal information against loss or theft")
    assert get_json(client, "/api/v1/provisions/P-8.6:s10.1")["label"] == "10.1"


@pytest.mark.django_db
def test_it_returns_the_version_in_force_on_a_date(client):
    data = get_json(client, "/api/v1/provisions/P-21:s8(2)(f)?as_at=2022-09-30")
    assert data["version"]["pit_date"] == "2022-07-26"
    assert data["version"]["is_latest"] is False
    assert data["text"].startswith("under an agreement or arrangement between the Government of Canada")


@pytest.mark.django_db
def test_it_returns_french_text(client):
    data = get_json(client, "/api/v1/provisions/P-21:s3?lang=fra")
    assert data["version"]["lang"] == "fra"
    assert data["path"].startswith("article 3")
    assert data["url"] == "https://laws-lois.justice.gc.ca/fra/lois/P-21/article-3.html"


@pytest.mark.django_db
def test_it_handles_unknown_acts_and_provisions(client):
    assert_api_error(client, "/api/v1/provisions/X-1:s1", "unknown act: X-1", status=404)
    assert_api_error(client, "/api/v1/provisions/P-8.6:s999", "unknown provision: P-8.6:s999", status=404)
    assert_api_error(client, "/api/v1/acts/X-1", "unknown act: X-1", status=404)
    assert_api_error(client, "/api/v1/acts/X-1/versions", "unknown act: X-1", status=404)
    assert_api_error(client, "/api/v1/acts/X-1/pending-amendments", "unknown act: X-1", status=404)


@pytest.mark.django_db
def test_it_refuses_a_malformed_pinpoint(client):
    assert_api_error(client, "/api/v1/provisions/P-8.6s7",
                     'malformed pinpoint: \'P-8.6s7\' (expected "ACT:unit", e.g. "P-8.6:s7(3)(c)")', status=422)
    data = get_json(client, "/api/v1/provisions/P-8.6:7(3)", status=422)
    assert data["detail"].startswith("malformed pinpoint: 'P-8.6:7(3)'")


@pytest.mark.django_db
def test_it_refuses_a_bad_date_or_language(client):
    data = get_json(client, "/api/v1/provisions/P-8.6:s7?as_at=2024-13-45", status=422)
    assert list(data["errors"]) == ["as_at"] and data["detail"].startswith("invalid request: as_at: ")
    data = get_json(client, "/api/v1/provisions/P-8.6:s7?as_at=0", status=422)
    assert data["errors"] == {"as_at": "Value error, '0' is not a date written YYYY-MM-DD"}
    data = get_json(client, "/api/v1/provisions/P-8.6:s7?lang=kor", status=422)
    assert list(data["errors"]) == ["lang"]


@pytest.mark.django_db
def test_it_never_answers_a_date_before_the_first_version_with_todays_text(client):
    assert_api_error(client, "/api/v1/provisions/P-21:s7?as_at=2001-01-01",
                     "version not held: P-21 as at 2001-01-01; the earliest eng version held is "
                     "consolidated to 2019-08-28", status=404)
    assert_api_error(client, "/api/v1/provisions/P-21:s7?as_at=2020-01-01&lang=fra",
                     "version not held: P-21 as at 2020-01-01; the earliest fra version held is "
                     "consolidated to 2025-06-02", status=404)


@pytest.mark.django_db
def test_it_lists_pending_amendments_apart(client):
    data = get_json(client, "/api/v1/acts/P-8.6/pending-amendments")
    assert data["act"] == "P-8.6"
    assert data["version"]["pit_date"] == "2026-03-26"
    nif = [a for a in data["amendments"] if a["schedule"] == "NifProvs"]
    assert any("Data mobility framework" in a["text"] for a in nif)
    assert [a["position"] for a in data["amendments"]] == list(range(len(data["amendments"])))
    assert get_json(client, "/api/v1/acts/P-8.6/pending-amendments?as_at=2019-07-01")["amendments"] == []


@pytest.mark.django_db
def test_it_searches_sections(client):
    data = get_json(client, "/api/v1/search?q=subpoena+warrant&act=P-8.6&limit=3")
    assert data["query"] == "subpoena warrant"
    assert data["total"] >= 1
    assert len(data["hits"]) <= 3
    # Ranking belongs to corpus.search; here only the shape and that s7 is found.
    assert "P-8.6:s7" in [h["pinpoint"] for h in data["hits"]]
    top = data["hits"][0]
    assert top["act_code"] == "P-8.6"
    assert top["act_title"] == "Personal Information Protection and Electronic Documents Act"
    assert "<mark>" in top["snippet_html"]
    assert set(top) == {"pinpoint", "act_code", "act_title", "label", "marginal_note", "headings",
                        "snippet_html", "score", "pit_date", "coverage", "similarity"}
    assert 0 < top["coverage"] <= 1
    assert data["unmatched"] == []


@pytest.mark.django_db
def test_search_lists_the_words_no_section_searched_uses(client):
    data = get_json(client, "/api/v1/search?q=gdpr+consent+zorblax")
    assert data["unmatched"] == ["gdpr", "zorblax"]
    assert data["hits"]  # "consent" still finds sections


@pytest.mark.django_db
def test_it_searches_several_acts_at_a_date(client):
    data = get_json(client, "/api/v1/search?q=personal+information&act=P-8.6,P-21&as_at=2022-01-01&limit=20")
    assert {h["act_code"] for h in data["hits"]} == {"P-8.6", "P-21"}
    assert {h["pit_date"] for h in data["hits"] if h["act_code"] == "P-21"} == {"2021-11-23"}


@pytest.mark.django_db
def test_search_says_which_acts_it_left_out_at_a_date_and_why(client):
    data = get_json(client, "/api/v1/search?q=privacy&as_at=2018-01-01")
    left_out = {entry["act"]: entry["reason"] for entry in data["left_out"]}
    assert left_out["P-8.6"] == ("version not held for that date: the earliest eng version held is "
                                 "consolidated to 2019-06-21")
    assert "I-21" not in left_out
    assert {h["act_code"] for h in data["hits"]} <= set(a["code"] for a in get_json(client, "/api/v1/acts")["items"]) - set(left_out)
    assert get_json(client, "/api/v1/search?q=privacy")["left_out"] == []


@pytest.mark.django_db
def test_search_refuses_what_it_cannot_answer(client):
    assert_api_error(client, "/api/v1/search?q=privacy&act=X-1", "unknown act: X-1", status=404)
    data = get_json(client, "/api/v1/search?q=privacy&act=P-21&as_at=2001-01-01", status=404)
    assert data["detail"].startswith("version not held")
    assert list(get_json(client, "/api/v1/search?q=privacy&as_at=2024-13-45", status=422)["errors"]) == ["as_at"]
    assert_api_error(client, "/api/v1/search?q=privacy&limit=0", "limit must be between 1 and 100", status=422)


@pytest.mark.django_db
def test_the_openapi_schema_and_docs_load(client):
    schema = get_json(client, "/api/openapi.json")
    paths = schema["paths"]
    for path in ["/api/v1/acts", "/api/v1/acts/{code}", "/api/v1/acts/{code}/versions",
                 "/api/v1/acts/{code}/pending-amendments", "/api/v1/provisions/{pinpoint}",
                 "/api/v1/provisions/{pinpoint}/versions", "/api/v1/provisions/{pinpoint}/changes", "/api/v1/search"]:
        assert path in paths, path
    assert client.get("/api/docs").status_code == 200


@pytest.mark.django_db
def test_it_says_which_mistyped_words_it_read_as_what(client):
    data = get_json(client, "/api/v1/search?q=overtme+pay+for+an+employeer&limit=3")
    assert data["corrections"] == [{"typed": "overtme", "read_as": "overtime"},
                                   {"typed": "employeer", "read_as": "employer"}]
    assert data["hits"][0]["pinpoint"] == "L-2:s174"
    assert get_json(client, "/api/v1/search?q=overtime+pay&limit=1")["corrections"] == []
