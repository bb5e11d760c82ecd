"""Many new rows into one table at once: COPY on PostgreSQL, batched INSERTs elsewhere.

Ingestion writes hundreds of thousands of rows; PostgreSQL takes them by COPY several times
faster than by INSERT statements, even pipelined. Only for rows that cannot conflict with what
the table holds (COPY has no ON CONFLICT): a conflict fails the whole statement, and with it
the ingest's transaction.
"""

from django.db import connection

BATCH = 2000


def insert_rows(cursor, table, columns, rows):
    """Insert `rows` (tuples in the order of `columns`) into `table` through `cursor`."""
    names = ", ".join(columns)
    if connection.vendor == "postgresql":
        with cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    sql = f"INSERT INTO {table} ({names}) VALUES ({', '.join(['%s'] * len(columns))})"
    for i in range(0, len(rows), BATCH):
        cursor.executemany(sql, rows[i:i + BATCH])
