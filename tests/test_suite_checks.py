"""The suite's own shortcuts keep their checks: tests/conftest.py narrows Django's end-of-test
foreign-key check on SQLite to the tables a test wrote and the tables with keys into them."""

import pytest
from django.contrib.auth.models import Group
from django.db import IntegrityError, connection
from django.test import TestCase

pytestmark = pytest.mark.django_db
sqlite_only = pytest.mark.skipif("connection.vendor != 'sqlite'", reason="PostgreSQL checks every key itself")


class _Case(TestCase):
    __test__ = False  # driven by the tests below, not collected
    databases = {"default"}

    def runTest(self):
        pass


def to_check():
    return _Case._written["default"].to_check(connection)


@sqlite_only
def test_a_test_that_wrote_nothing_checks_no_table():
    _Case._fixture_setup()
    try:
        Group.objects.count()
        assert to_check() == []
    finally:
        _Case()._fixture_teardown()


@sqlite_only
def test_a_written_table_is_checked_with_the_tables_that_point_at_it():
    _Case._fixture_setup()
    try:
        Group.objects.create(name="wrote a row")
        assert to_check() == ["auth_group", "auth_group_permissions", "auth_user_groups"]
    finally:
        _Case()._fixture_teardown()


@sqlite_only
def test_a_statement_compiled_before_the_test_is_still_seen():
    sql = "UPDATE auth_group SET name = name WHERE id = -1"
    with connection.cursor() as cursor:
        cursor.execute(sql)  # now in the connection's statement cache
    _Case._fixture_setup()
    try:
        with connection.cursor() as cursor:
            cursor.execute(sql)
        assert "auth_group" in to_check()
    finally:
        _Case()._fixture_teardown()


@pytest.mark.parametrize("sql", [
    # a key written to point nowhere
    "UPDATE corpus_provision SET version_id = 999999999 WHERE id = (SELECT min(id) FROM corpus_provision)",
    # the row a key points at deleted
    "DELETE FROM corpus_actversion WHERE id = (SELECT version_id FROM corpus_provision LIMIT 1)",
], ids=["dangling key", "deleted parent"])
def test_a_broken_key_written_in_a_test_fails_it(sql):
    _Case._fixture_setup()
    case = _Case()
    with connection.cursor() as cursor:
        cursor.execute(sql)  # keys are deferred: the statement itself succeeds
    with pytest.raises(IntegrityError, match="invalid foreign key|violates foreign key"):
        case._fixture_teardown()  # checks the keys, then rolls back
