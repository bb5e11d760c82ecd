"""Login throttling: after VERBATIM_LOGIN_MAX_FAILURES failed sign-ins for one username, or from
one address, within VERBATIM_LOGIN_WINDOW_SECONDS, every sign-in for it is refused (the right
password too) until that many seconds have passed since the last counted failure.

Failures are counted in the database the web processes share (research/counters.py, one atomic
UPDATE each) and lockouts kept in Django's cache, from the
`user_login_failed` signal, so the login page, the admin and anything else calling
`authenticate` count alike; ThrottledModelBackend (AUTHENTICATION_BACKENDS) refuses during a
lockout before any password is checked. The login page says why and for how long (429 with
Retry-After); a successful sign-in clears its username's count.
"""

import hashlib
import math
import time

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.utils.translation import ngettext

from research.counters import bump, clear

UserModel = get_user_model()


def retry_after(request, username):
    """Seconds until sign-in for `username` from this request's address is allowed again, or 0."""
    now = time.time()
    waits = [record["locked_until"] - now for record in cache.get_many(_keys(request, username)).values()
             if record.get("locked_until", 0) > now]
    return math.ceil(max(waits)) if waits else 0


def refusal_message(seconds):
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext("Too many failed sign-in attempts for this account or from this address. "
                    "Sign-in is paused; try again in %(minutes)d minute.",
                    "Too many failed sign-in attempts for this account or from this address. "
                    "Sign-in is paused; try again in %(minutes)d minutes.", minutes) % {"minutes": minutes}


class ThrottledModelBackend(ModelBackend):
    """Django's ModelBackend, refusing during a lockout before the password is checked."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if retry_after(request, username or kwargs.get(UserModel.USERNAME_FIELD)):
            raise PermissionDenied("sign-in throttled")
        return super().authenticate(request, username=username, password=password, **kwargs)


@receiver(user_login_failed)
def _count_failure(sender, credentials, request=None, **kwargs):
    now = time.time()
    window = settings.VERBATIM_LOGIN_WINDOW_SECONDS
    limit = settings.VERBATIM_LOGIN_MAX_FAILURES
    for key in _keys(request, credentials.get("username")):
        count, _ = bump(key, window, now)
        if limit and count >= limit:
            cache.set(key, {"locked_until": now + window}, timeout=window * 2)


@receiver(user_logged_in)
def _clear_username(sender, request, user, **kwargs):
    key = _username_key(user.get_username())
    cache.delete(key)
    clear(key)


def _keys(request, username):
    keys = [_username_key(username)] if username else []
    address = request.META.get("REMOTE_ADDR") if request is not None else None
    if address:
        keys.append(f"login:ip:{address}")
    return keys


def _username_key(username):
    # Hashed: a typed username may hold anything, and cache keys must be plain.
    return "login:user:" + hashlib.sha256(str(username).casefold().encode("utf-8", "replace")).hexdigest()[:32]


class ThrottledAuthenticationForm(AuthenticationForm):
    """The login form, refusing with a clear message during a lockout."""

    retry_after = 0

    def clean(self):
        self.retry_after = retry_after(self.request, self.cleaned_data.get("username"))
        if self.retry_after:
            raise forms.ValidationError(refusal_message(self.retry_after), code="throttled")
        return super().clean()


class LoginView(auth_views.LoginView):
    form_class = ThrottledAuthenticationForm
    template_name = "registration/login.html"

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.retry_after:
            response.status_code = 429
            response["Retry-After"] = str(form.retry_after)
        return response
