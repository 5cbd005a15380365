"""The ladder's season rules and rating column, on top of `standings.season_ladder`.

- "Best N evenings": a player's total counts only their N best evenings (in the game's
  order: Laus the N lowest), as bridge clubs' season rules do.
- "At least M evenings": only players with M evenings or more are ranked.
- Rank by: total (the game's order; a game whose evenings rank per round played, Laus,
  by points per round played: `Game.ladder_figure`), rating, events played or best
  finish; equal values share a rank, then the total and the name order the rows.
- Rating: the shown rating (`shown_rating`: 0 is where everybody starts) as it stood at
  the end of the season (all seasons: as it stands now), with the rated evenings counted.
"""

from __future__ import annotations

import datetime

import django_tables2 as tables
from django import forms
from django.urls import reverse
from django.utils import formats
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubscore.collation import sort_key
from clubscore.games import GAMES
from clubscore.numbers import WholeNumberField
from clubscore.ratings.models import Rating, RatingHistory, one_decimal, shown_rating
from clubscore.standings.ladder import Ladder, LadderRow, ladder_standing, season_ladder

from .forms import LadderFilterForm, first_game
from .tables import LadderTable, better_first

SORTS = [
    ("total", _("Total")),
    ("rating", _("Rating")),
    ("events", _("Events played")),
    ("best_finish", _("Best finish")),
]
MAX_EVENINGS = 366


class LadderOptionsForm(LadderFilterForm):
    # Not "sort": django-tables2 reads that parameter for its column headers.
    rank_by = forms.ChoiceField(label=_("Rank by"), choices=SORTS, required=False)
    best = WholeNumberField(
        label=_("Best N evenings"),
        min_value=1,
        max_value=MAX_EVENINGS,
        required=False,
        help_text=_("Only each player's best N evenings count towards the total."),
    )
    at_least = WholeNumberField(
        label=_("At least M evenings"),
        min_value=1,
        max_value=MAX_EVENINGS,
        required=False,
        help_text=_("Only players with at least M evenings are ranked."),
    )

    def choices(self) -> dict:
        """Every valid field's value; a field with an error falls back to its default (the
        error is shown on it), so one bad number never hides the whole ladder."""
        data = self.cleaned_data if self.is_valid() or self.is_bound else {}
        return {
            "game": data.get("game") or first_game(),
            "year": data.get("year"),
            "rank_by": data.get("rank_by") or "total",
            "best": data.get("best"),
            "at_least": data.get("at_least"),
        }


def _ratings(
    game: str, year: int | None, player_ids: list[int], *, public: bool = False
) -> dict[int, tuple]:
    """Each player's (rating, rated evenings) at the end of `year` (None: now). `public`:
    as a visitor may see it, after the player's last public evening, with the public
    evenings counted (as their page shows them)."""
    if year is None and not public:
        rows = Rating.objects.filter(game=game, player_id__in=player_ids).values_list(
            "player_id", "mu", "sigma", "evenings"
        )
        return {
            pid: (one_decimal(shown_rating(mu, sigma)), evenings)
            for pid, mu, sigma, evenings in rows
        }
    history = RatingHistory.objects.filter(game=game, player_id__in=player_ids)
    if year is not None:
        history = history.filter(date__lte=datetime.date(year, 12, 31))
    if public:
        history = history.filter(event__public_standings=True)
    found: dict[int, tuple] = {}
    # In date order: the last row of each player wins.
    for pid, mu, sigma, evenings in history.order_by("date", "event_id").values_list(
        "player_id", "mu", "sigma", "evenings"
    ):
        if public:
            evenings = found.get(pid, (None, 0))[1] + 1  # the public evenings counted
        found[pid] = (one_decimal(shown_rating(mu, sigma)), evenings)
    return found


def rated_ladder(
    game: str,
    year: int | None = None,
    *,
    rank_by: str = "total",
    best: int | None = None,
    at_least: int | None = None,
    public: bool = False,
) -> Ladder:
    """The season ladder with the club's season rules and each player's rating: five
    queries, however many events, tables and players. `public`: a visitor's, of the
    evenings whose standings are public (their player pages show the same)."""
    ladder = season_ladder(game, year, public=public)
    order = GAMES[game].standings_order
    sign = -1 if order == "high" else 1
    rows = [row for row in ladder.rows if not at_least or row.events >= at_least]
    rules = GAMES[game]
    if best:
        for row in rows:
            # The N best evenings by the figure the ladder ranks by.
            evenings = [
                (total, played, rules.ladder_figure(total, played))
                for (total, _rank), played in zip(row.results, row.played_each, strict=True)
            ]
            evenings.sort(key=lambda e: sign * (e[0] if e[2] is None else e[2]))
            row.total = sum(total for total, _played, _figure in evenings[:best])
            row.played = sum(played for _total, played, _figure in evenings[:best])
            row.figure = rules.ladder_figure(row.total, row.played)
    ratings = _ratings(game, year, [row.player_id for row in rows], public=public)
    for row in rows:
        row.rating, row.rated_evenings = ratings.get(row.player_id, (None, 0))

    def value(row: LadderRow):
        if rank_by == "rating":
            return (row.rating is None, -(row.rating or 0))
        if rank_by == "events":
            return -row.events
        if rank_by == "best_finish":
            return row.best_finish or 0
        return ladder_standing(row, sign)

    rows.sort(key=lambda row: (value(row), ladder_standing(row, sign), sort_key(row.name)))
    previous = object()
    for position, row in enumerate(rows, start=1):
        if value(row) != previous:
            rank, previous = position, value(row)
        row.rank = rank
    ladder.rows = rows
    return ladder


class RatedLadderTable(LadderTable):
    """The ladder's columns with the rating beside the total; names link to each
    player's page."""

    per_round = tables.Column(
        verbose_name=_("Per round"), accessor="per_round_value", attrs={"td": {"class": "num"}}
    )
    rating = tables.Column(
        verbose_name=_("Rating"), attrs={"td": {"class": "num rating"}}, empty_values=()
    )
    rated_evenings = tables.Column(verbose_name=_("Rated evenings"), attrs={"td": {"class": "num"}})

    class Meta(LadderTable.Meta):
        sequence = (
            "rank",
            "name",
            "total",
            "per_round",
            "rating",
            "rated_evenings",
            "events",
            "best_finish",
            "wins",
        )

    def __init__(
        self, *args, game: str, per_round: bool = False, rank_by: str = "total", **kwargs
    ) -> None:
        # The per-round column only where the ladder ranks by it.
        kwargs.setdefault("exclude", () if per_round else ("per_round",))
        super().__init__(*args, **kwargs)
        self.game = game
        # A heading's first tap sorts the better first (the best finish, 1st, already does).
        better_first(self, GAMES[game].standings_order, "total", "per_round")
        better_first(self, "high", "rating", "rated_evenings", "events", "wins")
        # A phone keeps in sight the rank, the name, the figure the ladder ranks by and the
        # rating; CSS hides the other columns on a narrow screen (the exports keep them).
        by_total = "per_round" if per_round else "total"
        figure = rank_by if rank_by in ("events", "best_finish") else by_total
        for bound in self.columns:
            if bound.name not in ("rank", "name", "rating", figure):
                cell = bound.column.attrs.get("td", {}).get("class", "")
                # The rating's evenings give way first, on a tablet already (the player's
                # page has them): nine columns of German headings overflowed 768 px.
                kind = "optional wide" if bound.name == "rated_evenings" else "optional"
                bound.column.attrs = {
                    "td": {"class": f"{cell} {kind}"},
                    "th": {"class": kind},
                }

    def render_name(self, value, record):
        url = reverse("dashboard:player", args=[record.player_id])
        return format_html('<a href="{}?game={}">{}</a>', url, self.game, value)

    def render_rating(self, value, record):
        # In the reader's language: "1,6" in German, as the player's page says it.
        return "–" if value is None else formats.number_format(value, 1)

    def value_rating(self, value, record):
        return "" if value is None else value

    def value_name(self, value, record):
        return value
