"""Each player's page: their rated evenings, rating over time, favourite partners, exports.

Read from the ratings' history rows (one per player and rated evening, which already hold
the evening's score, place, tables and partners), so the page runs four queries however
long the history is. Organizers see every final evening; everyone else only the evenings
whose standings are public (the ladder is public, and so are the ratings on it).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.http import HttpResponse
from django.utils import formats
from django.utils.translation import gettext as _

from clubscore.club.models import Player
from clubscore.games import GAMES
from clubscore.ratings.models import Rating, RatingHistory, one_decimal
from clubscore.standings.standings import COUPLE, rounded_tenth
from clubscore.templatetags.charts import line_chart
from clubscore.translation import game_name

from .exports import spreadsheet

CHART_LABELS = 10  # at most this many dates under the chart; the rest stay unlabelled
FAVOURITES = 5


@dataclass
class EveningLine:
    date: object
    event_id: int
    event: str
    game: str
    tables: str
    partners: str
    score: int
    place: int
    rating: float
    evenings: int
    public: bool = False  # its standings are public: a visitor's link opens them
    couple: bool = False  # ranked by couples: the place is the couple's


@dataclass
class Partner:
    name: str
    evenings: int
    average_place: Decimal  # one decimal, a half up (as points per round)


@dataclass
class PlayerPage:
    player: Player
    game: str | None  # the game of the chart
    games: list[tuple[str, str]]  # (key, name) of the games the player was rated in
    ratings: list[tuple[str, float, int]]  # (game name, rating, evenings)
    evenings: list[EveningLine] = field(default_factory=list)
    partners: list[Partner] = field(default_factory=list)
    chart: str = ""  # the SVG (charts/line_chart.html)
    # An evening ranked by couples: its place is the couple's (both spouses' totals), the
    # score the player's own; the page says so.
    couple_places: bool = False


def player_page(player: Player, *, game: str | None, public: bool) -> PlayerPage:
    """Everything the page shows, in three queries (plus the player's own)."""
    rows = RatingHistory.objects.filter(player=player).select_related("event")
    if public:
        rows = rows.filter(event__public_standings=True)
    rows = list(rows.order_by("date", "event_id"))
    ratings = {
        rating.game: rating for rating in Rating.objects.filter(player=player).order_by("game")
    }
    ids = {pid for row in rows for pid in row.partners}
    names = {p.pk: p.name for p in Player.objects.filter(pk__in=ids)} if ids else {}

    played = list(dict.fromkeys(row.game for row in rows))
    shown = {key: (ratings[key].shown, ratings[key].evenings) for key in played if key in ratings}
    if public:
        # A visitor's: as it stood after the last public evening, the public ones counted
        # (the rating now may hold evenings the visitor does not see).
        shown = {}
        for row in rows:  # in date order: the last one of each game wins
            shown[row.game] = (row.shown, shown.get(row.game, (0.0, 0))[1] + 1)
    if game not in played:
        game = max(played, key=lambda key: sum(r.game == key for r in rows)) if played else None
    page = PlayerPage(
        player=player,
        game=game,
        games=[(key, game_name(key)) for key in played],
        ratings=[
            (game_name(key), one_decimal(rating), evenings)
            for key, (rating, evenings) in shown.items()
        ],
    )
    together: dict[int, list[int]] = defaultdict(list)
    for row in rows:
        page.evenings.append(
            EveningLine(
                date=row.date,
                event_id=row.event_id,
                event=row.event.name,
                public=row.event.public_standings,
                game=game_name(row.game),
                tables=", ".join(str(n) for n in row.tables),
                partners=", ".join(names.get(pid, "?") for pid in row.partners),
                score=row.score,
                place=row.place,
                rating=one_decimal(row.shown),
                evenings=row.evenings,
                couple=row.event.standings_basis == COUPLE,
            )
        )
        # The evening's line names everyone played with (the team-mate in a game of
        # teams, else everyone at the table); favourite partners are team-mates only.
        if GAMES[row.game].teams:
            for pid in row.partners:
                together[pid].append(row.place)
    counts = Counter({pid: len(places) for pid, places in together.items()})
    page.partners = [
        Partner(names.get(pid, "?"), count, rounded_tenth(Fraction(sum(together[pid]), count)))
        for pid, count in sorted(counts.items(), key=lambda kv: (-kv[1], names.get(kv[0], "")))[
            :FAVOURITES
        ]
    ]
    page.chart = rating_chart([row for row in rows if row.game == game])
    page.couple_places = any(line.couple for line in page.evenings)
    return page


def rating_chart(rows: list[RatingHistory]) -> str:
    """The rating evening by evening as a server-drawn SVG line."""
    if not rows:
        return ""
    every = max(1, math.ceil(len(rows) / CHART_LABELS))
    labels = [
        formats.date_format(row.date, "SHORT_DATE_FORMAT") if index % every == 0 else ""
        for index, row in enumerate(rows)
    ]
    values = [one_decimal(row.shown) for row in rows]
    return line_chart([(_("Rating"), values)], labels, title=_("Rating over the season"))


def player_evenings(page: PlayerPage, fmt: str) -> HttpResponse:
    """The player's evenings as CSV or XLSX (the page's table, one line per evening)."""
    header = [
        _("Date"),
        _("Event"),
        _("Game"),
        _("Table no."),
        _("Played with"),
        _("Score"),
        _("Place"),
        _("Rating"),
        _("Evenings"),
    ]
    lines = [
        [
            line.date.isoformat(),
            line.event,
            line.game,
            line.tables,
            line.partners,
            line.score,
            line.place,
            line.rating,
            line.evenings,
        ]
        for line in page.evenings
    ]
    return spreadsheet(
        fmt, [header, *lines], title=page.player.name, filename=f"player-{page.player.pk}"
    )
