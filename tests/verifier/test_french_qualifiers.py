"""The qualifier scan reads the French text as it reads the English (real text of the Privacy Act)."""

import pytest

from verifier.adapter import DbCorpus
from verifier.gates import gate_answer

pytestmark = pytest.mark.django_db

QUOTE = ("communication aux fins auxquelles ils ont été recueillis ou préparés par l’institution ou "
         "pour les usages qui sont compatibles avec ces fins;")


def qualifiers(not_in_text):
    answer = {"claims": [{"text": "Une institution peut communiquer des renseignements personnels.",
                          "citations": [{"provision_id": "P-21:s8(2)(a)", "quote": QUOTE}]}],
              "reading": "", "not_in_text": not_in_text}
    result = gate_answer(answer, DbCorpus(lang="fra"), ["P-21:s8"])
    first_sentence = {}
    for finding in result.all_findings():
        for q in finding.details.get("qualifiers", []) if finding.code == "qualifier" else []:
            first_sentence.setdefault(q["phrase"].lower(), q["sentence"])
    return first_sentence


def test_it_warns_about_the_french_qualifiers_the_answer_skips():
    found = qualifiers("")
    assert set(found) == {"sous réserve", "pourvu que", "que si"}
    assert found["sous réserve"].startswith("(2) Sous réserve d’autres lois fédérales")


def test_a_french_qualifier_listed_with_a_typed_apostrophe_or_none_is_not_warned_about():
    assert set(qualifiers("Sous réserve d'autres lois; pourvu que la demande soit écrite; "
                          "ne peut être atteint que si l'individu est identifié.")) == set()
