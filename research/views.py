"""Pages for lawyers, reviewers and stakeholders: ask, the run page with its live trace,
export, the review queue and decisions, the demo replay and the evals page.

A run is visible to its creator and to reviewers; anyone else gets 404, as for a run that does
not exist. Only reviewers decide (403 for the run's own lawyer). Demo pages show recorded runs
to anyone: they need no API key and change nothing.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Prefetch, Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from corpus.messages import translated
from research import export_docx, faithfulness, presenting
from research.export import run_markdown
from research.forms import AskForm
from research.models import Review, ReviewAudit, Run
from research.reviews import TransitionNotAllowed, approval_refused, decide, newest_review_id
from research.roles import is_reviewer
from research.submit import InvalidRun, SpendLimit, create_run

REVIEW_ACTIONS = ("approve", "reject", "request_changes")
# What the review history and notices call each step (Review.STATUS_CHOICES stays English: the
# exports print it).
ACTION_LABELS = {"opened": gettext_lazy("opened for review"), Review.STATUS_OPEN: gettext_lazy("awaiting review"),
                 Review.STATUS_APPROVED: gettext_lazy("approved"), Review.STATUS_REJECTED: gettext_lazy("rejected"),
                 Review.STATUS_CHANGES: gettext_lazy("changes requested")}
REPLAY_MAX_DELAY_MS = 2500
REPLAY_MIN_DELAY_MS = 300


def _get_run_for_user(request, pk):
    """The run `pk` when the user may see it (Run.objects.visible_to); 404 otherwise."""
    run = Run.objects.visible_to(request.user).select_related("created_by").filter(pk=pk).first()
    if run is None:
        raise Http404("No such run.")
    return run


# --- ask -----------------------------------------------------------------------------------------

@login_required
def ask(request):
    """GET: the question form (?revises=<run> starts it from a reviewer's requested changes).
    POST: start a run and open its page (htmx: client redirect)."""
    revises = _revised_run(request)
    form = AskForm(request.POST or None, initial=_revision_initial(revises) if revises else None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                run, _ = create_run(request.user, form.cleaned_data["question"], as_at=form.cleaned_data["as_at"],
                                    acts=form.cleaned_data["acts"], lang=form.cleaned_data["lang"])
                if revises is not None:
                    run.revises = revises
                    run.save(update_fields=["revises"])
        except InvalidRun as exc:
            for field, message in exc.errors.items():
                form.add_error(field if field in form.fields else None, translated(message))
        except SpendLimit as exc:
            form.add_error(None, translated(exc))
        else:
            url = run.get_absolute_url()
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    recent = list(Run.objects.filter(created_by=request.user, recorded=False).prefetch_related(
        Prefetch("reviews", queryset=Review.objects.select_related("reviewer")))[:10])
    for r in recent:
        r.badge = presenting.gate_badge(r)
    template = "research/ask.html#ask-form" if request.htmx else "research/ask.html"
    return render(request, template, {"form": form, "recent": recent, "revises": revises})


def _revised_run(request):
    """The run named by `revises` (query or form) when it is the user's own and a reviewer asked
    for changes on it; None when none is named; 404 for anything else."""
    pk = request.POST.get("revises") or request.GET.get("revises")
    if not pk:
        return None
    if not str(pk).isdigit():
        raise Http404("No such run.")
    run = get_object_or_404(Run, pk=pk, created_by=request.user)
    decision = run.decision
    if decision is None or decision.status != Review.STATUS_CHANGES:
        raise Http404("No reviewer has requested changes on this run.")
    return run


def _revision_initial(run):
    """The new run's form, started from the old question and what the reviewer asked for."""
    decision = run.decision
    asked = [decision.comment] + [f"Claim {int(p) + 1}: {text}" for p, text in sorted(
        decision.claim_comments.items(), key=lambda item: int(item[0]))]
    asked = "\n".join(a for a in asked if a)
    question = f"{run.question}\n\nA reviewer asked for changes: {asked}" if asked else run.question
    return {"question": question, "as_at": run.as_at, "acts": "; ".join(run.acts or []), "lang": run.lang}


# --- run page ------------------------------------------------------------------------------------

@login_required
def run_page(request, pk):
    """The run: question, live trace until it finishes, then claims, Reading, usage, review."""
    run = _get_run_for_user(request, pk)
    return render(request, "research/run.html", _run_context(request, run))


@login_required
def run_trace(request, pk):
    """The trace fragment polled by the run page. While the run works the fragment polls again;
    once finished it comes back without the trigger. Each poll swaps the result block in out of
    band too, so its badge says what the trace says (queued, running, then the gate)."""
    run = _get_run_for_user(request, pk)
    context = _run_context(request, run)
    html = render_to_string("research/_trace.html", context, request=request)
    if request.htmx:
        context["oob"] = True
        html += render_to_string("research/_result.html", context, request=request)
    return HttpResponse(html)


@login_required
def run_export(request, pk):
    """The answer as Markdown (DESIGN.md answer shape)."""
    return _export(request, pk, lambda run: run_markdown(run, request), "text/markdown; charset=utf-8",
                   "inline", "md")


@login_required
def run_export_docx(request, pk):
    """The answer as a Word document (research/export_docx.py)."""
    return _export(request, pk, lambda run: export_docx.run_docx(run, request), export_docx.CONTENT_TYPE,
                   "attachment", "docx")


def _export(request, pk, build, content_type, disposition, suffix):
    """A finished run's answer as a file built by `build(run)`; 409 while the run works."""
    run = _get_run_for_user(request, pk)
    if not run.finished:
        return HttpResponse("The run has not finished; there is no answer to export yet.\n",
                            status=409, content_type="text/plain; charset=utf-8")
    response = HttpResponse(build(run), content_type=content_type)
    response["Content-Disposition"] = f'{disposition}; filename="verbatim-run-{run.pk}.{suffix}"'
    return response


def _run_context(request, run):
    context = {
        "run": run,
        "badge": presenting.gate_badge(run),
        "trace": presenting.trace_items(run.events.order_by("seq"), run.lang),
        **_review_context(request, run),
    }
    if run.finished:
        context.update(presenting.answer_context(run))
    return context


# --- review --------------------------------------------------------------------------------------

@login_required
def review_queue(request):
    """Finished runs awaiting review, and recent decisions (void approvals flagged)."""
    if not is_reviewer(request.user):
        raise PermissionDenied("Only reviewers see the review queue.")
    # Eval runs are scored by their eval command, never reviewed.
    waiting = list(Run.objects.filter(status__in=[Run.STATUS_DONE, Run.STATUS_FAILED], recorded=False,
                                      for_eval=False)
                   .filter(Q(reviews__isnull=True) | Q(reviews__status=Review.STATUS_OPEN))
                   .select_related("created_by").distinct().order_by("finished_at"))
    for r in waiting:
        r.badge = presenting.gate_badge(r)
        r.faithfulness = faithfulness.run_signal(r, _)
    decided = Review.mark_void(list(Review.objects.exclude(status=Review.STATUS_OPEN)
                                    .select_related("run", "reviewer").order_by("-decided_at")[:25]))
    return render(request, "research/review_queue.html", {"waiting": waiting, "decided": decided})


@login_required
@require_POST
def review_run(request, pk):
    """Approve, reject or request changes, dispatching on the button pressed; a comment for the
    run and one per claim (claim_comment_<position>). Refused: outsiders 404, non-reviewers 403,
    an unfinished run, a decided review or a form sent twice (its seen_review token is stale) 409
    (redirect with the reason for plain requests)."""
    run = _get_run_for_user(request, pk)
    if not is_reviewer(request.user):
        raise PermissionDenied("Only reviewers may approve, reject or request changes.")
    action = next((a for a in REVIEW_ACTIONS if a in request.POST), request.POST.get("action"))
    if action not in REVIEW_ACTIONS:
        return HttpResponse("Choose approve, reject or request changes.", status=400)
    comment = request.POST.get("comment", "").strip()
    claim_comments = {str(p): request.POST.get(f"claim_comment_{p}", "").strip()
                      for p in run.claims.values_list("position", flat=True)}
    claim_comments = {p: c for p, c in claim_comments.items() if c}
    try:
        review = decide(run, request.user, action, comment, claim_comments, seen=request.POST.get("seen_review"))
        notice, level, status = (_("Review recorded: %(decision)s.") % {"decision": ACTION_LABELS[review.status]},
                                 messages.SUCCESS, 200)
    except TransitionNotAllowed as exc:
        notice, level, status = _("Not recorded: %(reason)s.") % {"reason": exc}, messages.ERROR, 409
    if not request.htmx:
        messages.add_message(request, level, notice)
        return redirect(reverse("research:run", args=[run.pk]) + "#review")
    # htmx swaps only 2xx responses: a refusal comes back as 200 with the reason in the block;
    # the decision at the top of the page is sent again out of band.
    context = {"run": run, "notice": notice, "notice_ok": status == 200, "decision_oob": True,
               **_review_context(request, run)}
    return HttpResponse(render_to_string("research/_review.html", context, request=request)
                        + render_to_string("research/_decision.html", context, request=request))


def _review_context(request, run):
    latest = run.decision
    history = list(ReviewAudit.objects.filter(review__run=run).select_related("actor").order_by("at", "pk"))
    for audit in history:
        audit.label = ACTION_LABELS.get(audit.action, audit.action)
    can_review = is_reviewer(request.user) and run.finished and not run.for_eval
    return {
        "latest_review": latest,
        "latest_void": bool(latest and latest.is_void),
        "review_history": history,
        "can_review": can_review,
        "approve_refused": approval_refused(run, request.user) if can_review else "",
        "can_revise": bool(latest and latest.status == Review.STATUS_CHANGES
                           and run.created_by_id == request.user.pk),
        "revisions": list(run.revisions.order_by("pk").values_list("pk", flat=True)),
        "review_seen": newest_review_id(run),
    }


# --- demo ----------------------------------------------------------------------------------------

def demo_list(request):
    """Recorded runs anyone may replay, in the order of their story (the recordings are numbered
    and imported in that order: a pass, a downgrade, a block, a repair, a decline, a limit, then
    the extractive engine's), each under a plain name."""
    runs = Run.objects.filter(recorded=True).order_by("pk")
    stories = [{"run": run, "name": _plain_label(run), "faithfulness": faithfulness.run_signal(run, _)}
               for run in runs]
    return render(request, "research/demo_list.html", {"stories": stories})


def _plain_label(run):
    """"scripted engine · blocked after repair: …" -> "Blocked after repair: …"."""
    label = (run.recorded_label or run.question).split(" · ", 1)[-1]
    return label[:1].upper() + label[1:]


def demo_replay(request, pk):
    """A recorded run's trace, revealed step by step by research.js with the original timings
    (capped); without JavaScript the whole trace and the answer are shown."""
    run = get_object_or_404(Run, pk=pk, recorded=True)
    context = {"run": run, "badge": presenting.gate_badge(run), "trace": _paced(run), "demo": True,
               **presenting.answer_context(run)}
    return render(request, "research/demo_replay.html", context)


def demo_events(request, pk):
    """The recorded run's events as JSON: [{seq, kind, title, lines, delay_ms}]."""
    run = get_object_or_404(Run, pk=pk, recorded=True)
    with translation.override("en"):  # data for clients, English as the API's: the page translates its own
        events = [{k: item[k] for k in ("seq", "kind", "title", "lines", "tone", "delay_ms")}
                  for item in _paced(run)]
    return JsonResponse({"run": run.pk, "label": run.recorded_label, "events": events})


def _paced(run):
    items = presenting.trace_items(run.events.order_by("seq"), run.lang)
    for item in items:
        # Original timings, but a replay must neither stall nor flash past.
        item["delay_ms"] = min(REPLAY_MAX_DELAY_MS, max(REPLAY_MIN_DELAY_MS, item["delay_ms"]))
    return items


def demo_evals(request):
    """The latest retrieval and answer eval runs with a reason per question, and trend charts
    (research.evals.chart); until evals have been stored the page says so."""
    try:
        from research.evals.chart import latest_eval_context
    except ImportError:  # the evals module is optional for this page
        context = {"retrieval": None, "answers": None, "trends": []}
    else:
        context = latest_eval_context()
    return render(request, "research/demo_evals.html", context)
