"""Counts per caller within a time window, for rate limits and login throttling.

    count, opened = bump("rl:search:anonymous:10.0.0.1", window=60)

Each count is one conditional UPDATE (count = count + 1) in the database every web process
shares, so requests landing in the same instant are all counted: a burst cannot pass a limit.
A window opens with its caller's first count and is replaced by a fresh one once it is older
than `window` seconds.
"""

import time

from django.db import IntegrityError, models, transaction
from django.db.models import F

STALE_SECONDS = 86_400  # rows of windows closed this long ago are deleted when a window opens


class WindowCount(models.Model):
    key = models.CharField(max_length=200, unique=True)
    opened = models.FloatField(db_index=True, help_text="seconds since the epoch the window opened")
    count = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "research"

    def __str__(self):
        return f"{self.key}: {self.count} since {self.opened}"


def bump(key: str, window: float, now: float | None = None) -> tuple[int, float]:
    """Count one for `key` in its open window (opening one if there is none); returns the
    window's count, this one included, and when it opened."""
    now = time.time() if now is None else now
    rows = WindowCount.objects.filter(key=key)
    while True:
        if rows.filter(opened__gt=now - window).update(count=F("count") + 1):
            return rows.values_list("count", "opened").get()
        # No open window. A closed one is reopened by exactly one request: a concurrent one's
        # UPDATE then finds the window open and counts in it on the next pass.
        if rows.filter(opened__lte=now - window).update(count=1, opened=now):
            return 1, now
        try:
            with transaction.atomic():
                WindowCount.objects.create(key=key, opened=now, count=1)
        except IntegrityError:
            continue  # another request created it first: count in its window
        WindowCount.objects.filter(opened__lt=now - STALE_SECONDS).delete()
        return 1, now


def peek(key: str, window: float, now: float | None = None) -> int:
    """The count of `key`'s open window, 0 when none is open."""
    now = time.time() if now is None else now
    found = WindowCount.objects.filter(key=key, opened__gt=now - window).values_list("count", flat=True).first()
    return found or 0


def clear(key: str) -> None:
    WindowCount.objects.filter(key=key).delete()
