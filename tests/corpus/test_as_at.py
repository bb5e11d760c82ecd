"""As-at selection: the version in force on a date is the latest whose pit date is on or before it.

Uses the Privacy Act (P-21) English history held in the default corpus: versions consolidated
to 2019-08-28 (the first), 2021-08-06, 2021-08-12, 2021-11-23 (twice), ... 2022-07-26,
2022-10-01 (s8(2)(f) rewritten), ...
"""

import datetime as dt

import pytest

from corpus import lookup
from corpus.models import Act, VersionNotHeld


@pytest.fixture
def privacy_act():
    return Act.objects.get(code="P-21")


@pytest.mark.django_db
def test_a_date_between_two_pit_dates_gets_the_earlier_version(privacy_act):
    assert privacy_act.version_at("eng", dt.date(2021, 8, 10)).pit_date == dt.date(2021, 8, 6)
    assert lookup.version_at("P-21", dt.date(2021, 8, 10)).pit_date == dt.date(2021, 8, 6)


@pytest.mark.django_db
def test_a_date_exactly_on_a_pit_date_gets_that_version(privacy_act):
    assert privacy_act.version_at("eng", dt.date(2021, 8, 12)).pit_date == dt.date(2021, 8, 12)
    assert lookup.version_at("P-21", dt.date(2022, 10, 1)).pit_date == dt.date(2022, 10, 1)
    assert lookup.version_at("P-21", dt.date(2019, 8, 28)).pit_date == dt.date(2019, 8, 28)


@pytest.mark.django_db
def test_two_files_with_one_pit_date_resolve_to_the_later_consolidation():
    version = lookup.version_at("P-21", dt.date(2021, 12, 1))
    assert (version.pit_date, version.current_date) == (dt.date(2021, 11, 23), dt.date(2021, 12, 13))


@pytest.mark.django_db
def test_no_date_gets_the_latest_version():
    version = lookup.version_at("P-21")
    assert (version.pit_date, version.current_date) == (dt.date(2025, 6, 2), dt.date(2026, 3, 2))
    assert version.is_latest()


@pytest.mark.django_db
def test_a_date_before_the_first_version_is_not_held(privacy_act):
    with pytest.raises(VersionNotHeld, match="version not held"):
        privacy_act.version_at("eng", dt.date(2019, 8, 27))
    with pytest.raises(VersionNotHeld) as caught:
        lookup.get_provision("P-21:s8(2)(f)", as_at=dt.date(2019, 8, 27))
    assert str(caught.value) == ("version not held: P-21 as at 2019-08-27; the earliest eng version held "
                                 "is consolidated to 2019-08-28")


@pytest.mark.django_db
def test_a_language_held_only_at_head_is_not_held_earlier():
    assert lookup.version_at("P-21", lang="fra").pit_date == dt.date(2025, 6, 2)
    with pytest.raises(VersionNotHeld, match="version not held: P-21 as at 2024-01-01; the earliest fra"):
        lookup.version_at("P-21", dt.date(2024, 1, 1), lang="fra")


@pytest.mark.django_db
def test_the_text_follows_the_date():
    before = lookup.get_provision("P-21:s8(2)(f)", as_at=dt.date(2022, 9, 30))
    after = lookup.get_provision("P-21:s8(2)(f)", as_at=dt.date(2022, 10, 1))
    assert before.version.pit_date == dt.date(2022, 7, 26)
    assert before.text.text.startswith("under an agreement or arrangement between the Government of Canada")
    assert after.text.text.startswith("for the purpose of administering or enforcing any law or carrying out "
                                      "a lawful investigation, under an agreement")
    assert before.text_id != after.text_id


@pytest.mark.django_db
def test_a_unit_added_later_is_unknown_before_it_was_added():
    assert lookup.get_provision("P-21:s8(2)(f)(i)", as_at=dt.date(2022, 10, 1)).kind == "subparagraph"
    with pytest.raises(lookup.UnknownProvision, match=r"unknown provision: P-21:s8\(2\)\(f\)\(i\)"):
        lookup.get_provision("P-21:s8(2)(f)(i)", as_at=dt.date(2022, 9, 30))


@pytest.mark.django_db
def test_the_lookup_refuses_what_it_cannot_resolve():
    with pytest.raises(lookup.UnknownAct, match="unknown act: Z-99"):
        lookup.get_provision("Z-99:s1")
    for bad in ["P-21", "P-21:", "P-21:7(1)", ":s7", "P-21:x7"]:
        with pytest.raises(lookup.MalformedPinpoint, match="malformed pinpoint"):
            lookup.get_provision(bad)
    with pytest.raises(ValueError, match="unknown language"):
        lookup.get_provision("P-21:s7", lang="kor")


@pytest.mark.django_db
def test_section_helpers_return_the_whole_section(django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        paragraph = lookup.get_provision("P-8.6:s7(3)(c)")
        assert paragraph.version.act.code == "P-8.6"
    section = lookup.section_of(paragraph)
    assert section.unit_id == "s7"
    assert paragraph.text.text in section.text.text
    units = lookup.units_of_section(paragraph.version, "s7")
    assert units[0].unit_id == "s7"
    assert "s7(3)(c)" in [u.unit_id for u in units]
    assert all(u.section_unit == "s7" for u in units)
    assert [u.position for u in units] == sorted(u.position for u in units)
