"""Rebuild the shipped recorded runs (research/recorded/*.json) by executing real runs.

    VERBATIM_SQLITE_PATH=/tmp/copy.sqlite3 .venv/bin/python manage.py shell -c \
        "from research.recorded.build import build; build()"

Run it against a copy of the dev database (it stores runs). Each run goes through
research.pipeline.execute: the scripted transcripts below replay their tool calls for real
and the verifier checks their quotes; the extractive runs retrieve and quote on their own.
The transcripts cite real provisions of the default corpus.
"""

import json
from pathlib import Path

from django.test import override_settings

from research.pipeline import execute
from research.recording import export_run
from research.submit import create_run

HERE = Path(__file__).resolve().parent

PIPEDA_SUBPOENA = ("required to comply with a subpoena or warrant issued or an order made by a court, person or "
                   "body with jurisdiction to compel the production of information")
VALID_CONSENT = ("the consent of an individual is only valid if it is reasonable to expect that an individual to "
                 "whom the organization’s activities are directed would understand the nature, purpose and "
                 "consequences of the collection, use or disclosure of the personal information to which they "
                 "are consenting")

SCRIPTED = [
    {
        "slug": "01-pass-pipeda-subpoena",
        "label": "scripted engine · pass: disclosure to comply with a subpoena (PIPEDA s. 7(3)(c))",
        "question": "May an organization disclose personal information without consent to comply with a subpoena?",
        "acts": ["P-8.6"],
        "script": {"turns": [
            {"tool_calls": [{"name": "search_statutes",
                             "arguments": {"query": "disclose without consent subpoena warrant"}}]},
            {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7(3)(c)"}}]},
            {"submit_answer": {
                "claims": [{"text": "An organization may disclose personal information without the knowledge "
                                    "or consent of the individual where the disclosure is required to comply "
                                    "with a subpoena or warrant.",
                            "citations": [{"provision_id": "P-8.6:s7(3)(c)", "quote": PIPEDA_SUBPOENA}]}],
                "reading": "Section 7(3)(c) lets an organization comply with a subpoena without first asking "
                           "the individual.",
                "not_in_text": "Subsection 7(3) opens with 'only if' and applies 'despite the note that "
                               "accompanies' clause 4.3 of Schedule 1; the quote does not say what a valid "
                               "subpoena is.",
            }},
        ]},
    },
    {
        "slug": "02-downgraded-valid-consent",
        "label": "scripted engine · pass with a downgraded pinpoint (s. 6.1(2) does not exist; quote is in s. 6.1)",
        "question": "When is consent to the collection of personal information valid under PIPEDA?",
        "acts": ["P-8.6"],
        "script": {"turns": [
            {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s6.1"}}]},
            {"submit_answer": {
                "claims": [{"text": "Consent is valid only if the individual would understand the nature, "
                                    "purpose and consequences of what they consent to.",
                            "citations": [{"provision_id": "P-8.6:s6.1(2)", "quote": VALID_CONSENT}]}],
                "reading": "Section 6.1 sets a test of what a reasonable individual would understand.",
                "not_in_text": "The section does not say how consent must be recorded.",
            }},
        ]},
    },
    {
        "slug": "03-blocked-after-repair",
        "label": "scripted engine · blocked after repair: an altered quote (\"may\" for \"must\") of PIPEDA s. 8(1)",
        "question": "Does an access request under PIPEDA have to be in writing?",
        "acts": ["P-8.6"],
        "script": {
            "turns": [
                {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s8(1)"}}]},
                {"submit_answer": {
                    "claims": [{"text": "An access request may be made in writing.",
                                "citations": [{"provision_id": "P-8.6:s8(1)",
                                               "quote": "A request under clause 4.9 of Schedule 1 may be made "
                                                        "in writing."}]}],
                    "reading": "Writing is optional.",
                    "not_in_text": "",
                }},
            ],
            "repair": [
                {"submit_answer": {
                    "claims": [{"text": "An access request may be made in writing.",
                                "citations": [{"provision_id": "P-8.6:s8(1)",
                                               "quote": "A request under clause 4.9 of Schedule 1 can be made "
                                                        "in writing."}]}],
                    "reading": "Writing is optional.",
                    "not_in_text": "",
                }},
            ],
        },
    },
    {
        "slug": "04-repaired-to-pass",
        "label": "scripted engine · blocked, then repaired to pass: the quote of PIPEDA s. 8(1) corrected",
        "question": "Must a request for access to personal information under PIPEDA be made in writing?",
        "acts": ["P-8.6"],
        "script": {
            "turns": [
                {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s8(1)"}}]},
                {"submit_answer": {
                    "claims": [{"text": "An access request must be made in writing.",
                                "citations": [{"provision_id": "P-8.6:s8(1)",
                                               "quote": "A request under clause 4.9 of Schedule 1 shall be made "
                                                        "in writing."}]}],
                    "reading": "A written request is required.",
                    "not_in_text": "",
                }},
            ],
            "repair": [
                {"submit_answer": {
                    "claims": [{"text": "An access request must be made in writing.",
                                "citations": [{"provision_id": "P-8.6:s8(1)",
                                               "quote": "A request under clause 4.9 of Schedule 1 must be made "
                                                        "in writing."}]}],
                    "reading": "A written request is required.",
                    "not_in_text": "The section does not say what form the writing takes.",
                }},
            ],
        },
    },
    {
        "slug": "05-declined-out-of-scope",
        "label": "scripted engine · declined: Ontario residential tenancies are not in the corpus",
        "question": "How much notice must an Ontario landlord give before raising the rent?",
        "acts": [],
        "script": {"turns": [
            {"tool_calls": [{"name": "list_acts", "arguments": {}}]},
            {"tool_calls": [{"name": "search_statutes", "arguments": {"query": "landlord rent increase notice"}}]},
            {"submit_answer": {
                "decline": True,
                "scope_note": "Rent increases in Ontario are governed by the Residential Tenancies Act, 2006 "
                              "(Ontario), a provincial statute. The corpus holds only federal Acts (PIPEDA, the "
                              "Privacy Act, the Canada Labour Code, the Copyright Act, the Canadian Human Rights "
                              "Act and the Interpretation Act), none of which regulates residential rent.",
            }},
        ]},
    },
    {
        "slug": "06-partial-tool-limit",
        "label": "scripted engine · partial: stopped at the tool-call limit (8) before answering",
        "question": "Which federal Acts say anything about the retention of personal information?",
        "acts": [],
        "script": {"turns": [
            {"tool_calls": [
                {"name": "search_statutes", "arguments": {"query": "retention of personal information"}},
                {"name": "get_provision", "arguments": {"id": "P-21:s6"}},
                {"name": "get_provision", "arguments": {"id": "P-8.6:s8(8)"}},
                {"name": "search_statutes", "arguments": {"query": "retain records period", "acts": ["L-2"]}},
                {"name": "find_definition", "arguments": {"act": "P-21", "term": "personal information"}},
                {"name": "search_statutes", "arguments": {"query": "disposal of personal information"}},
                {"name": "get_provision", "arguments": {"id": "P-21:s4"}},
                {"name": "get_provision", "arguments": {"id": "P-21:s5"}},
                {"name": "get_provision", "arguments": {"id": "P-21:s7"}},
            ]},
            {"submit_answer": {"claims": [{"text": "unreached", "citations": [
                {"provision_id": "P-21:s6", "quote": "unreached"}]}], "reading": "", "not_in_text": ""}},
        ]},
    },
]

EXTRACTIVE = [
    {"slug": "07-extractive-pipeda-disclosure",
     "question": "When may an organization disclose personal information without the individual's consent?",
     "acts": ["P-8.6"]},
    {"slug": "08-extractive-labour-hours",
     "question": "What are the standard hours of work of an employee?",
     "acts": ["L-2"]},
    {"slug": "09-extractive-copyright-term",
     "question": "How long does copyright last in a work after the author's death?",
     "acts": ["C-42"]},
    {"slug": "10-extractive-human-rights-grounds",
     "question": "What are the prohibited grounds of discrimination?",
     "acts": ["H-6"]},
    {"slug": "11-extractive-labour-overtime",
     "question": "When must an employer pay overtime at one and one-half times the regular rate of wages?",
     "acts": ["L-2"]},
    {"slug": "12-extractive-privacy-act-disclosure",
     "question": "Does the Privacy Act let a government institution disclose personal information without consent?",
     "acts": ["P-21"]},
]


def build(out_dir=HERE):
    """Execute every recording and write research/recorded/<slug>.json; returns {slug: gate}."""
    gates = {}
    with override_settings(VERBATIM_MAX_TOOL_CALLS=8):
        for spec in SCRIPTED:
            gates[spec["slug"]] = _record(spec, engine="scripted", script=spec["script"], out_dir=out_dir)
        for spec in EXTRACTIVE:
            gates[spec["slug"]] = _record(spec, engine="extractive", out_dir=out_dir)
    return gates


def _record(spec, engine, out_dir, script=None):
    run, _ = create_run(None, spec["question"], acts=spec["acts"], engine=engine, script=script)
    run = execute(run.pk)
    data = export_run(run)
    data["recorded_label"] = spec.get("label") or f"extractive engine · gate {run.gate}: {spec['question']}"
    path = Path(out_dir) / f"{spec['slug']}.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{path.name}: {run.status} / {run.gate} {run.partial_reason or run.error}")
    return run.gate
