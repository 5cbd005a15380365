"""What the printables show, as plain data, and how it is read from the database.

The renderers (cards.py, sheets.py) only know the plain dataclasses below, so they
can be tested and benchmarked without a database. The builders read an event in a
fixed number of queries, whatever its size.

Standings are computed here with ``clubscore.events.results.table_score`` over the
confirmed entries; the dashboard's standings service may replace this later.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch

from clubscore.club.models import Couple
from clubscore.events.models import (
    Event,
    Round,
    ScoreEntry,
    ScorekeeperLink,
    Seat,
    Table,
)
from clubscore.events.results import table_score
from clubscore.games import GAMES


@dataclass(frozen=True)
class EventInfo:
    """The heading of every printable; a blank card has no name and no date."""

    game: str
    options: dict[str, Any]
    name: str = ""
    date: datetime.date | None = None


@dataclass(frozen=True)
class SeatInfo:
    position: int
    name: str
    team: int | None = None  # Hand and Foot: 1 or 2
    scorekeeper: bool = False


@dataclass(frozen=True)
class LinkInfo:
    """A scorekeeper's private link, printed as a QR code."""

    url: str
    player: str
    team: int | None = None


@dataclass(frozen=True)
class TableInfo:
    """One table of a round: who sits where, who keeps score, who plays first."""

    number: int | None
    seats: tuple[SeatInfo, ...] = ()
    links: tuple[LinkInfo, ...] = ()
    first_position: int | None = None
    trumps: tuple[str | None, ...] = ()  # exact_bid: the trump of each round, when drawn

    def team(self, number: int) -> list[SeatInfo]:
        return [seat for seat in self.seats if seat.team == number]

    def seat(self, position: int | None) -> SeatInfo | None:
        return next((seat for seat in self.seats if seat.position == position), None)

    def link(self, team: int | None = None) -> LinkInfo | None:
        return next((link for link in self.links if team is None or link.team == team), None)

    def dealer(self, deal: int) -> SeatInfo | None:
        """Who deals deal ``deal`` (0-based) in Luxury Family.

        The club takes the player drawn to play first as the first dealer; the deal
        then passes left, and seats are numbered clockwise, so the dealer of deal k
        sits at seat (first + k), counted round the table.
        """
        if self.first_position is None or not self.seats:
            return None
        positions = sorted(seat.position for seat in self.seats)
        start = positions.index(self.first_position)
        return self.seat(positions[(start + deal) % len(positions)])


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    total: int
    tables: str  # where the player (or couple) played, e.g. "3" or "3, 7"
    playoff: bool = False  # tied for first place: a play-off decides


@dataclass(frozen=True)
class StandingsInfo:
    rows: tuple[StandingRow, ...]
    order: str = "high"  # "high": the highest total wins; "low": the lowest wins
    couples: bool = False
    final: bool = True  # False: the evening is still being played (provisional)


def event_info(event: Event) -> EventInfo:
    return EventInfo(game=event.game, options=event.game_options, name=event.name, date=event.date)


def _trumps(details: dict[str, Any]) -> tuple[str | None, ...]:
    """The trumps of a table's rounds from its draw details (a list, or a dict by round)."""
    trumps = (details or {}).get("trumps")
    if isinstance(trumps, dict):
        numbered = {int(key): value for key, value in trumps.items() if str(key).isdigit()}
        trumps = [numbered.get(number) for number in range(1, max(numbered, default=0) + 1)]
    if not isinstance(trumps, list):
        return ()
    return tuple(trump if isinstance(trump, str) else None for trump in trumps)


def latest_round(event: Event) -> Round | None:
    """The round the organizer prints for: the latest drawn (a play-off once there is one)."""
    return event.rounds.order_by("-number").first()


def event_tables(event: Event, base_url: str = "") -> list[TableInfo]:
    """The tables of the event's latest round, with absolute scorekeeper links (4 queries)."""
    round_ = latest_round(event)
    if round_ is None:
        return []
    live_links = ScorekeeperLink.objects.filter(revoked_at__isnull=True)
    tables = (
        Table.objects.filter(round=round_)
        .order_by("number")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player", "team")),
            Prefetch("links", queryset=live_links.select_related("player", "team").order_by("id")),
        )
    )
    base = base_url.rstrip("/")
    result = []
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        first = next((s.position for s in seats if s.player_id == table.first_player_id), None)
        links = sorted(
            table.links.all(), key=lambda link: (link.team.number if link.team else 0, link.pk)
        )
        result.append(
            TableInfo(
                number=table.number,
                seats=tuple(
                    SeatInfo(
                        position=seat.position,
                        name=seat.player.name,
                        team=seat.team.number if seat.team else None,
                        scorekeeper=seat.is_scorekeeper,
                    )
                    for seat in seats
                ),
                links=tuple(
                    LinkInfo(
                        url=base + link.get_absolute_url(),
                        player=link.player.name,
                        team=link.team.number if link.team else None,
                    )
                    for link in links
                ),
                first_position=first,
                trumps=_trumps(table.draw_details),
            )
        )
    return result


def rank_rows(
    scored: list[tuple[str, int, str, object]], order: str = "high"
) -> tuple[StandingRow, ...]:
    """Rank (name, total, tables, side) rows; ties share a rank (1, 1, 3).

    ``side`` says who plays for the score: partners of one Hand and Foot team share
    their team's score, so they tie without a play-off; a tie for first place between
    different sides is marked "play-off".
    """
    ordered = sorted(scored, key=lambda row: (-row[1] if order == "high" else row[1], row[0]))
    rows: list[StandingRow] = []
    for index, (name, total, tables, _side) in enumerate(ordered):
        rank = rows[-1].rank if rows and rows[-1].total == total else index + 1
        rows.append(StandingRow(rank=rank, name=name, total=total, tables=tables))
    leaders = {row[3] for row, ranked in zip(ordered, rows, strict=True) if ranked.rank == 1}
    if len(leaders) > 1:
        rows = [StandingRow(r.rank, r.name, r.total, r.tables, playoff=r.rank == 1) for r in rows]
    return tuple(rows)


def event_standings(event: Event) -> StandingsInfo:
    """Standings over the event's regular rounds from confirmed entries (3 queries).

    Play-off rounds are left out: they decide the tie, they do not add to the score.
    """
    options = event.game_options
    regular = {"round__event": event, "round__kind": Round.Kind.REGULAR}
    seats = list(
        Seat.objects.filter(**regular)
        .select_related("player", "team", "table")
        .order_by("table__number", "position")
    )
    entries = (
        ScoreEntry.objects.confirmed()
        .filter(table__round__event=event, table__round__kind=Round.Kind.REGULAR)
        .only("table", "number", "payload", "result")
    )
    entries_by_table: dict[int, list[ScoreEntry]] = defaultdict(list)
    for entry in entries:
        entries_by_table[entry.table_id].append(entry)
    seats_by_table: dict[int, list[Seat]] = defaultdict(list)
    for seat in seats:
        seats_by_table[seat.table_id].append(seat)

    totals: dict[int, int] = defaultdict(int)
    tables: dict[int, list[int]] = defaultdict(list)
    names: dict[int, str] = {}
    sides: dict[int, object] = {}
    for table_seats in seats_by_table.values():
        table = table_seats[0].table
        outcome = table_score(
            event.game,
            options,
            table_seats,
            entries_by_table.get(table.pk, []),
            has_bonus=table.has_first_table_bonus,
        )
        for seat in table_seats:
            totals[seat.player_id] += outcome.totals.get(seat.player_id, 0)
            tables[seat.player_id].append(table.number)
            names[seat.player_id] = seat.player.name
            # Hand and Foot partners play for one score; everyone else for their own.
            sides[seat.player_id] = ("team", seat.team_id) if seat.team_id else seat.player_id

    def where(*player_ids: int) -> str:
        return ", ".join(str(n) for n in sorted({n for pid in player_ids for n in tables[pid]}))

    couples = event.standings_basis == Event.StandingsBasis.COUPLE
    scored: list[tuple[str, int, str, object]] = []
    if couples:
        paired: set[int] = set()
        for couple in Couple.objects.of_players(list(names)):
            a, b = couple.player_a_id, couple.player_b_id
            paired |= {a, b}
            name = f"{names[a]} & {names[b]}"
            scored.append((name, totals[a] + totals[b], where(a, b), ("couple", couple.pk)))
        # Singles are welcome: they are ranked on their own score.
        scored += [(names[p], totals[p], where(p), p) for p in names if p not in paired]
    else:
        scored = [(names[p], totals[p], where(p), sides[p]) for p in names]
    order = GAMES[event.game].standings_order
    return StandingsInfo(
        rows=rank_rows(scored, order),
        order=order,
        couples=couples,
        final=event.status == Event.Status.FINAL,
    )
