"""The Korean auditor against a labelled set of memo claims over the three Korean laws
(research/evals/claims/korean.yaml): every finding, every kind of claim.

A claim labelled contradicted or unknown must never come out verified. Accuracy is held to a
floor: the measured figure less its margin of error (95%, normal approximation), so a change
that costs claims shows, and noise does not.
"""

from collections import Counter

import pytest
import yaml

from research.evals.claims import KOREAN_CLAIMS
from tests.verifier.korean_fixtures import KoreanArticles
from verifier.korean_claims import KoreanChecker

LABELLED = KOREAN_CLAIMS
LABELS = ("verified", "contradicted", "unknown")
# Measured: 45 of 46 right (0.978; the miss is lsa-76-2-harassment, unknown: "주는" of "주거나"
# is read as a word of its own). Margin of error 1.96 * sqrt(0.978 * 0.022 / 46) = 0.042.
ACCURACY_FLOOR = 0.93
KINDS = {"nonexistent-article", "nonexistent-hang", "nonexistent-ho", "nonexistent-mok", "deleted",
         "altered-quote", "quote-in-other-article", "wrong-figure", "flipped-modality", "interpretive",
         "law-not-held", "precedent-not-held", "own-words", "verbatim-quote"}


def items():
    return yaml.safe_load(LABELLED.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def outcomes():
    return [(item, KoreanChecker(KoreanArticles()).check(item["claim"])) for item in items()]


def test_the_set_covers_every_finding_and_label():
    claims = items()
    assert len(claims) >= 40
    assert len({i["id"] for i in claims}) == len(claims)
    assert {i["kind"] for i in claims} == KINDS
    assert {i["label"] for i in claims} == set(LABELS)


def test_nothing_that_is_not_verified_comes_out_verified(outcomes):
    false_verified = [i["id"] for i, v in outcomes if v.label == "verified" and i["label"] != "verified"]
    assert false_verified == []


def test_accuracy_is_above_the_floor(outcomes):
    right = Counter(i["label"] for i, v in outcomes if v.label == i["label"])
    total = Counter(i["label"] for i, _ in outcomes)
    print({label: f"{right[label]}/{total[label]}" for label in LABELS})
    assert sum(right.values()) / len(outcomes) >= ACCURACY_FLOOR


def test_each_contradiction_has_its_finding(outcomes):
    codes = {"nonexistent-article": "unknown-section", "nonexistent-hang": "pinpoint-not-found",
             "nonexistent-ho": "pinpoint-not-found", "nonexistent-mok": "pinpoint-not-found",
             "deleted": "repealed", "altered-quote": "quote-mismatch", "quote-in-other-article": "wrong-unit",
             "wrong-figure": "text-differs", "flipped-modality": "text-differs"}
    wrong = [(i["id"], v.code) for i, v in outcomes if i["kind"] in codes and v.code != codes[i["kind"]]]
    assert wrong == []


def test_in_local_only_mode_every_claim_is_unknown():
    checker = KoreanChecker(KoreanArticles(), local_only=True)
    assert {checker.check(i["claim"]).rationale for i in items()} == {
        "로컬 전용 모드에서는 외부 원문을 조회하지 않았습니다."}
