"""The REST API (django-ninja) under /api/v1; OpenAPI docs at /api/docs.

Each app owns a Router in <app>/api.py; they are mounted here, with the exception handlers
that give every error the one shape of corpus/api_errors.py:
{"detail": "<message>", "errors": {field: message}}. Routers declare the error statuses each
operation answers with (`error_responses`), so the OpenAPI schema documents them all.
"""

from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.views.defaults import page_not_found
from ninja import NinjaAPI, Swagger
from ninja.errors import AuthenticationError, HttpError, ValidationError

from corpus.api_errors import error_body

# Swagger UI from the files django-ninja ships ("ninja" in INSTALLED_APPS makes it use them, not a
# CDN), so /api/docs renders offline under our CSP; no online spec validator is asked.
api = NinjaAPI(title="Verbatim API", version="1", urls_namespace="api", docs_url="/docs",
               docs=Swagger(settings={"validatorUrl": None}))

AUTH_HELP = ("authentication required: send 'Authorization: Bearer <token>' "
             "(make one on your API tokens page, /account/tokens/)")
# Where a validation error was found, as ninja reports it: not part of the field's name.
_SOURCES = {"body", "query", "path", "header", "cookie", "form", "file"}


def validation_errors(errors):
    """{field: message} from ninja's list of pydantic errors; a body field's name drops the
    source and the view's parameter name (["body", "payload", "items", 0, "claim"] is
    "items.0.claim")."""
    fields = {}
    for error in errors:
        loc = list(error.get("loc", []))
        if loc and loc[0] in _SOURCES:
            source = loc.pop(0)
            if source == "body" and len(loc) > 1:
                loc.pop(0)
        field = ".".join(str(part) for part in loc) or "body"
        message = error.get("msg", "invalid")
        fields[field] = f"{fields[field]}; {message}" if field in fields else message
    return fields


def _on_validation_error(request, exc):
    errors = validation_errors(exc.errors)
    detail = "invalid request: " + "; ".join(f"{field}: {message}" for field, message in errors.items())
    return api.create_response(request, error_body(detail, errors), status=422)


def _on_http_error(request, exc):
    return api.create_response(request, error_body(str(exc), getattr(exc, "errors", None)),
                               status=exc.status_code)


def _on_unauthorized(request, exc):
    message = AUTH_HELP if exc.message == "Unauthorized" else exc.message
    return api.create_response(request, error_body(message), status=401)


def _on_too_big(request, exc):
    return api.create_response(
        request, error_body("request body too large: a question is at most "
                            "VERBATIM_MAX_QUESTION_CHARS characters"), status=413)


def not_found(request, exception):
    """The project's 404 (research/urls.py handler404): an address under /api/ that no route
    matches (e.g. /api/v1/research/-1) is a JSON error too, not an HTML page."""
    if request.path_info.startswith("/api/"):
        return JsonResponse(error_body(f"not found: no API route for {request.path_info}"), status=404)
    return page_not_found(request, exception)


def _mount():
    from corpus.api import router as corpus_router
    from research.api_check import router as verifier_router
    from research.api_runs import router as research_router

    api.add_router("/v1/", corpus_router)
    api.add_router("/v1/", research_router)
    api.add_router("/v1/", verifier_router)
    # AuthenticationError is an HttpError: the more specific handler is found first.
    api.add_exception_handler(ValidationError, _on_validation_error)
    api.add_exception_handler(HttpError, _on_http_error)
    api.add_exception_handler(AuthenticationError, _on_unauthorized)
    api.add_exception_handler(RequestDataTooBig, _on_too_big)


_mount()
