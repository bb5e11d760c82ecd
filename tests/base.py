"""Named personas and small builders shared by tests (healthchecks-style)."""

import itertools
import os
from contextlib import contextmanager

import pytest
from django.contrib.auth.models import Group, User

from research.models import Citation, Claim, Run
from research.roles import REVIEWERS, ensure_roles

PASSWORD = "pass-for-tests-only"


def personas():
    """alice (lawyer), bob (reviewer), charlie (outsider)."""
    ensure_roles()
    alice = User.objects.create_user("alice", password=PASSWORD)
    bob = User.objects.create_user("bob", password=PASSWORD)
    bob.groups.add(Group.objects.get(name=REVIEWERS))
    charlie = User.objects.create_user("charlie", password=PASSWORD)
    return alice, bob, charlie


def finished_run(user, quote="required to comply with a subpoena or warrant issued",
                 provision_id="P-8.6:s7(3)(c)", status=Claim.STATUS_PASS):
    """A finished run with one claim quoting a real provision of the default corpus."""
    run = Run.objects.create(question="May an organization disclose without consent for a subpoena?",
                             engine="scripted", created_by=user, status=Run.STATUS_DONE,
                             gate=Run.GATE_PASS if status != Claim.STATUS_BLOCKED else Run.GATE_BLOCKED,
                             reading="Section 7(3)(c) permits it.")
    claim = Claim.objects.create(run=run, position=0, text="Disclosure is allowed for a subpoena.", status=status)
    Citation.objects.create(claim=claim, position=0, provision_id=provision_id, checked_id=provision_id,
                            quote=quote, status=status)
    return run


def login(client, user):
    """Sign `user` (a persona) in on the Django test client."""
    assert client.login(username=user.username, password=PASSWORD)
    return client


def stored_sha(pinpoint):
    """SHA-256 of the stored text the latest English version holds for `pinpoint`."""
    from verifier.adapter import DbCorpus

    return DbCorpus().get(pinpoint).sha256


def repoint_text(pinpoint, new_text):
    """Point the latest version's provision at a new content-addressed text row, as a new
    consolidation that changed that provision would."""
    import hashlib

    from corpus.models import Act, Provision, ProvisionText

    code, unit = pinpoint.split(":", 1)
    version = Act.objects.get(code=code).version_at("eng")
    sha = hashlib.sha256(new_text.encode()).hexdigest()
    ProvisionText.objects.get_or_create(sha256=sha, defaults={"text": new_text})
    Provision.objects.filter(version=version, unit_id=unit).update(text_id=sha)


# For a test whose processes run on process_database: the mark makes pytest-django build the
# session's test database (which process_database copies) even in a run where no other test uses it.
on_a_copy_of_the_seeded_database = pytest.mark.django_db


@contextmanager
def process_database(request, folder):
    """(env, query) for app processes (server, worker, MCP) on a private copy of the session's
    seeded database: a copy of the seeded SQLite file in `folder`, or on PostgreSQL a clone of the
    seeded template (never the shared test database, which a transactional test may have flushed).
    `env` holds the variables naming that database; `query(sql, *params)` reads it, with %s
    placeholders on either."""
    from django.db import connection

    request.getfixturevalue("django_db_setup")
    if connection.vendor == "sqlite":
        import sqlite3

        path = copy_seeded_db(request.getfixturevalue("seeded_db_file"), folder)

        def query(sql, *params):
            with sqlite3.connect(path, timeout=20) as db:
                return db.execute(sql.replace("%s", "?"), params).fetchall()
        yield {"VERBATIM_SQLITE_PATH": str(path)}, query
        return
    import psycopg

    from tests.conftest import SEEDED_POSTGRES

    source, base = SEEDED_POSTGRES["name"], SEEDED_POSTGRES["base"]
    clone = f"verbatim_process_{os.getpid()}_{next(_clones)}"
    with psycopg.connect(base + "/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{clone}" TEMPLATE "{source}"')
        try:
            def query(sql, *params):
                with psycopg.connect(f"{base}/{clone}") as db:
                    return db.execute(sql, params).fetchall()
            yield {"DATABASE_URL": f"{base}/{clone}".replace("postgresql://", "postgres://")}, query
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{clone}" WITH (FORCE)')


_clones = itertools.count()


def copy_seeded_db(seeded, folder):
    """Copy the session's seeded SQLite database (tests/conftest.py) into `folder`."""
    import shutil

    target = folder / "verbatim.sqlite3"
    shutil.copyfile(seeded, target)
    return target
