"""What the claim checker reads besides words: a restriction ("solely"), a condition whose words the
claim has only from the lead-in, and who is acted on. Each wrong claim beside a faithful one over the
same real provision (the seeded default corpus, English and French)."""

import pytest

from verifier.service import check_claim_items

PIPEDA_7_1_C = ("Paragraph 7(1)(c) of PIPEDA lets an organization collect personal information without the "
                "knowledge or consent of the individual where the collection is {}for literary purposes.")
PA_8_2_E = ("Under paragraph 8(2)(e) of the Privacy Act, personal information under the control of a government "
            "institution may be disclosed to an investigative body specified in the regulations, on the written "
            "request of the body, for the purpose of carrying out a lawful investigation{}.")
CLC_128_3 = ("Under subsection 128(3) of the Canada Labour Code, the {} shall immediately notify the {} of the "
             "circumstances of the danger.")
LPRPDE_7_3_A = ("Selon l’alinéa 7(3)a) de la LPRPDE, l’organisation peut communiquer un renseignement personnel à "
                "l’insu de l’intéressé à un avocat qui représente l’{}.")

# (wrong claim, words its rationale must name, the faithful claim, language)
CASES = {
    "solely-left-out": (PIPEDA_7_1_C.format(""), "“solely for", PIPEDA_7_1_C.format("solely "), "eng"),
    "lead-in-words-do-not-keep-a-condition": (
        PA_8_2_E.format(""), "describes",
        PA_8_2_E.format(", if the request specifies the purpose and describes the information to be disclosed"),
        "eng"),
    "who-is-notified-swapped": (
        CLC_128_3.format("person in charge of the ship or aircraft", "employee"), "notify … employee",
        CLC_128_3.format("employee", "person in charge of the ship or aircraft"), "eng"),
    "the-lawyer-represents-the-wrong-party": (
        LPRPDE_7_3_A.format("intéressé"), "représente … organisation", LPRPDE_7_3_A.format("organisation"), "fra"),
}


def _label(claim, lang):
    [result] = check_claim_items([{"claim": claim}], lang=lang)
    return result["label"], result["rationale"]


@pytest.mark.django_db
@pytest.mark.parametrize(("wrong", "named", "faithful", "lang"), CASES.values(), ids=CASES.keys())
def test_the_wrong_claim_is_unknown_naming_why_and_the_faithful_one_is_verified(wrong, named, faithful, lang):
    label, rationale = _label(wrong, lang)
    assert label == "unknown" and named in rationale, rationale
    label, rationale = _label(faithful, lang)
    assert label == "verified", rationale
