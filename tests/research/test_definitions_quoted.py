"""Definitions quoted: a quote relying on a term the Act defines brings the definition that
applies where the quote is (the Act's, a Part's or a section's own) as a passage of its own."""

import pytest

from research import pipeline
from research.models import Citation, Run
from research.tools import Toolbox

pytestmark = pytest.mark.django_db


def ask(question, **kwargs):
    run = Run.objects.create(question=question, engine="extractive", **kwargs)
    return pipeline.execute(run.pk)


def definitions_quoted(run):
    return [c.provision_id for c in Citation.objects.filter(claim__run=run, provision_id__contains="/")
            .order_by("claim__position")]


def defined_term_warnings(run):
    return {f["details"]["term"]: f["details"]["definition_id"] for c in run.claims.all() for f in c.findings
            if f["code"] == "defined-term"}


def test_an_extractive_answer_quotes_the_part_iii_definition_of_employer():
    run = ask("How much notice must an employer give before terminating an employee?")
    assert run.gate == Run.GATE_PASS
    quoted = definitions_quoted(run)
    # The notice sections are in Part III: Part III's own definition, not Part I's (s. 3(1)).
    assert "L-2:s166/employer" in quoted
    assert "L-2:s3(1)/employer" not in quoted
    # Each definition is a claim of its own, after the passages relying on it, checked like them.
    claims = list(run.claims.order_by("position"))
    definition_claim = next(c for c in claims if c.citations.filter(provision_id="L-2:s166/employer").exists())
    assert definition_claim.position > 0 and definition_claim.citations.count() == 1
    assert definition_claim.citations.get().status == "pass"
    assert "employer" not in defined_term_warnings(run)


def test_an_extractive_answer_quotes_a_definition_that_applies_to_a_range_of_sections():
    run = ask("Is it an offence to circumvent a technological protection measure?")
    assert run.gate == Run.GATE_PASS
    # Section 41's definitions apply "in this section and in sections 41.1 to 41.21".
    assert {"C-42:s41/technological-protection-measure", "C-42:s41/circumvent"} <= set(definitions_quoted(run))
    assert not {"technological protection measure", "circumvent"} & set(defined_term_warnings(run))


def test_find_definition_returns_the_definition_that_applies_at_the_provision():
    tools = Toolbox(Run.objects.create(question="q", engine="scripted"))
    part_iii = tools.find_definition("L-2", "employer", provision="L-2:s230(1)").content
    assert (part_iii["id"], part_iii["applies_at_provision"]) == ("L-2:s166/employer", True)
    assert "L-2:s3(1)/employer" in part_iii["also_defined_at"]
    assert tools.find_definition("L-2", "employer").content["id"] == "L-2:s3(1)/employer"  # the Act's first
    # "employee" is defined for Parts I and II, not for Part III where s. 230 is.
    assert tools.find_definition("L-2", "employee", provision="L-2:s230(1)").content["applies_at_provision"] is False
    assert tools.retrieved_ids[:2] == ["L-2:s166/employer", "L-2:s166"]


def test_find_definition_refuses_a_provision_of_another_act():
    out = Toolbox(Run.objects.create(question="q", engine="scripted")).find_definition(
        "L-2", "employer", provision="P-8.6:s7")
    assert out.is_error and "not held in L-2" in out.content["error"]


@pytest.mark.usefixtures("answer_all")  # a test of what is quoted, not of when it answers
def test_a_korean_answer_quotes_the_definitions_article_items_its_quote_uses():
    run = ask("해고하려면 며칠 전에 알려줘야 하나요?")
    assert run.gate == Run.GATE_PASS
    citations = list(Citation.objects.filter(claim__run=run).order_by("claim__position", "position"))
    # 제26조 says 사용자 and 근로자: 제2조's items define both for the whole law.
    defined = [c.provision_id for c in citations if c.provision_id.startswith("근로기준법:제2조")]
    assert {"근로기준법:제2조제1항제1호", "근로기준법:제2조제1항제2호"} <= set(defined)
    assert {c.status for c in citations} == {"pass"}
    assert not defined_term_warnings(run).keys() & {"근로자", "사용자"}
