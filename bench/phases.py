"""One benchmark phase, run in its own process against the database in the environment.

Usage: python bench/phases.py counts|search|page|claims|pipeline|embed|vector_index — prints one JSON line.
"""

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return None
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def timed_ms(fn, repeat):
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def counts():
    from corpus.models import Act, ActVersion, Provision, ProvisionText

    size = None
    if connection.vendor == "sqlite":
        size = Path(connection.settings_dict["NAME"]).stat().st_size
    else:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_database_size(current_database())")
            size = cursor.fetchone()[0]
    return {"acts": Act.objects.count(), "versions": ActVersion.objects.count(),
            "provisions": Provision.objects.count(), "distinct_texts": ProvisionText.objects.count(),
            "db_mb": round(size / 1e6, 1)}


def bench_queries():
    """At least 200 realistic queries: the golden questions plus real marginal notes as topics."""
    import random

    import yaml

    from corpus.models import SectionDoc

    questions = []
    golden = ROOT / "research" / "evals" / "golden.yaml"
    if golden.exists():
        questions = [item["question"] for item in yaml.safe_load(golden.read_text())]
    notes = list(SectionDoc.objects.exclude(marginal_note="").values_list("marginal_note", flat=True)[:20000])
    random.Random(7).shuffle(notes)
    return questions + [f"what does the law say about {n.lower()}" for n in notes[: max(0, 220 - len(questions))]]


def search():
    from corpus.search import search as run_search

    queries = bench_queries()
    run_search(queries[0])  # warm the connection and caches
    samples = []
    for q in queries:
        started = time.perf_counter()
        run_search(q, limit=10)
        samples.append((time.perf_counter() - started) * 1000)
    return {"queries": len(samples), "p50_ms": round(percentile(samples, 50), 2),
            "p95_ms": round(percentile(samples, 95), 2), "target_p95_ms": 30}


def page():
    from django.db.models.functions import Length
    from django.test import Client

    from corpus.models import Provision

    section = (Provision.objects.filter(kind=Provision.KIND_SECTION).annotate(n=Length("text__text"))
               .order_by("-n").select_related("version__act").first())
    client = Client()
    url = f"/acts/{section.version.act.code}/{section.unit_id}/"
    status = client.get(url).status_code
    samples = timed_ms(lambda: client.get(url), 30)
    return {"section": section.pinpoint, "chars": section.n, "status": status,
            "p50_ms": round(percentile(samples, 50), 1), "p95_ms": round(percentile(samples, 95), 1)}


def claims():
    import yaml

    from verifier.service import check_claim_items

    items = yaml.safe_load((ROOT / "tests" / "verifier" / "claims_labelled.yaml").read_text())
    check_claim_items(items[:5])
    started = time.perf_counter()
    rounds = 3
    for _ in range(rounds):
        check_claim_items(items)
    seconds = time.perf_counter() - started
    return {"claims": len(items) * rounds, "claims_per_s": round(len(items) * rounds / seconds, 1)}


def languages():
    """Korean and French search over the default corpus with the multilingual-e5 stage and, in the
    same process, without it (the lexical baseline), plus the time to encode one question (e5,
    and English with all-MiniLM-L6-v2)."""
    import yaml

    from corpus import korean_search, multilingual, search_semantic
    from corpus import search as search_module
    from corpus.languages import question_lang

    evals = ROOT / "research" / "evals"
    sets = {"korean": ["korean_golden.yaml", "korean_holdout.yaml"], "french": ["sealed/sealed_fr.yaml", "dev_fr.yaml"]}
    out = {}
    for name, files in sets.items():
        questions = [item["question"] for f in files for item in yaml.safe_load((evals / f).read_text())]
        search_module.search(questions[0], lang=question_lang(questions[0]))  # warm the caches and model
        for stage in ("e5", "lexical"):
            similar, similarity = korean_search._similar, search_semantic.similarity
            if stage == "lexical":
                korean_search._similar = lambda *a: []
                search_semantic.similarity = lambda *a: {}
            try:
                samples = [timed_ms(lambda q=q: search_module.search(q, lang=question_lang(q), limit=10), 1)[0]
                           for q in questions]
            finally:
                korean_search._similar, search_semantic.similarity = similar, similarity
            out[f"{name}_{stage}_p50_ms"] = round(percentile(samples, 50), 1)
            out[f"{name}_{stage}_p95_ms"] = round(percentile(samples, 95), 1)
        out[f"{name}_queries"] = len(questions)
    from corpus import embeddings

    if embeddings.available():
        # English questions, encoded afresh (encode_one: no cache) by all-MiniLM-L6-v2 on onnxruntime.
        english = [item["question"] for f in ("golden.yaml", "dev.yaml") for item in
                   yaml.safe_load((evals / f).read_text())]
        embeddings.encode_one(english[0])
        samples = [timed_ms(lambda q=q: embeddings.encode_one(q), 1)[0] for q in english]
        out["english_question_encoding_p50_ms"] = round(percentile(samples, 50), 1)
        out["english_question_encoding_p95_ms"] = round(percentile(samples, 95), 1)
    if multilingual.available():
        # encode_query's cache already holds these questions (searched above): time the encoder.
        samples = [timed_ms(lambda q=q: multilingual.encode_query.__wrapped__(q), 1)[0] for q in questions]
        out["e5_question_encoding_p50_ms"] = round(percentile(samples, 50), 1)
        out["e5_question_encoding_p95_ms"] = round(percentile(samples, 95), 1)
        out["target_e5_question_encoding_p95_ms"] = 15
    return out


def pipeline():
    from bench.pipeline_bench import measure

    return measure()


def embed():
    """What embedding the whole book's searched sections would take: every text the English and
    French spaces embed for the latest versions held is counted; a random sample of 256 English
    and 32 French texts is encoded to time each model, and the whole is extrapolated from it (on
    this machine the whole would take hours, so it is not run). Peak memory is the process's."""
    import random
    import resource

    from corpus import section_vectors

    out = {}
    for space, sample_size in ((section_vectors.ENGLISH_SPACE, 256), (section_vectors.FRENCH_SPACE, 32)):
        if not space.available():
            continue
        inputs = section_vectors.section_inputs(section_vectors.latest_version_ids(space), space)
        texts = list(inputs.values())
        sample = random.Random(7).sample(texts, min(sample_size, len(texts)))
        space.encode(sample[:4])  # load the model
        started = time.perf_counter()
        space.encode(sample)
        rate = len(sample) / (time.perf_counter() - started)
        out[f"{space.name}_texts"] = len(texts)
        out[f"{space.name}_texts_per_s"] = round(rate, 1)
        out[f"{space.name}_whole_hours_estimated"] = round(len(texts) / rate / 3600, 1)
        # float16 x 384 and its 64-character key, as SectionEmbedding stores them.
        out[f"{space.name}_vectors_mb"] = round(len(texts) * (384 * 2 + 64) / 1e6, 1)
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return out


def vector_index():
    """PostgreSQL: the section-vector rows and their indexes (HNSW included) on this database."""
    if connection.vendor != "postgresql":
        return {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*), pg_table_size('corpus_sectionvector'), "
                       "pg_relation_size('corpus_sectionvector_hnsw'), pg_indexes_size('corpus_sectionvector') "
                       "FROM corpus_sectionvector")
        rows, table, hnsw, indexes = cursor.fetchone()
    return {"rows": rows, "table_mb": round(table / 1e6, 1), "hnsw_index_mb": round(hnsw / 1e6, 1),
            "all_indexes_mb": round(indexes / 1e6, 1)}


if __name__ == "__main__":
    phase = sys.argv[1]
    print(json.dumps(globals()[phase]()))
