"""The extractive engine answers from the default corpus with verified quotes only, or declines."""

import pytest

from research import pipeline
from research.engines.extractive import MAX_CLAIMS, MAX_DEFINITIONS
from research.engines.extractive_passages import passages_of, question_terms, score
from research.engines.extractive_scope import out_of_scope_reason
from research.models import Citation, Run
from research.tools import Toolbox
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


@pytest.mark.parametrize(("question", "reason"), [
    ("What does Ontario's Employment Standards Act say about overtime?", "provincial law"),
    ("What is the minimum wage in Alberta?", "provincial law"),
    ("What are the speed limits on Ontario highways?", "provincial law"),
    ("What did the court decisions say about privacy in case law?", "case law"),
    ("Which case established the Oakes test?", "case law"),
    ("What did the Supreme Court decide in R v Jordan about trial delays?", "case law"),
    ("How is income tax calculated on a bonus?", "tax"),
    ("What does the GDPR say about consent?", "the law of another country"),
    ("What's the sentence for impaired driving causing bodily harm?", "criminal law"),
    ("How long can the CBSA hold someone in immigration detention?", "immigration"),
])
def test_it_declines_questions_outside_the_corpus(question, reason):
    run = ask(question)
    assert (run.status, run.gate) == (Run.STATUS_DONE, Run.GATE_DECLINED)
    assert run.scope_note.startswith(f"Not answered: this question is about {reason}")
    assert run.claims.count() == 0


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


@pytest.mark.parametrize("question", [
    "Can a federally regulated employer in Ontario make me work overtime?",
    "Can the federal government pass my personal information to a provincial government?",
    "In which cases may an organization collect personal information without consent?",
    "Can a bank refuse to hire me because of an old conviction I got a record suspension for?",
    "I'm out on parole. Can the Parole Board keep me from seeing what they wrote about me?",
    "Can my employer refuse to hire me because I came to Canada as a refugee?",
    "After immigration decided my application, can they shred my file before I see what they relied on?",
    "Canadian airline staff discriminated against me at their counter in Mexico. Can the Canadian Human "
    "Rights Commission deal with it?",
    "CAN MY BOSS FIRE US FOR ASKING ABOUT OVERTIME PAY",
    # An organization's or a department's handling of one's data, whatever the matter it concerns.
    "my car insurance company sent back my claim file with half the pages blacked out, can they do that",
    "closed my account with an online bank years ago and they still keep my SIN and a scan of my driver's licence",
    "I asked CBSA for my border crossing history five weeks ago, how long does a federal agency have",
    "Can the bank give my data to police without a search warrant?",
    "my ex-wife gave Immigration statements when she sponsored her new husband, can I request to see her file",
])
def test_in_scope_questions_are_not_mistaken_for_other_law(question):
    assert out_of_scope_reason(question) == ""


@pytest.mark.parametrize(("question", "reason"), [
    ("My landlord in Toronto won't give back my deposit. What are my options?", "provincial law"),
    ("US fair use four factor test for film clips in a documentary", "the law of another country"),
    ("My son was caught shoplifting. What sentence could he get for a first offence?", "criminal law"),
    ("Is it legal in the UK for my employer to read my work emails?", "the law of another country"),
    ("can cops search my phone at a traffic stop if i dont give them the passcode", "criminal law"),
    ("the police searched our house without showing a warrant", "criminal law"),
    ("the school board suspended my son for 5 days for vaping, can we appeal", "provincial law"),
    ("neighbour is building a fence on our property line, what does the city bylaw allow", "provincial law"),
    ("what's the leading Supreme Court of Canada case on photocopying textbooks", "case law"),
])
def test_a_city_the_us_and_everyday_crimes_are_read_as_out_of_scope(question, reason):
    assert out_of_scope_reason(question).startswith(reason)


@pytest.mark.parametrize("question", [
    "my landlord wants to evict me so his son can move in, is that allowed",
    "the strata says I can't rent my unit on airbnb",
    "I was hurt at work at a warehouse, how do I claim WSIB benefits",
    "can I fight a speeding ticket if the officer's radar wasn't calibrated",
    "store refuses to refund a laptop that died after two weeks, says store credit only",
    "dad passed away without a will. who gets the house",
    "I'm a line cook at a restaurant, worked 52 hours last week and get no overtime. is that legal?",
    "my landlord says the rent is going up 9% next month, can he do that",
    "got rear-ended and the other driver's insurance won't pay for the repair",
    "minimum wage in bc for a server",
    "the hospital won't give me a copy of my chart unless I pay $50, can they charge for my own records",
])
def test_matters_only_provincial_law_governs_are_declined_without_a_province_named(question):
    assert out_of_scope_reason(question).startswith("provincial law")


@pytest.mark.parametrize(("question", "reason"), [
    ("how many weeks of EI can I get after being laid off?", "employment insurance"),
    ("just got laid off, how much EI will I get per week", "employment insurance"),
    ("how do I register my band name so no one else can use it", "trademarks"),
    ("can I stop another bakery from using our name if we never registered a trademark", "trademarks"),
    ("how do I patent a new kind of bike lock", "patents"),
    ("how long does spousal sponsorship take if my wife is overseas", "immigration"),
    ("we're separating, how much child support will I pay for two kids", "family law"),
    ("getting divorced and the condo is in my name only, does she get half", "family law"),
])
def test_federal_law_the_corpus_does_not_hold_is_declined(question, reason):
    assert out_of_scope_reason(question).startswith(reason)


@pytest.mark.parametrize("question", [
    "a landlord refused to rent to us because we have two kids, is that legal",
    "Can a landlord refuse to rent an apartment to someone because of their family status?",
    "our tenants at a federal Crown corporation building complain about their privacy",
    "can I take compassionate care leave from the bank while I get employment insurance benefits",
    "is our logo protected by copyright, or only as a trademark",
    "my father, a painter, died without a will: who has the moral rights in his paintings now",
    "the airline's airport restaurant crew asked me about overtime for their shifts",
    "can a restaurant play the radio for customers without paying for the music copyright",
    "my federal employer fired me after my divorce because I'm now a single mom, is that allowed",
    "can my ex get my personal information from the bank during our divorce",
    "turned down for a pilot job at an airline bc they say I need perfect eyesight, is that discrimination",
    "can a private physiotherapy clinic share its patient list with a buyer without consent",
    "a federal hospital for veterans lost my records, what does the Privacy Act say",
])
def test_a_ground_of_discrimination_a_federal_tie_or_a_held_acts_subject_keeps_it_in_scope(question):
    assert out_of_scope_reason(question) == ""


def test_a_passage_covering_more_of_the_question_scores_higher():
    run = Run.objects.create(question=SUBPOENA, engine="extractive")
    section = Toolbox(run).get_provision("P-8.6:s7").content
    ranked = score(passages_of(section, rank=0), question_terms(SUBPOENA))
    assert ranked[0].unit_id == "P-8.6:s7(3)(c)"
    assert [uid for uid, _ in ranked[0].chapeaux] == ["P-8.6:s7(3)"]


def test_criminal_law_is_in_scope_once_the_criminal_code_is_held():
    question = "What is the sentence for manslaughter?"
    assert out_of_scope_reason(question).startswith("criminal law")
    assert out_of_scope_reason(question, held={"C-46"}) == ""


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


def test_a_place_named_is_not_provincial_law_when_held_federal_text_on_it_matches_the_question():
    # The Canada Labour Code's leave definitions name Quebec's tutor or curator of a child.
    run = ask("In Quebec, does a tutor or curator to the person of the child count as a parent for leave?")
    assert run.gate != Run.GATE_DECLINED, run.scope_note
    assert "L-2:s206.5" in shown_sections(run)
    # Held text naming the place but holding little of the question leaves the decline.
    divorce = ask("How do I get a divorce in Quebec?")
    assert divorce.scope_note.startswith("Not answered: this question is about provincial law")


def test_a_title_the_links_print_in_capitals_still_names_the_instrument():
    from verifier.acts import ActRef, find_act_mentions

    refs = [ActRef(code="C-46", short_titles=["CRIMINAL CODE", "Criminal Code"])]
    assert find_act_mentions("What does the criminal code say about theft?", refs) == [(14, 27, "C-46")]
    # A single word in capitals is an abbreviation and keeps its case.
    pipeda = [ActRef(code="P-8.6", short_titles=["PIPEDA"])]
    assert find_act_mentions("pipeda", pipeda) == [] and find_act_mentions("PIPEDA", pipeda) != []
