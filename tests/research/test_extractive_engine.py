"""The extractive engine answers from the default corpus with verified quotes only, or declines."""

import pytest

from research import pipeline
from research.engines.extractive import MAX_CLAIMS, MAX_DEFINITIONS
from research.engines.extractive_passages import passages_of, question_terms, score
from research.engines.extractive_scope import TitleForms, title_forms
from research.models import Citation, Run
from research.tools import Toolbox
from verifier.acts import ActRef
from verifier.adapter import DbCorpus
from verifier.gate_warnings import reading_refs
from verifier.pinpoints import parse_provision_id

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("answer_all")]

SUBPOENA = "Can an organization disclose personal information without consent to comply with a subpoena?"


def ask(question, **kwargs):
    run = Run.objects.create(question=question, engine="extractive", **kwargs)
    return pipeline.execute(run.pk)


def shown_sections(run):
    return list(dict.fromkeys(c.provision_id.split("(")[0].split("/")[0]
                              for c in Citation.objects.filter(claim__run=run).order_by("claim__position", "position")))


@pytest.mark.parametrize(("question", "act"), [
    (SUBPOENA, "P-8.6"),
    ("How much vacation does an employee get under the Canada Labour Code?", "L-2"),
    ("How long does copyright last after the author dies?", "C-42"),
    # Plain words, no statute vocabulary: answered, not declined for matching weakly.
    ("Does a private company need my permission before it gathers my personal details?", "P-8.6"),
    ("Can a federally regulated company treat me differently because of my religion or my age?", "H-6"),
])
def test_it_answers_with_only_verified_quotes(question, act):
    run = ask(question)
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_PASS)
    citations = Citation.objects.filter(claim__run=run)
    assert citations.first().provision_id.startswith(f"{act}:")
    assert {c.status for c in citations} <= {"pass", "downgraded"}
    assert all(len(c.text_sha256) == 64 for c in citations)
    assert 1 <= run.claims.count() <= MAX_CLAIMS + MAX_DEFINITIONS  # passages, then definitions they use
    assert run.reading.startswith("Reading (extractive, no model)")
    assert run.not_in_text.startswith("The passages were picked by matching words")


def test_it_quotes_the_paragraph_with_its_lead_in():
    run = ask(SUBPOENA)
    [claim] = [c for c in run.claims.all() if c.citations.filter(provision_id="P-8.6:s7(3)(c)").exists()]
    assert [c.provision_id for c in claim.citations.all()] == ["P-8.6:s7(3)", "P-8.6:s7(3)(c)"]
    assert claim.citations.first().quote.startswith("For the purpose of clause 4.3 of Schedule 1")
    assert claim.citations.last().quote.startswith("required to comply with a subpoena or warrant")


def test_it_lists_the_qualifiers_it_did_not_quote():
    run = ask(SUBPOENA)
    assert "Section 7 of the Personal Information Protection and Electronic Documents Act also says “for the purposes of" in run.not_in_text
    assert not any(f["code"] == "qualifier" for c in run.claims.all() for f in c.findings)


def test_the_reading_cites_only_the_provisions_quoted():
    """By citation, as a lawyer writes it, and read back by the verifier's reader of Readings."""
    run = ask(SUBPOENA)
    quoted = [c.citations.last().provision_id for c in run.claims.order_by("position")]
    named = [pid for _, pids in reading_refs(run.reading, DbCorpus(), []) for pid in pids]
    assert {p.section_id for p in named} == {parse_provision_id(q).section_id for q in quoted}
    assert "P-8.6:" not in run.reading
    assert ("s. 2(1), definition “personal information” of the Personal Information Protection and "
            "Electronic Documents Act") in run.reading
    assert not any(f["code"] == "reading-unfetched" for f in pipeline.answer_findings(run))


def test_it_follows_the_search_order_of_sections():
    run = ask("We were hacked and customer data was stolen — do we have to tell the Privacy Commissioner?")
    assert shown_sections(run)[0] == "P-8.6:s10.1"


def test_it_quotes_nothing_repealed():
    run = ask("How many weeks of paid time off do I get each year after five years with the same employer?")
    assert run.gate == Run.GATE_PASS
    assert all("[Repealed" not in c.quote for c in Citation.objects.filter(claim__run=run))


@pytest.fixture
def at_the_threshold(answer_all, settings):
    """The engine at its own confidence threshold, as it runs in the app (after answer_all)."""
    settings.VERBATIM_EXTRACTIVE_MIN_CONFIDENCE = None


# Questions on law the six Acts do not hold, of each kind the hand-written scope rules once
# named (a province, a city, a country, case law, tax, criminal and immigration law, a tenancy, a
# refund, a school board, an estate, patents, family law): declined by what the corpus lacks.
OUTSIDE = [
    "What is the minimum wage in Alberta?",
    "What are the speed limits on Ontario highways?",
    "What did the court decisions say about privacy in case law?",
    "Which case established the Oakes test?",
    "What did the Supreme Court decide in R v Jordan about trial delays?",
    "How is income tax calculated on a bonus?",
    "What does the GDPR say about consent?",
    "What's the sentence for impaired driving causing bodily harm?",
    "How long can the CBSA hold someone in immigration detention?",
    "My landlord in Toronto won't give back my deposit. What are my options?",
    "can cops search my phone at a traffic stop if i dont give them the passcode",
    "the school board suspended my son for 5 days for vaping, can we appeal",
    "store refuses to refund a laptop that died after two weeks, says store credit only",
    "dad passed away without a will. who gets the house",
    "how do I patent a new kind of bike lock",
    "we're separating, how much child support will I pay for two kids",
    "How do I get a divorce in Quebec?",
]


@pytest.mark.usefixtures("at_the_threshold")
@pytest.mark.parametrize("question", OUTSIDE)
def test_it_declines_questions_on_law_the_corpus_does_not_hold(question):
    run = ask(question)
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_DECLINED), shown_sections(run)
    assert run.claims.count() == 0
    assert run.scope_note.startswith(("No provision was found that clearly answers the question",
                                      "Not answered: the statutes searched hold no passage",
                                      "Not answered: no provision in the statutes searched")), run.scope_note


@pytest.mark.usefixtures("at_the_threshold")
def test_a_decline_names_the_words_no_provision_held_uses():
    run = ask("What does the GDPR say about consent?")
    assert run.gate == Run.GATE_DECLINED
    assert "No provision searched uses “gdpr”." in run.scope_note


@pytest.mark.usefixtures("at_the_threshold")
@pytest.mark.parametrize(("question", "lang", "named"), [
    ("What does Ontario's Employment Standards Act say about overtime?", "eng", "Ontario's Employment Standards Act"),
    ("Does the Residential Tenancies Act let my landlord keep a damage deposit?", "eng", "Residential Tenancies Act"),
    ("La Loi sur les normes du travail s'applique-t-elle aux cadres?", "fra", "Loi sur les normes du travail"),
])
def test_a_title_the_corpus_does_not_hold_is_declined_by_name(question, lang, named):
    run = ask(question, lang=lang)
    assert run.gate == Run.GATE_DECLINED
    assert run.scope_note.startswith(f"Not answered: the question names {named}, which this corpus does not hold.")


def test_it_declines_when_nothing_matches():
    run = ask("What is the best recipe for banana bread?")
    assert run.gate == Run.GATE_DECLINED
    assert "no passage that matches the question well enough" in run.scope_note


def test_a_decline_before_the_first_versions_says_which_acts_were_not_held():
    import datetime

    run = ask(SUBPOENA, as_at=datetime.date(2019, 1, 1))
    assert run.gate == Run.GATE_DECLINED
    assert ("Not searched at that date: C-42 (version not held for that date: the earliest eng version "
            "held is consolidated to ") in run.scope_note
    assert ("P-8.6 (version not held for that date: the earliest eng version held is consolidated to "
            "2019-06-21)") in run.scope_note


def test_a_province_named_beside_a_federal_act_is_not_provincial_law():
    run = ask("Under PIPEDA, may an organization disclose personal information to a notary in Quebec without consent?")
    assert run.gate == Run.GATE_PASS
    assert run.claims.first().citations.last().provision_id == "P-8.6:s7(3)(a)"


def test_title_head_words_are_read_off_the_titles_held_and_cited():
    forms = title_forms(DbCorpus())
    assert forms.heads == {"eng": {"Act", "Code"}, "fra": {"Loi", "Code"}}
    assert {"of", "and"} <= forms.links and not {"Act", "Canada"} & forms.links


@pytest.mark.parametrize("question", [
    "Can a federally regulated employer in Ontario make me work overtime?",
    "Does PIPEDA Act apply to my employer?",
    "What does the Human Rights Act say about disability?",
    "Does the Code give me sick leave?",
    "What Act governs access to government records?",
    "CAN MY BOSS FIRE US UNDER THE EMPLOYMENT STANDARDS ACT",
    "Does the Canada Labour Code Part III apply to banks?",
])
def test_a_title_held_part_of_one_or_no_title_is_not_read_as_an_unheld_title(question):
    assert title_forms(DbCorpus()).unheld_name(question, "eng") == ""


def test_a_passage_covering_more_of_the_question_scores_higher():
    run = Run.objects.create(question=SUBPOENA, engine="extractive")
    section = Toolbox(run).get_provision("P-8.6:s7").content
    ranked = score(passages_of(section, rank=0), question_terms(SUBPOENA))
    assert ranked[0].unit_id == "P-8.6:s7(3)(c)"
    assert [uid for uid, _ in ranked[0].chapeaux] == ["P-8.6:s7(3)"]


def test_it_reports_amendments_not_in_force_apart_from_the_quotes():
    run = ask("Can an individual file a complaint with the Privacy Commissioner against an organization under PIPEDA?")
    assert run.gate == Run.GATE_PASS
    assert Citation.objects.filter(claim__run=run, provision_id="P-8.6:s11(1)").exists()
    assert run.not_in_text.endswith("Amendments not yet in force touch section 11 of the Personal Information Protection and Electronic Documents Act: 2026, c. 3, s. 390 "
                                    "(s11(1)). Their text is not part of the passages above.")
    # Never merged: no quote carries the amending text ("a provision of Division 1, 1.1 or 1.2").
    assert not Citation.objects.filter(claim__run=run, quote__contains="1.1 or 1.2").exists()


@pytest.mark.parametrize(("question", "named"), [
    ("What does the Criminal Code say about theft of a phone?", "the Criminal Code (C-46)"),
    ("Do I have to report tips as income under the income tax act?", "the Income Tax Act (I-3.3)"),
    ("Que prévoit le Code criminel sur le vol?", "the Code criminel (C-46)"),
])
def test_an_instrument_the_corpus_cites_but_does_not_hold_is_declined_by_name(question, named):
    """The six Acts link to the Criminal Code and the Income Tax Act (XRefExternal) without
    holding them: the decline names what is missing, from those links, not from a list."""
    run = ask(question)
    assert run.gate == Run.GATE_DECLINED
    assert run.scope_note.startswith(f"Not answered: the question names {named}, not in this corpus.")


def test_an_instrument_held_and_named_beside_one_not_held_is_answered():
    run = ask("Under PIPEDA, can a company give my personal information to the police investigating "
              "a Criminal Code offence without my consent?")
    assert run.gate != Run.GATE_DECLINED
    assert "P-8.6:s7" in shown_sections(run)


def test_the_search_tool_names_instruments_the_query_names_that_are_not_held():
    run = Run.objects.create(question="x", engine="extractive")
    found = Toolbox(run).call("search_statutes", {"query": "Criminal Code theft"})
    assert found.content["not_held"] == [{"act": "C-46", "name": "Criminal Code"}]
    assert all(0.0 <= hit["coverage"] <= 1.0 for hit in found.content["hits"])
    held = Toolbox(run).call("search_statutes", {"query": "PIPEDA consent"})
    assert "not_held" not in held.content


def test_a_place_named_is_answered_when_held_federal_text_on_it_matches_the_question():
    # The Canada Labour Code's leave definitions name Quebec's tutor or curator of a child.
    run = ask("In Quebec, does a tutor or curator to the person of the child count as a parent for leave?")
    assert run.gate != Run.GATE_DECLINED, run.scope_note
    assert "L-2:s206.5" in shown_sections(run)


def test_a_title_the_links_print_in_capitals_still_names_the_instrument():
    from verifier.acts import find_act_mentions

    refs = [ActRef(code="C-46", short_titles=["CRIMINAL CODE", "Criminal Code"])]
    assert find_act_mentions("What does the criminal code say about theft?", refs) == [(14, 27, "C-46")]
    # A single word in capitals is an abbreviation and keeps its case.
    pipeda = [ActRef(code="P-8.6", short_titles=["PIPEDA"])]
    assert find_act_mentions("pipeda", pipeda) == [] and find_act_mentions("PIPEDA", pipeda) != []


def test_a_name_stops_at_punctuation_and_at_a_sentence_first_word_titles_do_not_capitalise():
    # Titles as the whole statute book writes them: "Procedure" ends several, so it is a head word.
    titles = [("eng", t) for t in ("Tax Court of Canada Rules (Informal Procedure)", "Federal Courts Rules of Procedure",
                                    "Rules of Civil Procedure", "Canada Labour Code", "Criminal Code", "Fisheries Code",
                                    "Privacy Act", "Access to Information Act", "Interpretation Act")]
    forms = TitleForms.of(titles, [ActRef(code="T-2", short_titles=["Tax Court of Canada Rules (Informal Procedure)"])])
    assert forms.heads["eng"] == {"Procedure", "Code", "Act"}
    assert forms.unheld_name("What does the law say about notice of Discontinuance (Informal Procedure)?") == ""
    assert forms.unheld_name("Does the Ontario Rules of Civil Procedure allow it?") == "Ontario Rules of Civil Procedure"
    assert forms.unheld_name("Does Residential Tenancies Act apply?") == "Residential Tenancies Act"
