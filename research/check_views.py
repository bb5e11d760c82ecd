"""The claim checker page: paste a memo, see each citation labelled verified, contradicted or
unknown, with the finding, a rationale a lawyer can read, and links to the text."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from research.forms import CheckForm
from verifier.precedents import PrecedentIndexError
from verifier.service import check_claims_text


@login_required
def check(request):
    """GET shows the form; POST checks the memo and shows the results table (the `results`
    partial alone for htmx). Sentences that cite nothing are counted, not tabled."""
    form = CheckForm(request.POST) if request.method == "POST" else CheckForm()
    results = None
    if request.method == "POST" and form.is_valid():
        try:
            results = check_claims_text(form.cleaned_data["text"], as_at=form.cleaned_data["as_at"])
        except PrecedentIndexError as exc:  # the configured index is broken: say so, lose nothing
            form.add_error(None, str(exc))
        except ValueError as exc:  # over a cap of the checker (verifier.service)
            form.add_error("text", str(exc))
    citing = [r for r in results or [] if r["finding"] != "no-citation"]
    context = {
        "form": form,
        "results": results,
        "citing": citing,
        "uncited": [r for r in results or [] if r["finding"] == "no-citation"],
        "counts": {label: sum(r["label"] == label for r in citing)
                   for label in ("verified", "contradicted", "unknown")},
    }
    template = "research/check.html#results" if request.htmx else "research/check.html"
    return render(request, template, context)
