"""API tokens: a client sends `Authorization: Bearer <token>`; we keep only its SHA-256.

A token is shown once, when it is made (`manage.py create_api_token USER`); losing it means
making a new one. Deleting the row revokes it.
"""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

PREFIX = "vbt_"


def hash_token(token):
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100, blank=True)
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "research"
        ordering = ["-created_at"]

    def __str__(self):
        return f"token {self.pk} of {self.user}"


def create_token(user, name=""):
    """Make a token for `user`; returns (ApiToken, the plain token). Only the hash is stored."""
    token = PREFIX + secrets.token_urlsafe(32)
    row = ApiToken.objects.create(user=user, name=name, key_hash=hash_token(token))
    return row, token


def user_for_token(token):
    """The active user holding `token`, or None for an unknown token or an inactive user."""
    if not token or len(token) > 200:
        return None
    row = ApiToken.objects.select_related("user").filter(key_hash=hash_token(token)).first()
    if row is None or not row.user.is_active:
        return None
    ApiToken.objects.filter(pk=row.pk).update(last_used_at=timezone.now())
    return row.user
