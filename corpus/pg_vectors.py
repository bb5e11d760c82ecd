"""PostgreSQL's semantic stage: section vectors in pgvector, the closest found by an HNSW index.

    index_versions(version_ids, space)                  # rows for stored vectors lacking one
    closest(question, version_ids, nearest, candidates)  # {provision id: cosine}

corpus.models.SectionVector holds one row per text embedded for a section of a version, a copy of
its content-addressed SectionEmbedding (float16, as pgvector's halfvec). The vectors are unit
length, so their inner product with a question's vector is the cosine numpy computes on SQLite
(corpus/section_vectors.py), and the index is built for inner product (migration 0011).

The index is approximate; ef_search is set well above the rows asked for, and pgvector's
iterative scan goes on past it when the version filter leaves too few rows
(tests/corpus/test_pg_vectors.py compares it with the exact numpy ranking).
"""

from django.db import connection, transaction

from corpus.models import SectionEmbedding, SectionVector

# Candidates the HNSW scan keeps (pgvector's default is 40; its most 1,000): enough that the rows
# asked for are the true closest on the default corpus (tests/corpus/test_pg_vectors.py). Past
# it, the iterative scan reads on until LIMIT rows pass the version filter.
EF_SEARCH = 200
MAX_EF_SEARCH = 1000
# A section can have several rows (its opening and passages of a long body): rows read per
# section asked for, so that `nearest` distinct sections come back.
ROWS_PER_SECTION = 3
BATCH = 1000
# Searched versions holding at most this many rows are ranked exactly (about 10 ms here): the
# HNSW index pays off on large corpora, and a filter that keeps a small share of its rows (one
# Act, one Korean revision) makes it walk far for few rows.
EXACT_ROWS = 20_000
# The index, as migration 0011 makes it; index_versions builds it again after a first load.
HNSW = "CREATE INDEX corpus_sectionvector_hnsw ON corpus_sectionvector USING hnsw (embedding halfvec_ip_ops)"
# Memory for building it: the default corpus's 99,000 rows need about 150 MB to build in memory
# (with PostgreSQL's default 64 MB the build spills and takes several times longer).
BUILD_MEMORY = "256MB"


def in_use():
    """True on PostgreSQL: search reads SectionVector there, numpy matrices elsewhere."""
    return connection.vendor == "postgresql"


def index_versions(keys_by_version):
    """Add a SectionVector for every (version, section, text) of `keys_by_version`
    ({version id: {text key: [provision ids]}}) whose text has a stored vector and no row yet.
    Returns the number of rows added.

    Rows go in by binary COPY. When they outnumber the rows held (a first load), the HNSW index
    is dropped and built again after them, which takes a fraction of inserting into it row by
    row; it all happens in one transaction, so search sees the old index or the new one."""
    from pgvector.psycopg.halfvec import register_halfvec_info
    from psycopg.types import TypeInfo

    with transaction.atomic():
        with connection.cursor() as cursor:  # two indexers at once would add the same rows
            cursor.execute("LOCK TABLE corpus_sectionvector IN SHARE ROW EXCLUSIVE MODE")
        rows = _missing_rows(keys_by_version)
        if not rows:
            return 0
        rebuild = len(rows) > SectionVector.objects.count()
        with connection.connection.cursor() as cursor:
            if rebuild:
                cursor.execute("DROP INDEX IF EXISTS corpus_sectionvector_hnsw")
            register_halfvec_info(cursor, TypeInfo.fetch(connection.connection, "halfvec"))
            with cursor.copy("COPY corpus_sectionvector (version_id, provision_id, text_sha256, embedding) "
                             "FROM STDIN WITH (FORMAT BINARY)") as copy:
                copy.set_types(["int8", "int8", "varchar", "halfvec"])
                for row in rows:
                    copy.write_row(row)
            cursor.execute("ANALYZE corpus_sectionvector")
            if rebuild:
                # Django's keys are checked at commit; CREATE INDEX wants them checked first.
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
                cursor.execute(f"SET LOCAL maintenance_work_mem = '{BUILD_MEMORY}'")
                cursor.execute(HNSW)
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # as Django declares them
    return len(rows)


def _missing_rows(keys_by_version):
    """[(version id, provision id, text key, HalfVector)] of the index rows to add."""
    import numpy as np
    from pgvector import HalfVector

    rows = []
    for version_id, keys in keys_by_version.items():
        held = set(SectionVector.objects.filter(version_id=version_id).values_list("provision_id", "text_id"))
        missing = {(pk, key) for key, pks in keys.items() for pk in pks} - held
        wanted = sorted({key for _pk, key in missing})
        vectors = {}
        for i in range(0, len(wanted), BATCH):
            vectors.update(SectionEmbedding.objects.filter(text_sha256__in=wanted[i:i + BATCH])
                           .values_list("text_sha256", "vector"))
        rows += [(version_id, pk, key, HalfVector(np.frombuffer(bytes(vectors[key]), dtype="<f2")))
                 for pk, key in sorted(missing) if key in vectors]
    return rows


def has_rows(version_ids):
    """True when any of the versions has a row. The ids go as one array: an ORM `__in` of the
    whole book's 5,800 versions cost about 90 ms a search to build and plan."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM corpus_sectionvector WHERE version_id = ANY(%s))",
                       [list(version_ids)])
        return cursor.fetchone()[0]


NEAREST = ("SELECT provision_id, -(embedding <#> %s::halfvec) FROM corpus_sectionvector "
           "WHERE version_id = ANY(%s) ORDER BY {order} LIMIT %s")


def closest(question, version_ids, nearest, candidates=(), exact_rows=None):
    """{provision id: best cosine of `question` (a float32 vector) with the section's texts} for
    the `nearest` sections of the versions closest to it, and for each of `candidates` among
    them; {} when the versions have no rows.

    Versions holding at most `exact_rows` rows (EXACT_ROWS by default) are ranked exactly, through
    the version index; more go through the HNSW index."""
    versions = list(version_ids)
    if not versions:
        return {}
    query = "[" + ",".join(f"{x:.6g}" for x in question.tolist()) + "]"
    limit = nearest * ROWS_PER_SECTION
    found = {}
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM corpus_sectionvector WHERE version_id = ANY(%s)", [versions])
        rows = cursor.fetchone()[0]
        if not rows:
            return {}
        if rows > (EXACT_ROWS if exact_rows is None else exact_rows):  # through the HNSW index
            # The planner cannot tell how many rows the version filter keeps along the index, and
            # may rather sort them all: told not to sort, it walks the index.
            cursor.execute("SELECT set_config('hnsw.ef_search', %s, true), "
                           "set_config('hnsw.iterative_scan', 'relaxed_order', true), "
                           "set_config('enable_sort', 'off', true)",
                           [str(min(MAX_EF_SEARCH, max(EF_SEARCH, limit)))])
            order = "embedding <#> %s::halfvec"
        else:
            order = "(embedding <#> %s::halfvec) + 0"  # an expression the HNSW index does not serve
        cursor.execute(NEAREST.format(order=order), [query, versions, query, limit])
        for pk, score in cursor.fetchall():
            found[pk] = max(score, found.get(pk, score))
        asked = sorted(set(candidates) - set(found))
        if asked:
            cursor.execute("SELECT provision_id, max(-(embedding <#> %s::halfvec)) FROM corpus_sectionvector "
                           "WHERE version_id = ANY(%s) AND provision_id = ANY(%s) GROUP BY provision_id",
                           [query, versions, asked])
            found.update(cursor.fetchall())
    # relaxed_order may return rows slightly out of order: keep the `nearest` best, then the candidates.
    best = sorted(found, key=lambda pk: (-found[pk], pk))[:nearest]
    keep = set(best) | (set(candidates) & set(found))
    return {pk: float(found[pk]) for pk in keep}
