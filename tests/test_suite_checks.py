"""The suite's own shortcuts keep their checks: tests/conftest.py skips Django's end-of-test
foreign-key scan on SQLite only for a test that wrote no row."""

import pytest
from django.contrib.auth.models import Group
from django.db import IntegrityError, connection
from django.test import TestCase

pytestmark = pytest.mark.django_db


class _Case(TestCase):
    __test__ = False  # driven by the tests below, not collected
    databases = {"default"}

    def runTest(self):
        pass


@pytest.mark.parametrize("writes", [False, True])
def test_a_test_that_wrote_a_row_gets_the_foreign_key_check(writes):
    _Case._fixture_setup()
    try:
        if writes:
            Group.objects.create(name="wrote a row")
        checked = _Case()._should_check_constraints(connection)
    finally:
        _Case._rollback_atomics(_Case.atomics)
    assert checked is (writes or connection.vendor != "sqlite")


def test_a_broken_key_written_in_a_test_fails_it():
    _Case._fixture_setup()
    case = _Case()
    with pytest.raises(IntegrityError, match="invalid foreign key|violates foreign key"):
        with connection.cursor() as cursor:
            cursor.execute("UPDATE corpus_provision SET version_id = 999999999 "
                           "WHERE id = (SELECT min(id) FROM corpus_provision)")
        case._fixture_teardown()  # checks the keys, then rolls back
