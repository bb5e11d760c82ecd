"""Which tables a test wrote, on SQLite, so that Django's end-of-test foreign-key check scans
those tables and the tables whose keys point at them, not the whole corpus.

SQLite defers a TestCase's foreign keys to a commit the test never makes, so Django runs
`PRAGMA foreign_key_check` over the whole database when each test ends: about 0.1 s of corpus
for each of some 400 tests that write. SQLite's authorizer is told, as each statement is
compiled, every table the statement inserts into, updates or deletes from (its triggers
included). Installing an authorizer expires every statement already compiled on the connection,
so cached statements are compiled again, and reported, the next time they run.
"""

import sqlite3

_WRITES = {sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE}
# Schema changes can break keys anywhere: after one, the whole database is checked.
_SCHEMA = {sqlite3.SQLITE_ALTER_TABLE, sqlite3.SQLITE_DROP_TABLE, sqlite3.SQLITE_CREATE_TABLE}
EVERY_TABLE = None  # what Django's check_constraints takes for "the whole database"


class WrittenTables:
    """Records the tables written on one raw sqlite3 connection, from its creation to stop()."""

    def __init__(self, raw):
        self.raw, self.tables, self.schema_changed = raw, set(), False
        raw.set_authorizer(self._authorize)

    def _authorize(self, action, table, _column, _database, _trigger):
        if action in _WRITES:
            self.tables.add(table)
        elif action in _SCHEMA:
            self.schema_changed = True
        return sqlite3.SQLITE_OK

    def stop(self):
        self.raw.set_authorizer(None)

    def to_check(self, connection):
        """The tables whose keys the writes may have broken: the written ones, whose own keys may
        point nowhere, and every table with a key into one of them (a deleted or renumbered row);
        EVERY_TABLE when that cannot be known (another connection, or a schema change)."""
        if self.schema_changed or connection.connection is not self.raw:
            return EVERY_TABLE
        if not self.tables:
            return []
        children = referencing_tables(connection)
        return sorted(self.tables | {child for table in self.tables for child in children.get(table, ())})


def referencing_tables(connection):
    """{table: tables with a foreign key into it}, read from the schema."""
    found = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            for relation in connection.introspection.get_relations(cursor, table).values():
                found.setdefault(relation[1], set()).add(table)  # (column, table, ...) it points at
    return found
