"""Size caps on every model-produced field, applied when an answer is submitted: an answer over
one is refused with a message naming the field and never cut short."""

import pytest

from research.pipeline import execute
from research.submit import create_run
from research.tool_schemas import (
    MAX_CHARS,
    MAX_CITATIONS_PER_CLAIM,
    MAX_CLAIMS,
    SUBMIT_ANSWER,
    SubmissionError,
    validate_submission,
)

SUBPOENA = "required to comply with a subpoena or warrant issued"


def answer(**overrides):
    claim = {"text": "Disclosure is allowed for a subpoena.",
             "citations": [{"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA}]}
    return {"claims": [claim], "reading": "Section 7(3)(c) permits it.", "not_in_text": "", **overrides}


def refused(payload):
    with pytest.raises(SubmissionError) as exc:
        validate_submission(payload)
    return str(exc.value)


def test_it_accepts_an_answer_within_the_caps():
    assert validate_submission(answer())["reading"] == "Section 7(3)(c) permits it."


def test_it_refuses_a_huge_reading():
    message = refused(answer(reading="x" * (3 * 1024 * 1024)))
    assert message == f"the reading is 3,145,728 characters; at most {MAX_CHARS['reading']:,}"


def test_it_refuses_a_long_quote_rather_than_shortening_it():
    long_quote = SUBPOENA + " " + "and more " * 2_000
    payload = answer(claims=[{"text": "Disclosure is allowed.",
                              "citations": [{"provision_id": "P-8.6:s7(3)(c)", "quote": long_quote}]}])
    assert refused(payload) == (f"claim 1, citation 1's quote is {len(long_quote):,} characters; at most "
                                f"{MAX_CHARS['quote']:,} (quote the smallest unit that holds the point; a quote "
                                "is never shortened for you)")


@pytest.mark.parametrize("field, payload", [
    ("not_in_text", answer(not_in_text="y" * (MAX_CHARS["not_in_text"] + 1))),
    ("claim 1's text", answer(claims=[{"text": "z" * (MAX_CHARS["text"] + 1),
                                       "citations": [{"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA}]}])),
    ("provision_id", answer(claims=[{"text": "t", "citations": [{"provision_id": "P-8.6:s7" + "(a)" * 100,
                                                                 "quote": SUBPOENA}]}])),
    ("scope_note", {"decline": True, "scope_note": "n" * (MAX_CHARS["scope_note"] + 1)}),
])
def test_it_refuses_every_oversized_field(field, payload):
    assert field in refused(payload)


def test_it_caps_claims_and_citations():
    claim = answer()["claims"][0]
    assert refused(answer(claims=[claim] * (MAX_CLAIMS + 1))) == (
        f"{MAX_CLAIMS + 1} claims; at most {MAX_CLAIMS}: keep the claims that answer the question")
    many = {"text": "t", "citations": claim["citations"] * (MAX_CITATIONS_PER_CLAIM + 1)}
    assert refused(answer(claims=[many])) == (
        f"claim 1 has {MAX_CITATIONS_PER_CLAIM + 1} citations; at most {MAX_CITATIONS_PER_CLAIM}")


@pytest.mark.django_db
def test_a_run_whose_answer_is_oversized_fails_with_the_reason_and_stores_nothing(people):
    script = [{"submit_answer": answer(reading="r" * (MAX_CHARS["reading"] + 1))}]
    run, _ = create_run(people[0], "May an organization disclose personal information for a subpoena?",
                        engine="scripted", script=script)
    run = execute(run.pk)
    assert run.status == "failed"
    assert run.error == ("the script's answer breaks the submit_answer schema: the reading is "
                         f"{MAX_CHARS['reading'] + 1:,} characters; at most {MAX_CHARS['reading']:,}")
    assert run.reading == ""
    assert not run.claims.exists()


# The schema the model is given and the check of what it submits are one definition
# (SubmitAnswerInput): a payload the schema refuses is refused, and one it accepts is accepted,
# but for the rule no JSON schema here states (an answer has claims, a decline a scope note).
@pytest.mark.parametrize("payload, accepted", [
    (answer(), True),
    ({"decline": True, "scope_note": "Provincial law."}, True),
    (answer(extra="x"), False),
    (answer(claims=[{"text": "t", "citations": []}]), False),
    (answer(claims=[{"text": "t", "citations": [{"provision_id": "P-8.6:s7", "quote": SUBPOENA, "note": "x"}]}]), False),
    (answer(claims=[{"text": "t", "citations": [{"provision_id": "P-8.6:s7", "quote": "x" * (MAX_CHARS["quote"] + 1)}]}]),
     False),
    (answer(reading=7), False),
    (answer(claims=[answer()["claims"][0]] * (MAX_CLAIMS + 1)), False),
])
def test_the_tool_schema_and_the_check_agree(payload, accepted):
    import jsonschema

    schema_says = jsonschema.Draft202012Validator(SUBMIT_ANSWER["input_schema"]).is_valid(payload)
    try:
        validate_submission(payload)
        check_says = True
    except SubmissionError:
        check_says = False
    assert schema_says == check_says == accepted
