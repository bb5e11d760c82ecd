"""Section vectors: computed and stored once per text (SectionEmbedding), read by search.

    embed_versions(version_ids)       # store what is missing -> (from file, computed, left)
    version_matrices(version_ids)     # [(provision ids, float32 (n, 384))] for search
    version_matrices(ids, KOREAN_SPACE)  # the same for Korean articles, in e5's space
    similarities(question, version_ids, space, nearest=50, candidates=ids)  # {provision id: cosine}

A section has one vector per text embeddings.section_inputs() gives for it (its opening, then
passages of a long body), so a provision id can appear on several rows of its version's
matrix; search takes the closest. Each vector is keyed by the SHA-256 of the exact text
embedded. Vectors shipped for the default corpus
(corpus/data/ca/embeddings.npz: key = that SHA-256, value = float16 x 384) are used before
anything is computed, so loading the default corpus does not run the model.
English sections are embedded with all-MiniLM-L6-v2 (corpus/embeddings.py, an English model),
Korean articles with multilingual-e5-small (corpus/multilingual.py): each is a Space, and the
vectors of both sit in one table, keyed apart (a Space's key hashes its own input).
"""

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.db import connection

from corpus import embeddings, multilingual, pg_vectors
from corpus.models import (
    KOREAN,
    ActVersion,
    EmbeddedVersion,
    SectionDoc,
    SectionEmbedding,
)

DATA = Path(__file__).resolve().parent / "data"
SHIPPED = DATA / "ca" / "embeddings.npz"


@dataclass(frozen=True)
class Space:
    """One model's vectors for some languages: the texts of a section it embeds (note, headings,
    body -> [text]), each text's key, the encoder and the shipped file."""

    name: str  # as `embed_sections --space` takes it
    model: str
    langs: tuple
    inputs: Callable
    key: Callable
    encode: Callable
    encode_query: Callable
    available: Callable
    shipped: Path
    every_version: bool = False  # embed every version held, not only the latest (few, small laws)


ENGLISH_SPACE = Space("minilm-eng", embeddings.MODEL, ("eng",), embeddings.section_inputs,
                      embeddings.input_sha256, embeddings.encode, embeddings.encode_query,
                      embeddings.available, SHIPPED)
# French sections: the same texts as the English ones (opening, then passages), in e5's space.
FRENCH_SPACE = Space("e5-fra", multilingual.MODEL, ("fra",), embeddings.section_inputs,
                     multilingual.input_sha256, multilingual.encode, multilingual.encode_query,
                     multilingual.available, DATA / "ca" / "e5_fra.npz")
KOREAN_SPACE = Space("e5-kor", multilingual.MODEL, (KOREAN,), multilingual.korean_inputs,
                     multilingual.input_sha256, multilingual.encode, multilingual.encode_query,
                     multilingual.available, DATA / "kr" / "e5_vectors.npz", every_version=True)
SPACES = (ENGLISH_SPACE, FRENCH_SPACE, KOREAN_SPACE)


def space_for(lang):
    """The Space that embeds sections in `lang`, or None."""
    return next((space for space in SPACES if lang in space.langs), None)
LANGS = ENGLISH_SPACE.langs


def latest_version_ids(space=ENGLISH_SPACE):
    """The latest version of each Act in each language of the space: the one search reads."""
    return ActVersion.latest_ids(space.langs)


def searched_version_ids(space=ENGLISH_SPACE):
    """The versions whose sections the space embeds: every version for a space that embeds
    them all (Korean revisions), else the latest of each Act."""
    return all_version_ids(space) if space.every_version else latest_version_ids(space)


def all_version_ids(space=ENGLISH_SPACE):
    return sorted(ActVersion.objects.filter(lang__in=space.langs).values_list("pk", flat=True))


def section_inputs(version_ids, space=ENGLISH_SPACE):
    """{key: text embedded} for every section document of the versions given."""
    inputs = {}
    for texts in inputs_by_version(version_ids, space).values():
        inputs.update(texts)
    return inputs


def inputs_by_version(version_ids, space=ENGLISH_SPACE):
    """{version id: {key: text embedded}} for every section document of the versions given."""
    inputs = {v: {} for v in version_ids}
    docs = (SectionDoc.objects.filter(version_id__in=version_ids)
            .values_list("version_id", "marginal_note", "headings", "body").iterator(chunk_size=2000))
    for version_id, marginal_note, headings, body in docs:
        for text in space.inputs(marginal_note, headings, body):
            inputs[version_id][space.key(text)] = text
    return inputs


def embed_versions(version_ids, shipped=None, compute=True, progress=None, space=ENGLISH_SPACE, limit=None):
    """Store a vector for every section of the versions that has none.

    Returns (taken from the `shipped` .npz, the space's own file by default, computed, left
    without a vector). The shipped vectors are used first; the rest are computed only when
    `compute` (needs the space's model: space.available()), else left; at most `limit` are
    computed (all when None). Versions left with nothing missing are recorded as embedded
    (EmbeddedVersion); on PostgreSQL their vectors are indexed (corpus/pg_vectors.py).
    """
    import numpy as np

    shipped = space.shipped if shipped is None else shipped
    by_version = inputs_by_version(version_ids, space)
    inputs = {key: text for texts in by_version.values() for key, text in texts.items()}
    held = set()
    keys = list(inputs)
    for i in range(0, len(keys), 500):
        held.update(SectionEmbedding.objects.filter(text_sha256__in=keys[i:i + 500])
                    .values_list("text_sha256", flat=True))
    missing = [k for k in keys if k not in held]
    from_file = {}
    if missing and shipped and Path(shipped).exists():
        with np.load(shipped) as stored:
            from_file = {k: stored[k] for k in missing if k in stored}
    _save(from_file)
    to_compute = [k for k in missing if k not in from_file]
    computed = to_compute[:limit] if compute else []
    for i in range(0, len(computed), 256):
        chunk = computed[i:i + 256]
        vectors = space.encode([inputs[k] for k in chunk])
        _save(dict(zip(chunk, vectors, strict=True)))
        if progress:
            progress(min(i + 256, len(computed)), len(computed))
    left = set(to_compute[len(computed):])
    done = [v for v, texts in by_version.items() if not left & texts.keys()]
    EmbeddedVersion.objects.bulk_create([EmbeddedVersion(version_id=v, texts=len(by_version[v])) for v in done],
                                        ignore_conflicts=True)
    if pg_vectors.in_use():
        pg_vectors.index_versions({v: _section_keys(v, space) for v in version_ids})
    return len(from_file), len(computed), len(left)


def _save(vectors):
    import numpy as np

    rows = [SectionEmbedding(text_sha256=k, vector=np.asarray(v, dtype="<f2").tobytes())
            for k, v in vectors.items()]
    SectionEmbedding.objects.bulk_create(rows, batch_size=500, ignore_conflicts=True)


def export_npz(path, version_ids, space=ENGLISH_SPACE):
    """Write the stored vectors of the versions' sections to `path` (.npz, float16)."""
    import numpy as np

    inputs = section_inputs(version_ids, space)
    found = {}
    keys = list(inputs)
    for i in range(0, len(keys), 500):
        for sha, blob in SectionEmbedding.objects.filter(text_sha256__in=keys[i:i + 500]).values_list(
                "text_sha256", "vector"):
            found[sha] = np.frombuffer(bytes(blob), dtype="<f2")
    np.savez_compressed(path, **found)
    return len(found)


# (database, space, version id) -> (provision ids, float32 matrix), or None, of a version recorded
# as embedded: its vectors are whole and a version's sections never change, so it is read once.
# All are dropped when the number of stored vectors falls (vectors deleted, a test rolled back);
# the Nones when it rises.
_matrices = {}
_generation = {}
_embedded = {}  # database -> (EmbeddedVersion rows, their version ids)
_lock = threading.Lock()


def version_matrices(version_ids, space=ENGLISH_SPACE):
    """[(provision ids array, float32 (n, 384) unit vectors)] for the versions given that are
    recorded as embedded (EmbeddedVersion) and hold a stored vector, one per version; [] when none
    does. A version the worker is still embedding is left out until it is whole (its sections are
    matched by their words meanwhile), so new vectors never make search read again what it holds.
    An id is repeated for each of its section's texts (the opening and each passage); ids are
    sorted, so a section's rows are adjacent."""
    database = connection.settings_dict["NAME"]
    generation = _stored_count()
    if not generation:
        return []
    with _lock:
        previous = _generation.get(database, 0)
        if generation != previous:
            # Fewer vectors: read everything again. More: only what had none may have some now.
            for key in [k for k in _matrices if k[0] == database and (generation < previous or _matrices[k] is None)]:
                del _matrices[key]
        _generation[database] = generation
    embedded = _embedded_versions(database)
    found = []
    for version_id in version_ids:
        if version_id not in embedded:
            continue
        key = (database, space.name, version_id)
        if key not in _matrices:
            matrix = _read_matrix(version_id, space)  # None: a version without sections, or vectors deleted
            with _lock:
                _matrices[key] = matrix
        matrix = _matrices[key]
        if matrix is not None:
            found.append(matrix)
    return found


def _embedded_versions(database):
    """The ids of the versions recorded as embedded, read again when their number changes."""
    count = EmbeddedVersion.objects.count()
    held = _embedded.get(database)
    if held is None or held[0] != count:
        held = (count, frozenset(EmbeddedVersion.objects.values_list("version_id", flat=True)))
        with _lock:
            _embedded[database] = held
    return held[1]


def has_vectors(version_ids, space):
    """True when any section of the versions has a vector search can read."""
    if pg_vectors.in_use():
        return pg_vectors.has_rows(version_ids)
    return bool(version_matrices(version_ids, space))


def similarities(question, version_ids, space, nearest, candidates=()):
    """{provision id: best cosine of `question` with the section's texts} for the `nearest`
    sections of the versions closest to it and for each of `candidates` that has a vector; {} when
    none has. PostgreSQL asks its HNSW index (corpus/pg_vectors.py); SQLite multiplies the
    versions' matrices (version_matrices) and takes the same sections exactly."""
    if pg_vectors.in_use():
        return pg_vectors.closest(question, version_ids, nearest, candidates)
    import numpy as np

    section_ids, closest = [], []
    for ids, vectors in version_matrices(version_ids, space):
        # A section's rows (its opening and its passages) are adjacent: it is as close as the
        # closest of them.
        starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
        section_ids.append(ids[starts])
        closest.append(np.maximum.reduceat(vectors @ question, starts))
    if not section_ids:
        return {}
    ids, best = np.concatenate(section_ids), np.concatenate(closest)
    # The `nearest` best (ties to the lower id), chosen in numpy: over a large share of the book a
    # dict of every section cost more than the products.
    count = min(nearest, len(ids))
    keep = []
    if count:
        kth = np.partition(best, len(best) - count)[len(best) - count]
        tied_or_better = np.flatnonzero(best >= kth)
        keep = sorted(tied_or_better.tolist(), key=lambda i: (-best[i], ids[i]))[:count]
    if candidates:
        keep += np.flatnonzero(np.isin(ids, np.fromiter(candidates, dtype=np.int64))).tolist()
    return {int(ids[i]): float(best[i]) for i in keep}


def _stored_count():
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM corpus_sectionembedding")
        return cursor.fetchone()[0]


def _section_keys(version_id, space):
    """{text key: [provision ids]} of the texts the space embeds for the version's sections."""
    by_sha = {}
    docs = SectionDoc.objects.filter(version_id=version_id).values_list(
        "provision_id", "marginal_note", "headings", "body")
    for pk, marginal_note, headings, body in docs.iterator(chunk_size=2000):
        for text in space.inputs(marginal_note, headings, body):
            by_sha.setdefault(space.key(text), []).append(pk)
    return by_sha


def _read_matrix(version_id, space):
    import numpy as np

    by_sha = _section_keys(version_id, space)
    ids, vectors = [], []
    keys = list(by_sha)
    for i in range(0, len(keys), 500):
        for sha, blob in SectionEmbedding.objects.filter(text_sha256__in=keys[i:i + 500]).values_list(
                "text_sha256", "vector"):
            vector = np.frombuffer(bytes(blob), dtype="<f2")
            for pk in by_sha[sha]:
                ids.append(pk)
                vectors.append(vector)
    if not ids:
        return None
    ids = np.array(ids, dtype=np.int64)
    order = np.argsort(ids, kind="stable")  # a section's rows side by side (see version_matrices)
    return ids[order], np.vstack(vectors).astype(np.float32)[order]
