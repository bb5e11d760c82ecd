"""API tokens: a client sends `Authorization: Bearer <token>`; we keep only its SHA-256.

A token is made by its user on their tokens page (/account/tokens/) or from the shell
(`manage.py create_api_token USER`), with a name, a scope and an expiry, and is shown once, when
it is made: losing it means making a new one. Scope `read` reads runs; scope `research` may also
start them. An expired or revoked token is refused like an unknown one.
"""

import datetime
import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

PREFIX = "vbt_"
MAX_TOKEN_CHARS = 200
# Days a token may live, as offered on the tokens page.
EXPIRY_DAYS = (7, 30, 90, 365)


def hash_token(token):
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class ApiToken(models.Model):
    SCOPE_READ = "read"
    SCOPE_RESEARCH = "research"
    SCOPE_CHOICES = [(SCOPE_READ, "read-only: read runs"), (SCOPE_RESEARCH, "research: read and start runs")]

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100, blank=True)
    key_hash = models.CharField(max_length=64, unique=True)
    scope = models.CharField(max_length=10, choices=SCOPE_CHOICES, default=SCOPE_RESEARCH)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(null=True, blank=True, help_text="empty: never (tokens made before expiry)")
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "research"
        ordering = ["-created_at"]

    def __str__(self):
        return f"token {self.pk} of {self.user}"

    @property
    def expired(self):
        return self.expires_at is not None and self.expires_at <= timezone.now()

    @property
    def usable(self):
        return self.revoked_at is None and not self.expired and self.user.is_active

    @property
    def can_start_runs(self):
        return self.scope == self.SCOPE_RESEARCH

    def revoke(self):
        """Refuse this token from now on (idempotent: the first revocation's time is kept)."""
        ApiToken.objects.filter(pk=self.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
        self.refresh_from_db(fields=["revoked_at"])


def create_token(user, name="", scope=ApiToken.SCOPE_RESEARCH, days=90):
    """Make a token for `user`; returns (ApiToken, the plain token). Only the hash is stored.
    `days` None makes a token that never expires (the shell's --no-expiry)."""
    if scope not in {ApiToken.SCOPE_READ, ApiToken.SCOPE_RESEARCH}:
        raise ValueError(f"scope must be 'read' or 'research', not {scope!r}")
    token = PREFIX + secrets.token_urlsafe(32)
    expires_at = timezone.now() + datetime.timedelta(days=days) if days is not None else None
    row = ApiToken.objects.create(user=user, name=name, key_hash=hash_token(token), scope=scope,
                                  expires_at=expires_at)
    return row, token


def token_for(token):
    """The usable ApiToken row for `token` (its user active, not expired, not revoked), or None."""
    if not token or len(token) > MAX_TOKEN_CHARS:
        return None
    row = ApiToken.objects.select_related("user").filter(key_hash=hash_token(token)).first()
    if row is None or not row.usable:
        return None
    ApiToken.objects.filter(pk=row.pk).update(last_used_at=timezone.now())
    return row


def user_for_token(token):
    """The active user holding the usable `token`, or None."""
    row = token_for(token)
    return row.user if row else None


def token_user_id(token):
    """The user id of a usable `token`, or None; reads only (for the rate limiter)."""
    if not token or len(token) > MAX_TOKEN_CHARS:
        return None
    row = ApiToken.objects.select_related("user").filter(key_hash=hash_token(token)).first()
    return row.user_id if row is not None and row.usable else None
