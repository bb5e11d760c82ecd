"""The extractive engine on questions asked in Korean: verbatim Korean quotes, or a decline."""

import pytest

from research import pipeline
from research.engines.extractive_confidence import KOREAN_THRESHOLD
from research.engines.extractive_korean import out_of_scope_reason
from research.models import Citation, Run

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("answer_all")]

HELD = ["민법", "개인정보보호법", "근로기준법"]


def ask(question, **kwargs):
    run = Run.objects.create(question=question, engine="extractive", **kwargs)
    return pipeline.execute(run.pk)


@pytest.mark.parametrize(("question", "article"), [
    ("가게에서 손님 개인정보를 수집하려면 동의를 받아야 하나요?", "개인정보보호법:제15조"),
    ("사회질서에 반하는 계약은 무효인가요", "민법:제103조"),
    ("해고하려면 며칠 전에 알려줘야 하나요?", "근로기준법:제26조"),
])
def test_it_answers_a_korean_question_with_verified_korean_quotes(question, article):
    run = ask(question)
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PASS), run.scope_note
    citations = list(Citation.objects.filter(claim__run=run).order_by("claim__position", "position"))
    assert any(c.provision_id.startswith(article) for c in citations), [c.provision_id for c in citations]
    assert {c.status for c in citations} == {"pass"}
    assert all(len(c.text_sha256) == 64 for c in citations)
    assert run.reading.startswith("Reading (extractive, no model)")


def test_an_item_is_quoted_with_the_paragraph_it_completes():
    run = ask("법률에 특별한 규정이 있으면 동의 없이 개인정보를 수집할 수 있나요?")
    pairs = [[c.provision_id for c in claim.citations.order_by("position")] for claim in run.claims.all()]
    assert ["개인정보보호법:제15조제1항", "개인정보보호법:제15조제1항제2호"] in pairs
    quote = Citation.objects.get(claim__run=run, provision_id="개인정보보호법:제15조제1항제2호").quote
    assert quote == "법률에 특별한 규정이 있거나 법령상 의무를 준수하기 위하여 불가피한 경우"


def test_the_korean_qualifiers_not_quoted_are_listed():
    run = ask("양부모와 양자는 협의하여 파양할 수 있나요")
    assert "민법 제898조 also says “다만 양자가 미성년자 또는 피성년후견인인 경우에는 그러하지 아니하다”" in run.not_in_text


@pytest.fixture
def at_the_threshold(answer_all, settings):
    """The engine at its own confidence thresholds, as it runs in the app (after answer_all)."""
    settings.VERBATIM_EXTRACTIVE_MIN_CONFIDENCE = None


@pytest.mark.parametrize(("question", "reason"), [
    ("주택임대차보호법상 전세 보증금을 돌려받으려면?", "주택임대차보호법, a law Verbatim does not hold"),
    # 형법 is two syllables, too short for the form: it is known as a law the held text cites.
    ("형법에서 사기죄는 몇 년 형인가요?", "형법, a law Verbatim does not hold"),
])
@pytest.mark.usefixtures("at_the_threshold")
def test_it_declines_a_law_named_that_it_does_not_hold(question, reason):
    run = ask(question)
    assert run.status == Run.STATUS_DONE and run.claims.count() == 0
    assert run.scope_note.startswith(f"Not answered: this question is about {reason}.")


@pytest.mark.parametrize("question", [
    "소득세 연말정산은 어떻게 하나요?",
    "대법원 판례에 따르면 해고가 무효인가요?",
    "외국인 근로자 비자 연장은 어떻게 하나요?",
    "교통사고 합의금은 얼마인가요?",
])
@pytest.mark.usefixtures("at_the_threshold")
def test_a_subject_the_laws_do_not_cover_is_declined_for_low_confidence(question):
    # No topic list: tax, case law, immigration and traffic questions match the three laws too
    # weakly for the Korean threshold, so the closest articles are listed as leads.
    run = ask(question)
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_DECLINED)
    assert run.claims.count() == 0
    assert run.scope_note.startswith(("No provision was found that clearly answers the question",
                                      "Not answered: the statutes searched hold no passage")), run.scope_note


@pytest.mark.usefixtures("at_the_threshold")
def test_a_korean_question_the_laws_answer_well_is_answered_at_the_threshold():
    run = ask("근로기준법상 연차 유급휴가는 며칠인가요?")
    assert run.gate == Run.GATE_PASS, run.scope_note
    assert run.answer["confidence"]["threshold"] == KOREAN_THRESHOLD
    assert run.answer["confidence"]["score"] >= KOREAN_THRESHOLD


def test_a_held_law_or_an_ordinary_word_is_not_a_reason_to_decline():
    for question in ("근로기준법에 따르면 연차휴가는 며칠인가요?", "개인정보 보호법상 유출 통지 방법은?",
                     "민법상 성년은 몇 살인가요?", "불법으로 해고당했어요"):
        assert out_of_scope_reason(question, HELD, {"민법", "형법", "근로기준법"}) is None, question


def test_the_korean_reading_names_articles_as_lawyers_cite_them():
    run = ask("해고하려면 며칠 전에 알려줘야 하나요?")
    assert "근로기준법 제" in run.reading
    assert "근로기준법:제" not in run.reading
