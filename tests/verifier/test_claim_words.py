"""Which words of a claim must be in the law's text: modals, Part numbers and headings.

On the default corpus through DbCorpus, so the headings are the ones the statute prints.
"""

import pytest

from verifier.adapter import DbCorpus
from verifier.claims import check_memo, extract_claims

pytestmark = pytest.mark.django_db


def verdict(sentence):
    [result] = check_memo(sentence, DbCorpus())
    return result


def test_must_is_read_as_the_texts_shall():
    result = verdict('Under s. 12 of the Interpretation Act, every enactment is deemed remedial and must be '
                     'given "such fair, large and liberal construction and interpretation as best ensures '
                     'the attainment of its objects".')
    assert result.label == "verified", result.rationale


def test_a_power_is_read_as_the_texts_may_and_only_as_that():
    granted = verdict("Under s. 240(3) of the Canada Labour Code, the Head has the power to extend the "
                      "period set out in subsection (2) if the Head is satisfied that a complaint was made in "
                      "that period to a government official who had no authority to deal with the complaint.")
    assert granted.label == "verified", granted.rationale
    # The power is only in the cases the subsection lists: a claim that drops them is not proven.
    bare = verdict("Under s. 240(3) of the Canada Labour Code, the Head has the power to extend the "
                   "period set out in subsection (2).")
    assert bare.label == "unknown" and "condition" in bare.rationale, bare.rationale
    # 240(2) only says when a complaint shall be made: it grants no power.
    assert verdict("Section 240(2) of the Canada Labour Code gives the Head power to extend the period "
                   "for making a complaint.").label == "unknown"


def test_a_part_named_by_its_number_is_a_citation_not_a_claim_word():
    result = verdict('For Part III, section 230(1) of the Canada Labour Code says an employer who terminates an '
                     'employee must give "notice in writing of the employer’s intention to terminate their '
                     'employment".')
    assert result.label == "verified", result.rationale


def test_the_heading_above_a_section_supports_the_name_a_memo_gives_it():
    result = verdict('The unjust dismissal complaint in s. 240(2) of the Canada Labour Code "shall be made '
                     'within ninety days from the date on which the person making the complaint was dismissed".')
    assert result.label == "verified", result.rationale


def test_a_heading_word_never_stands_in_for_a_quote():
    result = verdict('Under s. 240(2) of the Canada Labour Code, an "unjust dismissal complaint shall be made '
                     'within ninety days".')
    assert result.label == "contradicted"


def test_one_word_the_text_does_not_have_makes_the_claim_unknown():
    # s. 13(4): "no assignment or grant is valid unless it is in writing signed by the owner".
    result = verdict('Copyright Act s. 13(4) allows the owner of the copyright in a work to "assign the right, '
                     'either wholly or partially", and an oral assignment is valid without any writing signed '
                     'by the owner.')
    assert result.label == "unknown"
    assert "oral" in result.rationale


def test_a_number_in_the_claims_own_words_must_be_the_texts():
    # s. 240(2) says "within ninety days".
    said = "Under subsection 240(2) of the Canada Labour Code, a complaint shall be made within {} days from " \
           "the date on which the person was dismissed."
    assert verdict(said.format("90")).label == "verified"
    wrong = verdict(said.format("120"))
    assert wrong.label == "unknown"
    assert "120" in wrong.rationale


def test_a_person_named_for_an_act_is_read_as_the_act_but_employer_is_not_employee():
    # s. 8(3): "... respond ... not later than thirty days after receipt of the request".
    assert verdict("Under s. 8(3) of PIPEDA, an organization shall respond to the requester not later than "
                   "thirty days after receipt of the request.").label == "verified"
    # s. 8(1): "Every employee is free to join the trade union of their choice"; nothing of employers.
    assert verdict("Under s. 8(1) of the Canada Labour Code, every employee is free to join the trade union "
                   "of their choice.").label == "verified"
    assert verdict("Under s. 8(1) of the Canada Labour Code, every employer is free to join the trade union "
                   "of their choice.").label == "unknown"


def test_a_claim_that_flips_the_texts_negation_is_not_verified():
    # s. 14.1(2): "Moral rights may not be assigned but may be waived in whole or in part."
    assert verdict("Under s. 14.1(2) of the Copyright Act, moral rights cannot be assigned but can be "
                   "waived.").label == "verified"
    affirmed = verdict("Under s. 14.1(2) of the Copyright Act, moral rights may be assigned.")
    assert affirmed.label == "unknown"
    assert "affirms “assigned”" in affirmed.rationale
    assert verdict("Under s. 14.1(2) of the Copyright Act, moral rights may not be waived.").label == "unknown"
    # s. 8(1): "Every employee is free to join the trade union of their choice".
    assert verdict("Under s. 8(1) of the Canada Labour Code, no employee is free to join a trade "
                   "union.").label == "unknown"


def test_a_lead_in_negates_the_paragraph_it_introduces():
    # s. 4(2): "This Part does not apply to ... (b) any individual in respect of personal information
    # that the individual collects, uses or discloses for personal or domestic purposes ...".
    result = verdict("Part 1 of PIPEDA does not apply to an individual in respect of personal information that "
                     "the individual collects for personal or domestic purposes (PIPEDA, para 4(2)(b)).")
    assert result.label == "verified", result.rationale


def test_only_narrows_a_claim_and_the_text_must_narrow_it_too():
    assert verdict("Under s. 8(1) of the Canada Labour Code, only employees are free to join a trade "
                   "union.").label == "unknown"


def test_prohibited_grounds_are_not_a_prohibition():
    result = verdict("Under s. 3 of the Canadian Human Rights Act, race, national or ethnic origin, colour, "
                     "religion and age are prohibited grounds of discrimination.")
    assert result.label == "verified", result.rationale


def test_parties_in_an_order_the_text_never_has_are_not_verified():
    # s. 11(1): "An individual may file with the Commissioner a written complaint against an organization".
    said = "Under s. 11(1) of PIPEDA, {} may file with the Commissioner a written complaint against {}."
    assert verdict(said.format("an individual", "an organization")).label == "verified"
    swapped = verdict(said.format("an organization", "an individual"))
    assert swapped.label == "unknown"
    assert "“organization” before" in swapped.rationale


def test_a_claim_is_read_in_one_clause_of_the_text():
    # s. 6(1): "... it shall be construed as coming into force on the expiration of the previous day,
    # and where an enactment is expressed to ... cease to have effect on a particular day, it shall be
    # construed as ceasing to have effect on the commencement of the following day."
    said = ("Under s. 6(1) of the Interpretation Act, where an enactment is expressed to come into force on a "
            "particular day, it shall be construed as coming into force on the {} day.")
    assert verdict(said.format("expiration of the previous")).label == "verified"
    mixed = verdict(said.format("commencement of the following"))
    assert mixed.label == "unknown"
    assert "different clauses" in mixed.rationale


def test_a_modal_is_read_with_the_words_it_governs():
    # s. 26: "The head ... may refuse to disclose any personal information requested under subsection
    # 12(1) about an individual other than the individual who made the request, and shall refuse to
    # disclose such information where the disclosure is prohibited under section 8."
    said = ("Under section 26 of the Privacy Act, the head of a government institution {} refuse to disclose any "
            "personal information requested under subsection 12(1) about an individual other than the "
            "individual who made the request.")
    assert verdict(said.format("may")).label == "verified"
    duty = verdict(said.format("is required to"))
    assert duty.label == "unknown"
    assert "of the same words" in duty.rationale


def test_an_adverb_reads_as_its_adjective():
    result = verdict('Under s. 12 of the Interpretation Act, every enactment is deemed remedial and is interpreted '
                     'liberally: "such fair, large and liberal construction and interpretation as best ensures the '
                     'attainment of its objects".')
    assert result.label == "verified", result.rationale


def test_unless_reads_as_the_texts_except():
    # s. 173 opens "Except as otherwise provided by or under this Division" and by regulations.
    result = verdict("Section 173 of the Canada Labour Code: unless the regulations provide otherwise, each "
                     'employee must have "at least one full day of rest in the week".')
    assert result.label == "verified", result.rationale


def test_one_as_a_pronoun_is_no_number_but_one_as_a_number_is_compared():
    counted = verdict('Under para 28(a) of the Interpretation Act, one counts "from the specified day the number '
                      'of months, without including the month in which that day falls".')
    assert counted.label == "verified", counted.rationale
    doubled = verdict("Section 173 of the Canada Labour Code gives each employee at least two full days of rest "
                      "in the week.")
    assert doubled.label == "unknown" and "2" in doubled.rationale, doubled.rationale


def test_an_act_name_followed_by_a_bare_label_is_a_citation():
    result = verdict("PIPEDA 7(3)(c) lets an organization disclose personal information without the knowledge "
                     "or consent of the individual to comply with a subpoena.")
    assert (result.label, result.provision_id) == ("verified", "P-8.6:s7(3)(c)"), result.rationale
    # A quantity after the name is not a section number.
    [claim] = extract_claims("PIPEDA 30 days is the time an organization has to respond.", DbCorpus().act_refs())
    assert claim.units == []


def test_a_chapter_citation_is_not_a_number_of_the_law():
    result = verdict('The Copyright Act, R.S.C. 1985, c. C-42, s. 29 provides that "Fair dealing for the purpose '
                     'of research, private study, education, parody or satire does not infringe copyright."')
    assert result.label == "verified", result.rationale


def test_a_number_in_words_is_compared_with_the_texts_digits():
    # s. 240(1): "... may make a complaint in writing to the Head if the employee (a) has completed 12
    # consecutive months of continuous employment by an employer; and (b) is not a member of ...".
    rule = ("Canada Labour Code, subsection 240(1): a person who has been dismissed may make a complaint in writing "
            "to the Head if the employee has completed {} consecutive months of continuous employment and is not a "
            "member of a group of employees subject to a collective agreement.")
    twelve = verdict(rule.format("twelve"))
    assert twelve.label == "verified", twelve.rationale
    longer = verdict(rule.format("twenty-four"))
    assert longer.label == "unknown" and "24" in longer.rationale, longer.rationale


def test_a_number_must_count_what_the_text_counts_with_it():
    # s. 169(1)(a): "eight hours in a day and forty hours in a week".
    right = verdict("Under CLC s. 169(1)(a), the standard hours of work shall not exceed eight hours in a day "
                    "and forty hours in a week.")
    assert right.label == "verified", right.rationale
    swapped = verdict("Under CLC s. 169(1)(a), the standard hours of work shall not exceed forty hours in a day "
                      "and eight hours in a week.")
    assert swapped.label == "unknown" and "40" in swapped.rationale, swapped.rationale


def test_a_percentage_is_a_measure_like_days_or_hours():
    # s. 184.01(c): "8% of their wages ... if they have completed at least 10 consecutive years": 10
    # is a number the paragraph states, but of years, not of the wages.
    rule = ("Under s. 184.01(c) of the Canada Labour Code, an employee who has completed at least 10 consecutive "
            "years of employment with the same employer is entitled to vacation pay equal to {} of their wages "
            "during the year of employment in respect of which they are entitled to the vacation.")
    right = verdict(rule.format("8%"))
    assert right.label == "verified", right.rationale
    other = verdict(rule.format("10%"))
    assert other.label == "unknown" and "10" in other.rationale, other.rationale


@pytest.mark.parametrize("words, label", [("other than", "verified"), ("including", "unknown")])
def test_what_the_text_leaves_out_with_other_than_is_negated(words, label):
    # Privacy Act s. 3.1(2): "... the head of a government institution, other than a department or
    # ministry of state, for the purposes of this Act."
    result = verdict(f"Under s. 3.1(2) of the Privacy Act, the Governor in Council may, by order, designate a person "
                     f"to be the head of a government institution, {words} a department or ministry of state, for "
                     f"the purposes of this Act.")
    assert result.label == label, result.rationale


def test_a_condition_joined_by_and_is_not_kept_by_a_word_another_part_has():
    # PIPEDA s. 7(2)(c): "... use personal information only if (c) it is used for statistical, or
    # scholarly study or research, purposes that cannot be achieved without using the information,
    # the information is used in a manner that will ensure its confidentiality, it is impracticable
    # to obtain consent and the organization informs the Commissioner of the use before the
    # information is used;". "used" is the first part's word too.
    dropped = verdict("Under PIPEDA s. 7(2)(c), an organization may use personal information without the knowledge or "
                      "consent of the individual for scholarly study or research purposes that cannot be achieved "
                      "without using the information, where the information is used in a manner that will "
                      "ensure its confidentiality.")
    assert dropped.label == "unknown" and "Commissioner" in dropped.rationale, dropped.rationale


def test_a_claim_that_keeps_one_figure_of_the_rule_keeps_them_all():
    # s. 169(1)(a): "eight hours in a day and forty hours in a week". One limit stated alone may be
    # true, or may have dropped what limits it ("a leave of at least five days"): not proven either way.
    one = verdict("Under CLC s. 169(1)(a), the standard hours of work shall not exceed forty hours in a week.")
    assert one.label == "unknown" and "8 hours" in one.rationale, one.rationale


def test_every_case_is_not_what_a_conditional_clause_says():
    dropped = verdict("Under PIPEDA s. 10.1(1), an organization must report every breach of security safeguards "
                      "to the Commissioner.")
    assert dropped.label == "unknown" and "condition" in dropped.rationale, dropped.rationale
    kept = verdict("Under PIPEDA s. 10.1(1), an organization must report to the Commissioner a breach of security "
                   "safeguards if it is reasonable to believe the breach creates a real risk of significant harm "
                   "to an individual.")
    assert kept.label == "verified", kept.rationale


def test_a_floor_is_not_a_cap():
    # s. 41.26(3): "not less than $5,000 and not more than $10,000".
    capped = verdict("Under s. 41.26(3) of the Copyright Act, a claimant’s only remedy against a person who fails "
                     "to perform his or her obligations under subsection (1) is statutory damages in an amount "
                     "that the court considers just, but not more than $5,000.")
    assert capped.label == "unknown" and "upper" in capped.rationale, capped.rationale
    both = verdict("Under s. 41.26(3) of the Copyright Act, statutory damages are not less than $5,000 and not "
                   "more than $10,000.")
    assert both.label == "verified", both.rationale


def test_a_power_to_require_is_not_a_duty_to():
    # s. 239(2): "The employer may, in writing ..., require the employee to provide a certificate".
    result = verdict("Under CLC s 239(2), the employer must require the employee to provide a certificate issued "
                     "by a health care practitioner.")
    assert result.label == "unknown", result.rationale


def test_whether_or_not_drops_the_texts_condition():
    # s. 32: "Where a form is prescribed, deviations from that form, not affecting the substance or
    # calculated to mislead, do not invalidate the form used."
    result = verdict('Section 32 of the Interpretation Act provides that, "Where a form is prescribed", deviations '
                     'from that form do not invalidate the form used, whether or not they affect the substance.')
    assert result.label == "unknown", result.rationale


@pytest.mark.parametrize(("claimed", "label"), [
    ("by an amount not exceeding twenty thousand dollars", "verified"),
    ("by an amount exceeding twenty thousand dollars", "unknown"),  # a floor where the text sets a cap
])
def test_not_exceeding_is_a_cap_and_exceeding_a_floor(claimed, label):
    # s. 53(2)(e): "compensate the victim, by an amount not exceeding twenty thousand dollars, for
    # any pain and suffering that the victim experienced as a result of the discriminatory practice".
    result = verdict(f"Under CHRA s. 53(2)(e), the order may require the person to compensate the victim, {claimed}, "
                     "for any pain and suffering that the victim experienced as a result of the discriminatory "
                     "practice.")
    assert result.label == label, result.rationale


def test_each_word_of_a_list_must_be_in_the_clause():
    # I-21 s. 27(3): "Where a time is expressed to begin or end at, on or with a specified day ... the
    # time includes that day"; s. 27(4) excludes the day for a time "from" it.
    widened = verdict('Under s. 27 of the Interpretation Act, where a time is expressed to begin at, on, with or '
                      'from a specified day, "the time includes that day."')
    assert widened.label == "unknown" and "from" in widened.rationale, widened.rationale
    listed = verdict('Under s. 27(3) of the Interpretation Act, where a time is expressed to begin at, on or '
                     'with a specified day, "the time includes that day."')
    assert listed.label == "verified", listed.rationale


def test_quotes_of_two_subsections_joined_into_one_rule_are_not_verified():
    # PIPEDA s. 8(4) asks for a notice of extension; s. 8(5) deems a refusal where the organization
    # fails to respond within the time limit. Neither says a missing notice is a refusal.
    joined = verdict('Under section 8 of PIPEDA, an organization that extends the time limit but does not '
                     '"send a notice of extension to the individual" no later than thirty days after the date of '
                     'the request "is deemed to have refused the request."')
    assert joined.label == "unknown" and "joins quotes" in joined.rationale, joined.rationale
    # Paragraphs of one subsection share its lead-in: quoting two of them is one rule.
    paragraphs = verdict('Under PIPEDA s. 7(3), an organization may disclose personal information without the '
                         'knowledge or consent of the individual if the disclosure is "made to a government '
                         'institution" or "made to a person who needs the information because of an emergency".')
    assert paragraphs.label != "contradicted", paragraphs.rationale


@pytest.mark.parametrize(("claimed", "label"), [
    ("the Head may deem the complaint to be withdrawn", "verified"),
    ("the Board may deem the complaint to be withdrawn", "unknown"),  # the Head acts, not the Board
])
def test_the_party_that_acts_must_be_the_texts(claimed, label):
    # L-2 s. 241(5): "... make a written request that the complaint be referred to the Board, the Head
    # may deem the complaint to be withdrawn."
    result = verdict(f"Under s. 241(5) of the Canada Labour Code, if the person who made the complaint does not, "
                     f'"within the period set out in the notice, make a written request that the complaint be '
                     f'referred to the Board", {claimed}.')
    assert result.label == label, result.rationale


def test_the_party_a_thing_goes_to_must_be_the_texts():
    # H-6 s. 48(1): "the terms of the settlement shall be referred to the Commission for approval or rejection".
    for body, label in (("Commission", "verified"), ("Tribunal", "unknown")):
        result = verdict(f"Under s. 48(1) of the Canadian Human Rights Act, when a settlement is agreed on by the "
                         f"parties before a hearing, the terms of the settlement must be referred to the {body} for "
                         f"approval or rejection.")
        assert result.label == label, (body, result.rationale)


def test_or_between_two_quotes_the_text_joins_with_and_is_not_verified():
    # L-2 s. 240(1): "... (a) has completed 12 consecutive months of continuous employment by an
    # employer, and (b) is not a member of a group of employees subject to a collective agreement".
    quotes = ('"has completed 12 consecutive months of continuous employment by an employer" {} "is not a '
              'member of a group of employees subject to a collective agreement"')
    for joined, label in (("and", "verified"), ("or", "unknown")):
        result = verdict("Under s. 240(1) of the Canada Labour Code, a person who " + quotes.format(joined)
                         + " may make a complaint in writing to the Head if they have been dismissed and consider "
                         "the dismissal to be unjust.")
        assert result.label == label, (joined, result.rationale)


def test_a_period_must_run_from_the_texts_event():
    # C-42 s. 43.1(1)(b): "... commenced within three years after the time when the plaintiff first knew
    # of it ..., in the case where the plaintiff did not know ... of the act or omission at the time it occurred".
    moved = verdict('Under s. 43.1(1)(b) of the Copyright Act, "in the case where the plaintiff did not know, and '
                    'could not reasonably have been expected to know, of the act or omission at the time it '
                    'occurred", a court may award a remedy only if the proceedings are commenced within three years '
                    'after the act or omission occurred.')
    assert moved.label == "unknown" and "3 years from “the act" in moved.rationale, moved.rationale
    kept = verdict("Under s. 43.1(1)(b) of the Copyright Act, a court may award a remedy only if the proceedings are "
                   "commenced within three years after the time when the plaintiff first knew of the act or omission, "
                   "in the case where the plaintiff did not know, and could not reasonably have been expected to know, "
                   "of the act or omission at the time it occurred.")
    assert kept.label == "verified", kept.rationale
    # Without the case (b) is for, the claim states (b)'s period as if it were the only one.
    unqualified = verdict("Under s. 43.1(1)(b) of the Copyright Act, a court may award a remedy only if the proceedings "
                          "are commenced within three years after the time when the plaintiff first knew of the act or "
                          "omission.")
    assert unqualified.label == "unknown" and "drops the condition" in unqualified.rationale, unqualified.rationale


def test_a_range_for_all_works_together_is_not_one_for_each_work():
    # C-42 s. 38.1(1)(b): "... not less than $100 and not more than $5,000 ..., with respect to all
    # infringements involved in the proceedings for all works or other subject-matter, if the
    # infringements are for non-commercial purposes".
    each = verdict('Copyright Act s. 38.1(1)(b): for infringements for non-commercial purposes, statutory damages '
                   'are "in a sum of not less than $100 and not more than $5,000 that the court considers just" '
                   'for each work or other subject-matter infringed.')
    assert each.label == "unknown" and "for each work" in each.rationale, each.rationale


def test_a_full_stop_inside_french_guillemets_does_not_end_the_claim():
    # A spliced quotation of the Privacy Act's French s. 41 (its "et qui a déposé ... une plainte"
    # left out): read whole, the quote is checked and fails; cut at its inner full stop, the
    # citations inside the quote (12(1), 35(2)) had been taken for the memo's own.
    quote = ("L’individu qui s’est vu refuser communication de renseignements personnels demandés en vertu "
             "du paragraphe 12(1) peut, dans un délai de quarante-cinq jours suivant le compte rendu du "
             "Commissaire prévu au paragraphe 35(2), exercer un recours en révision de la décision de refus "
             "devant la Cour.")
    results = check_memo(f"L’article 41 de la LPRP prévoit que « {quote} »", DbCorpus(lang="fra"))
    assert [r.label for r in results] == ["contradicted"], [r.rationale for r in results]
    assert "The quote differs from s. 41 of the Privacy Act" in results[0].rationale


def test_a_claim_citing_a_section_keeps_the_subsection_that_limits_the_one_it_states():
    # C-42 s. 39: (1) no remedy but an injunction where the defendant was not aware that copyright
    # subsisted; (2) "Subsection (1) does not apply if ... the copyright was duly registered".
    rule = ("the defendant proves that, at the date of the infringement, it was not aware and had no reasonable "
            "ground for suspecting that copyright subsisted in the work, the plaintiff is not entitled to any remedy "
            "other than an injunction.")
    whole = verdict(f"Under s. 39 of the Copyright Act, where {rule}")
    assert whole.label == "unknown" and "subsection (2)" in whole.rationale, whole.rationale
    one = verdict(f"Under s. 39(1) of the Copyright Act, where {rule}")
    assert one.label == "verified", one.rationale


@pytest.mark.parametrize("days, label", [("82", "verified"), ("90", "unknown")])
def test_a_figure_must_be_in_the_unit_the_claim_states_not_in_one_it_cross_refers_to(days, label):
    # CLC s. 87.4(6.1) gives the Board 82 days; the application it names is "made under subsection
    # (4)", cited too, and a unit near it has 90. Claims set 11 found this on the same provision.
    result = verdict(f"Under subsection 87.4(6.1) of the Canada Labour Code, the Board must determine an application "
                     f"made under subsection 87.4(4) no later than {days} days after the day on which it received the "
                     f"application.")
    assert result.label == label, result.rationale
    if label == "unknown":
        assert "(90)" in result.rationale


def test_a_condition_whose_mark_a_comma_follows_is_read_from_the_phrase_it_sets_off():
    # Copyright Act s. 38(1)(b): "... before judgment if, under the law of Canada or of the province
    # in which those proceedings are taken, a person is entitled to take such proceedings". The
    # condition's words were read as nothing (the comma ended them at once). Claims set 11 found
    # the shape on CLC s. 23(1) ("unless, in the opinion of the Board, ...").
    result = verdict("Under paragraph 38(1)(b) of the Copyright Act, the owner of the copyright in a work may take "
                     "proceedings for seizure of infringing copies or plates before judgment.")
    assert result.label == "unknown" and "“if, under the law of Canada" in result.rationale, result.rationale
