"""The claim checker against a labelled set of memo claims over the default corpus.

A claim labelled contradicted or unknown must never come out verified: that is the one error a
lawyer cannot afford. Recall per label is printed (run with -s to see it) and held to a floor.
"""

import math
from collections import Counter
from pathlib import Path

import pytest
import yaml

from verifier.service import check_claim_items

LABELLED = Path(__file__).with_name("claims_labelled.yaml")
# Written without reading the checker or running it: a rule fitted to claims_labelled.yaml shows here.
HOLDOUT = Path(__file__).with_name("claims_holdout.yaml")
HOLDOUT2 = Path(__file__).with_name("claims_holdout2.yaml")  # a second such set, by another hand
# Written the same way, but to find faults: the checker was changed for what it showed.
DEV = Path(__file__).with_name("claims_dev.yaml")
LABELS = ("verified", "contradicted", "unknown")
# Verified recall is the price of never verifying wrongly: reading a claim in one clause of the
# text cost claims_dev.yaml one true claim (13/20, since back to 15/20) and stopped three wrong
# ones of claims_dev2.yaml. The lowest set is claims_holdout2.yaml at 11/15.
FLOORS = {"verified": 0.7, "contradicted": 0.8}


@pytest.fixture(scope="module")
def outcomes(django_db_setup, django_db_blocker):  # the seeded database, even when this file runs alone
    items = yaml.safe_load(LABELLED.read_text(encoding="utf-8"))
    with django_db_blocker.unblock():
        results = check_claim_items(items)
    return [(item, result) for item, result in zip(items, results, strict=True)]


def test_the_set_covers_every_label_and_kind():
    items = yaml.safe_load(LABELLED.read_text(encoding="utf-8"))
    assert len(items) >= 60
    assert len({i["id"] for i in items}) == len(items)
    kinds = {(i["label"], i["kind"]) for i in items}
    for kind in ("nonexistent-section", "nonexistent-subsection", "altered-quote",
                 "quote-in-other-section", "repealed"):
        assert ("contradicted", kind) in kinds
    assert {("unknown", "interpretive"), ("unknown", "no-provision")} <= kinds
    assert {i["label"] for i in items} == set(LABELS)


@pytest.mark.django_db
def test_nothing_that_is_not_verified_comes_out_verified(outcomes):
    false_verified = [_describe(i, r) for i, r in outcomes
                      if r["label"] == "verified" and i["label"] != "verified"]
    assert false_verified == []


@pytest.mark.django_db
def test_recall_per_label_is_above_the_floor(outcomes):
    total, right = Counter(), Counter()
    for item, result in outcomes:
        total[item["label"]] += 1
        right[item["label"]] += result["label"] == item["label"]
    recall = {label: right[label] / total[label] for label in LABELS}
    print("\nclaim checker on", LABELLED.name)
    for label in LABELS:
        print(f"  {label:<12} {right[label]:>3}/{total[label]:<3} recall {recall[label]:.2f}")
    for item, result in outcomes:
        if result["label"] != item["label"]:
            print("  MISS", _describe(item, result))
    for label, floor in FLOORS.items():
        assert recall[label] >= floor, f"{label} recall {recall[label]:.2f} < {floor}"


@pytest.mark.django_db
def test_contradictions_carry_the_finding_for_their_kind(outcomes):
    expected = {"nonexistent-section": {"unknown-section"},
                "nonexistent-subsection": {"pinpoint-not-found"},
                "altered-quote": {"quote-mismatch", "wrong-unit"},
                "quote-in-other-section": {"wrong-unit"},
                "repealed": {"repealed"}}
    wrong = [_describe(i, r) for i, r in outcomes
             if i["label"] == r["label"] == "contradicted" and r["finding"] not in expected[i["kind"]]]
    assert wrong == []


def _describe(item, result):
    return (f"{item['id']} ({item['kind']}): expected {item['label']}, got {result['label']} "
            f"/ {result['finding']}: {result['rationale']}")


@pytest.mark.django_db
@pytest.mark.parametrize("path", [HOLDOUT, HOLDOUT2, DEV], ids=["holdout", "holdout2", "dev"])
def test_the_held_out_and_dev_claims_never_come_out_verified_wrongly_and_keep_their_recall(path):
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    results = check_claim_items(items)
    false_verified = [_describe(i, r) for i, r in zip(items, results, strict=True)
                      if r["label"] == "verified" and i["label"] != "verified"]
    assert false_verified == []
    total, right = Counter(i["label"] for i in items), Counter()
    for item, result in zip(items, results, strict=True):
        right[item["label"]] += result["label"] == item["label"]
    assert set(total) == set(LABELS) and min(total.values()) >= 15
    for label, floor in FLOORS.items():
        assert right[label] / total[label] >= floor, (label, right[label], total[label])


def below_margin(measured, n):
    """A floor for `measured` of `n` faithful claims verified: the count less the 95% margin of
    error of its share (1.96 * sqrt(p (1 - p) / n)), rounded down, so a claim or two moving does not
    fail the suite and a real loss does. Counts measured on 2026-12-07."""
    share = measured / n
    return math.floor(measured - 1.96 * math.sqrt(share * (1 - share) * n))


def _probe(path):
    """(items, ids of the claims wrongly verified, for each true claim whether it was verified)."""
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    pairs = list(zip(items, check_claim_items(items), strict=True))
    false_verified = {i["id"] for i, r in pairs if r["label"] == "verified" and i["label"] != "verified"}
    return items, false_verified, [r["label"] == "verified" for i, r in pairs if i["label"] == "verified"]


# A third held-out set, written after the every-word rule: it measures what that rule costs.
HOLDOUT3 = Path(__file__).with_name("claims_holdout3.yaml")


@pytest.mark.django_db
def test_the_third_held_out_set_has_no_false_verified_and_keeps_its_recall():
    _, false_verified, verified = _probe(HOLDOUT3)
    assert false_verified == set()
    assert len(verified) == 30 and sum(verified) >= below_margin(17, 30)


# A fourth held-out set, written to measure false "unknown" on true claims that name who acts, count
# periods from events, join conditions with "and" or "or", list words or amounts per item (the
# shapes of this session's rules). Its first run: 26 of 36 true claims verified, as with the code
# before those rules; two wrong claims came out verified, both read across clauses of one section
# (s. 15's "reasonable" period put on consultations; s. 27(2)'s excluded first day said of both).
# Reading a claim against one path through the unit's lists (verifier/claims.py, _alignment_differs)
# stopped both: no false "verified" is tolerated here any more.
HOLDOUT4 = Path(__file__).with_name("claims_holdout4.yaml")


@pytest.mark.django_db
def test_the_fourth_held_out_set_keeps_its_true_claims_and_no_false_verified():
    items, false_verified, verified = _probe(HOLDOUT4)
    assert len(items) == 48
    assert false_verified == set()
    assert len(verified) == 36 and sum(verified) >= below_margin(27, 36)


# Sets written blind to probe false "verified": subtle errors in the words around verbatim quotes.
DEV2 = Path(__file__).with_name("claims_dev2.yaml")
# The third, written blind on 2026-12-01 (conditions dropped, floors read as caps, duties for
# powers...): its first run verified 5 of its 40 wrong claims. Five rules came of it (a bound
# turned, a bare "require" read as a duty, "whether or not" of a conditional text, a list's words
# each in the clause, quotes of two subsections joined).
DEV3 = Path(__file__).with_name("claims_dev3.yaml")
# The fourth, written blind the same day with error kinds the others lacked (an actor replaced,
# "and" read as "or", a period counted from another event, a deeming rule as a presumption, per
# item for all together...): its first run verified 7 of its 42 wrong claims, and four rules came
# of it (the party that acts, "or" for "and" between quotes, the event a period runs from, per item).
DEV4 = Path(__file__).with_name("claims_dev4.yaml")


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "verified_floor"), [(DEV2, below_margin(16, 20)), (DEV3, below_margin(17, 20)),
                                                      (DEV4, below_margin(15, 18))],
                         ids=["claims_dev2", "claims_dev3", "claims_dev4"])
def test_subtly_wrong_claims_never_come_out_verified(path, verified_floor):
    items, false_verified, verified = _probe(path)
    assert len(items) == 60
    assert false_verified == set()
    assert sum(verified) >= verified_floor


# Issue 18 point 4: meaning-changing paraphrases of real provisions, in English and French (quantifiers
# added, conditions and exceptions dropped, modals turned, negations added or removed, numbers and
# periods changed, parties replaced or swapped, verbatim quotes whose framing turns "may" into "must" or
# drops the condition they sit under), and faithful claims over the same provisions. Written blind; its
# first run verified 23 of its 178 wrong claims and 26 of its 54 faithful ones; after the alignment in
# verifier/claims.py, 0 and 39 (see its header).
PROBES = Path(__file__).with_name("claims_probes.yaml")
# Verified recall on the faithful claims, English and French, with a margin under the measured figure
# (see the yaml's header), as the other floors are set.
PROBE_VERIFIED_FLOOR = 35  # measured 39 of 54 (English 25/33, French 14/21)


def _probe_by_language(path):
    """As _probe, each item checked against the text in its own language (`lang`, English by default)."""
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    pairs = []
    for lang in ("eng", "fra"):
        chosen = [i for i in items if i.get("lang", "eng") == lang]
        for start in range(0, len(chosen), 50):  # check_claim_items takes at most MAX_ITEMS at once
            part = chosen[start:start + 50]
            pairs += zip(part, check_claim_items(part, lang=lang), strict=True)
    return items, pairs


def test_the_probe_set_covers_every_kind_in_both_languages():
    items = yaml.safe_load(PROBES.read_text(encoding="utf-8"))
    assert len({i["id"] for i in items}) == len(items)
    wrong = [i for i in items if i["label"] != "verified"]
    assert len(wrong) >= 120 and sum(i.get("lang") == "fra" for i in wrong) >= 40
    faithful = [i for i in items if i["label"] == "verified"]
    assert len(faithful) >= 40 and {i.get("lang", "eng") for i in faithful} == {"eng", "fra"}
    kinds = {i["kind"] for i in wrong}
    assert {"quantifier-added", "condition-dropped", "exception-dropped", "modal-changed", "negation-added",
            "negation-removed", "number-changed", "period-changed", "party-replaced", "parties-swapped",
            "quote-modal-changed", "quote-condition-dropped"} <= kinds


@pytest.mark.django_db
def test_no_probe_comes_out_verified_wrongly_and_faithful_ones_keep_their_recall():
    items, pairs = _probe_by_language(PROBES)
    false_verified = [_describe(i, r) for i, r in pairs if r["label"] == "verified" and i["label"] != "verified"]
    assert false_verified == []
    verified = [r["label"] == "verified" for i, r in pairs if i["label"] == "verified"]
    print(f"\nprobes: verified recall {sum(verified)}/{len(verified)} on faithful claims, "
          f"false verified {len(false_verified)} of {len(items) - len(verified)}")
    assert sum(verified) >= PROBE_VERIFIED_FLOOR, (sum(verified), len(verified))


# A second probe set, written blind on 2026-12-02 (162 claims, 111 of them meaning-changing, EN/FR):
# its one sealed run and what came of it are in its header. Faithful claims verified: 19 of 51.
SEALED2 = Path(__file__).with_name("claims_sealed2.yaml")
SEALED2_VERIFIED_FLOOR = 12  # 19 measured, less the bootstrap half-width (about 7 of 51)


@pytest.mark.django_db
def test_the_second_blind_probe_set_has_no_false_verified():
    items, pairs = _probe_by_language(SEALED2)
    assert len(items) >= 150 and sum(i["label"] != "verified" for i in items) >= 100
    false_verified = [(i["id"], r["rationale"]) for i, r in pairs
                      if r["label"] == "verified" and i["label"] != "verified"]
    assert false_verified == []
    assert sum(r["label"] == "verified" for i, r in pairs if i["label"] == "verified") >= SEALED2_VERIFIED_FLOOR


# The first blind probe set (claims_sealed.yaml): run once sealed, then changed for what it showed, so
# it is a regression set now (its header says how). No false "verified" is tolerated on it either.
SEALED = Path(__file__).with_name("claims_sealed.yaml")


@pytest.mark.django_db
def test_the_first_blind_probe_set_has_no_false_verified():
    items, pairs = _probe_by_language(SEALED)
    false_verified = [_describe(i, r) for i, r in pairs if r["label"] == "verified" and i["label"] != "verified"]
    verified = [r["label"] == "verified" for i, r in pairs if i["label"] == "verified"]
    print(f"\nclaims_sealed: verified {sum(verified)}/{len(verified)}, false verified {len(false_verified)}")
    assert false_verified == []


# Claims set 8 (written blind 2026-12-07, 90 claims, EN/FR): its one run and the fixes since are in its
# header; a tuning set now, gated like the others once its false "verified" were gone.
SEALED8 = Path(__file__).with_name("claims_sealed8.yaml")
SEALED8_VERIFIED_FLOOR = 8  # 14 of 32 measured, less the 95% half-width (about 6)


@pytest.mark.django_db
def test_claims_set_8_has_no_false_verified():
    items, pairs = _probe_by_language(SEALED8)
    false_verified = [_describe(i, r) for i, r in pairs if r["label"] == "verified" and i["label"] != "verified"]
    assert false_verified == []
    assert sum(r["label"] == "verified" for i, r in pairs if i["label"] == "verified") >= SEALED8_VERIFIED_FLOOR


# Claims sets 7, 9 and 10 (written blind 2026-12-07; their one runs and the fixes since are in their
# headers): tuning sets now, gated like set 8 once their false "verified" were gone.
@pytest.mark.django_db
@pytest.mark.parametrize(("name", "measured", "faithful"),
                         [("claims_sealed7", 29, 44), ("claims_sealed9", 7, 34), ("claims_sealed10", 26, 34)])
def test_claims_sets_7_9_and_10_have_no_false_verified(name, measured, faithful):
    items, pairs = _probe_by_language(Path(__file__).with_name(f"{name}.yaml"))
    false_verified = [_describe(i, r) for i, r in pairs if r["label"] == "verified" and i["label"] != "verified"]
    assert false_verified == []
    verified = [r["label"] == "verified" for i, r in pairs if i["label"] == "verified"]
    assert len(verified) == faithful and sum(verified) >= below_margin(measured, faithful)
