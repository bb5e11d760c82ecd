"""Shared fixtures: the test database holds the default corpus, loaded once per session."""

import os

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.utils import translation


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Personas are created often; the production hasher is deliberately slow."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def english_after_each_test():
    """LocaleMiddleware leaves the last request's language active in the thread: a test after a
    French page, rendering outside a request, must find English again."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def no_rate_limits(settings):
    """Tests send many requests from one address; tests/research/test_ratelimit.py sets limits."""
    settings.VERBATIM_RATE_LIMITS = {scope: {"anonymous": 0, "user": 0} for scope in settings.VERBATIM_RATE_LIMITS}


@pytest.fixture(autouse=True)
def no_judge(settings):
    """The faithfulness judge makes one more model call per run where a key is set; the engine
    tests count their calls. tests/research/test_judge.py turns it on."""
    settings.VERBATIM_JUDGE = False


@pytest.fixture(scope="session", autouse=True)
def constraint_check_of_the_written_tables():
    """Django's TestCase checks every foreign key of the database when a test ends (SQLite defers
    them to a commit the test never makes). On SQLite that is a scan of the whole corpus, about
    0.1 s per test; tests/written_tables.py narrows it to the tables the test wrote and those
    with keys into them. PostgreSQL's check (SET CONSTRAINTS ALL IMMEDIATE) costs nothing and
    is left whole."""
    from django.db import connections
    from django.test import TestCase

    from tests.written_tables import EVERY_TABLE, WrittenTables

    fixture_setup = TestCase.__dict__["_fixture_setup"]  # a classmethod: Django 6 sets up per class
    fixture_teardown = TestCase._fixture_teardown

    @classmethod
    def _fixture_setup(cls):
        cls._written = {}
        for alias in cls._databases_names():
            if connections[alias].vendor == "sqlite":
                connections[alias].ensure_connection()
                cls._written[alias] = WrittenTables(connections[alias].connection)
        fixture_setup.__func__(cls)

    def _fixture_teardown(self):
        # Django's own teardown, with the tables to check named (TestCase._fixture_teardown).
        if not self._databases_support_transactions():
            return fixture_teardown(self)
        try:
            for alias in reversed(self._databases_names()):
                connection, written = connections[alias], self._written.pop(alias, None)
                try:
                    if self._should_check_constraints(connection):
                        tables = written.to_check(connection) if written else EVERY_TABLE
                        if tables != []:
                            connection.check_constraints(table_names=tables)
                finally:
                    if written:
                        written.stop()
        finally:
            self._rollback_atomics(self.atomics)

    TestCase._fixture_setup, TestCase._fixture_teardown = _fixture_setup, _fixture_teardown
    yield
    TestCase._fixture_setup, TestCase._fixture_teardown = fixture_setup, fixture_teardown


@pytest.fixture
def answer_all(settings):
    """The extractive engine answers every question it can quote from, whatever its retrieval
    confidence: for tests of how it quotes, not of when it answers (tests/research/
    test_extractive_confidence.py tests the threshold at its default)."""
    settings.VERBATIM_EXTRACTIVE_MIN_CONFIDENCE = 0


@pytest.fixture
def people(db):
    """alice (lawyer), bob (reviewer), charlie (outsider): see tests/base.py."""
    from tests.base import personas

    return personas()


# The Korean revisions the test database holds: the newest of each law, and those the as-at tests
# read (민법 제4조 before and after 2013-07-01; 근로기준법 in force from 2026-08-20 and 2027-01-01).
# All 91 revisions (load_default_data) would add a minute to every session.
KOREAN_REVISIONS = (
    "민법/2009-05-08_93194.md", "민법/2013-04-05_138748.md", "민법/2026-03-17_284415.md",
    "근로기준법/2026-02-19_283457.md", "근로기준법/2026-03-17_284443.md",
    "개인정보 보호법/2026-03-10_283839.md",
)


def load_korean_revisions(names):
    """Ingest the named revisions from the shipped Korean archive (corpus/data/kr), in one transaction."""
    from django.db import transaction

    from corpus.ingest import korean_laws
    from corpus.ingest.sources import iter_sources
    from corpus.ingest.store import ingest_bytes

    wanted = {f"history/{name}" for name in names}
    with transaction.atomic():
        for name, data in iter_sources([str(p) for p in settings.VERBATIM_KOREAN_CORPUS], ".md"):
            if name.rsplit(":", 1)[-1] in wanted:
                ingest_bytes(name, data, korean_laws.parse)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker, tmp_path_factory, request):
    """After pytest-django creates the test database, load the default corpus into it once."""
    from pytest_django.fixtures import _get_databases_for_setup  # how the fixture above chose

    if "default" not in _get_databases_for_setup(request.session.items)[0]:
        yield  # no test of this run uses the ORM, so no test database was made: nothing to load
        return
    if connection.vendor == "sqlite" and os.environ.get("PYTEST_XDIST_WORKER"):
        with django_db_blocker.unblock():
            SEEDED_SQLITE["path"] = _seeded_once_for_all_workers(tmp_path_factory.getbasetemp().parent)
        yield
        return
    with django_db_blocker.unblock():
        _load_the_default_corpus()
    if connection.vendor == "postgresql":
        yield from _seeded_postgres_template()
    else:
        with django_db_blocker.unblock():
            SEEDED_SQLITE["path"] = _seeded_sqlite_copy(tmp_path_factory.mktemp("seeded-corpus"))
        yield


def _load_the_default_corpus():
    call_command("ingest_justice_laws", *[str(p) for p in settings.VERBATIM_DEFAULT_CORPUS],
                 progress_every=0, verbosity=0)
    load_korean_revisions(KOREAN_REVISIONS)
    call_command("embed_sections", verbosity=0)  # vectors ship with the corpus: about a second
    from research.roles import ensure_roles
    ensure_roles()


def _seeded_once_for_all_workers(shared_folder):
    """Under pytest-xdist on SQLite: the first worker loads the corpus and leaves a copy in the
    folder the workers share; the others wait for it and restore it into their own in-memory test
    database with SQLite's backup API (about a second against half a minute of loading each).
    Returns the shared copy's path."""
    import sqlite3

    from filelock import FileLock

    shared = shared_folder / "seeded-corpus.sqlite3"
    with FileLock(f"{shared}.lock"):
        if shared.exists():
            connection.ensure_connection()
            with sqlite3.connect(shared) as source:
                source.backup(connection.connection)
            source.close()
        else:
            _load_the_default_corpus()
            _seeded_sqlite_copy(shared_folder, shared.name + ".part").rename(shared)
    return shared


def _seeded_sqlite_copy(folder, name="corpus.sqlite3"):
    """Copy the freshly seeded in-memory SQLite test database into a file, with SQLite's backup
    API (about a second; loading the corpus again in a new process takes half a minute)."""
    import sqlite3

    path = folder / name
    connection.ensure_connection()
    with sqlite3.connect(path) as target:
        connection.connection.backup(target)
    target.close()
    return path


# Where _seeded_sqlite_copy put its file: {"path": Path}.
SEEDED_SQLITE = {}


def _seeded_postgres_template():
    """Keep a copy of the freshly seeded PostgreSQL test database for tests that run real worker
    processes: a transactional test flushes the test database when it ends, and pytest-django runs
    tests without a database mark after those."""
    import psycopg
    from django.db import connections

    settings_dict = connection.settings_dict
    from urllib.parse import quote

    login = quote(settings_dict["USER"]) + (":" + quote(settings_dict["PASSWORD"]) if settings_dict["PASSWORD"] else "")
    base = f"postgresql://{login}@{settings_dict['HOST']}:{settings_dict['PORT']}"
    template = f"{settings_dict['NAME']}_seeded"
    connections.close_all()  # a template database takes no other sessions while it is copied
    with psycopg.connect(base + "/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{template}" TEMPLATE "{settings_dict["NAME"]}"')
    SEEDED_POSTGRES["name"], SEEDED_POSTGRES["base"] = template, base
    try:
        yield
    finally:
        with psycopg.connect(base + "/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')


# Where _seeded_postgres_template put its copy: {"name": database, "base": server URL}.
SEEDED_POSTGRES = {}


@pytest.fixture(scope="session")
def seeded_db_file(tmp_path_factory):
    """A migrated SQLite file holding what the session's test database holds (the default corpus,
    the Korean revisions of KOREAN_REVISIONS, the reviewer group) and the recorded demo runs.

    Tests that run real processes (server, worker, MCP) copy it rather than rebuild it. Copied
    from the in-memory test database (SEEDED_SQLITE) where the session built one; a run with no
    test of the ORM (browser tests alone) loads it in subprocesses instead.
    """
    import os
    import shutil
    import sqlite3
    import subprocess
    import sys

    path = tmp_path_factory.mktemp("seeded") / "verbatim.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update({"DJANGO_SETTINGS_MODULE": "research.settings", "VERBATIM_SQLITE_PATH": str(path)})
    recorded = sorted((settings.BASE_DIR / "research" / "recorded").glob("*.json"))
    if "path" in SEEDED_SQLITE:
        shutil.copyfile(SEEDED_SQLITE["path"], path)
        steps = [["import_runs", *map(str, recorded)]]
    else:  # a run of browser tests alone builds no in-process database to copy: load one
        steps = [["migrate", "--noinput", "-v0"], ["load_default_data", "--no-evals"]]
    for args in steps:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=settings.BASE_DIR, env=env,
                              capture_output=True, text=True)
        if done.returncode != 0:
            pytest.fail(f"manage.py {args[0]} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    # A checkpoint folds the WAL into the file so a plain copy is complete.
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    return path
