"""The evening: the event, who came, its rounds, their clocks and draws.

The rules of each game live in `clubscore.games`; these models store what the
games validate and score (options, payloads and their results).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Case, Count, F, Q, Value, When
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from clubscore.club.models import Player, visible_name
from clubscore.games import GAMES, Game, ScoreError
from clubscore.translation import game_choices, game_name, translate

#: An evening's date, within what the club keeps (the draw looks a year back, "like last
#: time" a week on: year 1 or 9999 made them fail).
EARLIEST_DATE = datetime.date(1950, 1, 1)
LATEST_DATE = datetime.date(2099, 12, 31)
DATE_LIMITS = [
    MinValueValidator(EARLIEST_DATE, _("An evening's date is in 1950 or later.")),
    MaxValueValidator(LATEST_DATE, _("An evening's date is in 2099 or earlier.")),
]


def option_initial_values(game: Game, options: dict | None) -> dict[str, Any]:
    """``options`` as they fit ``game`` (each option by name), else the game's defaults."""
    try:
        values = game.clean_options(options or {})
    except ScoreError:
        values = game.default_options()
    return {option.name: values[option.name] for option in game.options}


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

    # While the evening is played: the scorekeeper links open their cards, tablets poll.
    LIVE_STATUSES = (Status.DRAWN, Status.RUNNING, Status.TIME_CALLED)

    class StandingsBasis(models.TextChoices):
        INDIVIDUAL = "individual", _("Individual")
        COUPLE = "couple", _("Couple (both spouses together)")

    name = models.CharField(_("name"), max_length=120, validators=[visible_name])
    game = models.CharField(_("game"), max_length=32, choices=game_choices)
    date = models.DateField(_("date"), validators=DATE_LIMITS)
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
    # The New event page's own key: its form sent twice (a double tap) makes one event.
    form_key = models.UUIDField(unique=True, null=True, editable=False)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

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
    def game_display(self) -> str:
        """The game's name in the active language (``get_game_display`` builds and hashes
        every game's lazy choice to find it, a tenth of a card page; issue 28)."""
        return game_name(self.game_rules)

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
        from .scores import ScoreEntry  # the scores point at the evening, not back

        return ScoreEntry.objects.filter(table__round__event=self).scored().exists()

    def settings_locked_reason(self) -> str | None:
        """Why the event's game and options can no longer change, or None while they can
        (its name, date, language and standings always can)."""
        if self.has_scores():
            return _(
                "The first score has been entered: the game and its options can no longer "
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
    # A play-off whose tied players do not fill the game's tables (issue 27): who the
    # organizer seated in the empty seats (player ids; their scores count for nothing),
    # or, decided by lot instead (a play-off round without tables), the tied players'
    # ids in the order the lot drew them.
    playoff_fillers = models.JSONField(_("filled the empty seats"), default=list, blank=True)
    playoff_lot = models.JSONField(_("order drawn by lot"), default=list, blank=True)

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

    def fillers_note(self, seats: Iterable[Any]) -> str:
        """Who of `seats` (a table's) fills an empty seat of this play-off, whose score
        counts for nothing ("" at any other table): the table and its players' phones
        know before it plays."""
        filling = set(self.playoff_fillers)
        names = [seat.player.name for seat in seats if seat.player_id in filling]
        if not names:
            return ""
        return ngettext(
            "%(names)s fills an empty seat: the play-off counts nothing they score.",
            "%(names)s fill the empty seats: the play-off counts nothing they score.",
            len(names),
        ) % {"names": ", ".join(names)}

    @property
    def decided_by_lot(self) -> bool:
        """A play-off the organizer decided by lot: a round without tables or cards."""
        return bool(self.playoff_lot)

    @property
    def label(self) -> str:
        """How the pages name the round: "Round 1", or "Round 2 (play-off)"."""
        if self.is_playoff:
            return _("Round %(number)s (play-off)") % {"number": self.number}
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
