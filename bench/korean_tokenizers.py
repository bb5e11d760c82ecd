"""Korean search tokenizers measured on 16 questions (corpus/korean_search.py quotes the figures).

    .venv/bin/python bench/korean_tokenizers.py     # kiwipiepy rows need: pip install kiwipiepy

Character bigrams (BM25F), kiwipiepy morphemes, both, and SQLite FTS5's trigram tokenizer, over
the newest revision of each law in ../shared/corpus/kr (no database). Not part of the app.
"""

import collections
import math
import re
import sqlite3
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from corpus.ingest import korean_laws as k  # noqa: E402 - after the path is set

KR = ROOT.parent / "shared" / "corpus" / "kr"
FILES = {
    "민법": KR / "민법/법률.md",
    "개인정보보호법": KR / "개인정보 보호법/법률.md",
    "근로기준법": KR / "근로기준법/법률.md",
}
docs = []
for code, f in FILES.items():
    v = k.parse(f.read_bytes(), str(f))
    for n in v.nodes:
        if n.kind == "section" and n.status != "repealed":
            docs.append((f"{code}:{n.unit_id}", n.marginal_note, n.heading_path, n.text))
Q = [
    ("회사가 야근 수당을 안 줘요", "근로기준법:제56조"),
    ("해고하려면 며칠 전에 알려줘야 하나요?", "근로기준법:제26조"),
    ("연차휴가는 1년에 며칠 받을 수 있나요", "근로기준법:제60조"),
    ("가게에서 손님 개인정보를 수집하려면 동의를 받아야 하나요?", "개인정보보호법:제15조"),
    ("몇 살부터 성년인가요", "민법:제4조"),
    ("미성년자가 부모 동의 없이 한 계약은 취소할 수 있나요", "민법:제5조"),
    ("직장 상사가 괴롭히면 어떻게 되나요", "근로기준법:제76조의2"),
    ("개인정보가 유출되면 정보주체에게 알려야 하나요", "개인정보보호법:제34조"),
    ("집주인이 임대차 계약 기간 중에 수선을 안 해줘요", "민법:제623조"),
    ("일주일에 최대 몇 시간 일할 수 있나요", "근로기준법:제50조"),
    ("일하는 중간에 쉬는 시간은 얼마나 줘야 하나요", "근로기준법:제54조"),
    ("돈 빌려준 채권은 몇 년 지나면 시효로 소멸하나요", "민법:제162조"),
    ("사회질서에 반하는 계약은 무효인가요", "민법:제103조"),
    ("월급을 늦게 주면 어떻게 되나요 임금 지급", "근로기준법:제43조"),
    ("CCTV를 가게에 설치해도 되나요", "개인정보보호법:제25조"),
    ("퇴사하면 14일 안에 남은 임금을 다 받을 수 있나요", "근로기준법:제36조"),
]


def bigrams(s):
    out = []
    for w in re.findall(r"[가-힣]+|[A-Za-z0-9]+", s):
        if len(w) == 1:
            out.append(w)
        out += [w[i : i + 2] for i in range(len(w) - 1)]
    return out


def bm25(tokenize, field_weights=(3.0, 1.0, 1.0)):
    tf = []
    df = collections.Counter()
    lens = []
    for _pid, note, head, body in docs:
        c = collections.Counter()
        for w, text in zip(field_weights, (note, head, body), strict=True):
            for t in tokenize(text):
                c[t] += w
        tf.append(c)
        lens.append(sum(c.values()))
        df.update(c.keys())
    N = len(docs)
    avg = sum(lens) / N

    def search(q):
        qt = set(tokenize(q))
        scores = []
        for i, c in enumerate(tf):
            s = 0.0
            for t in qt:
                if t in c:
                    idf = math.log(1 + (N - df[t] + 0.5) / (df[t] + 0.5))
                    s += idf * c[t] * 2.2 / (c[t] + 1.2 * (0.25 + 0.75 * lens[i] / avg))
            if s:
                scores.append((s, docs[i][0]))
        return [p for _, p in sorted(scores, reverse=True)[:5]]

    return search


def evaluate(name, search):
    t = time.time()
    hits = 0
    ranks = []
    for q, want in Q:
        got = search(q)
        r = got.index(want) + 1 if want in got else None
        ranks.append(r)
        hits += r is not None
    print(
        f"{name}: recall@5 {hits}/{len(Q)} = {hits / len(Q):.2f}; ranks {ranks}; {1000 * (time.time() - t) / len(Q):.1f} ms/query"
    )


t = time.time()
s1 = bm25(bigrams)
print("bigram index", round(time.time() - t, 2), "s")
evaluate("char bigrams", s1)
try:
    from kiwipiepy import Kiwi
except ImportError:
    Kiwi = None
    print("kiwipiepy not installed: its rows are skipped")
KEEP = ("NN", "VV", "VA", "XR", "SL", "SN", "MAG")
kiwi = Kiwi() if Kiwi else None


def morph(s):
    return [t.form for t in kiwi.tokenize(s) if t.tag.startswith(KEEP)]


def both(s):
    return morph(s) + bigrams(s)


if kiwi:
    t = time.time()
    s2 = bm25(morph)
    print("kiwi index", round(time.time() - t, 2), "s")
    evaluate("kiwi morphemes", s2)
    evaluate("kiwi + bigrams", bm25(both))
# SQLite FTS5 trigram
db = sqlite3.connect(":memory:")
db.execute("create virtual table d using fts5(pid unindexed, note, head, body, tokenize='trigram')")
db.executemany("insert into d values (?,?,?,?)", docs)


def fts(q):
    grams = set()
    for w in re.findall(r"[가-힣A-Za-z0-9]{3,}", q):
        grams.update(w[i : i + 3] for i in range(len(w) - 2))
    if not grams:
        return []
    expr = " OR ".join(f'"{g}"' for g in grams)
    return [
        r[0]
        for r in db.execute(
            "select pid from d where d match ? order by bm25(d, 0, 3.0, 1.0, 1.0) limit 5", (expr,)
        )
    ]


evaluate("FTS5 trigram", fts)


def app_tokens():
    """The app's own reading of a question (frame bigrams dropped, thesaurus added)."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research.settings")
    django.setup()
    from corpus import korean_search

    return korean_search.tokens, korean_search.query_tokens


doc_tokens, question_tokens = app_tokens()
_search = bm25(doc_tokens)
evaluate("bigrams + frame + thesaurus (corpus/korean_search.py)", lambda q: _search(" ".join(question_tokens(q))))
