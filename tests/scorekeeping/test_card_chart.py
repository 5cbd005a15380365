"""The card draws the one chart of the project (templates/charts/line_chart.html)."""

from __future__ import annotations

import re

import pytest

from clubscore.events.models import Seat
from tests.dashboard.conftest import add_entry  # noqa: F401  (fixture)
from tests.payloads import laus_round

from .conftest import links, url

pytestmark = pytest.mark.django_db


def test_the_card_chart_starts_at_zero_names_every_line_and_escapes_names(
    client,
    running,
    add_entry,  # noqa: F811
):
    event = running("laus", tables=1)
    seat = Seat.objects.get(round__event=event, table__number=1, position=1)
    seat.player.first_name = "<b>Ann</b>"
    seat.player.save(update_fields=["first_name"])
    link = links(event)[0]
    assert "<svg" not in client.get(url(link)).content.decode()  # no hand yet, no chart

    table = link.table
    names = [f"p{i}" for i in range(4)]
    add_entry(table, 1, laus_round(names, ten_of_spades_to=1))
    add_entry(table, 2, laus_round(names, ten_of_spades_to=2))
    html = client.get(url(link)).content.decode()
    chart = html[html.index('<figure class="chart-figure">') :]
    chart = chart[: chart.index("</figure>")]
    assert '<svg class="chart"' in chart and chart.count("<polyline") == 4
    assert "<b>Ann</b>" not in chart and "&lt;b&gt;Ann&lt;/b&gt;" in chart
    # The lines start from 0 before hand 1: three points each, the x axis says 1 and 2.
    first = re.search(r'<polyline points="([^"]+)"', chart).group(1).split()
    assert len(first) == 3
    assert re.findall(r'class="tick">(\d+)</text>', chart)[-2:] == ["1", "2"]
    assert chart.count("<li>") == 4  # the legend names each line


def test_the_charts_legend_reads_as_the_totals_once_the_bonus_is_in(
    client,
    running,
    add_entry,  # noqa: F811
):
    """The legend said 5260 under totals of 5660: the first-table bonus came after the
    last hand and the chart stopped there. It is the lines' last step now, "Total"."""
    from django.utils import timezone

    from clubscore.events.models import Table
    from clubscore.scorekeeping.card import build_card
    from tests.payloads import hf_hand

    event = running("hand_and_foot", tables=1)
    link = links(event)[0]
    add_entry(link.table, 1, hf_hand(1))
    Table.objects.filter(pk=link.table.pk).update(turned_in_at=timezone.now(), has_bonus=True)
    totals = sorted(build_card(Table.objects.get(pk=link.table.pk)).score.totals.values())
    html = client.get(url(link)).content.decode()
    chart = html[html.index('<figure class="chart-figure">') :]
    chart = chart[: chart.index("</figure>")]
    legend = sorted(int(value) for value in re.findall(r"<strong>(-?\d+)</strong>", chart))
    assert legend == sorted(set(totals)) and legend[-1] >= 400
    assert re.findall(r'class="tick">([^<]+)</text>', chart)[-2:] == ["1", "Total"]
