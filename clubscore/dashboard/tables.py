"""django-tables2 tables of the standings and the ladder: sortable, exported as CSV/XLSX."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .standings import Standings

# Columns a phone may leave out (CSS hides them on narrow screens; exports keep them).
OPTIONAL = {"td": {"class": "num optional"}, "th": {"class": "optional"}}


class RankColumn(tables.Column):
    def render(self, value, record):
        if record.playoff:
            return format_html('{} <span class="badge playoff">{}</span>', value, _("play-off"))
        if record.tied:
            return format_html('{} <span class="badge tie">{}</span>', value, _("tie"))
        return value


class StandingsTable(tables.Table):
    rank = RankColumn(verbose_name=_("Rank"), attrs={"td": {"class": "num rank"}})
    name = tables.Column(verbose_name=_("Name"))
    played = tables.Column(verbose_name=_("Hands"), attrs=OPTIONAL)
    total = tables.Column(verbose_name=_("Total"), attrs={"td": {"class": "num total"}})

    class Meta:
        # A lean template: django-tables2 sorts, pages and exports; the template writes the
        # cells straight from the rows (1,000-player evenings stay fast).
        template_name = "dashboard/_standings_table.html"
        attrs = {"class": "data standings"}
        orderable = True

    def value_rank(self, value, record):
        # The export says it in words; the page shows a badge.
        if record.playoff:
            return f"{value} ({_('play-off')})"
        return f"{value}=" if record.tied else value


def standings_table(standings: Standings, **kwargs) -> StandingsTable:
    """The standings' table with the game's tie-break columns after the total."""
    extra = [
        (
            f"tb_{key}",
            tables.Column(verbose_name=label, accessor=f"tiebreakers__{key}", attrs=OPTIONAL),
        )
        for key, label, _better in standings.tiebreakers
    ]
    if standings.event.game != "hand_and_foot":
        extra.append(("played", tables.Column(verbose_name=_("Rounds"), attrs=OPTIONAL)))
    sequence = ["rank", "name", "played", "total", *(name for name, _column in extra)]
    return StandingsTable(
        standings.rows,
        extra_columns=extra,
        sequence=list(dict.fromkeys(sequence)),
        **kwargs,
    )


class LadderTable(tables.Table):
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
