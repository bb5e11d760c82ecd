"""Who asked what and when, as-at, Acts, the run's link and the review decision: the record a
lawyer files with an exported answer (Markdown and Word exports print the same facts)."""

from django.utils import dateformat, timezone

from corpus.models import Act

NOT_REVIEWED = "not reviewed"


def when(moment) -> str:
    """A time as the pages show it, with its time zone: "2026-12-01 21:30 EST"."""
    return dateformat.format(timezone.localtime(moment), "Y-m-d H:i T") if moment else "unknown"


def run_facts(run, request=None) -> list[tuple[str, str]]:
    """[(label, value)] for the run, in reading order. The link is absolute when `request` is
    given (its host), else the site path."""
    path = run.get_absolute_url()
    asker = run.created_by.get_username() if run.created_by else "unknown"
    return [
        ("Asked by", asker),
        ("Asked", when(run.created_at)),
        ("As at", run.as_at.isoformat() if run.as_at else "latest consolidation held"),
        ("Acts", acts_label(run.acts, run.lang)),
        ("Run", request.build_absolute_uri(path) if request is not None else path),
        ("Review", review_label(run)),
    ]


def acts_label(codes, lang="eng") -> str:
    """The Acts the question was limited to, by title and code; "all Acts held" when none."""
    if not codes:
        return "all Acts held"
    titles = {act.code: act.title(lang) for act in Act.objects.filter(code__in=codes)}
    return "; ".join(f"{titles[c]} ({c})" if titles.get(c) else c for c in codes)


def review_label(run) -> str:
    """The latest decision, by whom and when; a void approval says so; NOT_REVIEWED if none."""
    review = run.decision
    if review is None:
        return NOT_REVIEWED
    who = review.reviewer.get_username() if review.reviewer else "a reviewer"
    said = f"{review.get_status_display()} by {who} on {when(review.decided_at)}"
    if review.is_void:
        said = f"approval void: {said}; the answer or a quoted text has changed since"
    if review.comment:
        said += f" — “{' '.join(review.comment.split())}”"
    return said[:1].upper() + said[1:]
