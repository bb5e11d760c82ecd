"""The sentence encoder as onnxruntime runs it (corpus/data/encoder/graph.onnx, parameters from
the model's safetensors) gives the vectors of the reference implementation (PyTorch, float32),
written by scripts/train_encoder/export.py when the graph was exported."""

import json
from pathlib import Path

import numpy as np

from corpus import embeddings

REFERENCE = Path(__file__).parent / "data" / "encoder_reference.json"


def test_the_encoder_is_installed_with_the_app():
    assert embeddings.available()
    assert {"employer", "complaint"} <= embeddings.english_words()


def test_onnxruntime_gives_the_reference_vectors():
    reference = json.loads(REFERENCE.read_text())
    vectors = embeddings.encode(reference["sentences"])
    expected = np.array(reference["vectors"], dtype=np.float32)
    # The same float32 model: equal to rounding (another model, or parameters filled under the
    # wrong names, gives cosines well under 0.99).
    assert np.abs(vectors - expected).max() < 1e-4
    assert ((vectors * expected).sum(axis=1) > 0.99999).all()


def test_vectors_are_keyed_by_text_for_the_base_model():
    # The shipped vectors (corpus/data/ca/embeddings.npz) are keyed by the text's SHA-256 alone;
    # a model measured through VERBATIM_ENCODER_WEIGHTS would key them apart.
    assert embeddings.MODEL == "all-MiniLM-L6-v2"
    assert embeddings.input_sha256("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
