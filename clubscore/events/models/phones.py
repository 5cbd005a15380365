"""The players' own phones: their links, the evening's phone switches, calls to the
organizer, and the counter that slows a flood from one phone.

Domain rows the player pages, the dashboard and the scorekeepers' cards all use
(issue 25); the pages only ask `clubscore.events.phones` and `clubscore.events.calls`.
"""

from __future__ import annotations

import datetime
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubscore.club.models import Player

from .evening import Event
from .tables import Table, new_link_token


class EventPhones(models.Model):
    """The evening's phone switches and its check-in code. No row: both switches on
    (an evening made before issue 25 behaves as a new one)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="phones")
    # The "Player check-in" QR code's token: the check-in page is found by the code at
    # the door, not by counting event numbers.
    checkin_token = models.CharField(max_length=64, unique=True, default=new_link_token)
    checkin_open = models.BooleanField(_("check-in by phone"), default=True)
    pages_on = models.BooleanField(_("players' pages"), default=True)

    class Meta:
        verbose_name = _("phone settings")
        verbose_name_plural = _("phone settings")

    def __str__(self) -> str:
        return str(self.event)


class PlayerLink(models.Model):
    """A player's private page for one evening: random like a scorekeeper's link, and
    opening nothing once the evening is final."""

    token = models.CharField(max_length=64, unique=True, default=new_link_token, editable=False)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="player_links")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("player link")
        verbose_name_plural = _("player links")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="player_link_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"


class CallReason(models.TextChoices):
    QUESTION = "question", _("A question")
    SCORE = "score", _("We disagree about a score")
    OTHER = "other", _("Something else")


class OrganizerCall(models.Model):
    """A table calling the organizer: who, when, why, answered when, done when.

    Every call stays as a record; at most one open (not done) per table, which the
    database enforces, so two phones at the table calling at once make one call.
    """

    Reason = CallReason

    class Source(models.TextChoices):
        CARD = "card", _("Score card")
        PHONE = "phone", _("Player's page")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="calls")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="calls")
    reason = models.CharField(_("reason"), max_length=16, choices=CallReason.choices)
    note = models.CharField(_("note"), max_length=200, blank=True)
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    source = models.CharField(_("from"), max_length=8, choices=Source.choices)
    # The sending form's key: the same call resent (the offline queue) is stored once.
    key = models.CharField(max_length=48, unique=True, null=True, blank=True)
    called_at = models.DateTimeField(_("called"), default=timezone.now)
    answered_at = models.DateTimeField(_("on the way"), null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    closed_at = models.DateTimeField(_("done"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["called_at", "id"]
        verbose_name = _("call to the organizer")
        verbose_name_plural = _("calls to the organizer")
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(closed_at__isnull=True),
                name="one_open_call_per_table",
            ),
            models.CheckConstraint(
                condition=Q(reason__in=CallReason.values), name="call_reason_known"
            ),
        ]
        indexes = [models.Index(fields=["event", "closed_at"])]

    def __str__(self) -> str:
        return f"{self.table} · {self.get_reason_display()}"

    @property
    def on_the_way(self) -> bool:
        return self.answered_at is not None and self.closed_at is None

    @property
    def just_called(self) -> bool:
        """Called less than a minute ago ("waiting 0 minutes" said it badly)."""
        return timezone.now() - self.called_at < datetime.timedelta(minutes=1)


class PhoneHit(models.Model):
    """How many requests one phone (or one address) sent in one minute. Several app
    servers share the count through the database; rows older than an hour are pruned
    (`clubscore.events.phones.prune_hits`, and the `prune_phone_hits` command)."""

    key = models.CharField(max_length=80)
    minute = models.BigIntegerField()
    count = models.PositiveIntegerField(default=1)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "minute"], name="phone_hit_once_a_minute"),
        ]
        indexes = [models.Index(fields=["minute"])]

    def __str__(self) -> str:
        return f"{self.key} · {self.minute}: {self.count}"


def new_phone_id() -> str:
    return secrets.token_urlsafe(12)
