"""manage.py check_claims and manage.py verify_answer on files, over the default corpus."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from verifier.service import export_answer

SUBPOENA = "required to comply with a subpoena or warrant issued"
MEMO = (f'Under s. 7(3)(c) of PIPEDA, an organization may disclose personal information without consent '
        f'if the disclosure is "{SUBPOENA}".\n'
        "- Section 13 of the Canadian Human Rights Act prohibits hate messages.\n")
ITEMS_YAML = """
- id: subpoena
  claim: 'Under s. 7(3)(c) of PIPEDA, an organization may disclose personal information without consent if the disclosure is "required to comply with a subpoena or warrant issued".'
  label: verified
- id: ombudsman
  claim: Section 99 of PIPEDA requires an ombudsman.
"""

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_it_checks_a_memo_and_prints_a_table(tmp_path):
    memo = tmp_path / "memo.txt"
    memo.write_text(MEMO, encoding="utf-8")
    output = run("check_claims", str(memo))
    lines = output.splitlines()
    assert lines[0].split() == ["ID", "LABEL", "FINDING", "RATIONALE"]
    assert lines[1].split()[:3] == ["1", "verified", "-"]
    assert "→ /acts/P-8.6/s7(3)(c)" in output
    assert "2   contradicted  repealed" in output
    assert lines[-1] == "1 contradicted, 1 verified"


def test_it_checks_a_yaml_list_and_prints_json_last(tmp_path):
    items = tmp_path / "claims.yaml"
    items.write_text(ITEMS_YAML, encoding="utf-8")
    output = run("check_claims", str(items), "--json")
    results = json.loads(output.splitlines()[-1])
    assert [(r["id"], r["label"], r["finding"]) for r in results] == [
        ("subpoena", "verified", None), ("ombudsman", "contradicted", "unknown-section")]
    assert results[1]["rationale"] == "The Personal Information Protection and Electronic Documents Act has no section 99."
    assert results[1]["links"] == ["/acts/P-8.6/s99"]


def test_it_detects_a_list_by_content_whatever_the_extension(tmp_path):
    items = tmp_path / "claims.txt"
    items.write_text(json.dumps([{"id": "x", "claim": "Section 99 of PIPEDA requires an ombudsman."}]),
                     encoding="utf-8")
    [result] = json.loads(run("check_claims", str(items), "--json").splitlines()[-1])
    assert (result["id"], result["label"]) == ("x", "contradicted")


def test_it_refuses_a_yaml_file_that_is_not_a_list_of_claims(tmp_path):
    items = tmp_path / "claims.yaml"
    items.write_text("title: not a list\n", encoding="utf-8")
    with pytest.raises(CommandError, match="expected a list of items"):
        run("check_claims", str(items))


def exported(tmp_path):
    answer = {"claims": [{"text": "Disclosure for a subpoena is allowed.",
                          "citations": [{"provision_id": "P-8.6:s7(3)(c)", "quote": SUBPOENA},
                                        {"provision_id": "P-21:s4", "quote": "No personal information "
                                         "shall be collected by a government institution"}]}],
              "reading": "Both Acts allow it in narrow cases.", "not_in_text": ""}
    markdown, evidence = export_answer(answer)
    md, ev = tmp_path / "answer.md", tmp_path / "evidence.json"
    md.write_text(markdown, encoding="utf-8")
    ev.write_text(json.dumps(evidence), encoding="utf-8")
    return md, ev


def test_an_exported_answer_verifies_against_its_evidence(tmp_path):
    md, ev = exported(tmp_path)
    output = run("verify_answer", str(md), str(ev))
    assert output.splitlines()[0].startswith("1. P-8.6:s7(3)(c): verbatim — verbatim in text sha256 ")
    assert output.splitlines()[1].startswith("2. P-21:s4: verbatim")
    assert output.splitlines()[-1] == "2 of 2 passages hold"


def test_a_tampered_quote_fails_with_its_first_difference(tmp_path):
    md, ev = exported(tmp_path)
    md.write_text(md.read_text(encoding="utf-8").replace("a subpoena", "a summons"), encoding="utf-8")
    out = StringIO()
    with pytest.raises(CommandError, match="1 of 2 passages hold; 1 failed") as error:
        call_command("verify_answer", str(md), str(ev), stdout=out)
    assert error.value.returncode == 1
    assert "1. P-8.6:s7(3)(c): mismatch — differs at character 26: the text says “subpoena” where the " \
           "quote has “summons”" in out.getvalue()


def test_tampered_evidence_and_missing_evidence_fail(tmp_path):
    md, ev = exported(tmp_path)
    evidence = json.loads(ev.read_text(encoding="utf-8"))
    evidence["P-8.6:s7(3)(c)"]["text"] = evidence["P-8.6:s7(3)(c)"]["text"].replace("subpoena", "summons")
    del evidence["P-21:s4"]
    ev.write_text(json.dumps(evidence), encoding="utf-8")
    out = StringIO()
    with pytest.raises(CommandError, match="0 of 2 passages hold; 2 failed"):
        call_command("verify_answer", str(md), str(ev), stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("1. P-8.6:s7(3)(c): evidence-altered — the evidence text hashes to ")
    assert lines[1] == "2. P-21:s4: missing-evidence — the evidence has no text for P-21:s4"
