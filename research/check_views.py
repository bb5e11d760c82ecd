"""The claim checker page: paste a memo or send a Word memo, see each citation labelled verified,
contradicted or unknown, with the finding, a rationale a lawyer can read, and links to the text;
a Word memo can come back annotated (research/docx_check.py)."""

import re
from pathlib import Path

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render

from corpus.messages import translated
from research.docx_check import annotated_docx, check_docx
from research.export_docx import CONTENT_TYPE as DOCX
from research.forms import CheckDocxForm, CheckForm
from research.trace_citations import TraceNames
from verifier.precedents import PrecedentIndexError
from verifier.service import check_claims_text


@login_required
def check(request):
    """GET shows the forms; POST checks the pasted memo or, from the Word form (source=docx),
    the uploaded one, and shows the results table (the `results` partial alone for htmx), or
    with `annotated` sends the Word memo back marked and commented. Sentences that cite nothing
    are counted, not tabled. A Word memo that cannot be read is 422 with the reason."""
    form, docx_form = CheckForm(), CheckDocxForm(prefix="docx")
    active, results = form, None
    if request.method == "POST" and request.POST.get("source") == "docx":
        docx_form = active = CheckDocxForm(request.POST, request.FILES, prefix="docx")
    elif request.method == "POST":
        form = active = CheckForm(request.POST)
    if request.method == "POST" and active.is_valid():
        field = "memo" if active is docx_form else "text"
        try:
            if active is docx_form:
                memo_file = active.cleaned_data["memo"]
                results, memo = check_docx(memo_file.read(), as_at=active.cleaned_data["as_at"])
                if "annotated" in request.POST:
                    return _annotated(request, memo, results, memo_file.name)
            else:
                results = check_claims_text(active.cleaned_data["text"], as_at=active.cleaned_data["as_at"])
        except PrecedentIndexError as exc:  # the configured index is broken: say so, lose nothing
            active.add_error(None, str(exc))
        except ValueError as exc:  # a memo that cannot be read (MemoError), or over a cap of the checker
            active.add_error(field, translated(exc))
            results = None
    citing = [r for r in results or [] if r["finding"] != "no-citation"]
    _label_links(citing)
    context = {
        "form": form,
        "docx_form": docx_form,
        "active": active,
        "results": results,
        "citing": citing,
        "uncited": [r for r in results or [] if r["finding"] == "no-citation"],
        "error_lines": [(active[name].label if name in active.fields else "", e)
                        for name, errors in active.errors.items() for e in errors],
        "counts": {label: sum(r["label"] == label for r in citing)
                   for label in ("verified", "contradicted", "unknown")},
    }
    template = "research/check.html#results" if request.htmx else "research/check.html"
    status = 422 if active is docx_form and active.errors else 200
    return render(request, template, context, status=status)


def _annotated(request, memo, results, name):
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", Path(name or "memo").stem)[:80] or "memo"
    response = HttpResponse(annotated_docx(memo, results, request.build_absolute_uri), content_type=DOCX)
    response["Content-Disposition"] = f'attachment; filename="{stem}-checked.docx"'
    return response


def _label_links(results):
    """Give each result `link_items` [(url, label)]: the section page named by its citation
    ("PIPEDA s 7(3)"), the official text as such; ids stay in the URLs only."""
    local = [link for r in results for link in r["links"] if link.startswith("/acts/")]
    names = TraceNames.for_ids([_id_of(link) for link in local])
    for r in results:
        r["link_items"] = [(link, names.cite(_id_of(link)) if link.startswith("/acts/") else "")
                           for link in r["links"]]


def _id_of(link):
    """"/acts/P-8.6/s7(3)" -> "P-8.6:s7(3)"."""
    act, _, unit = link.removeprefix("/acts/").strip("/").partition("/")
    return f"{act}:{unit}"
