"""What the printables show, as plain data, and how it is read from the database.

The renderers (cards.py, sheets.py) only know the plain dataclasses below, so they
can be tested and benchmarked without a database. The builders read an event in a
fixed number of queries, whatever its size.

Standings are not computed here: the printed standings are
``clubscore.standings.standings.event_standings``, the same rows the standings page shows.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import gettext

from clubscore.events import phones
from clubscore.events.drawn import named_sit_outs
from clubscore.events.models import (
    Event,
    Round,
    ScorekeeperLink,
    Seat,
    Table,
)
from clubscore.games import Game


@dataclass(frozen=True)
class EventInfo:
    """The heading of every printable; a blank card has no name and no date."""

    game: str
    options: dict[str, Any]
    name: str = ""
    date: datetime.date | None = None
    round: str = ""  # which round the cards and tables are of, e.g. "Round 2 (play-off)"
    playoff: bool = False  # a play-off's cards: its scores only order a tie (no bonus)


@dataclass(frozen=True)
class SeatInfo:
    position: int
    name: str
    team: int | None = None  # Hand and Foot: 1 or 2
    scorekeeper: bool = False
    page: str = ""  # the player's own page (issue 25), printed as a QR code
    filler: bool = False  # fills an empty seat of a play-off: their score counts for nothing
    #: where the player goes in "Find your table", read by surname (`Player.alphabetical_key`)
    alphabetical_key: tuple = ()


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
    trumps: tuple[str | None, ...] = ()  # the trump of each round, when the game draws them

    def team(self, number: int) -> list[SeatInfo]:
        return [seat for seat in self.seats if seat.team == number]

    def seat(self, position: int | None) -> SeatInfo | None:
        return next((seat for seat in self.seats if seat.position == position), None)

    def link(self, team: int | None = None) -> LinkInfo | None:
        return next((link for link in self.links if team is None or link.team == team), None)

    def dealer(self, deal: int, game: Game) -> SeatInfo | None:
        """Who deals deal ``deal`` (0-based), as the game says (seats numbered clockwise)."""
        if self.first_position is None or not self.seats:
            return None
        positions = sorted(seat.position for seat in self.seats)
        start = positions.index(self.first_position)
        return self.seat(positions[game.dealer(start, deal + 1, len(positions))])


class NoSuchRound(LookupError):
    """The event has no round of the number asked for."""


def event_info(event: Event, round_: Round | None = None) -> EventInfo:
    options = event.game_options
    rules = event.game_rules
    if round_ is not None and round_.kind == Round.Kind.PLAYOFF and rules.length_option:
        # A play-off card has the rows of the game's play-off length (issue 27).
        length = rules.playoff_entries(options)
        if length is not None:
            options = {**options, rules.length_option: length}
    return EventInfo(
        game=event.game,
        options=options,
        name=event.name,
        date=event.date,
        round=round_label(round_) if round_ else "",
        playoff=round_ is not None and round_.kind == Round.Kind.PLAYOFF,
    )


def round_label(round_: Round) -> str:
    """How a printout names its round: "Round 1", or "Round 2 (play-off)"."""
    if round_.kind == Round.Kind.PLAYOFF:
        return gettext("Round %(number)s (play-off)") % {"number": round_.number}
    return gettext("Round %(number)s") % {"number": round_.number}


def _trumps(details: dict[str, Any]) -> tuple[str | None, ...]:
    """The trumps of a table's rounds from its draw details (a list, or a dict by round)."""
    trumps = (details or {}).get("trumps")
    if isinstance(trumps, dict):
        numbered = {int(key): value for key, value in trumps.items() if str(key).isdigit()}
        trumps = [numbered.get(number) for number in range(1, max(numbered, default=0) + 1)]
    if not isinstance(trumps, list):
        return ()
    return tuple(trump if isinstance(trump, str) else None for trump in trumps)


def event_round(event: Event, number: int | None = None, *, regular: bool = False) -> Round | None:
    """The round to print: round ``number`` (``NoSuchRound`` if the event has none), or by
    default the latest drawn (a play-off once there is one; with ``regular``, the latest
    regular round); ``None`` before the draw."""
    rounds = event.rounds.filter(playoff_lot=[]).order_by("-number")  # a lot has no tables
    if regular:
        rounds = rounds.filter(kind=Round.Kind.REGULAR)
    if number is None:
        return rounds.first()
    round_ = rounds.filter(number=number).first()
    if round_ is None:
        raise NoSuchRound(number)
    return round_


def event_tables(
    event: Event, base_url: str = "", round_: Round | None = None, *, player_pages: bool = False
) -> list[TableInfo]:
    """The tables of ``round_`` (default: the event's latest round), with absolute
    scorekeeper links (4 queries); with ``player_pages`` each player's page too (3 more)."""
    round_ = round_ or event_round(event)
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
    tables = list(tables)
    pages = {}
    if base and player_pages:
        # Each player's page (issue 25): made where missing, three queries at most.
        ids = [seat.player_id for table in tables for seat in table.seats.all()]
        pages = {
            pk: base + reverse("playerpages:player", args=[link.token])
            for pk, link in phones.links_for(event, ids).items()
        }
    fillers = set(round_.playoff_fillers)
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
                        page=pages.get(seat.player_id, ""),
                        filler=seat.player_id in fillers,
                        alphabetical_key=seat.player.alphabetical_key,
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


def checkin_url(event: Event, base_url: str) -> str:
    """The "Player check-in" page's absolute address (the poster's QR code, issue 25)."""
    token = phones.phones_of(event).checkin_token
    return base_url.rstrip("/") + reverse("playerpages:door", args=[token])


def sitting_out(round_: Round | None) -> list[tuple[str, tuple]]:
    """Who sits out ``round_`` (its latest draw; two queries): each name with where it
    goes in a list read by surname."""
    if round_ is None:
        return []
    record = round_.draws.order_by("-drawn_at", "-pk").first()
    players = [entry["player"] for entry in named_sit_outs(record) if entry["player"]]
    return [(player.name, player.alphabetical_key) for player in players]
