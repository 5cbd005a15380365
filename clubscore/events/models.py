"""Events of the club: the evening, who came, the rounds, tables and score entries.

The rules of each game live in `clubscore.games`; these models store what the
games validate and score (options, payloads and their results).
"""

from __future__ import annotations

import datetime
import secrets
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Case, Count, F, Q, Value, When
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubscore.club.models import Player
from clubscore.games import GAMES, Game, ScoreError
from clubscore.translation import game_name_lazy, translate


def option_initial_values(game: Game, options: dict | None) -> dict[str, Any]:
    """``options`` as they fit ``game`` (each option by name), else the game's defaults."""
    try:
        values = game.clean_options(options or {})
    except ScoreError:
        values = game.default_options()
    return {option.name: values[option.name] for option in game.options}


GAME_CHOICES = [(key, game_name_lazy(key)) for key in GAMES]


class EventQuerySet(models.QuerySet):
    def running(self) -> EventQuerySet:
        return self.filter(status=Event.Status.RUNNING)

    def public(self) -> EventQuerySet:
        return self.filter(public_standings=True)

    def for_home(self, today: datetime.date) -> EventQuerySet:
        """Tonight's evening first (today's, or one still under way), then the upcoming
        ones soonest first, then the rest most recent first."""
        status = self.model.Status
        under_way = [status.DRAWN, status.RUNNING, status.TIME_CALLED]
        slot = Case(
            When(Q(date=today) | Q(status__in=under_way), then=Value(0)),
            When(date__gt=today, then=Value(1)),
            default=Value(2),
        )
        upcoming = Case(When(date__gt=today, then=F("date")))
        return self.alias(slot=slot, upcoming=upcoming).order_by("slot", "upcoming", "-date", "-id")

    def with_counts(self) -> EventQuerySet:
        return self.annotate(checked_in_count=Count("checkins", distinct=True))

    def latest_of(self, game: str) -> Event | None:
        """The game's most recent event: the one a new event can copy ("Like last time")."""
        return self.filter(game=game).order_by("-date", "-pk").first()


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        CHECK_IN = "check_in", _("Check-in")
        DRAWN = "drawn", _("Drawn")
        RUNNING = "running", _("Running")
        TIME_CALLED = "time_called", _("Time called")
        FINAL = "final", _("Final")

    class StandingsBasis(models.TextChoices):
        INDIVIDUAL = "individual", _("Individual")
        COUPLE = "couple", _("Couple (both spouses together)")

    name = models.CharField(_("name"), max_length=120)
    game = models.CharField(_("game"), max_length=32, choices=GAME_CHOICES)
    date = models.DateField(_("date"))
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.DRAFT
    )
    standings_basis = models.CharField(
        _("standings basis"),
        max_length=16,
        choices=StandingsBasis.choices,
        default=StandingsBasis.INDIVIDUAL,
    )
    options = models.JSONField(
        _("game options"),
        default=dict,
        blank=True,
        help_text=_("Left empty, the club's defaults for the game apply."),
    )
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default="en"
    )
    public_standings = models.BooleanField(_("standings are public"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(condition=Q(game__in=list(GAMES)), name="event_game_known"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def has_public_results(self) -> bool:
        """A final evening whose standings anyone may see (the home page links them)."""
        return self.status == self.Status.FINAL and self.public_standings

    @property
    def game_rules(self):
        """The game object of `clubscore.games` this event plays."""
        return GAMES[self.game]

    @property
    def game_options(self) -> dict:
        """The event's options with the game's defaults filled in."""
        return self.game_rules.clean_options(self.options or {})

    def copied_settings(self, today: datetime.date) -> dict[str, Any]:
        """A new event's settings "like last time": this one's, dated a week on (or the
        first such weekday from ``today``); never its check-ins, rounds or scores."""
        date = self.date + datetime.timedelta(days=7)
        if date < today:
            date += datetime.timedelta(days=-(-(today - date).days // 7) * 7)
        return {
            "name": self.name,
            "date": date,
            "game": self.game,
            "language": self.language,
            "standings_basis": self.standings_basis,
            "public_standings": self.public_standings,
            **option_initial_values(self.game_rules, self.options),
        }

    def has_scores(self) -> bool:
        """True once a score is in: any hand or round with a result or a team's part."""
        return (
            ScoreEntry.objects.filter(table__round__event=self)
            .filter(Q(result__isnull=False) | ~Q(parts={}))
            .exists()
        )

    def settings_locked_reason(self) -> str | None:
        """Why the event's settings and options can no longer change, or None while they can."""
        if self.has_scores():
            return _(
                "The first score has been entered: the settings and options can no longer "
                "change, so every table is scored by the rules it played."
            )
        return None

    def clean(self) -> None:
        if self.game not in GAMES:
            raise ValidationError({"game": _("Choose one of the club's games.")})
        try:
            self.options = self.game_rules.clean_options(self.options or {})
        except ScoreError as error:
            messages = [
                f"{key}: {translate(msg)}" if key else translate(msg)
                for key, msgs in error.errors.items()
                for msg in msgs
            ]
            raise ValidationError({"options": messages}) from error


class CheckIn(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="checkins")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="checkins")
    checked_in_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["checked_in_at", "id"]
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="checkin_once_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"


class Round(models.Model):
    class Kind(models.TextChoices):
        REGULAR = "regular", _("Regular")
        PLAYOFF = "playoff", _("Play-off")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(_("number"))
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.REGULAR)
    seed = models.BigIntegerField(_("draw seed"), null=True, blank=True)
    drawn_at = models.DateTimeField(_("drawn"), null=True, blank=True)
    # Each round has its own clock (clubscore.events.clock): a play-off or the next
    # round of a series never inherits the time called on another round.
    clock_started_at = models.DateTimeField(_("clock started"), null=True, blank=True)
    time_called_at = models.DateTimeField(_("time called"), null=True, blank=True)
    extra_minutes = models.PositiveIntegerField(_("extra minutes"), default=0)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}

    @property
    def is_playoff(self) -> bool:
        return self.kind == self.Kind.PLAYOFF

    @property
    def label(self) -> str:
        """How the pages name the round: "Round 1", or "Play-off round 2"."""
        if self.is_playoff:
            return _("Play-off round %(number)s") % {"number": self.number}
        return str(self)


class ClockAction(models.Model):
    """Every clock action of the organizer, and finishing or reopening the evening:
    who, when, what, on which round."""

    class Action(models.TextChoices):
        START = "start", _("Clock started")
        CALL = "call", _("Time called")
        EXTEND = "extend", _("Clock extended")
        FINISH = "finish", _("Evening finished")
        REOPEN = "reopen", _("Evening reopened")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="clock_actions")
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, null=True, blank=True, related_name="clock_actions"
    )
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    minutes = models.PositiveIntegerField(_("minutes"), null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("clock action")
        verbose_name_plural = _("clock actions")

    def __str__(self) -> str:
        return f"{self.event} · {self.get_action_display()}"


class DrawRecord(models.Model):
    """Every draw of a round, kept for the event's history (redraws included)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="draws")
    seed = models.BigIntegerField(_("seed"))
    arguments = models.JSONField(_("arguments"), default=dict)
    result = models.JSONField(_("result"), default=dict)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    drawn_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-drawn_at", "-id"]
        verbose_name = _("draw")
        verbose_name_plural = _("draws")

    def __str__(self) -> str:
        return f"{self.round} · seed {self.seed}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField(_("table"))
    first_player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("plays first"),
    )
    draw_details = models.JSONField(
        _("draw details"),
        default=dict,
        blank=True,
        help_text=_("High cards drawn for first play, trumps of each round, and so on."),
    )
    turned_in_at = models.DateTimeField(_("turned in"), null=True, blank=True)
    has_first_table_bonus = models.BooleanField(_("first-table bonus"), default=False)
    # Set by the organizer when finishing the evening: the table's card does not count,
    # and its players are listed as "did not play" (unless they played another round).
    not_played = models.BooleanField(_("not played"), default=False)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            # Exactly one table of a round earns the first-table bonus; the database
            # settles the race when two cards are turned in at the same instant.
            models.UniqueConstraint(
                fields=["round"],
                condition=Q(has_first_table_bonus=True),
                name="one_first_table_bonus_per_round",
            ),
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}


class Team(models.Model):
    """A partnership at a Hand and Foot table (two per table)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField(_("team"))
    scorekeeper = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("scorekeeper"),
    )

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="team_number_unique"),
        ]

    def __str__(self) -> str:
        return _("Team %(number)s") % {"number": self.number}


class Seat(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    is_scorekeeper = models.BooleanField(_("keeps score"), default=False)

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_taken_once"),
            models.UniqueConstraint(
                fields=["round", "player"], name="player_seated_once_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.player}"


def new_link_token() -> str:
    # 32 random bytes: 256 bits, far beyond guessing.
    return secrets.token_urlsafe(32)


class ScorekeeperLink(models.Model):
    """A private, unguessable link that opens one table's card, and nothing else."""

    token = models.CharField(max_length=64, unique=True, default=new_link_token, editable=False)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="links")
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="links"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    # When a tablet last opened or polled this card (written at most once a minute:
    # clubscore.scorekeeping.presence); the dashboard lists tablets gone quiet.
    last_seen_at = models.DateTimeField(_("last heard from"), null=True, blank=True)

    class Meta:
        verbose_name = _("scorekeeper link")
        verbose_name_plural = _("scorekeeper links")

    def __str__(self) -> str:
        return f"{self.table} · {self.player}"

    def get_absolute_url(self) -> str:
        return reverse("scorekeeping:card", args=[self.token])


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
