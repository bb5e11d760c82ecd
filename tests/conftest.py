"""Shared fixtures: the test database holds the default corpus, loaded once per session."""

import pytest
from django.conf import settings
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """After pytest-django creates the test database, load the default corpus into it once."""
    with django_db_blocker.unblock():
        call_command("ingest_justice_laws", *[str(p) for p in settings.VERBATIM_DEFAULT_CORPUS],
                     progress_every=0, verbosity=0)
        from research.roles import ensure_roles
        ensure_roles()
