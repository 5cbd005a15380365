"""What a table's tile on the dashboard shows beyond its state: who sits there, what they
have scored, the links to the card, and whether the table is late.

Everything comes from what `states.event_table_states` loaded (no query here). Points
come from `clubscore.events.results.table_score`, i.e. from the game.

A table is *late* when time is up and its card is not turned in (nor ready to be: every
hand of it confirmed); it is *behind* when it
has confirmed at least `BEHIND_BY` hands or rounds fewer than the middle table of its
round (the median), while the others play on. Both show in a colour and a word that
read across the room.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from clubscore.club.models import together
from clubscore.events.clock import ClockState
from clubscore.events.models import Event, ScoreEntry, ScorekeeperLink
from clubscore.events.results import table_score

from .states import NOT_PLAYED, READY, TURNED_IN, TableState

# Two hands or rounds behind the middle table: a Hand and Foot table still on its first
# hand while most play their third. One behind is ordinary at any moment.
BEHIND_BY = 2


@dataclass
class Line:
    """One side of the table: a team ("Team 1", its partners) or one player, and points."""

    label: str
    names: str  # "Ann Fox & Bob Ray"
    total: int | str  # "–" at a table marked not played
    filler: bool = False  # fills an empty seat of a play-off: scores count for nothing


@dataclass
class Tile:
    state: TableState
    lines: list[Line] = field(default_factory=list)
    links: list[tuple[str, ScorekeeperLink]] = field(default_factory=list)  # (caption, link)
    late: bool = False  # time is up and the card is not in
    behind: bool = False  # far behind the other tables of its round

    @property
    def table(self):
        return self.state.table

    @property
    def alert(self) -> str:
        """The word that reads across the room, or ''."""
        if self.late:
            return _("Late")
        if self.behind:
            return _("Behind")
        return ""


def table_lines(event: Event, state: TableState) -> list[Line]:
    """Each team's or player's points so far; the final totals once they are final.

    Until then, the running totals of the confirmed hands or rounds (the exact-bid
    game's multipliers come with its last round, the first-table bonus with the card).
    """
    table = state.table
    seats = list(table.seats.all())
    confirmed = [e for e in table.all_entries if e.status == ScoreEntry.Status.CONFIRMED]
    outcome = table_score(
        event.game,
        event.game_options,
        seats,
        confirmed,
        has_bonus=table.has_bonus,
    )

    def points(player_id: int) -> int | str:
        if table.not_played:  # its card counts nothing: the standings say "Did not play"
            return "–"
        return outcome.shown(player_id, card_in=table.turned_in_at is not None)

    fillers = set(table.round.playoff_fillers)
    teams: dict[int, list] = {}
    for seat in seats:
        if seat.team is not None:
            teams.setdefault(seat.team.number, []).append(seat)
    if teams:
        return [
            Line(
                _("Team %(number)s") % {"number": number},
                together(seat.player.name for seat in partners),
                points(partners[0].player_id),
                filler=all(seat.player_id in fillers for seat in partners),
            )
            for number, partners in sorted(teams.items())
        ]
    return [
        Line("", seat.player.name, points(seat.player_id), seat.player_id in fillers)
        for seat in seats
    ]


def link_caption(link: ScorekeeperLink) -> str:
    if link.team is not None:
        return _("Team %(number)s's card") % {"number": link.team.number}
    return _("Score card")


def event_tiles(event: Event, clock: ClockState, states: list[TableState]) -> list[Tile]:
    """A tile for each table state, in the same order."""
    tiles = [
        Tile(
            state,
            lines=table_lines(event, state),
            links=[(link_caption(link), link) for link in state.table.live_links],
        )
        for state in states
    ]
    by_round: dict[int, list[Tile]] = {}
    for tile in tiles:
        by_round.setdefault(tile.table.round_id, []).append(tile)
    for round_tiles in by_round.values():
        middle = statistics.median(tile.state.confirmed for tile in round_tiles)
        for tile in round_tiles:
            # A card whose every hand is confirmed is played: not late, not behind.
            open_card = tile.state.state not in (READY, TURNED_IN, NOT_PLAYED)
            tile.late = open_card and clock.time_is_up
            tile.behind = open_card and middle - tile.state.confirmed >= BEHIND_BY
    return tiles
