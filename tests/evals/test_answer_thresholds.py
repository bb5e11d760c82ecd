"""The extractive engine's answer eval over research/evals/golden.yaml must meet
research/evals/thresholds.yaml: every shown quote verifies again, every out-of-scope question
is declined.

Runs every decline item and every second in-scope item (about 40 s on SQLite) so `make test`
stays quick on both databases; VERBATIM_EVAL_FULL=1 runs the whole golden set.
"""

import os

import pytest

from research.evals.answers import evaluate_answers
from research.evals.noise import with_typos
from research.evals.retrieval import (
    DEV,
    DEV2,
    DEV3,
    DEV4,
    HOLDOUT,
    HOLDOUT2,
    HOLDOUT3,
    KOREAN_GOLDEN,
    KOREAN_HOLDOUT,
    load_golden,
    load_thresholds,
)

pytestmark = pytest.mark.django_db


def golden_items():
    items = load_golden()
    if os.environ.get("VERBATIM_EVAL_FULL"):
        return items
    in_scope = [i for i in items if not i.get("decline")]
    return [i for i in items if i.get("decline")] + in_scope[::2]


def test_the_extractive_engine_meets_the_answer_thresholds():
    thresholds = load_thresholds()["answers"]["extractive"]
    report = evaluate_answers(golden_items(), "extractive")
    figures = report.figures()
    unfaithful = [(r.id, r.fidelity_failures) for r in report.results if r.fidelity_failures]
    answered = [(r.id, r.gate, r.reason) for r in report.results if r.decline and not r.ok]
    assert figures["shown_quotes"] > 0
    assert figures["n_decline"] >= 12
    assert figures["quote_fidelity"] >= thresholds["quote_fidelity"], unfaithful
    assert figures["decline_rate"] >= thresholds["decline_rate"], answered
    # At the engine's confidence threshold: how much it answers, and how often rightly.
    missed = [(r.id, r.reason) for r in report.results if not r.decline and r.gate == "pass" and not r.hit]
    assert figures["answered_rate"] >= thresholds["answered_rate"]
    assert figures["answer_precision"] >= thresholds["answer_precision"], missed


def test_the_extractive_engine_meets_them_with_the_questions_mistyped():
    # A typo must not let an out-of-scope question through ("Supreme Cuort", "incme tax").
    thresholds = load_thresholds()["answers_typos"]["extractive"]
    items = with_typos(load_golden())
    in_scope = [i for i in items if not i.get("decline")]
    report = evaluate_answers([i for i in items if i.get("decline")] + in_scope[::4], "extractive")
    figures = report.figures()
    answered = [(r.id, r.question, r.reason) for r in report.results if r.decline and not r.ok]
    assert figures["shown_quotes"] > 0
    assert figures["quote_fidelity"] >= thresholds["quote_fidelity"]
    assert figures["decline_rate"] >= thresholds["decline_rate"], answered


def test_the_extractive_engine_declines_the_out_of_scope_questions_of_every_other_set():
    # 75 more questions to decline, written by other hands (provincial, foreign, case law, tax,
    # criminal, immigration, family law, car accidents, a police search, a school board, a city
    # bylaw). No scope list names any of those: each is declined by what the corpus lacks (an
    # instrument named that is not held, or a retrieval confidence below the threshold).
    declines = [i for path in (HOLDOUT, HOLDOUT2, HOLDOUT3, DEV, DEV3, DEV4)
                for i in load_golden(path) if i.get("decline")]
    report = evaluate_answers(declines, "extractive")
    answered = [(r.id, r.gate, r.reason) for r in report.results if not r.ok]
    assert len(declines) >= 75
    # All 75 are declined today (2026-12-04, without the hand-written scope rules as with them);
    # the floor is the 95% Wilson low end at 75 of 75 (0.95): the confidence threshold was chosen
    # on these sets' in-scope questions.
    assert report.figures()["decline_rate"] >= 0.95, answered


def test_the_extractive_engine_declines_nearly_all_of_dev2s_out_of_scope_questions():
    # dev2.yaml's 30 (2026-12-01): consumer refunds, estates, provincial jobs, EI, trademarks,
    # a hospital's fee for a chart... One is answered (2026-12-04): how many weeks of EI, from
    # the Canada Labour Code's leave sections at confidence 0.54.
    declines = [i for i in load_golden(DEV2) if i.get("decline")]
    report = evaluate_answers(declines, "extractive")
    assert len(declines) == 30
    # 29 of 30 today; the floor is the 95% Wilson low end at 29 of 30 (0.83), 24 questions.
    assert sum(r.ok for r in report.results) >= 24, [(r.id, r.reason) for r in report.results if not r.ok]


@pytest.mark.usefixtures("answer_all")
def test_the_extractive_engine_quotes_korean_verbatim_and_answers_what_the_laws_hold():
    # Every shown Korean quote verifies again, and with no confidence threshold the in-scope
    # questions are answered (the threshold itself: the test below).
    report = evaluate_answers(load_golden(KOREAN_GOLDEN)[::2], "extractive")
    figures = report.figures()
    declined = [(r.id, r.reason) for r in report.results if not r.decline and r.gate == "declined"]
    assert figures["shown_quotes"] > 0
    assert figures["quote_fidelity"] == 1.0, [(r.id, r.fidelity_failures) for r in report.results]
    assert len(declined) <= 1, declined


def test_the_extractive_engine_declines_the_korean_questions_the_laws_do_not_hold():
    # The 26 Korean questions to decline (another law's subject asked without naming it: tax, a
    # lease's fixed date, unemployment benefits, drunk driving...): declined at the Korean
    # confidence threshold with no topic list. 26 of 26 today (2026-12-04; 7 of 26 with the
    # topic lists and no threshold); the floor is the 95% Wilson low end at 26 of 26 (0.87), 22.
    # korean_golden's in-scope questions chose the threshold; korean_holdout's were not used.
    declines = [i for path in (KOREAN_GOLDEN, KOREAN_HOLDOUT) for i in load_golden(path) if i.get("decline")]
    report = evaluate_answers(declines, "extractive")
    assert len(declines) == 26
    assert sum(r.ok for r in report.results) >= 22, [(r.id, r.reason) for r in report.results if not r.ok]
