"""Login attempts, kept in the database so every app server sees the same count."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# Five wrong passwords for one username, or from one address, within fifteen minutes
# lock that username or address out until the oldest of them is fifteen minutes old.
# A browser the username logged in from before (its signed cookie, accounts/device.py)
# is locked only by five failures for that username from its own address.
MAX_FAILURES = 5
WINDOW = timedelta(minutes=15)


@dataclass(frozen=True)
class Lockout:
    retry_at: datetime

    def minutes_left(self, now: datetime | None = None) -> int:
        seconds = (self.retry_at - (now or timezone.now())).total_seconds()
        return max(1, math.ceil(seconds / 60))


class LoginAttemptQuerySet(models.QuerySet):
    def lockout(
        self,
        username: str,
        ip: str | None,
        now: datetime | None = None,
        *,
        excluding: int | None = None,
        known_device: bool = False,
    ) -> Lockout | None:
        """The lockout for this username or address, or None when a login may be tried.

        `excluding`: the attempt being decided, already recorded (see `ThrottleMixin`);
        every other attempt counts, including those still being decided.
        `known_device`: the username logged in from this browser before; then only the
        failures for this username from this address count (the organizer's own device
        is not locked out by someone guessing elsewhere on the Wi-Fi).

        A successful login clears the username's earlier failures (the organizer who
        mistyped twice is not punished later), but not the address's: a guesser who
        owns one account cannot reset the count for an address by logging in.
        """
        now = now or timezone.now()
        since = now - WINDOW
        username = normalize(username)
        last_success = (
            self.filter(username=username, succeeded=True, at__gt=since)
            .order_by("-at")
            .values_list("at", flat=True)
            .first()
        )
        by_username = Q(username=username, at__gt=last_success or since)
        by_ip = Q(ip=ip) if ip else Q(pk__in=[])
        conditions = [by_username & Q(ip=ip)] if known_device and ip else [by_username, by_ip]
        retry_ats = []
        for condition in conditions:
            failures = list(
                self.filter(condition, succeeded=False, at__gt=since)
                .exclude(pk=excluding)
                .order_by("-at")
                .values_list("at", flat=True)[:MAX_FAILURES]
            )
            if len(failures) >= MAX_FAILURES:
                # Unlocked once the MAX_FAILURES-th most recent failure leaves the window.
                retry_ats.append(failures[-1] + WINDOW)
        return Lockout(max(retry_ats)) if retry_ats else None

    def purge(self, now: datetime | None = None) -> int:
        """Forget attempts too old to count (kept a day for the organizer to look at)."""
        cutoff = (now or timezone.now()) - timedelta(days=1)
        deleted, _rows = self.filter(at__lt=cutoff).delete()
        return deleted


def normalize(username: str) -> str:
    return (username or "").strip().lower()[:150]


class LoginAttempt(models.Model):
    username = models.CharField(_("username"), max_length=150)
    ip = models.GenericIPAddressField(_("address"), null=True, blank=True)
    at = models.DateTimeField(_("at"), default=timezone.now)
    succeeded = models.BooleanField(_("succeeded"), default=False)

    objects = LoginAttemptQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("login attempt")
        verbose_name_plural = _("login attempts")
        indexes = [
            models.Index(fields=["username", "at"]),
            models.Index(fields=["ip", "at"]),
        ]

    def __str__(self) -> str:
        outcome = "ok" if self.succeeded else "failed"
        return f"{self.username} from {self.ip} at {self.at:%Y-%m-%d %H:%M} ({outcome})"

    @classmethod
    def record(cls, username: str, ip: str | None, succeeded: bool) -> LoginAttempt:
        return cls.objects.create(username=normalize(username), ip=ip, succeeded=succeeded)
