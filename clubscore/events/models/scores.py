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

    def with_parts(self) -> ScoreEntryQuerySet:
        """Each entry with its teams' parts, in one more query (`ScoreEntry.part`)."""
        return self.prefetch_related("parts")

    def scored(self) -> ScoreEntryQuerySet:
        """Entries with a score in: a result, or any team's part."""
        return self.filter(Q(result__isnull=False) | Q(parts__isnull=False)).distinct()


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

    @property
    def status_label(self) -> str:
        """The status in words, as `get_status_display()` gives it without building the
        field's choices again (the card's hands table shows one a row)."""
        return str(self.Status(self.status).label)

    def part(self, team: int | str) -> TeamPart | None:
        """This team's part of the hand (None: not entered yet); reads `with_parts()`."""
        return next((part for part in self.parts.all() if part.team == int(team)), None)

    def part_version(self, team: int | str) -> int:
        """The version of this team's part (0: none yet)."""
        part = self.part(team)
        return part.version if part else 0

    def parts_by_team(self) -> dict[str, TeamPart]:
        """The parts entered so far, by the team's number as the card names its side."""
        return {str(part.team): part for part in self.parts.all()}

    def settle_part(self, team: int, data: dict) -> TeamPart:
        """The organizer's decision on this team's part: confirmed, as a new version."""
        part = self.part(team) or TeamPart(entry=self, team=team, version=0)
        part.data, part.state, part.version = data, TeamPart.State.CONFIRMED, part.version + 1
        part.save()
        return part

    def draft(self, side: int | str) -> dict | None:
        """What this side typed and has not sent (None: nothing). A card page reads its
        side's drafts of every hand at once (`ScoreCard.drafts`)."""
        return next((d.data for d in self.drafts.all() if d.side == int(side)), None)

    def keep_draft(self, side: int | str, typed: dict) -> None:
        """Keep what this side typed (the entry locked, or created in this transaction)."""
        Draft.objects.update_or_create(entry=self, side=int(side), defaults={"data": typed})

    def drop_drafts(self, side: int | str | None = None) -> None:
        """Forget what was typed and not sent: this side's, or every side's (None)."""
        drafts = self.drafts.all() if side is None else self.drafts.filter(side=int(side))
        drafts.delete()


class PartState(models.TextChoices):
    """Where a team's part stands: the other team confirms it or disputes it."""

    ENTERED = "entered", _("Waiting for confirmation")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")


class TeamPart(models.Model):
    """One team's part of a hand, in games where each team enters its own part (a game
    whose entry mode is `TeamParts`): what the team entered, and what the other team
    made of it.
    The entry's `payload` is the whole hand, assembled once every part is in.

    `version` grows with every change of the part: a tablet sends the version its form
    was built on, and a form built on an older one is refused (under the entry's lock).
    """

    State = PartState

    entry = models.ForeignKey(ScoreEntry, on_delete=models.CASCADE, related_name="parts")
    # The team's number at the table, as the game's payload counts teams and the card
    # names its side. Not a foreign key to Team: the entry already names the table, and
    # a key could point at another table's team, which no constraint could prevent.
    team = models.PositiveSmallIntegerField(_("team"))
    data = models.JSONField(_("the team's part"), default=dict)
    state = models.CharField(
        _("status"), max_length=16, choices=PartState.choices, default=PartState.ENTERED
    )
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["entry_id", "team"]  # by the column: "entry" would join the entries
        verbose_name = _("team's part")
        verbose_name_plural = _("teams' parts")
        constraints = [
            models.UniqueConstraint(fields=["entry", "team"], name="part_once_per_team"),
            models.CheckConstraint(condition=Q(team__gte=1), name="part_team_positive"),
            models.CheckConstraint(condition=Q(version__gte=1), name="part_version_positive"),
            models.CheckConstraint(
                condition=Q(state__in=PartState.values),
                name="part_state_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} · {self.team}"

    @property
    def is_confirmed(self) -> bool:
        return self.state == self.State.CONFIRMED


class Draft(models.Model):
    """What a scorekeeper typed but has not sent yet (the form's fields as typed), so a
    reload loses nothing. Any game: by side, a team's number, or 0 for the whole table."""

    entry = models.ForeignKey(ScoreEntry, on_delete=models.CASCADE, related_name="drafts")
    side = models.PositiveSmallIntegerField(_("side"))
    data = models.JSONField(_("typed"), default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["entry_id", "side"]  # by the column: "entry" would join the entries
        verbose_name = _("draft")
        verbose_name_plural = _("drafts")
        constraints = [
            models.UniqueConstraint(fields=["entry", "side"], name="draft_once_per_side"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} · {self.side}"


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
