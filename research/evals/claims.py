"""Score the claim checker against a labelled claims set: accuracy, and whether "verified" was
ever said of a claim that is not.

    report = evaluate_claims(load_claims(KOREAN_CLAIMS))
    report.figures()   # {"n", "accuracy", "verified_precision", "verified_recall", ...}

A claims set is a YAML list of {id, claim, label (verified | contradicted | unknown), kind, and
optionally as_at (the date its label is true at; today otherwise)}. Labels are the truth a
careful lawyer reading the text would give, never the checker's output. The claims are checked
through the service (verifier.service.check_claim_items) over the corpus held, as /check/ checks
a memo.
"""

from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path

import yaml

CLAIMS_DIR = Path(__file__).with_name("claims")
KOREAN_CLAIMS = CLAIMS_DIR / "korean.yaml"  # written from the statute text before the checker ran on it
KOREAN_BLIND = CLAIMS_DIR / "korean_blind.yaml"  # written blind by another hand; run once, tuning since
KOREAN_SEALED = CLAIMS_DIR / "korean_sealed.yaml"  # a third hand, blind; run once after the fixes, tuning since
CLAIM_SETS = [KOREAN_CLAIMS, KOREAN_BLIND, KOREAN_SEALED]
LABELS = ("verified", "contradicted", "unknown")


@dataclass
class ClaimResult:
    id: str
    claim: str
    expected: str
    got: str
    finding: str | None
    rationale: str

    @property
    def ok(self):
        return self.expected == self.got


@dataclass
class ClaimsReport:
    results: list = field(default_factory=list)

    def figures(self) -> dict:
        """accuracy; verified_precision (of the claims it called verified, the share that are:
        1.0 is the bar, a false "verified" is the one error a reader cannot see); verified_recall;
        and right / total per label."""
        n = len(self.results)
        said_verified = [r for r in self.results if r.got == "verified"]
        true_verified = [r for r in self.results if r.expected == "verified"]
        figures = {
            "n": n,
            "accuracy": round(sum(r.ok for r in self.results) / n, 4) if n else None,
            "verified_precision": (round(sum(r.ok for r in said_verified) / len(said_verified), 4)
                                   if said_verified else 1.0),
            "verified_recall": (round(sum(r.ok for r in true_verified) / len(true_verified), 4)
                                if true_verified else None),
            "false_verified": sum(not r.ok for r in said_verified),
        }
        for label in LABELS:
            of_label = [r for r in self.results if r.expected == label]
            figures[f"{label}_right"] = f"{sum(r.ok for r in of_label)}/{len(of_label)}"
        return figures


def load_claims(path) -> list[dict]:
    """The items of a claims set; refuses items without id, claim or a known label."""
    items = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or []
    for item in items:
        if not item.get("id") or not item.get("claim") or item.get("label") not in LABELS:
            raise ValueError(f"claim item {item.get('id', item)!r} needs an id, a claim and a label in {LABELS}")
    return items


def evaluate_claims(items) -> ClaimsReport:
    """Check every item as at its own date (items of one date are checked together)."""
    from verifier.service import check_claim_items

    by_position = {}
    ordered = sorted(enumerate(items), key=lambda pair: str(pair[1].get("as_at") or ""))
    for as_at, group in groupby(ordered, key=lambda pair: str(pair[1].get("as_at") or "")):
        group = list(group)
        checked = check_claim_items([item for _, item in group], as_at=as_at or None)
        for (position, item), result in zip(group, checked, strict=True):
            by_position[position] = ClaimResult(
                id=item["id"], claim=item["claim"], expected=item["label"], got=result["label"],
                finding=result.get("finding"), rationale=result.get("rationale") or "")
    return ClaimsReport(results=[by_position[i] for i in range(len(items))])
