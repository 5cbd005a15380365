"""Who sits where: the tables of a round, their teams, seats and scorekeeper links."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubscore.club.models import Player, together

from .evening import Round


class TableQuerySet(models.QuerySet):
    def open(self) -> TableQuerySet:
        """Cards not in: neither turned in nor marked "not played"."""
        return self.filter(turned_in_at=None, not_played=False)


class Table(models.Model):
    """One table of a round. What every page asks of a table is answered here: whether
    its card is done (`done`), its teams' names (`team_names`); the tables that count,
    with their confirmed entries, come from one loader (`clubscore.standings.loading`)."""

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
    # The table took the bonus for the first card of its round turned in (the game says
    # how many points: `Game.first_table_points`).
    has_bonus = models.BooleanField(_("first-table bonus"), default=False)
    # Set by the organizer when finishing the evening: the table's card does not count,
    # and its players are listed as "did not play" (unless they played another round).
    not_played = models.BooleanField(_("not played"), default=False)

    objects = TableQuerySet.as_manager()

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
                condition=Q(has_bonus=True),
                name="one_bonus_per_round",
            ),
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    @property
    def done(self) -> bool:
        """Nothing more will be entered here: the card is turned in or "not played"."""
        return self.turned_in_at is not None or self.not_played

    @property
    def player_names(self) -> str:
        """ "Ann Fox, Bob Ray, ...": who sits here, in seat order (seats with players)."""
        return ", ".join(seat.player.name for seat in self.seats.all())

    def team_names(self, number: int, seats: Iterable[Seat] | None = None) -> str:
        """ "Ann & Bob": the players of team `number` in seat order, from `seats` (the
        table's seats with player and team, when the caller has them) or the table's."""
        seats = self.seats.all() if seats is None else seats
        return together(
            seat.player.name for seat in seats if seat.team and seat.team.number == number
        )


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


class SeatQuerySet(models.QuerySet):
    def latest_tables(self, event) -> dict[int, int]:
        """Each seated player's table number in the latest round that seats them (one
        query): where a player sits now, checked in or not."""
        return dict(
            self.filter(round__event=event)
            .order_by("round__number")
            .values_list("player_id", "table__number")
        )


class Seat(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    is_scorekeeper = models.BooleanField(_("keeps score"), default=False)

    objects = SeatQuerySet.as_manager()

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
