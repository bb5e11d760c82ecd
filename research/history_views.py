"""A lawyer's own runs, listed and filtered ("My runs"), and sharing a run with the firm.

A shared run is readable by every signed-in user (Run.objects.visible_to); only its asker shares
or stops sharing it, and reviewers decide on it as on any run.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import OuterRef, Prefetch, Subquery
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from research import presenting
from research.forms import RunFilterForm
from research.models import Review, Run
from research.views import _get_run_for_user

RUNS_PER_PAGE = 25


@login_required
def my_runs(request):
    """The user's runs, newest first, with status, review decision and date; filtered by status,
    decision, an Act cited and a date range; RUNS_PER_PAGE a page."""
    form = RunFilterForm(request.GET or None, user=request.user)
    runs = Run.objects.filter(created_by=request.user, recorded=False, for_eval=False)
    if form.is_valid():
        runs = _filtered(runs, form.cleaned_data)
    runs = runs.prefetch_related(Prefetch("reviews", queryset=Review.objects.select_related("reviewer")))
    page = Paginator(runs.order_by("-created_at", "-pk"), RUNS_PER_PAGE).get_page(request.GET.get("page"))
    for run in page:
        run.badge = presenting.gate_badge(run)
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "research/my_runs.html", {"form": form, "page": page, "query": query.urlencode()})


def _filtered(runs, data):
    if data["status"]:
        runs = runs.filter(status=data["status"])
    if data["decision"]:
        latest = Review.objects.filter(run=OuterRef("pk")).exclude(status=Review.STATUS_OPEN).order_by(
            "-opened_at", "-pk").values("status")[:1]
        runs = runs.annotate(decided=Subquery(latest))
        runs = runs.filter(decided__isnull=True) if data["decision"] == "none" else runs.filter(
            decided=data["decision"])
    if data["act"]:
        runs = runs.filter(claims__citations__provision_id__startswith=f"{data['act']}:").distinct()
    if data["since"]:
        runs = runs.filter(created_at__date__gte=data["since"])
    if data["until"]:
        runs = runs.filter(created_at__date__lte=data["until"])
    return runs


@login_required
@require_POST
def share_run(request, pk):
    """Share the run with the firm (`share=1`) or stop sharing it (`share=0`): its asker only."""
    run = _get_run_for_user(request, pk)
    if run.created_by_id != request.user.pk:
        raise PermissionDenied("Only the person who asked may share a run or stop sharing it.")
    run.shared = request.POST.get("share") == "1"
    run.save(update_fields=["shared"])
    messages.success(request, _("Shared with the firm: every signed-in colleague can read this run.")
                     if run.shared else _("No longer shared: only you and the reviewers can read this run."))
    return redirect(run.get_absolute_url())
