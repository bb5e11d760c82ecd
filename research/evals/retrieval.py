"""Score a search function against golden questions: recall@k, MRR, rank per question.

    report = evaluate(items, lambda q: [pinpoints best first], k=5)

`items` are golden entries (id, question, expected, optional decline); other keys are
ignored. Questions marked decline are listed but excluded from recall and MRR. A
question is found at rank r when ANY of its expected section ids is at rank r.
"""

from dataclasses import asdict, dataclass, field
from pathlib import Path

import yaml

GOLDEN = Path(__file__).with_name("golden.yaml")
HOLDOUT = Path(__file__).with_name("holdout.yaml")  # written without looking at search; not for tuning
HOLDOUT2 = Path(__file__).with_name("holdout2.yaml")  # a second such set, written later by another hand
HOLDOUT3 = Path(__file__).with_name("holdout3.yaml")  # a third, in users' words, written 2026-12-01
DEV = Path(__file__).with_name("dev.yaml")  # written blind like them, but for tuning
DEV2 = Path(__file__).with_name("dev2.yaml")  # a second such set, by another hand
DEV3 = Path(__file__).with_name("dev3.yaml")  # a third, written after the statute-words change
DEV4 = Path(__file__).with_name("dev4.yaml")  # a fourth, six Acts (the Interpretation Act too)
DEV_FR = Path(__file__).with_name("dev_fr.yaml")  # in French, six Acts, written blind; tuning
KOREAN_GOLDEN = Path(__file__).with_name("korean_golden.yaml")  # Korean, 3 laws; sealed once, now tuning
KOREAN_HOLDOUT = Path(__file__).with_name("korean_holdout.yaml")  # Korean, sealed: never for tuning
THRESHOLDS = Path(__file__).with_name("thresholds.yaml")
# Sealed sets (research/evals/sealed/README.md): run once, never tuned on. These three are over the
# default corpus, so a fresh install measures them for /demo/evals/; sealed_book_en needs the
# whole statute book and is run by hand.
SEALED_DEFAULT = [Path(__file__).parent / "sealed" / f"{name}.yaml"
                  for name in ("sealed_default_en", "sealed_fr", "sealed_kr")]


def question_sets():
    """Every question set held beside this module (research/evals/*.yaml, not thresholds.yaml
    nor the eval ledger history.yaml) and the sealed sets over the default corpus: what a fresh
    install measures for /demo/evals/."""
    own = [p for p in sorted(GOLDEN.parent.glob("*.yaml")) if p.name not in ("thresholds.yaml", "history.yaml")]
    return own + SEALED_DEFAULT


DEPTH = 20  # ranks looked at for MRR; a question not found by then scores 0


@dataclass
class QuestionResult:
    id: str
    question: str
    expected: list
    rank: int | None  # 1-based rank of the first expected section, None if not in the top DEPTH
    top: list = field(default_factory=list)  # what came first (the top k returned)


@dataclass
class Report:
    k: int
    n: int
    recall_at_k: float
    mrr: float
    results: list = field(default_factory=list)
    declined: list = field(default_factory=list)

    def as_dict(self):
        return {"k": self.k, "n": self.n, "recall_at_k": round(self.recall_at_k, 4),
                "mrr": round(self.mrr, 4), "results": [asdict(r) for r in self.results]}


def load_golden(path=GOLDEN):
    """The golden items of a YAML file; refuses items without id, question or expected."""
    items = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or []
    for item in items:
        missing = [key for key in ("id", "question", "expected") if key not in item]
        if missing:
            raise ValueError(f"golden item {item.get('id', item)!r} lacks {', '.join(missing)}")
    return items


def load_thresholds(path=THRESHOLDS):
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))


def evaluate(items, search_fn, k=5):
    """Run `search_fn(question) -> [section ids best first]` over the items and score it."""
    results, declined = [], []
    for item in items:
        if item.get("decline"):
            declined.append(item["id"])
            continue
        ranked = list(search_fn(item["question"]))[:DEPTH]
        expected = set(item["expected"])
        rank = next((i for i, pin in enumerate(ranked, 1) if pin in expected), None)
        results.append(QuestionResult(id=item["id"], question=item["question"],
                                      expected=list(item["expected"]), rank=rank, top=ranked[:k]))
    n = len(results)
    found = sum(1 for r in results if r.rank is not None and r.rank <= k)
    mrr = sum(1 / r.rank for r in results if r.rank) / n if n else 0.0
    return Report(k=k, n=n, recall_at_k=found / n if n else 0.0, mrr=mrr, results=results,
                  declined=declined)
