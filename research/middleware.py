"""Refuse invalid text (corpus/text_input.py) wherever a request carries it, before any view.

One check for every route, page or API, present and future: the path (404: no id holds such a
character), then query parameters, form fields, JSON bodies (keys and values, at any depth),
headers and cookies (422). API paths get the API's one error shape
({"detail": ..., "errors": {field: message}}, research/api.py); pages get the problem page.
Nothing is stored or queried first, so nothing is lost and no database sees the text.
"""

import json

from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _

from corpus.api_errors import error_body
from corpus.messages import Message, gettext_noop, translated
from corpus.text_input import invalid_in, invalid_text

API_PREFIX = "/api/"


class InvalidTextMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        problem = invalid_text(request.path_info)
        if problem:
            return _refuse(request, 404, Message(gettext_noop("not found: the address holds %(problem)s"),
                                                 problem=problem), {})
        field, problem = _first_invalid(request)
        if problem:
            return _refuse(request, 422, Message(gettext_noop("invalid text in %(field)s: %(problem)s"),
                                                 field=field, problem=problem), {field: problem})
        return self.get_response(request)


def _first_invalid(request):
    """(field, problem) for the first refused text the request carries, else (None, None)."""
    sources = [("query", request.GET.lists()), ("cookie", ((k, [v]) for k, v in request.COOKIES.items())),
               ("header", ((k, [v]) for k, v in request.headers.items()))]
    if request.method == "POST" and request.content_type in {"application/x-www-form-urlencoded",
                                                             "multipart/form-data"}:
        sources.append(("form", request.POST.lists()))
    for source, pairs in sources:
        for key, values in pairs:
            for text in (key, *values):
                problem = invalid_text(text)
                if problem:
                    return (key if source in {"query", "form"} else f"{source} {key}"), problem
    if request.content_type == "application/json":
        return _first_invalid_json(request)
    return None, None


def _first_invalid_json(request):
    try:
        data = json.loads(request.body or b"null")
    except RequestDataTooBig:
        return None, None  # the view answers 413; reading the body again raises it there
    except (ValueError, UnicodeDecodeError):
        return None, None  # not JSON: the view's parser answers for it
    return invalid_in(data)


def _refuse(request, status, message, errors):
    if request.path_info.startswith(API_PREFIX):
        return JsonResponse(error_body(message, errors), status=status)
    # Before LocaleMiddleware: the page picks the reader's language itself (the cookie, then the browser).
    with translation.override(translation.get_language_from_request(request)):
        title = _("Not found") if status == 404 else _("That request cannot be read")
        return render(request, "corpus/problem.html", {"title": title, "message": translated(message)},
                      status=status)
