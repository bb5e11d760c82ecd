"""A finished run as Markdown in DESIGN.md's answer shape (verifier.answer_markdown does the
rendering; this module gathers the run's claims and the stored texts they were checked against)."""

from research.models import Run
from research.presenting import run_reading
from verifier.adapter import DbCorpus
from verifier.answer_markdown import render_answer

CORPUS_LABEL = "Justice Laws Website (Government of Canada), official consolidations"


def run_markdown(run: Run) -> str:
    """The run's answer as Markdown. Only passages the verifier matched are labelled checked;
    blocked claims are exported with their blocking finding, never dropped; what of the Reading
    rests on a blocked claim is exported folded and marked withheld."""
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
    markdown, _evidence = render_answer(answer, views, run.as_at, CORPUS_LABEL)
    question = " ".join(run.question.split())
    return f"# Question\n\n{question}\n\n{markdown}"
