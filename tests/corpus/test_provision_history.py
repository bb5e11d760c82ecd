"""A provision across consolidations, its amendments not in force and a changed hash, through
the corpus API, on the default corpus (PIPEDA's consolidations of 2019 to 2026)."""

import pytest

from tests.corpus.test_api import assert_api_error, get_json

pytestmark = pytest.mark.django_db

# PIPEDA s. 7 as the 2019-06-21 consolidation holds it; the 2025-03-04 one added (1)(b.01) and (3)(d.21).
S7_2019 = "c19928029dd4dd9379478e57c1fbfeb1509ba95e9aef453f2cf96c1d6569d413"
S7_2025 = "a486249512ae9554edc0234306f9141c3b7694921d2d3aca196c767ed0d6983c"


def test_it_lists_a_provisions_versions_with_their_hashes(client):
    data = get_json(client, "/api/v1/provisions/P-8.6:s7/versions")
    rows = [(v["pit_date"], v["current_date"], v["text_sha256"], v["changed"]) for v in data["versions"]]
    assert rows == [
        ("2019-06-21", "2019-06-21", S7_2019, False),
        ("2024-06-20", "2024-06-20", S7_2019, False),
        ("2024-08-19", "2024-09-16", S7_2019, False),
        ("2025-03-04", "2025-03-17", S7_2025, True),
        ("2025-03-04", "2025-07-24", S7_2025, False),
        ("2026-03-26", "2026-03-31", S7_2025, False),
    ]
    assert [v["is_latest"] for v in data["versions"]] == [False] * 5 + [True]


def test_it_says_what_changed_between_two_consolidations(client):
    data = get_json(client, "/api/v1/provisions/P-8.6:s7/changes?from=2020-01-01&to=2025-12-31")
    assert (data["from"]["pit_date"], data["to"]["pit_date"]) == ("2019-06-21", "2025-03-04")
    assert [(u["id"], u["change"]) for u in data["units"]] == [
        ("P-8.6:s7(1)(b.01)", "added"), ("P-8.6:s7(2)(d)", "changed"), ("P-8.6:s7(3)(d.21)", "added")]
    changed = data["units"][1]
    assert changed["from"]["text"] == "it was collected under paragraph (1)(a), (b) or (e)."
    assert changed["to"]["text"] == "it was collected under paragraph (1)(a), (b), (b.01) or (e)."
    assert data["units"][0]["from"] is None
    assert data["units"][0]["to"]["text"] == "it was disclosed under paragraph (3)(d.21);"


def test_it_reports_no_change_between_consolidations_with_the_same_text(client):
    data = get_json(client, "/api/v1/provisions/P-8.6:s7/changes?from=2020-01-01&to=2024-12-31")
    assert (data["same_version"], data["changed"], data["units"]) == (False, False, [])


def test_it_refuses_changes_without_a_from_date_or_before_the_versions_held(client):
    assert list(get_json(client, "/api/v1/provisions/P-8.6:s7/changes", status=422)["errors"]) == ["from"]
    assert get_json(client, "/api/v1/provisions/P-8.6:s7/changes?from=1990-01-01",
                    status=404)["detail"].startswith("version not held")
    assert_api_error(client, "/api/v1/provisions/P-8.6:s999/versions",
                     "unknown provision: P-8.6:s999 (in no eng version held)", status=404)


def test_it_lists_the_amendments_not_in_force_touching_a_provision(client):
    data = get_json(client, "/api/v1/acts/P-8.6/pending-amendments?provision=s11")
    [amendment] = data["not_in_force"]
    assert (amendment["citation"], amendment["touches"]) == ("2026, c. 3, s. 390", ["s11(1)"])
    assert amendment["text"].startswith("Subsection 11(1) of the Act is replaced by the following:")
    assert get_json(client, "/api/v1/acts/P-8.6/pending-amendments?provision=P-8.6:s7")["not_in_force"] == []
    everything = get_json(client, "/api/v1/acts/P-8.6/pending-amendments")["not_in_force"]
    assert len(everything) == 9
    assert everything[0]["adds_after"] == ["s10.3"] and everything[0]["touches"] == []


def test_it_says_when_the_text_a_client_read_has_changed(client):
    latest = get_json(client, f"/api/v1/provisions/P-8.6:s7?text_sha256={S7_2019}")
    assert (latest["text_changed"], latest["text_sha256"]) == (True, S7_2025)
    then = get_json(client, f"/api/v1/provisions/P-8.6:s7?as_at=2020-01-01&text_sha256={S7_2019}")
    assert (then["text_changed"], then["text_sha256"]) == (False, S7_2019)
