"""What the claim checker reads besides words: a restriction ("solely"), a condition whose words the
claim has only from the lead-in, and who is acted on. Each wrong claim beside a faithful one over the
same real provision (the seeded default corpus, English and French)."""

import pytest

from verifier.service import check_claim_items


def _label(claim, lang="eng"):
    [result] = check_claim_items([{"claim": claim}], lang=lang)
    return result["label"], result["rationale"]


@pytest.mark.django_db
def test_a_claim_that_leaves_out_solely_is_not_verified_and_one_that_keeps_it_is():
    wide = _label("Paragraph 7(1)(c) of PIPEDA lets an organization collect personal information without the "
                  "knowledge or consent of the individual where the collection is for literary purposes.")
    assert wide[0] == "unknown" and "“solely for" in wide[1]
    kept = _label("Paragraph 7(1)(c) of PIPEDA lets an organization collect personal information without the "
                  "knowledge or consent of the individual where the collection is solely for literary purposes.")
    assert kept[0] == "verified", kept[1]


@pytest.mark.django_db
def test_words_from_the_lead_in_do_not_keep_a_condition_of_the_paragraph():
    dropped = _label("Under paragraph 8(2)(e) of the Privacy Act, personal information under the control of a "
                     "government institution may be disclosed to an investigative body specified in the "
                     "regulations, on the written request of the body, for the purpose of carrying out a "
                     "lawful investigation.")
    assert dropped[0] == "unknown" and "describes" in dropped[1]
    kept = _label("Under paragraph 8(2)(e) of the Privacy Act, personal information under the control of a "
                  "government institution may be disclosed to an investigative body specified in the "
                  "regulations, on the written request of the body, for the purpose of carrying out a lawful "
                  "investigation, if the request specifies the purpose and describes the information to be "
                  "disclosed.")
    assert kept[0] == "verified", kept[1]


@pytest.mark.django_db
def test_who_is_notified_swapped_is_not_verified():
    swapped = _label("Under subsection 128(3) of the Canada Labour Code, the person in charge of the ship or "
                     "aircraft shall immediately notify the employee of the circumstances of the danger.")
    assert swapped[0] == "unknown" and "notify … employee" in swapped[1]
    faithful = _label("Under subsection 128(3) of the Canada Labour Code, the employee shall immediately notify "
                      "the person in charge of the ship or aircraft of the circumstances of the danger.")
    assert faithful[0] == "verified", faithful[1]


@pytest.mark.django_db
def test_a_french_claim_that_names_the_wrong_client_of_the_lawyer_is_not_verified():
    wrong = _label("Selon l’alinéa 7(3)a) de la LPRPDE, l’organisation peut communiquer un renseignement "
                   "personnel à l’insu de l’intéressé à un avocat qui représente l’intéressé.", lang="fra")
    assert wrong[0] == "unknown" and "représente … organisation" in wrong[1]
    right = _label("Selon l’alinéa 7(3)a) de la LPRPDE, l’organisation peut communiquer un renseignement "
                   "personnel à l’insu de l’intéressé à un avocat qui représente l’organisation.", lang="fra")
    assert right[0] == "verified", right[1]
