"""The standings as a player's phone shows them (issue 25, item 3): the top lines and
the player's own line once the organizer publishes them, and after the final the
player's own place and total only.

Everything comes from the domain's `event_standings` (settled: a play-off winner first),
in its fixed number of queries whatever the evening's size; nothing here asks which
game it is (the order, the per-round figure and the marks are the standings' own).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clubscore.events.models import Event
from clubscore.standings.standings import Row, Standings, event_standings

# The leading lines a phone shows; the player's own line comes below them if lower.
TOP = 3


@dataclass
class MyStanding:
    standings: Standings
    mine: Row | None  # the player's line (a couple's on the couple basis), None: not listed
    top: list[Row] = field(default_factory=list)
    below: Row | None = None  # the player's own line when it is not among the top lines

    @property
    def ranked(self) -> bool:
        return self.mine is not None and self.mine.rank is not None

    @property
    def as_couple(self) -> bool:
        """The player's line is their couple's (the couple basis): its place and total are
        the two spouses' together, and the phone says so."""
        return self.mine is not None and len(self.mine.player_ids) > 1

    @property
    def gap(self) -> bool:
        """Lines left out between the top lines and the player's own."""
        return self.below is not None and self.below.position > len(self.top) + 1


def my_standing(event: Event, player_id: int) -> MyStanding:
    """The event's standings on its own basis, seen from `player_id`."""
    standings = event_standings(event)
    mine = next((row for row in standings.rows if player_id in row.player_ids), None)
    # The top lines, and any tied with the last of them: four tied for first are four
    # lines (three and "…" read as a play-off of three).
    top = standings.ranked[:TOP]
    if top:
        top += [row for row in standings.ranked[TOP:] if row.rank == top[-1].rank]
    below = mine if mine is not None and all(row is not mine for row in top) else None
    return MyStanding(standings=standings, mine=mine, top=top, below=below)


def published(event: Event) -> bool:
    """The organizer published the standings: the players' phones show them too."""
    return event.public_standings
