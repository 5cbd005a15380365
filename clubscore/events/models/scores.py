"""The scores of a table: each hand or round, every change to it, and resent forms."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubscore.club.models import Player

from .tables import Table


class ScoreEntryQuerySet(models.QuerySet):
    def confirmed(self) -> ScoreEntryQuerySet:
        return self.filter(status=ScoreEntry.Status.CONFIRMED)

    def disputed(self) -> ScoreEntryQuerySet:
        return self.filter(status=ScoreEntry.Status.DISPUTED)


class ScoreEntry(models.Model):
    """One hand (Hand and Foot) or one round of a table: the game payload and its result.

    `payload` is exactly what `clubscore.games.score()` takes; `result` is what it
    returned. `version` grows with every change, so two devices editing the same
    hand cannot silently overwrite each other.
    """

    class Status(models.TextChoices):
        DRAFT = "draft", _("Being entered")
        ENTERED = "entered", _("Waiting for confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField(_("hand or round"))
    payload = models.JSONField(_("payload"), default=dict)
    result = models.JSONField(_("result"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.DRAFT
    )
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    dispute_note = models.TextField(_("dispute"), blank=True)
    proposed_payload = models.JSONField(
        _("disputed version"),
        null=True,
        blank=True,
        help_text=_("The other side's version of a disputed hand, shown beside the entered one."),
    )
    # Hand and Foot: each team's part of the hand, by team number ("1", "2"):
    # {"data": team payload, "state": "entered"|"confirmed"|"disputed", "version": n,
    # "by": player id}. The full `payload` is assembled once both parts are in.
    parts = models.JSONField(_("team parts"), default=dict, blank=True)
    # What a scorekeeper has typed but not yet sent, by side ("1", "2" or "0"),
    # so that nothing typed is lost on a reload.
    drafts = models.JSONField(_("drafts"), default=dict, blank=True)
    # When every part was first entered (the database's clock): which hand was in
    # progress when time was called follows from it.
    entered_at = models.DateTimeField(_("entered"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = ScoreEntryQuerySet.as_manager()

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("score entry")
        verbose_name_plural = _("score entries")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="entry_once_per_hand"),
            models.CheckConstraint(condition=Q(number__gte=1), name="entry_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.number}"


class ScoreChange(models.Model):
    """Every change after entry: who, when, what it was, what it became."""

    entry = models.ForeignKey(ScoreEntry, on_delete=models.CASCADE, related_name="changes")
    changed_at = models.DateTimeField(default=timezone.now)
    changed_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    changed_by_player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    action = models.CharField(_("action"), max_length=32)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        ordering = ["changed_at", "id"]
        verbose_name = _("score change")
        verbose_name_plural = _("score changes")

    def __str__(self) -> str:
        return f"{self.entry} · {self.action}"


class IdempotencyKey(models.Model):
    """A submission already applied: a resent request with the same key is not applied twice.

    `fingerprint` is a hash of what was sent with the key: the same key with other
    numbers is not a resend, and is refused instead of answered with the first outcome.
    """

    key = models.CharField(max_length=64, unique=True)
    fingerprint = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    response = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return self.key
