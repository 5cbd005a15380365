"""A game's rules and scoring: one entry, a table, the standings (a part of ``Game``).

Pure Python. ``score`` validates a payload completely, then scores it (the scoring
contract); the standings and the ratings ask how a table's entries make its score, and
how players with equal totals are ordered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from clubscore.messages import Message, _, message

from .options import Tiebreaker
from .validation import ScoreError, Validator, join


class TablePoints(NamedTuple):
    """Each seat's points at one table, in seat order: the totals, the running totals entry
    by entry, the whole game's result (a game scored as a whole; else None), and whether
    the game is played to its end (its totals are final before the card is turned in:
    the table checks what it turns in)."""

    totals: list[int]
    progress: list[list[int]]
    result: dict[str, Any] | None = None
    complete: bool = False


class Scoring:
    """Validating and scoring an entry, a table's score, the standings' order.

    A game implements ``_validate`` and ``_score``, which receives a validated payload
    only; ``score`` guarantees nothing is scored half-way.
    """

    standings_order: str = "high"  # "high": the highest total wins; "low": the lowest wins
    tiebreakers: tuple[Tiebreaker, ...] = ()
    # When lines played different numbers of rounds (time was called at one table), the
    # standings compare points per round played instead of totals, and show the rounds.
    standings_per_round: bool = False
    # Played in rounds ("series"): the evening usually has several rounds, each with its
    # own draw and clock, and the dashboard offers the next one, unfolded, once a round's
    # cards are all in. A game that is not (Hand and Foot: one game of three hands) may
    # still add a round.
    played_in_rounds: bool = False
    # What the chart's last step, Total, adds on top of the entries, where a table's
    # total is more than its entries' sum (the standings' chart says so under it).
    total_step_note: str = _("The last step, Total, adds what comes on top at the end.")

    def score(self, payload: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Validate ``payload`` completely, then score it; raise ``ScoreError`` on bad input."""
        try:
            cleaned_options = (
                self._default_options if options is None else self.clean_options(options)
            )
        except ScoreError as error:
            raise ScoreError(
                {
                    join("options", path) if path else "options": m
                    for path, m in error.errors.items()
                }
            ) from None
        check = Validator()
        payload_ok = self._validate(payload, cleaned_options, check)
        check.raise_if_errors()
        return self._score(payload_ok, cleaned_options)

    def _validate(self, payload: Any, options: dict[str, Any], check: Validator) -> Any:
        """Record every problem of ``payload`` in ``check``; return what ``_score`` needs."""
        raise NotImplementedError

    def _score(self, payload: Any, options: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def point_values(self) -> list[tuple[str, int]]:
        """Rows of (label, points) to print on the score card."""
        raise NotImplementedError

    def score_entry(self, payload: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Score one hand or round on its own (``ScoreError`` for bad input)."""
        return self.score(payload, options)

    def score_so_far(
        self,
        players: Sequence[str],
        payloads: Sequence[Any],
        options: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Score the last of ``payloads`` (the table's entries in order so far).

        Each entry of most games stands on its own; a game scored as a whole overrides
        this and scores every entry so far together.
        """
        return self.score_entry(payloads[-1], options)

    def score_with(
        self,
        players: Sequence[str],
        entries: Mapping[int, Any],
        number: int,
        options: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Score entry ``number`` of a table whose entries in so far are ``entries`` (by
        number, ``number`` among them). Each entry of most games stands on its own; a game
        scored as a whole scores it with the others."""
        return self.score(entries[number], options)

    def entry_points(
        self,
        players: Sequence[str],
        earlier: Sequence[Any],
        payload: Any,
        options: Mapping[str, Any] | None = None,
    ) -> list[int]:
        """Each side's points (team by team in a game of teams, else seat by seat) of one
        entry ``payload``, whose table's entries before it are ``earlier``."""
        result = self.score(payload, options)
        return [side["total"] for side in result["teams" if self.teams else "players"]]

    def hand_size(self, number: int, options: Mapping[str, Any] | None = None) -> int | None:
        """How many cards each player holds in entry ``number`` (1-based), for a game that
        deals a different number each round (None: the game does not say)."""
        return None

    def seat_points(self, result: Mapping[str, Any], seat: int, team: int | None) -> int:
        """One player's points in one entry's stored result (``seat``: the player's index in
        seat order, ``team``: their team's index)."""
        return result["players"][seat]["total"]

    def counted_so_far(self, numbers: Sequence[int]) -> list[int]:
        """Which of a table's confirmed hands or rounds (`numbers`) its points count so
        far: each one, as each is scored on its own. A game scored as a whole overrides
        this (a round's cards and points depend on the rounds before it)."""
        return list(numbers)

    def table_points(
        self,
        players: Sequence[str],
        teams: Sequence[int | None],
        payloads: Sequence[Any],
        results: Sequence[Mapping[str, Any] | None],
        options: Mapping[str, Any] | None = None,
    ) -> TablePoints:
        """Each seat's points at one table from its counted entries in order (``teams``: each
        seat's team index). Most games add up each entry's stored result (one without a
        result counts nothing); a game scored as a whole overrides this."""
        totals = [0] * len(teams)
        progress: list[list[int]] = [[] for _seat in teams]
        for result in results:
            if not result:
                continue
            for seat, team in enumerate(teams):
                totals[seat] += self.seat_points(result, seat, team)
                progress[seat].append(totals[seat])
        return TablePoints(totals, progress)

    def tiebreak_values(
        self,
        results: Sequence[Mapping[str, Any]],
        seat: int,
        team: int | None,
        *,
        game_result: Mapping[str, Any] | None = None,
        bonus: int = 0,
    ) -> dict[str, int]:
        """One player's tie-break figures at one table, from the stored entry results.

        ``seat`` is the player's index in seat order, ``team`` their team's index,
        ``game_result`` the whole game's result (a game scored as a whole), ``bonus`` the
        first-table bonus the table was given. The base answer: the best round, for games
        whose tiebreakers name "best_round".
        """
        if not any(t.key == "best_round" for t in self.tiebreakers):
            return {}
        rounds = [result["players"][seat]["total"] for result in results]
        if not rounds:
            return {}
        better = max if self.standings_order == "high" else min
        return {"best_round": better(rounds)}

    #: How the season ladder ranks, in words, when not by the total in the game's order
    #: (marked with ``_``; "" says nothing beyond "highest total wins").
    ladder_basis: str = ""

    def ladder_figure(self, total: int, played: int) -> Fraction | None:
        """What ranks a player on the season ladder besides the total, the way the game's
        evenings rank (None: the total alone). `played`: the hands or rounds counted."""
        return None

    def score_as_entered(
        self, number: int, parts: Sequence[Any | None], options: Mapping[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Entry ``number`` scored as it lies when some teams entered their part and others
        did not (None): the whole entry to store and its result. Each part counts as
        entered, scored alone as its tablet showed it (the entry mode's ``score_part``); a
        team that entered nothing scores as the mode's ``score_missing`` says (nothing
        counted). A game without parts has no half-entered entry: its one part is the
        whole entry."""
        whole = self.entry.whole_entry(self, number, parts)
        if None not in parts:
            return whole, self.score_entry(whole, options)
        cleaned = self.clean_options(options)
        teams = [
            self.entry.score_missing(self, number, i, cleaned)
            if part is None
            else self.entry.score_part(self, part, number, i, cleaned)
            for i, part in enumerate(parts)
        ]
        return whole, {"teams": teams}

    def score_team(
        self, team: Any, hand: int, index: int, options: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Validate and score team ``index``'s part of entry ``hand`` alone (None: a team
        that entered nothing, which counts 0)."""
        raise NotImplementedError

    def ended_at(
        self, running: Mapping[Any, Sequence[int]], options: Mapping[str, Any] | None = None
    ) -> int | None:
        """The entry (1-based) after which the game ended early, from each player's running
        totals (None: it goes on to ``entries_per_game``)."""
        return None

    def ended_by(
        self, running: Mapping[Any, Sequence[int]], number: int, options: Mapping[str, Any]
    ) -> list[Any]:
        """Whose totals ended the game in entry ``number`` (see ``ended_at``): keys of
        ``running``."""
        return []

    def game_over(self, names: Sequence[str], number: int, options: Mapping[str, Any]) -> Message:
        """Why no more entries are played once ``ended_at`` ended the game early."""
        entry = message(self.words.in_sentence, n=number)
        return message(_("Game over after {entry}."), entry=entry)

    def end_note(self, options: Mapping[str, Any]) -> Message | None:
        """How the game ends besides its length, for the printed card (None: nothing)."""
        return None
