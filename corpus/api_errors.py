"""The API's one error shape, shared by every router (corpus, verifier, research).

Every error body is `{"detail": "<message a client can act on>", "errors": {field: message}}`,
`errors` present only when particular fields are at fault. Routers raise `ApiError` (or plain
ninja `HttpError`); research/api.py renders those, ninja's validation errors, authentication
failures and oversized bodies in this shape, and documents it for every operation. It lives in
`corpus` because that is the app every other one may import.
"""

from ninja import Schema
from ninja.errors import HttpError


class ErrorOut(Schema):
    detail: str
    errors: dict[str, str] | None = None


class ApiError(HttpError):
    """An HTTP error with a message and, optionally, what is wrong with each field."""

    def __init__(self, status_code, message, errors=None):
        super().__init__(status_code, message)
        self.errors = errors or None


def error_body(message, errors=None):
    """The error body: {"detail": message} plus "errors" when there are any."""
    return {"detail": message} | ({"errors": errors} if errors else {})


def error_responses(*statuses):
    """`response=` entries documenting that an operation answers these statuses with ErrorOut,
    e.g. `response={200: ActOut, **error_responses(404, 422)}`."""
    return dict.fromkeys(statuses, ErrorOut)
