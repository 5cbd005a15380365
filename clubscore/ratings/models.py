"""Each player's rating per game, and one row per player and rated evening (the chart,
the player's page and undoing an evening read it)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubscore.club.models import Player
from clubscore.events.models import Event
from clubscore.translation import game_choices

# The shown rating is the mean, moved so that 0 is where everybody starts (openskill's
# starting mean, 25; clubscore.ratings.engine.MODEL): above 0 has done better than the
# ratings expected, below 0 worse. The updates of a match add up to about nothing, so 0
# stays about the club's average. Not the ordinal (mean - 3 sigma), which showed
# newcomers -1.5 after one evening though the words said "starts at 0 and rises", and
# ranked no better in bench/bench_rating_quality.py (figures in the README).
START = 25.0


def shown_rating(mu: float, sigma: float) -> float:
    """The number players see (sigma is kept, not shown: the evenings counted are)."""
    return mu - START


def one_decimal(rating: float) -> float:
    """A shown rating as pages and exports give it: one decimal, and a rating just
    below the start (-0.04) is 0.0, not -0.0."""
    return round(rating, 1) + 0.0  # -0.0 + 0.0 is 0.0


class RatingLock(models.Model):
    """One row per game: recomputing a game's ratings locks it (select_for_update), so two
    evenings finished at the same instant are applied one after the other."""

    game = models.CharField(max_length=32, choices=game_choices, primary_key=True)

    class Meta:
        verbose_name = _("rating lock")
        verbose_name_plural = _("rating locks")

    def __str__(self) -> str:
        return self.game


class Rating(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(_("game"), max_length=32, choices=game_choices)
    mu = models.FloatField(_("mean"))
    sigma = models.FloatField(_("uncertainty"))
    evenings = models.PositiveIntegerField(_("evenings"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_once_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} · {self.game} · {self.shown:.1f}"

    @property
    def shown(self) -> float:
        return shown_rating(self.mu, self.sigma)


class RatingHistory(models.Model):
    """A player's rated evening: the rating before and after it, and what they did."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_history")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rating_history")
    # Copied from the event so a game's history is read in date order without a join.
    game = models.CharField(_("game"), max_length=32, choices=game_choices)
    date = models.DateField(_("date"))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    evenings = models.PositiveIntegerField(_("evenings"))  # rated evenings, this one included
    score = models.IntegerField(_("score"))
    place = models.PositiveIntegerField(_("place"))
    tables = models.JSONField(_("tables"), default=list)  # table numbers, round by round
    partners = models.JSONField(_("partners"), default=list)  # player ids

    class Meta:
        ordering = ["date", "event_id"]
        verbose_name = _("rating history")
        verbose_name_plural = _("rating history")
        constraints = [
            models.UniqueConstraint(fields=["player", "event"], name="rating_history_once"),
        ]
        indexes = [models.Index(fields=["game", "date", "event"])]

    def __str__(self) -> str:
        return f"{self.player_id} · {self.event_id}"

    @property
    def shown(self) -> float:
        return shown_rating(self.mu, self.sigma)
