"""Standings of an event, and the club's season ladder, from confirmed score entries.

The public API (the dashboard, the public page, the ladder, and printouts use it):

    event_standings(event, *, basis=None) -> Standings

Decisions where the rule sheets are silent (also in docs):

- Only confirmed entries of the event's *regular* rounds count. Play-off rounds decide
  a tie for first between the tied players; they are not added to the totals.
- The rank is the total alone, in the game's own order (`standings_order`: Laus low,
  the others high). Equal totals share a rank (competition ranking 1, 1, 3). A tie for
  first place is never broken by a formula: it is marked "play-off" and the organizer
  can start a play-off round among the tied.
- Tie-break columns are shown (and order the rows that share a rank) so the organizer
  sees how close it was: Hand and Foot: hands won (a team's hand beat the other team's),
  then the first-table bonus; exact-bid: total tricks, then exact bids; Luxury Family:
  best single round (highest); Laus: best single round (lowest).
- Couple basis: one row per couple of whom at least one spouse played, the total being
  the sum of both spouses' scores (each partner scores the team's score, so spouses at
  different tables add up). Players without a couple are listed in the individual view
  only.

Everything is computed in Python from rows loaded in a fixed number of queries, whatever
the size of the event (see `load_tables`). Nothing here restates a rule: points come
from `clubscore.events.results.table_score`, i.e. from `clubscore.games`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubscore.club.models import Couple, Player
from clubscore.events.models import Event, Round, ScoreEntry, Seat, Table
from clubscore.events.results import table_score
from clubscore.games import GAMES

INDIVIDUAL = Event.StandingsBasis.INDIVIDUAL
COUPLE = Event.StandingsBasis.COUPLE

# Tie-break columns per game: (key, label, "high" or "low" is better).
TIEBREAKERS: dict[str, list[tuple[str, str, str]]] = {
    "hand_and_foot": [
        ("hands_won", gettext_lazy("Hands won"), "high"),
        ("bonus", gettext_lazy("First-table bonus"), "high"),
    ],
    "exact_bid": [
        ("tricks", gettext_lazy("Tricks"), "high"),
        ("exact", gettext_lazy("Exact bids"), "high"),
    ],
    "luxury_family": [("best_round", gettext_lazy("Best round"), "high")],
    "laus": [("best_round", gettext_lazy("Best round"), "low")],
}


@dataclass
class Row:
    """One line of the standings: a player, or a couple."""

    name: str
    player_ids: tuple[int, ...]
    total: int = 0
    played: int = 0  # hands or rounds counted
    tiebreakers: dict[str, int] = field(default_factory=dict)
    progress: list[int] = field(default_factory=list)  # running total entry by entry
    rank: int = 0
    tied: bool = False  # another row (not a partner) has the same total
    playoff: bool = False  # tied for first place
    # The teams a row played in: Hand and Foot partners always score alike, so rows
    # with the same partnerships share a result and are not "tied" with each other.
    partnerships: set = field(default_factory=set)
    tiebreak_values: list[int] = field(default_factory=list)  # in the columns' order


@dataclass
class Standings:
    event: Event
    basis: str
    order: str  # "high" or "low": which end wins
    rows: list[Row]
    tiebreakers: list[tuple[str, str, str]]
    labels: list[str]  # x axis of the progress chart

    @property
    def playoff_rows(self) -> list[Row]:
        return [row for row in self.rows if row.playoff]

    @property
    def leaders(self) -> list[Row]:
        return self.rows[:5]

    def chart_series(self, count: int = 5) -> list[tuple[str, list[int]]]:
        """The leading `count` lines of the chart; partners who always scored alike share
        one line ("Ann & Bob")."""
        groups: dict[tuple, list[Row]] = {}
        for row in self.rows:
            key = (frozenset(row.partnerships), row.total)
            if key not in groups and len(groups) == count:
                break
            groups.setdefault(key, []).append(row)
        return [(" & ".join(r.name for r in rows), rows[0].progress) for rows in groups.values()]

    @property
    def has_scores(self) -> bool:
        return any(row.played for row in self.rows)


@dataclass(slots=True)
class TeamRef:
    number: int


@dataclass(slots=True)
class SeatRow:
    """What scoring needs of a seat (`clubscore.events.results.table_score` reads
    `player_id` and `team.number`), and the player's name."""

    player_id: int
    first_name: str
    last_name: str
    team: TeamRef | None

    @property
    def name(self) -> str:
        return Player.name.fget(self)  # the one way a player's name is written


@dataclass(slots=True)
class EntryRow:
    number: int
    result: dict | None
    payload: dict | None = None


@dataclass(slots=True)
class TableRow:
    pk: int
    event_id: int
    has_first_table_bonus: bool
    seats: list[SeatRow] = field(default_factory=list)
    counted: list[EntryRow] = field(default_factory=list)  # confirmed entries


def load_tables(events: Iterable[Event]) -> dict[int, list[TableRow]]:
    """Tables of the events' regular rounds with their seats, players, teams and confirmed
    entries: three queries for any number of events and tables.

    Plain rows (values_list), not model instances: a 1,000-player evening loads in a
    fraction of the time, and nothing here is saved back.
    """
    events = list(events)
    regular = {"round__event__in": events, "round__kind": Round.Kind.REGULAR}
    tables: dict[int, TableRow] = {}
    for pk, event_id, bonus in (
        Table.objects.filter(**regular)
        .order_by("round__number", "number")
        .values_list("pk", "round__event_id", "has_first_table_bonus")
    ):
        tables[pk] = TableRow(pk, event_id, bonus)
    on_tables = {f"table__{key}": value for key, value in regular.items()}
    for table_id, player_id, first, last, team in (
        Seat.objects.filter(**on_tables)
        .order_by("table_id", "position")
        .values_list(
            "table_id", "player_id", "player__first_name", "player__last_name", "team__number"
        )
    ):
        tables[table_id].seats.append(
            SeatRow(player_id, first, last, TeamRef(team) if team is not None else None)
        )
    # Only the exact-bid game reads payloads (its game is scored as a whole).
    fields = ["table_id", "number", "result"]
    if any(event.game == "exact_bid" for event in events):
        fields.append("payload")
    for values in (
        ScoreEntry.objects.confirmed().filter(**on_tables).order_by("number").values_list(*fields)
    ):
        tables[values[0]].counted.append(EntryRow(*values[1:]))
    by_event: dict[int, list[TableRow]] = {event.pk: [] for event in events}
    for table in tables.values():
        by_event[table.event_id].append(table)
    return by_event


def couples_of(player_ids: Iterable[int]) -> list[Couple]:
    """Couples with at least one of `player_ids` (one query)."""
    ids = list(player_ids)
    return list(
        Couple.objects.filter(Q(player_a__in=ids) | Q(player_b__in=ids)).select_related(
            "player_a", "player_b"
        )
    )


def event_standings(event: Event, *, basis: str | None = None) -> Standings:
    """The event's standings on `basis` (default: the event's own), in 3 queries
    (4 on the couple basis), whatever the size of the event."""
    basis = basis or event.standings_basis
    tables = load_tables([event])[event.pk]
    couples = None
    if basis == COUPLE:
        couples = couples_of(seat.player_id for table in tables for seat in table.seats)
    return standings_from_tables(event, tables, basis=basis, couples=couples)


def standings_from_tables(
    event: Event,
    tables: Sequence[TableRow],
    *,
    basis: str = INDIVIDUAL,
    couples: Sequence[Couple] | None = None,
) -> Standings:
    """Standings from preloaded tables (see `load_tables`); no query of its own."""
    game = GAMES[event.game]
    options = event.game_options
    tiebreakers = TIEBREAKERS.get(event.game, [])
    players: dict[int, Row] = {}
    longest = 0

    for table in tables:
        seats = table.seats
        entries = table.counted
        outcome = table_score(
            event.game, options, seats, entries, has_bonus=table.has_first_table_bonus
        )
        extra = _table_tiebreakers(event.game, seats, entries, outcome)
        for seat in seats:
            row = players.get(seat.player_id)
            if row is None:
                row = players[seat.player_id] = Row(
                    name=seat.name,
                    player_ids=(seat.player_id,),
                    tiebreakers={key: 0 for key, _label, _better in tiebreakers},
                )
            _merge_tiebreakers(row, extra.get(seat.player_id, {}), tiebreakers)
            row.partnerships.add(
                (table.pk, seat.team.number) if event.game == "hand_and_foot" else seat.player_id
            )
            base = row.progress[-1] if row.progress else 0
            row.progress.extend(base + value for value in outcome.progress[seat.player_id])
            row.total += outcome.totals[seat.player_id]
            row.played += len(entries)
            longest = max(longest, len(row.progress))

    if basis == COUPLE:
        rows = _couple_rows(players, couples or [], tiebreakers)
        longest = max((len(row.progress) for row in rows), default=0)
    else:
        rows = list(players.values())

    labels = [_entry_label(event.game, number) for number in range(1, longest + 1)]
    # The chart ends on the total when bonuses or multipliers come on top of the hands.
    if any(row.progress and row.progress[-1] != row.total for row in rows):
        labels.append(_("Total"))
        for row in rows:
            row.progress = _padded(row.progress, longest) + [row.total]
    else:
        for row in rows:
            row.progress = _padded(row.progress, longest)

    _rank(rows, game.standings_order, tiebreakers)
    return Standings(
        event=event,
        basis=basis,
        order=game.standings_order,
        rows=rows,
        tiebreakers=tiebreakers,
        labels=labels,
    )


def _entry_label(game_key: str, number: int) -> str:
    if game_key == "hand_and_foot":
        return _("Hand %(number)s") % {"number": number}
    return _("Round %(number)s") % {"number": number}


def _padded(progress: list[int], length: int) -> list[int]:
    """A row that played fewer entries keeps its last total to the end of the chart."""
    last = progress[-1] if progress else 0
    return progress + [last] * (length - len(progress))


def _table_tiebreakers(game_key, seats, entries, outcome) -> dict[int, dict[str, int]]:
    """Each seated player's tie-break figures at one table (from stored results)."""
    values: dict[int, dict[str, int]] = {seat.player_id: {} for seat in seats}
    if game_key == "hand_and_foot":
        for seat in seats:
            mine = seat.team.number - 1
            won = 0
            for entry in entries:
                if entry.result:
                    totals = [team["total"] for team in entry.result["teams"]]
                    won += totals[mine] > totals[1 - mine]
            values[seat.player_id] = {"hands_won": won, "bonus": outcome.bonus}
    elif game_key == "exact_bid":
        if outcome.result:
            for seat, player in zip(seats, outcome.result["players"], strict=True):
                values[seat.player_id] = {"tricks": player["tricks"], "exact": player["exact"]}
    else:
        better = max if game_key == "luxury_family" else min
        for index, seat in enumerate(seats):
            rounds = [entry.result["players"][index]["total"] for entry in entries if entry.result]
            if rounds:
                values[seat.player_id] = {"best_round": better(rounds)}
    return values


def _merge_tiebreakers(row: Row, values: dict[str, int], tiebreakers) -> None:
    for key, _label, better in tiebreakers:
        if key not in values:
            continue
        if key == "best_round":
            # Best of several tables: keep the better one (`played` is 0 before the first).
            pick = max if better == "high" else min
            row.tiebreakers[key] = (
                pick(row.tiebreakers[key], values[key]) if row.played else values[key]
            )
        else:
            row.tiebreakers[key] += values[key]


def _couple_rows(players: dict[int, Row], couples: Sequence[Couple], tiebreakers) -> list[Row]:
    rows = []
    for couple in couples:
        pair = (couple.player_a_id, couple.player_b_id)
        members = [players[pid] for pid in pair if pid in players]
        if not members:
            continue
        length = max(len(member.progress) for member in members)
        padded = [_padded(member.progress, length) for member in members]
        progress = [sum(values) for values in zip(*padded, strict=True)]
        row = Row(
            name=f"{couple.player_a.name} & {couple.player_b.name}",
            player_ids=tuple(member.player_ids[0] for member in members),
            total=sum(member.total for member in members),
            played=max(member.played for member in members),
            progress=progress,
            partnerships={("couple", couple.pk)},
            tiebreakers={
                key: (
                    (max if better == "high" else min)(m.tiebreakers[key] for m in members)
                    if key == "best_round"
                    else sum(m.tiebreakers[key] for m in members)
                )
                for key, _label, better in tiebreakers
            },
        )
        rows.append(row)
    return rows


def _rank(rows: list[Row], order: str, tiebreakers) -> None:
    """Sort best first; equal totals share a rank; a tie for first is a play-off."""
    sign = -1 if order == "high" else 1

    def key(row: Row):
        breaks = [
            (-1 if better == "high" else 1) * row.tiebreakers.get(name, 0)
            for name, _label, better in tiebreakers
        ]
        return (sign * row.total, *breaks, row.name.casefold())

    rows.sort(key=key)
    for row in rows:
        row.tiebreak_values = [row.tiebreakers.get(name, 0) for name, _l, _b in tiebreakers]
    teams: dict[int, set] = defaultdict(set)
    for row in rows:
        teams[row.total].add(frozenset(row.partnerships))
    previous = None
    for position, row in enumerate(rows, start=1):
        if row.total != previous:
            rank = position
            previous = row.total
        row.rank = rank
        row.tied = len(teams[row.total]) > 1
    # Before anyone has a confirmed score everyone "ties" at zero: that is no play-off.
    if rows and any(row.played for row in rows):
        for row in rows:
            row.playoff = row.rank == 1 and row.tied


# --- The season ladder --------------------------------------------------------------

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


@dataclass
class Ladder:
    game: str
    year: int | None
    order: str
    events: list[Event]
    rows: list[LadderRow]


def ladder_events(game: str, year: int | None = None):
    events = Event.objects.filter(game=game, status__in=LADDER_STATUSES)
    if year:
        events = events.filter(date__year=year)
    return events.order_by("date", "pk")


def season_ladder(game: str, year: int | None = None) -> Ladder:
    """The club's ladder for one game (and season, a calendar year): each player's event
    totals added up, events played, best finish and wins. Four queries, however many
    events, tables and players. Ranked by total in the game's own order."""
    events = list(ladder_events(game, year))
    tables = load_tables(events)
    rows: dict[int, LadderRow] = {}
    for event in events:
        standings = standings_from_tables(event, tables[event.pk])
        for line in standings.rows:
            pid = line.player_ids[0]
            row = rows.get(pid) or rows.setdefault(pid, LadderRow(player_id=pid, name=line.name))
            row.total += line.total
            row.events += 1
            row.best_finish = (
                line.rank if row.best_finish is None else min(row.best_finish, line.rank)
            )
            row.wins += line.rank == 1
            row.results.append((line.total, line.rank))
    order = GAMES[game].standings_order
    sign = -1 if order == "high" else 1
    ranked = sorted(rows.values(), key=lambda r: (sign * r.total, -r.events, r.name.casefold()))
    previous = None
    for position, row in enumerate(ranked, start=1):
        if row.total != previous:
            rank, previous = position, row.total
        row.rank = rank
    return Ladder(game=game, year=year, order=order, events=events, rows=ranked)
