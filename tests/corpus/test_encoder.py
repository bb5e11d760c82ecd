"""The sentence encoder as onnxruntime runs it (corpus/data/encoder/graph.onnx, parameters from
the model's safetensors) gives the vectors of the reference implementation (PyTorch, float32),
written by scripts/train_encoder/export.py when the graph was exported."""

import hashlib
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


def test_vectors_are_keyed_by_text_for_the_base_model_and_apart_for_a_model_measured(monkeypatch):
    # The shipped vectors (corpus/data/ca/embeddings.npz) are keyed by the text's SHA-256 alone;
    # a model measured through VERBATIM_ENCODER_WEIGHTS keys its own apart, by its name.
    base = hashlib.sha256(b"abc").hexdigest()
    assert embeddings.MODEL == "all-MiniLM-L6-v2" and embeddings.input_sha256("abc") == base
    monkeypatch.setattr(embeddings, "WEIGHTS", "var/train/run/model/model.safetensors")
    monkeypatch.setattr(embeddings, "MODEL", "all-MiniLM-L6-v2 + model")
    assert embeddings.input_sha256("abc") == hashlib.sha256(b"all-MiniLM-L6-v2 + model\nabc").hexdigest()


def test_parameters_given_from_another_safetensors_file_are_the_ones_used(tmp_path):
    # What VERBATIM_ENCODER_WEIGHTS does: the graph filled from a file of the same shape. A copy
    # of the base weights with one layer's output zeroed must give other vectors.
    from safetensors.numpy import load_file, save_file

    tensors = load_file(str(embeddings._model_dir() / "model.safetensors"))
    key = next(k for k in tensors if k.endswith("encoder.layer.5.output.dense.weight"))
    tensors[key] = np.zeros_like(tensors[key])
    save_file(tensors, str(tmp_path / "model.safetensors"))
    sentences = json.loads(REFERENCE.read_text())["sentences"]
    same = embeddings.Encoder(embeddings._model_dir(), embeddings._model_dir() / "model.safetensors")
    other = embeddings.Encoder(embeddings._model_dir(), tmp_path / "model.safetensors")
    assert np.allclose(same.encode_batch(sentences), embeddings.encode(sentences), atol=1e-5)
    assert not np.allclose(other.encode_batch(sentences), embeddings.encode(sentences), atol=1e-2)
