"""The season ladder: each game's final evenings added up, ranked the way the game's
evenings rank (`Game.ladder_figure`), from the settled standings of each evening."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from clubscore.collation import sort_key
from clubscore.events.models import Event
from clubscore.games import GAMES
from clubscore.translation import translate

from .loading import load_events
from .standings import (
    announced_standings,
    couples_for,
    places,
    rounded_tenth,
    standings_from_rows,
)

# The ladder is public (a club notice board): only final evenings count, so it never
# shows an evening whose results the organizer has not closed yet.
LADDER_STATUSES = (Event.Status.FINAL,)


@dataclass
class LadderRow:
    player_id: int
    name: str
    total: int = 0
    events: int = 0
    best_finish: int | None = None
    wins: int = 0
    rank: int = 0
    results: list[tuple[int, int]] = field(default_factory=list)  # (total, rank) per event
    rating: float | None = None  # filled in by dashboard.ladder
    rated_evenings: int = 0
    played: int = 0  # hands or rounds counted, all evenings together
    played_each: list[int] = field(default_factory=list)  # per event, as `results`
    figure: Fraction | None = None  # what ranks besides the total (`Game.ladder_figure`)

    @property
    def value(self) -> Fraction | int:
        """What the ladder ranks by: the game's figure, else the total."""
        return self.total if self.figure is None else self.figure

    @property
    def per_round_value(self) -> Decimal | None:
        """The figure to show (one decimal, a half rounded up)."""
        return None if self.figure is None else rounded_tenth(self.figure)


@dataclass
class Ladder:
    game: str
    year: int | None
    order: str
    events: list[Event]
    rows: list[LadderRow]
    basis: str = ""  # how it ranks, in words, when not by the total (the game says)
    # Evenings whose first place a play-off or the lot decided: (event, how, in words).
    decided: list[tuple[Event, str]] = field(default_factory=list)


def ladder_events(game: str, year: int | None = None, *, public: bool = False):
    """The final evenings of `game` (in `year`); `public`: only those whose standings are
    public, as a visitor's player pages show them."""
    events = Event.objects.filter(game=game, status__in=LADDER_STATUSES)
    if public:
        events = events.public()
    if year:
        events = events.filter(date__year=year)
    return events.order_by("date", "pk")


def ladder_standing(row: LadderRow, sign: int) -> tuple:
    """What ranks a ladder row (`sign` -1 where high wins): the season's figure; level on
    it, more wins rank higher, then the better best finish (the winner of an evening's
    play-off ahead of the player beaten on the same total)."""
    best = row.best_finish if row.best_finish is not None else 10**9
    return (sign * row.value, -row.wins, best)


def season_ladder(game: str, year: int | None = None, *, public: bool = False) -> Ladder:
    """The club's ladder for one game (and season, a calendar year): each player's event
    totals added up, events played, best finish and wins. Five queries, however many
    events, tables and players. Ranked by total in the game's own order, or by the
    figure the game ranks its evenings by (`Game.ladder_figure`: Laus per round played).

    Each evening's place is its standings' rank as announced (`announced_standings`):
    a play-off's winner alone finishes first; on an evening ranked by couples, a couple's
    place is both spouses'; whoever did not play that evening has no finish (nor an
    event). The totals are each player's own."""
    events = list(ladder_events(game, year, public=public))
    loaded = load_events(events)
    couples = couples_for(events, loaded)
    rows: dict[int, LadderRow] = {}
    decided: list[tuple[Event, str]] = []
    for event in events:
        standings = standings_from_rows(event, loaded[event.pk])
        announced = announced_standings(event, loaded[event.pk], couples, standings)
        decided += [(event, result.text) for result in announced.playoffs if result.winners]
        place = places(announced)
        for line in standings.ranked:
            pid = line.player_ids[0]
            row = rows.get(pid) or rows.setdefault(pid, LadderRow(player_id=pid, name=line.name))
            rank = place.get(pid, line.rank)
            row.total += line.total
            row.events += 1
            row.best_finish = rank if row.best_finish is None else min(row.best_finish, rank)
            row.wins += rank == 1
            row.results.append((line.total, rank))
            row.played += line.played
            row.played_each.append(line.played)
    rules = GAMES[game]
    order = rules.standings_order
    sign = -1 if order == "high" else 1
    # Ranked the way the game's evenings rank (Laus: per round played), as the game says.
    for row in rows.values():
        row.figure = rules.ladder_figure(row.total, row.played)

    def standing(row: LadderRow) -> tuple:
        return ladder_standing(row, sign)

    ranked = sorted(rows.values(), key=lambda r: (*standing(r), -r.events, sort_key(r.name)))
    previous = None
    for position, row in enumerate(ranked, start=1):
        if standing(row) != previous:
            rank, previous = position, standing(row)
        row.rank = rank
    basis = translate(rules.ladder_basis) if rules.ladder_basis else ""
    return Ladder(
        game=game, year=year, order=order, events=events, rows=ranked, basis=basis, decided=decided
    )
