"""A finished run as Markdown in DESIGN.md's answer shape (verifier.answer_markdown does the
rendering; this module gathers the run's claims and the stored texts they were checked against)."""

from research import answers_question, faithfulness
from research.models import Run
from research.presenting import gate_badge, run_reading
from research.run_record import run_facts
from verifier.adapter import DbCorpus
from verifier.answer_markdown import render_answer

CORPUS_LABEL = "Justice Laws Website (Government of Canada), official consolidations"


def run_markdown(run: Run, request=None) -> str:
    """The run's answer as Markdown, headed by who asked and when, as-at, Acts, the run's link
    (absolute when `request` is given) and the review decision. Only passages the verifier
    matched are labelled checked; blocked claims are exported marked blocked with their blocking
    finding, never dropped; what of the Reading rests on a blocked claim is exported folded and
    marked withheld."""
    return run_export(run, request)[0]


def run_export(run: Run, request=None) -> tuple[str, dict]:
    """(Markdown, evidence) of the run: the evidence maps each provision id shown to the stored
    text it was checked against, for `manage.py verify_answer` or the standalone verifier."""
    corpus = DbCorpus(lang=run.lang, as_at=run.as_at)
    claims, views = [], {}
    for claim in run.claims.prefetch_related("citations").order_by("position"):
        citations = []
        for c in claim.citations.all():
            for pid in (c.checked_id, c.provision_id):
                if pid and pid not in views:
                    view = corpus.get(pid)
                    if view is not None:
                        views[pid] = view
            citations.append({"provision_id": c.provision_id, "quote": c.quote, "status": c.status,
                              "checked_label": c.checked_label, "checked_id": c.checked_id,
                              "findings": c.findings or []})
        claims.append({"text": claim.text, "citations": citations})
    answer = {"claims": claims, "reading": run.reading, "not_in_text": run.not_in_text,
              "reading_parts": run_reading(run, corpus)}
    markdown, evidence = render_answer(answer, views, run.as_at, CORPUS_LABEL)
    question = " ".join(run.question.split())
    facts = "\n".join(f"- {label}: {value}" for label, value in run_facts(run, request))
    judged = "\n".join(f"- {line}" for line in faithfulness.export_lines(run))
    judged = f"{judged}\n\n" if judged else ""
    unanswered = "".join(f"{block}\n\n" for block in unanswered_blocks(run))
    return (f"# Question\n\n{question}\n\n{facts}\n\n{signals_line(run)}\n\n{judged}{unanswered}{markdown}",
            evidence)


def unanswered_blocks(run) -> list[str]:
    """Why a declined run did not answer, and the leads it lists (Markdown blocks; none for a run
    that answered)."""
    if run.gate != Run.GATE_DECLINED or not run.scope_note:
        return []
    leads = (run.answer or {}).get("leads") or []
    if not leads:
        return [f"Scope: {run.scope_note}"]
    items = "\n".join(f"- {_lead_line(lead)}" for lead in leads)
    return [run.scope_note, f"## Leads to read (not an answer)\n\n{items}"]


def signals_line(run) -> str:
    """The signals, each named for what it is: the quotes check, whether the answer answers the
    question (and what measured that), and the faithfulness judge's scores (a model's judgment)
    or "not scored"."""
    signals = [gate_badge(run)["label"]]
    answers = answers_question.run_signal(run)
    if answers is not None:
        signals.append(f"{answers['label']} ({answers['explanation']})")
    judged = faithfulness.run_signal(run)
    if judged is not None:
        signals.append(f"{judged['label']} ({judged['explanation']}"
                       + (f" {judged['reason']}" if judged["reason"] else "") + ")")
    return " · ".join(signals)


def _lead_line(lead) -> str:
    """“s. 125(1) of the Canada Labour Code — Specific duties: “lead-in … passage””."""
    note = f" — {lead['marginal_note']}" if lead.get("marginal_note") else ""
    text = " … ".join(part for part in (lead.get("lead_in", ""), lead.get("passage", "")) if part)
    return f"{lead['citation']}{note}: “{' '.join(text.split())}”"
