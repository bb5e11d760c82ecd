"""The semantic stage's nearest sections (section_vectors.similarities) against an exact ranking
of every section, on both databases; on PostgreSQL, pgvector's HNSW index (corpus/pg_vectors.py)."""

import pytest
from django.db import connection

from corpus import embeddings, pg_vectors, section_vectors
from corpus.models import SectionEmbedding, SectionVector

pytestmark = pytest.mark.django_db
postgres_only = pytest.mark.skipif("connection.vendor != 'postgresql'", reason="pgvector is PostgreSQL's")

QUESTIONS = [
    "Can my employer fire me for being pregnant?",
    "How long does copyright last after the author dies?",
    "Can the government give my personal information to the police?",
    "When do I get paid overtime?",
    "who decides a complaint about discrimination",
]


def _exact(question, version_ids, space=section_vectors.ENGLISH_SPACE):
    """{provision id: best cosine}: every section, from the numpy matrices SQLite searches."""
    best = {}
    for ids, matrix in section_vectors.version_matrices(version_ids, space):
        for pk, score in zip(ids.tolist(), (matrix @ question).tolist(), strict=True):
            best[pk] = max(score, best.get(pk, score))
    return best


def _ranked(scores, n):
    return sorted(scores, key=lambda pk: (-scores[pk], pk))[:n]


@postgres_only
def test_the_extension_and_the_hnsw_index_are_installed():
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_extension WHERE extname = 'vector'")
        assert cursor.fetchone()[0] == 1
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'corpus_sectionvector_hnsw'")
        assert "USING hnsw (embedding halfvec_ip_ops)" in cursor.fetchone()[0]


@postgres_only
def test_every_stored_vector_of_a_searched_section_is_indexed_once():
    versions = section_vectors.latest_version_ids()
    expected = {(v, pk, key) for v in versions
                for key, pks in section_vectors._section_keys(v, section_vectors.ENGLISH_SPACE).items()
                for pk in pks}
    held = set(SectionVector.objects.filter(version_id__in=versions).values_list("version_id", "provision_id", "text_id"))
    assert held == expected
    # Re-running adds nothing.
    assert section_vectors.embed_versions(versions) == (0, 0, 0)
    assert SectionVector.objects.filter(version_id__in=versions).count() == len(expected)


@pytest.mark.skipif(not embeddings.available(), reason="the encoder is not installed")
@pytest.mark.parametrize("question", QUESTIONS)
def test_the_index_finds_the_sections_numpy_ranks_closest(question):
    versions = section_vectors.latest_version_ids()
    vector = embeddings.encode_query(question)
    exact = _exact(vector, versions)
    searched = [section_vectors.similarities(vector, versions, section_vectors.ENGLISH_SPACE, 20)]
    if connection.vendor == "postgresql":  # the default corpus is ranked exactly: walk the index too
        searched.append(pg_vectors.closest(vector, versions, 20, exact_rows=0))
    for found in searched:
        assert _ranked(found, 20) == _ranked(exact, 20)
        assert all(abs(found[pk] - exact[pk]) < 1e-4 for pk in found)


@pytest.mark.skipif(not embeddings.available(), reason="the encoder is not installed")
def test_a_candidate_outside_the_nearest_gets_its_exact_cosine():
    versions = section_vectors.latest_version_ids()
    vector = embeddings.encode_query(QUESTIONS[0])
    exact = _exact(vector, versions)
    far = _ranked(exact, len(exact))[-3:]  # the three least similar sections
    found = section_vectors.similarities(vector, versions, section_vectors.ENGLISH_SPACE, 5, candidates=far)
    assert set(found) == set(_ranked(exact, 5)) | set(far)
    assert all(abs(found[pk] - exact[pk]) < 1e-4 for pk in far)


@postgres_only
def test_the_large_case_walks_the_hnsw_index():
    versions = section_vectors.latest_version_ids()
    question = "[" + ",".join(["0.05"] * 384) + "]"
    plans = []
    for order in ("embedding <#> %s::halfvec", "(embedding <#> %s::halfvec) + 0"):
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_sort = off")  # as closest() sets it for the large case
            cursor.execute("EXPLAIN " + pg_vectors.NEAREST.format(order=order), [question, versions, question, 60])
            plans.append("\n".join(row[0] for row in cursor.fetchall()))
    through_index, exact = plans
    assert "Index Scan using corpus_sectionvector_hnsw" in through_index
    assert "hnsw" not in exact


@postgres_only
def test_a_first_load_builds_the_index_after_the_rows_and_search_reads_it():
    versions = section_vectors.latest_version_ids()
    count = SectionVector.objects.filter(version_id__in=versions).count()
    SectionVector.objects.all().delete()
    assert not section_vectors.has_vectors(versions, section_vectors.ENGLISH_SPACE)
    assert section_vectors.embed_versions(versions) == (0, 0, 0)
    assert SectionVector.objects.filter(version_id__in=versions).count() == count
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_indexes WHERE indexname = 'corpus_sectionvector_hnsw'")
        assert cursor.fetchone()[0] == 1


@postgres_only
def test_a_deleted_stored_vector_takes_its_index_rows_with_it():
    row = SectionVector.objects.first()
    assert row is not None
    SectionEmbedding.objects.filter(text_sha256=row.text_id).delete()
    assert not SectionVector.objects.filter(text_id=row.text_id).exists()
    assert len(SectionVector.objects.first().embedding) == 384
