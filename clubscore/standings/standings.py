"""Standings of an event, and the club's season ladder, from confirmed score entries.

The public API (the dashboard, the public page, the ladder, and printouts use it):
`event_standings(event, *, basis=None) -> Standings`.

Decisions where the rule sheets are silent (also in docs/decisions.md):

- Only confirmed entries of the event's *regular* rounds count, all of them added up
  (an evening may have several). Play-off rounds order the players tied for first and
  only them (`clubscore.standings.playoff_results`); they never add to the totals.
- The rank is the total alone, in the game's own order (`standings_order`: Laus low,
  the others high). A game whose standings compare per round played
  (`Game.standings_per_round`, Laus) ranks by points per round when the lines played
  different numbers of rounds (time was called at one table): a table that played
  fewer rounds does not gain. Equal figures share a rank (competition ranking 1, 1, 3).
  A tie for first place is never broken by a formula: it is marked "play-off" and the
  organizer can start a play-off round among the tied.
- Tie-break columns (each game's `tiebreakers`) are shown, and order the rows that share
  a rank, so the organizer sees how close it was.
- Whoever played nothing (checked in but sat out, seated only at tables marked "not
  played", or with no confirmed entry) is listed at the bottom, never ranked and with no
  total: "Did not play" (or "No score yet" while their table is still playing).
- Couple basis: one line per couple adding up both spouses (totals, hands or rounds and
  the counted tie-breaks; spouses at different tables too). A player without a couple
  (a single, a walk-in) has a line of their own, marked "single".

Computed in Python from rows loaded in a fixed number of queries, whatever the event's
size (`clubscore.standings.loading`); the points come from `clubscore.games`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.utils.translation import gettext as _

from clubscore.club.models import Couple, together
from clubscore.collation import sort_key
from clubscore.events.models import Event
from clubscore.events.results import table_score
from clubscore.games import GAMES, Tiebreaker
from clubscore.translation import translate

from .loading import EventRows, couples_of, load_events
from .playoff_results import OPEN, RUNNING, WON, PlayoffResult, settle, tied_names
from .tiebreaks import merge_tiebreakers, table_tiebreakers

INDIVIDUAL = Event.StandingsBasis.INDIVIDUAL
COUPLE = Event.StandingsBasis.COUPLE

# A line's place in the standings: ranked, or listed below the ranked lines.
RANKED = "ranked"
WAITING = "waiting"  # nothing confirmed yet, but their table is still playing
DID_NOT_PLAY = "did_not_play"


def rounded_tenth(value: Fraction) -> Decimal:
    """`value` to one decimal, a half rounded up as people do (485/4 = 121.25 shows 121.3;
    a float's round() gave 121.2, Python rounding a half to even)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


@dataclass
class Row:
    """One line of the standings: a player, or a couple."""

    name: str
    player_ids: tuple[int, ...]
    total: int = 0
    played: int = 0  # hands or rounds counted (both spouses' on the couple basis)
    tiebreakers: dict[str, int] = field(default_factory=dict)
    progress: list[int] = field(default_factory=list)  # running total entry by entry
    rank: int | None = None  # None: not ranked (did not play, or no score yet)
    position: int = 0  # place in the list, ranked or not (what sorting "Rank" uses)
    status: str = RANKED
    single: bool = False  # on the couple basis: a player without a couple
    tied: bool = False  # another row (not a partner) has the same result
    playoff: bool = False  # tied for first place, not settled (yet)
    playoff_state: str = ""  # see clubscore.standings.playoff_results
    playoff_scores: list[int] = field(default_factory=list)  # in each play-off played
    playoff_by_lot: bool = False  # the organizer decided the tie by lot
    shared_first: bool = False  # tied for first on a final evening, never played off
    # The teams a row played in: Hand and Foot partners always score alike, so rows
    # with the same partnerships share a result and are not "tied" with each other.
    partnerships: set = field(default_factory=set)
    tiebreak_values: list[int | str] = field(default_factory=list)  # the columns' order
    per_round: Fraction | None = None  # total / played, when the standings compare it

    @property
    def per_round_value(self) -> Decimal | None:
        """The per-round figure to show (one decimal)."""
        return None if self.per_round is None else rounded_tenth(self.per_round)

    @property
    def compared_value(self) -> Decimal | int:
        """What the standings rank by, as the page shows it: the points per round played
        (to one decimal), else the total."""
        return self.total if self.per_round is None else rounded_tenth(self.per_round)

    @property
    def mark(self) -> str:
        """The line's badge in words (page, printout and exports say the same)."""
        if self.status == DID_NOT_PLAY:
            return _("Did not play")
        if self.status == WAITING:
            return _("No score yet")
        if self.playoff_state == WON:
            return _("won by lot") if self.playoff_by_lot else _("won the play-off")
        if self.playoff_state == RUNNING:
            return _("play-off in progress")
        if self.shared_first:
            return _("shared first place")
        if self.playoff_state == OPEN:
            return _("play-off")
        return _("tie") if self.tied else ""

    @property
    def shown_total(self) -> int | str:
        """The total as shown: "–" unranked (a 0 read as perfect where the lowest wins)."""
        return self.total if self.status == RANKED else "–"

    @property
    def badge(self) -> str:
        """The CSS class of the badge (`mark`)."""
        if self.status != RANKED:
            return "unranked"
        if self.playoff_state in (WON, RUNNING, OPEN):
            return f"playoff {self.playoff_state}"
        return "tie" if self.tied else ""


@dataclass
class Standings:
    event: Event
    basis: str
    order: str  # "high" or "low": which end wins
    rows: list[Row]
    tiebreakers: list[Tiebreaker]  # the game's, their labels translated
    labels: list[str]  # x axis of the progress chart
    per_round: bool = False  # ranked by points per round played (rounds differ)
    playoffs: list[PlayoffResult] = field(default_factory=list)  # what each one decided
    cards_out: int = 0  # regular tables neither turned in nor marked not played
    ends_on_total: bool = False  # the chart's last step is the totals (a bonus, a multiplier)

    @property
    def chart_caption(self) -> str:
        """ "The leaders' running totals, hand by hand." in the game's words, and what its
        last step is when the totals add something at the end (it read as a huge round)."""
        rules = self.event.game_rules
        caption = translate(rules.words.chart_caption)
        if self.ends_on_total:
            caption += " " + translate(rules.total_step_note)
        elif self.per_round:
            caption += " " + _("Each line ends at its last round played.")
        return caption

    @property
    def tiebreak_hint(self) -> str:
        """How ties are settled, naming the game's tie-break columns (Laus's Best round)."""
        labels = [tiebreaker.label for tiebreaker in self.tiebreakers]
        if not labels:
            return self.tiebreak_hint_short
        if len(labels) == 1:
            rest = _(
                "A tie for first place is decided by a play-off; the %(column)s column only "
                "shows how close it was."
            ) % {"column": labels[0]}
        else:
            rest = _(
                "A tie for first place is decided by a play-off; the %(columns)s and "
                "%(last)s columns only show how close it was."
            ) % {"columns": ", ".join(labels[:-1]), "last": labels[-1]}
        return f"{self._equal_hint} {rest}"

    @property
    def best_of_note(self) -> str:
        """On the couple basis, what a column that is a best shows ("Best round"): the
        better spouse's, where every other column adds both up ("" when there is none)."""
        labels = [tiebreaker.label for tiebreaker in self.tiebreakers if tiebreaker.best_of]
        if self.basis != COUPLE or not labels:
            return ""
        return _("%(columns)s: the better spouse's, not the two added up.") % {
            "columns": ", ".join(labels)
        }

    @property
    def tiebreak_hint_short(self) -> str:
        """`tiebreak_hint` without the tie-break columns (a phone hides them)."""
        rest = _("A tie for first place is decided by a play-off.")
        return f"{self._equal_hint} {rest}"

    @property
    def _equal_hint(self) -> str:  # what the standings compare: per round, or the total
        if self.per_round:
            return _("Equal points per round share a rank.")
        return _("Equal totals share a rank.")

    @property
    def playoff_rows(self) -> list[Row]:
        """Those tied for first whom no play-off has settled (yet)."""
        return [row for row in self.rows if row.playoff]

    @property
    def playoff_names(self) -> str:
        """Those tied for first, partners once ("Ann & Bob, Cy & Di")."""
        return tied_names(self.playoff_rows, by_line=self.basis == COUPLE)

    @property
    def playoff_pending(self) -> bool:
        """A tie for first and no play-off round for it in progress."""
        return any(row.playoff_state == OPEN for row in self.rows)

    @property
    def can_start_playoff(self) -> bool:
        """A pending tie, the evening's scores in (a table still playing could still
        change who is tied) and the evening not final (reopened first)."""
        return self.playoff_pending and not self.playoff_waits_for

    @property
    def playoff_waits_for(self) -> str:
        """Why a pending tie is not offered a play-off yet ("" when it is)."""
        if not self.playoff_pending:
            return ""
        if self.event.status == Event.Status.FINAL:
            return _("The evening is final: reopen it before starting a play-off.")
        if self.cards_out:
            return _("A play-off can start once every card is turned in.")
        return ""

    @property
    def playoff_running(self) -> bool:
        return any(row.playoff_state == RUNNING for row in self.rows)

    @property
    def ranked(self) -> list[Row]:
        return [row for row in self.rows if row.status == RANKED]

    @property
    def unranked(self) -> list[Row]:
        return [row for row in self.rows if row.status != RANKED]

    def chart_series(self, count: int = 5) -> list[tuple[str, list[int]]]:
        """The leading `count` lines of the chart; partners who always scored alike share
        one line ("Ann & Bob")."""
        groups: dict[tuple, list[Row]] = {}
        for row in self.ranked:  # to the end: tied partners need not be next to each other
            key = (frozenset(row.partnerships), row.total)
            if key in groups or len(groups) < count:
                groups.setdefault(key, []).append(row)
        return [(together(r.name for r in rows), rows[0].progress) for rows in groups.values()]

    @property
    def has_scores(self) -> bool:
        return any(row.played for row in self.rows)


def event_standings(event: Event, *, basis: str | None = None) -> Standings:
    """The event's standings on `basis` (default: the event's own), in 4 queries
    (5 on the couple basis), whatever the size of the event."""
    basis = basis or event.standings_basis
    loaded = load_events([event])[event.pk]
    couples = couples_of(loaded.player_ids) if basis == COUPLE else None
    return standings_from_rows(event, loaded, basis=basis, couples=couples)


def couples_for(events: Sequence[Event], loaded: dict[int, EventRows]) -> list[Couple]:
    """The couples the evenings on the couple basis rank (one query; none without one)."""
    paired = [event for event in events if event.standings_basis == COUPLE]
    return couples_of({pid for e in paired for pid in loaded[e.pk].player_ids}) if paired else []


def announced_standings(
    event: Event,
    loaded: EventRows,
    couples: Sequence[Couple],
    individual: Standings | None = None,
) -> Standings:
    """The evening's standings as the organizer announced them: on its own basis (a
    couple's place is both spouses'), play-offs settled. `couples`: `couples_for`;
    `individual`: the individual standings, when worked out already."""
    if event.standings_basis == COUPLE:
        return standings_from_rows(event, loaded, basis=COUPLE, couples=couples)
    return individual or standings_from_rows(event, loaded)


def ranked_by_total_alone(event: Event, loaded: EventRows) -> bool:
    """Whether the evening's places are simply its players' totals ranked: no play-off,
    the individual basis, a game that ranks by the total (not per round played)."""
    return (
        not loaded.playoffs
        and event.standings_basis != COUPLE
        and not GAMES[event.game].standings_per_round
    )


def places(standings: Standings) -> dict[int, int]:
    """Each ranked player's place: the rank of their line."""
    return {pid: row.rank for row in standings.ranked for pid in row.player_ids}


def standings_from_rows(
    event: Event,
    loaded: EventRows,
    *,
    basis: str = INDIVIDUAL,
    couples: Sequence[Couple] | None = None,
) -> Standings:
    """Standings from a preloaded evening (see `load_events`); no query of its own."""
    game = GAMES[event.game]
    options = event.game_options
    tiebreakers = [replace(t, label=translate(t.label)) for t in game.tiebreakers]
    players: dict[int, Row] = {}
    longest = 0

    def line(seat) -> Row:
        row = players.get(seat.player_id)
        if row is None:
            row = players[seat.player_id] = Row(
                name=seat.name,
                player_ids=(seat.player_id,),
                tiebreakers={tiebreaker.key: 0 for tiebreaker in tiebreakers},
            )
        return row

    for table in loaded.regular:
        seats = table.seats
        # A card marked "not played" counts nothing, whatever was entered on it.
        entries = [] if table.not_played else table.counted
        outcome = table_score(event.game, options, seats, entries, has_bonus=table.has_bonus)
        extra = table_tiebreakers(game, seats, entries, outcome)
        for seat in seats:
            row = line(seat)
            if not entries:
                continue
            merge_tiebreakers(row, extra.get(seat.player_id, {}), tiebreakers)
            row.partnerships.add(
                (table.pk, seat.team.number) if seat.team is not None else seat.player_id
            )
            base = row.progress[-1] if row.progress else 0
            row.progress.extend(base + value for value in outcome.progress[seat.player_id])
            row.total += outcome.totals[seat.player_id]
            row.played += len(entries)
            longest = max(longest, len(row.progress))
    # Who came but was never seated is listed too (once a round is drawn).
    for checkin in loaded.checkins if loaded.regular else ():
        line(checkin)
    for row in players.values():
        row.partnerships = row.partnerships or {row.player_ids[0]}

    if basis == COUPLE:
        rows = _couple_rows(players, couples or [], tiebreakers)
        longest = max((len(row.progress) for row in rows), default=0)
    else:
        rows = list(players.values())

    # Per round played only when it matters: equal rounds rank by total, as on paper.
    per_round = game.standings_per_round and len({r.played for r in rows if r.played}) > 1
    labels = [_entry_label(event.game, number) for number in range(1, longest + 1)]
    # The chart ends on the total when bonuses or multipliers come on top of the hands.
    ends_on_total = any(row.progress and row.progress[-1] != row.total for row in rows)
    if ends_on_total:
        labels.append(_("Total"))
        for row in rows:
            row.progress = _padded(row.progress, longest) + [row.total]
    elif not per_round:  # ranked per round, a line ends where its rounds did (not flat)
        for row in rows:
            row.progress = _padded(row.progress, longest)

    playing = set()  # players at a regular table that is still playing
    if event.status != Event.Status.FINAL:
        playing = {seat.player_id for t in loaded.regular if not t.done for seat in t.seats}
    for row in rows:
        if not row.played:
            row.status = WAITING if playing.intersection(row.player_ids) else DID_NOT_PLAY
    ranked = [row for row in rows if row.status == RANKED]
    _rank(ranked, game.standings_order, tiebreakers, per_round=per_round)
    playoffs = settle(
        ranked,
        loaded.playoffs,
        game_key=event.game,
        options=options,
        order=game.standings_order,
        by_line=basis == COUPLE,
    )
    unranked = sorted((row for row in rows if row.status != RANKED), key=_name_key)
    rows = ranked + unranked
    final = event.status == Event.Status.FINAL
    for position, row in enumerate(rows, start=1):
        row.position = position
        # Finished with the tie undecided: they share first place, no play-off pending.
        row.shared_first = final and row.playoff_state == OPEN
        # No round played, no best round: a dash, not a 0 (Laus's lowest would be best).
        row.tiebreak_values = [
            row.tiebreakers.get(t.key, 0) if row.played else "–" for t in tiebreakers
        ]
    return Standings(
        event=event,
        basis=basis,
        order=game.standings_order,
        rows=rows,
        tiebreakers=tiebreakers,
        labels=labels,
        per_round=per_round,
        playoffs=playoffs,
        cards_out=sum(not table.done for table in loaded.regular),
        ends_on_total=ends_on_total,
    )


def _entry_label(game_key: str, number: int) -> str:
    return translate(GAMES[game_key].words.label(number))


def _padded(progress: list[int], length: int) -> list[int]:
    """A row that played fewer entries keeps its last total to the end of the chart."""
    last = progress[-1] if progress else 0
    return progress + [last] * (length - len(progress))


def _couple_rows(players: dict[int, Row], couples: Sequence[Couple], tiebreakers) -> list[Row]:
    """One line per couple of whom at least one spouse came, and one per single: counts
    (hands or rounds, hands won, tricks...) add up both spouses like the total does."""
    rows = []
    in_couple: set[int] = set()
    for couple in couples:
        pair = (couple.player_a_id, couple.player_b_id)
        in_couple.update(pair)
        members = [players[pid] for pid in pair if pid in players]
        if not members:
            continue
        length = max(len(member.progress) for member in members)
        padded = [_padded(member.progress, length) for member in members]
        progress = [sum(values) for values in zip(*padded, strict=True)]
        played = [m for m in members if m.played]  # a best round of one who played
        row = Row(
            # Only the spouses who came: one who stayed home is not listed (issue 26.17).
            name=together(member.name for member in members),
            player_ids=tuple(member.player_ids[0] for member in members),
            total=sum(member.total for member in members),
            played=sum(member.played for member in members),
            progress=progress,
            partnerships={("couple", couple.pk)},
            tiebreakers={
                t.key: (
                    (max if t.better == "high" else min)(
                        m.tiebreakers[t.key] for m in played or members
                    )
                    if t.best_of
                    else sum(m.tiebreakers[t.key] for m in members)
                )
                for t in tiebreakers
            },
        )
        rows.append(row)
    for pid, player in players.items():
        if pid not in in_couple:
            player.single = True
            rows.append(player)
    return rows


def _name_key(row: Row) -> tuple[str, str]:
    return sort_key(row.name)


def _rank(rows: list[Row], order: str, tiebreakers, *, per_round: bool = False) -> None:
    """Sort best first; equal results share a rank; a tie for first is a play-off.

    The result is the total, or with `per_round` the points per round played."""
    sign = -1 if order == "high" else 1
    for row in rows:
        row.per_round = Fraction(row.total, row.played) if per_round else None

    def result(row: Row) -> Fraction | int:
        return row.per_round if per_round else row.total

    def key(row: Row):
        breaks = [
            (-1 if t.better == "high" else 1) * row.tiebreakers.get(t.key, 0) for t in tiebreakers
        ]
        return (sign * result(row), *breaks, _name_key(row))

    rows.sort(key=key)
    teams: dict[Fraction | int, set] = defaultdict(set)
    for row in rows:
        teams[result(row)].add(frozenset(row.partnerships))
    previous = None
    for position, row in enumerate(rows, start=1):
        if result(row) != previous:
            rank = position
            previous = result(row)
        row.rank = rank
        row.tied = len(teams[result(row)]) > 1
        row.playoff = row.rank == 1 and row.tied
