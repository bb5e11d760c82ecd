"""The interface language of a request: Django's LocaleMiddleware for the pages, English for the
API.

The API's messages are a contract clients read and match on, and what it returns is what runs,
exports and stored content hold: English, whatever Accept-Language or the language cookie says.
Shared code keeps its messages English (corpus/messages.py); answering /api/ in LANGUAGE_CODE
keeps any text translated where it is made (a lazy label, a form's message) English there too.
"""

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

from research.middleware import API_PREFIX


class InterfaceLanguageMiddleware(LocaleMiddleware):
    def process_request(self, request):
        if request.path_info.startswith(API_PREFIX):
            translation.activate(settings.LANGUAGE_CODE)
            request.LANGUAGE_CODE = translation.get_language()
            return None
        return super().process_request(request)

    def process_response(self, request, response):
        if request.path_info.startswith(API_PREFIX):
            response.headers.setdefault("Content-Language", settings.LANGUAGE_CODE)
            return response  # the same English for every browser: no Vary on Accept-Language
        return super().process_response(request, response)
