"""django-tables2 tables of the standings and the ladder: sortable, exported as CSV/XLSX."""

from __future__ import annotations

from fractions import Fraction

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django_tables2.utils import OrderByTuple

from clubscore.standings.standings import RANKED, Standings
from clubscore.translation import translate

# Columns a phone may leave out (CSS hides them on narrow screens; exports keep them).
OPTIONAL = {"td": {"class": "num optional"}, "th": {"class": "optional"}}


class RankColumn(tables.Column):
    def render(self, value, record):
        rank = "–" if value is None else value
        if record.mark:
            return format_html(
                '{} <span class="badge {}">{}</span>', rank, record.badge, record.mark
            )
        return rank


class RankedFigure(tables.Column):
    """A figure of the standings, exported for ranked lines only: a 0 beside "Did not
    play" read in a spreadsheet as a score of nothing (the page shows "–")."""

    def value(self, record, value):
        return value if record.status == RANKED else None


class SortedTable(tables.Table):
    """A table whose sorted column's heading says which way its figures run ("values-up"
    or "values-down": the arrow), not only which way its link was tapped ("asc"): the
    first tap sorts the better first (`better_first`), the highest where that wins."""

    def get_column_class_names(self, classes_set, bound_column):
        classes = super().get_column_class_names(classes_set, bound_column)
        if bound_column.is_ordered:
            down = bound_column.order_by[0].is_descending
            classes.add("values-down" if down else "values-up")
        return classes


class StandingsTable(SortedTable):
    # Sorting by rank keeps the standings' own order (unranked lines last).
    rank = RankColumn(
        verbose_name=_("Rank"),
        attrs={"td": {"class": "num rank"}},
        order_by=("position",),
        empty_values=(),  # an unranked line (rank None) still says why
    )
    name = tables.Column(verbose_name=_("Name"))
    played = tables.Column(verbose_name=_("Hands"), attrs=OPTIONAL)
    total = RankedFigure(verbose_name=_("Total"), attrs={"td": {"class": "num total"}})
    # The rank's badge in words, a column of its own in the exports (a spreadsheet sorts
    # the rank as a number); the page shows it beside the rank.
    note = tables.Column(verbose_name=_("Note"), accessor="mark", visible=False)

    class Meta:
        # A lean template: django-tables2 sorts, pages and exports; the template writes the
        # cells straight from the rows (1,000-player evenings stay fast).
        template_name = "dashboard/_standings_table.html"
        attrs = {"class": "data standings"}
        orderable = True
        # Pages of the views' own size: a `per_page` of the query (-1) made a 500.
        per_page_field = None

    def value_name(self, value, record):
        return f"{value} ({_('single')})" if record.single else value

    def value_rank(self, value, record):
        # A number or nothing (why a line has no rank is in the note). Without it the
        # export takes the page's cell, the rank and its badge's words as one text.
        return value


def standings_table(standings: Standings, **kwargs) -> StandingsTable:
    """The standings' table with the game's tie-break columns after the total."""
    extra = [
        (
            f"tb_{t.key}",
            RankedFigure(verbose_name=t.label, accessor=f"tiebreakers__{t.key}", attrs=OPTIONAL),
        )
        for t in standings.tiebreakers
    ]
    # Ranked per round played, or a table played fewer (time called at it): the rounds
    # are shown on a phone too. A couple's line counts both spouses' rounds.
    rounds_differ = (
        len({Fraction(r.played, len(r.player_ids)) for r in standings.rows if r.played}) > 1
    )
    shows_rounds = standings.per_round or rounds_differ
    played = {"td": {"class": "num"}} if shows_rounds else OPTIONAL
    label = translate(standings.event.game_rules.words.many)
    extra.append(("played", tables.Column(verbose_name=label, attrs=played)))
    if standings.per_round:
        per_round = tables.Column(
            verbose_name=_("Per round"), accessor="per_round_value", attrs={"td": {"class": "num"}}
        )
        extra.append(("per_round", per_round))
        # What ranks is the rounds and the figure, from the total: a phone shows all
        # three (the note under the table says "Per round = Total ÷ Rounds").
        total = RankedFigure(verbose_name=_("Total"), attrs={"td": {"class": "num total"}})
        extra.append(("total", total))
    sequence = [
        "rank",
        "name",
        "played",
        "total",
        "per_round",
        *(name for name, _c in extra),
        "note",
    ]
    table = StandingsTable(
        standings.rows,
        extra_columns=extra,
        sequence=list(
            dict.fromkeys(n for n in sequence if n != "per_round" or standings.per_round)
        ),
        **kwargs,
    )
    better_first(table, standings.order, "total", "per_round")
    for tiebreaker in standings.tiebreakers:
        better_first(table, tiebreaker.better, f"tb_{tiebreaker.key}")
    table.per_round = standings.per_round  # the template writes the cells itself
    table.shows_rounds = shows_rounds
    table.rounds_differ = rounds_differ and not standings.per_round  # compared by total
    table.game = standings.event.game  # the names link to each player's page of this game
    return table


def better_first(table: tables.Table, order: str, *names: str) -> None:
    """The first tap on these columns' headings sorts the better first: the highest
    figure, or the lowest where the game's lowest wins (`order`, "high" or "low")."""
    for name in names:
        if name in table.columns.names():
            column = table.columns[name].column
            accessor = str(column.accessor or name)
            column.order_by = OrderByTuple((accessor if order == "low" else f"-{accessor}",))


class LadderTable(SortedTable):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Player"))
    total = tables.Column(verbose_name=_("Total"), attrs={"td": {"class": "num total"}})
    events = tables.Column(verbose_name=_("Events played"), attrs={"td": {"class": "num"}})
    best_finish = tables.Column(verbose_name=_("Best finish"), attrs={"td": {"class": "num"}})
    wins = tables.Column(verbose_name=_("Wins"), attrs=OPTIONAL)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "data ladder"}
        orderable = True
        per_page_field = None  # as the standings: the views' own page size
