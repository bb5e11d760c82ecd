"""Rate limits on the costly endpoints: the claim checker, search and starting a research run.

A request that does work (a POST, or a GET with a non-empty `q`) to one of the views named in
SCOPES counts against its caller's budget for that scope: a signed-in user (session or API
token) has the `user` budget of VERBATIM_RATE_LIMITS, anyone else the `anonymous` budget of
their IP address (REMOTE_ADDR; behind a proxy, uvicorn's --forwarded-allow-ips makes that the
client's). Budgets are per window of VERBATIM_RATE_WINDOW_SECONDS opened by the caller's first
counted request, counted in the database every web process shares (research/counters.py: one
atomic UPDATE per request, so a burst landing in one instant is counted whole). Over budget the
answer is 429 with Retry-After (the seconds left in the window) and a message: JSON
{"detail": ...} for the API, a page otherwise. A limit of 0 is off.
"""

import math
import time

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from corpus.messages import Message, gettext_noop, translated
from research.counters import bump
from research.tokens import token_user_id

# View names (namespace:url_name) whose work is limited, by budget.
SCOPES = {
    "claims": {"api:check_claims_endpoint", "research:check"},
    "search": {"api:search", "corpus:search"},
    "research": {"api:start_run", "research:ask"},
}
SCOPE_OF_VIEW = {view: scope for scope, views in SCOPES.items() for view in views}
WHAT = {"claims": Message(gettext_noop("claim checks")), "search": Message(gettext_noop("searches")),
        "research": Message(gettext_noop("research runs started"))}
WHO = {"user": Message(gettext_noop("per user")),
       "address": Message(gettext_noop("per address for anonymous use (sign in for more)"))}


class RateLimitMiddleware:
    """Counts limited requests and answers 429 once a caller's budget for the window is spent."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        scope = SCOPE_OF_VIEW.get(match.view_name) if match else None
        if scope is None or not _does_work(request):
            return None
        kind, ident = _caller(request)
        retry_after = spend(scope, kind, ident)
        if retry_after is None:
            return None
        return _refusal(request, scope, kind, retry_after)


def spend(scope, kind, ident):
    """Count one request of `scope` for caller `ident` (kind "user" or "anonymous").
    Returns None while within budget, else the seconds until the window ends."""
    limit = settings.VERBATIM_RATE_LIMITS[scope][kind]
    if not limit:
        return None
    window = settings.VERBATIM_RATE_WINDOW_SECONDS
    now = time.time()
    count, opened = bump(f"rl:{scope}:{kind}:{ident}", window, now)
    if count <= limit:
        return None
    return max(1, math.ceil(opened + window - now))


def _does_work(request):
    return request.method == "POST" or bool(request.GET.get("q", "").strip())


def _caller(request):
    """("user", id) for a signed-in session or a bearer token, else ("anonymous", IP)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return "user", f"u{user.pk}"
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        # The API authenticates the token after us; an unknown token is anonymous here.
        user_id = token_user_id(header[7:].strip())
        if user_id is not None:
            return "user", f"u{user_id}"
    return "anonymous", request.META.get("REMOTE_ADDR") or "unknown"


def _refusal(request, scope, kind, retry_after):
    limit = settings.VERBATIM_RATE_LIMITS[scope][kind]
    window = settings.VERBATIM_RATE_WINDOW_SECONDS
    message = Message(gettext_noop("rate limit reached: at most %(limit)s %(what)s every %(window)s s %(who)s; "
                                   "try again in %(retry_after)s s"),
                      limit=limit, what=WHAT[scope], window=window, who=WHO["user" if kind == "user" else "address"],
                      retry_after=retry_after)
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message}, status=429)
    else:
        response = render(request, "corpus/problem.html", {"title": _("Too many requests"),
                                                           "message": translated(message)}, status=429)
    response["Retry-After"] = str(retry_after)
    return response
