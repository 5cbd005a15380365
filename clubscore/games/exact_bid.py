"""The exact-bid trick game, scored by the club's sheet (exact-bid-trick-game.txt).

One payload is one whole game at one table: every round played so far. The final
ranking multiplies the points, so a game can only be scored as a whole.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from .base import (
    GRACE,
    TIME_LIMIT,
    Game,
    Message,
    Option,
    TablePoints,
    Tiebreaker,
    Validator,
    _,
    is_int,
    join,
    line,
    message,
    playoff_time_limit,
    plural,
)
from .cards import PIQUET_RANKS, SUITS, Deck

POINTS_PER_TRICK = 1
EXACT_BONUS = 10
#: Two 32-card decks: the first round deals at most 64 ÷ players cards to each player.
DECK_CARDS = 64
#: The sheet's rooms start with 10 (training, 1000 credits), 5, 7 or 8 cards: the club's
#: usual choices, offered first; any number the decks allow is accepted.
START_CARDS = (5, 7, 8, 10)


def max_start_cards(players: int) -> int:
    """The most cards each of ``players`` can get in the first round from the two decks."""
    return DECK_CARDS // players


def cards_in_round(index: int, start_cards: int) -> int:
    """Cards each player holds in round ``index`` (0-based): one fewer every round."""
    return start_cards - index


# Made once per value: every round and every result needs them, and a Message is never
# changed, so one can be shared.


@lru_cache(maxsize=64)
def bid_at_most(cards: int) -> Message:
    # Says what may be entered, not only how many cards there were (issue 26.11).
    return plural(
        cards,
        _("A bid may be at most {n}: this round was played with {n} card each."),
        _("A bid may be at most {n}: this round was played with {n} cards each."),
    )


@lru_cache(maxsize=64)
def tricks_at_most(cards: int) -> Message:
    return plural(
        cards,
        _("Tricks may be at most {n}: this round was played with {n} card each."),
        _("Tricks may be at most {n}: this round was played with {n} cards each."),
    )


@lru_cache(maxsize=64)
def exact_bids_label(n: int) -> Message:
    return message(_("Exact bids ({n} × {bonus})"), n=n, bonus=EXACT_BONUS)


def place_multipliers(players: int) -> list[int]:
    """What the final ranking multiplies each place's points by, first place first: the
    winner by the number of players, each place below by one less, the last by 1."""
    return list(range(players, 0, -1))


@lru_cache(maxsize=16)
def multiplier_label(m: int) -> Message:
    return message(_("Multiplier ×{m}"), m=m)


class ExactBid(Game):
    key = "exact_bid"
    name = _("Exact-bid trick game")
    min_players = 2
    max_players = 4
    standings_order = "high"
    played_in_rounds = True
    first_seat_label = _("Bids first:")
    first_seat_legend = _("bids first")
    tiebreakers = (Tiebreaker("tricks", _("Tricks")), Tiebreaker("exact", _("Exact bids")))
    # One round per card of the first deal: the round count is the start cards.
    length_option = "start_cards"
    # The ranking's multiplier comes only with the last round: until then, the points.
    figure_so_far = "points"
    figure_so_far_note = _("Points so far, before the final multiplier.")
    total_step_note = _("The last step, Total, applies each player's final multiplier.")
    # The sheet's tie-break, said where equal points end with different multipliers.
    final_note = _(
        "Places go by points, then tricks; where both are equal, the earlier seat ranks "
        "higher. Each final total is the points × the place's multiplier."
    )
    draws_trumps = True
    deck = Deck(PIQUET_RANKS, packs=2)  # two 32-card packs
    options = (
        Option(
            "start_cards",
            _("Cards in the first round"),
            10,
            help=_(
                "Each player's cards in the first round, one fewer every round after. "
                "The club plays 5, 7, 8 or 10; two 32-card decks allow up to 64 ÷ players "
                "(16 at a table of four, 21 of three, 32 of two)."
            ),
            minimum=1,
            # The draw may seat tables of two; a table of more is checked when scored.
            maximum=max_start_cards(2),
            suggestions=START_CARDS,
        ),
        TIME_LIMIT,
        GRACE,
        playoff_time_limit(15),
    )

    def point_values(self) -> list[tuple[str, int]]:
        return [
            (_("Each trick taken"), POINTS_PER_TRICK),
            (_("Exactly the tricks bid"), EXACT_BONUS),
            # Written out (not "{n} players"), so a printout can translate each as it is.
            (_("Multiplier with 2 players, winner"), 2),
            (_("Multiplier with 3 players, winner"), 3),
            (_("Multiplier with 4 players, winner"), 4),
        ]

    def cards_in_round(self, index: int, start_cards: int) -> int:
        return cards_in_round(index, start_cards)

    def hand_size(self, number: int, options: Mapping[str, Any] | None = None) -> int | None:
        return cards_in_round(number - 1, self.clean_options(options)["start_cards"])

    def deal_problem(self, options: Mapping[str, Any], players: int) -> Message | None:
        """The first round's cards must come out of the two decks at every table."""
        if "start_cards" not in options:
            return None
        start_cards, most = options["start_cards"], max_start_cards(self.min_players)
        if not is_int(start_cards) or not 1 <= start_cards <= most:
            return message(_("start_cards must be a whole number from 1 to {most}"), most=most)
        if start_cards * players > DECK_CARDS:
            return message(
                _(
                    "{cards} cards each is more than two 32-card decks hold for a table of "
                    "{players}: change the first round to at most {most} cards."
                ),
                cards=start_cards,
                players=players,
                most=max_start_cards(players),
            )
        return None

    def draw_trumps(self, options: Mapping[str, Any], rng: random.Random) -> list[str]:
        start_cards = options.get("start_cards") or self.default_options()["start_cards"]
        return [rng.choice(SUITS) for _round in range(start_cards)]

    def table_payload(
        self, players: Sequence[str], start_cards: int, rounds: Iterable[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The whole-game payload of a table, from its rounds in order."""
        return {
            "players": list(players),
            "start_cards": start_cards,
            "rounds": [{"bids": r["bids"], "tricks": r["tricks"]} for r in rounds],
        }

    def score_so_far(
        self,
        players: Sequence[str],
        payloads: Sequence[Any],
        options: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Score every round so far together: the ranking (and multiplier) needs them all."""
        start_cards = self.clean_options(options)["start_cards"]
        return self.score(self.table_payload(players, start_cards, payloads), options)

    def score_with(
        self,
        players: Sequence[str],
        entries: Mapping[int, Any],
        number: int,
        options: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A round is scored with the table's other rounds: the game is scored as a whole."""
        return self.score_so_far(players, [entries[n] for n in sorted(entries)], options)

    def entry_points(
        self,
        players: Sequence[str],
        earlier: Sequence[Any],
        payload: Any,
        options: Mapping[str, Any] | None = None,
    ) -> list[int]:
        """A round's points are the difference it makes to the figure so far (the
        multiplier comes at the end of the game)."""
        figure = self.figure_so_far
        after = self.score_so_far(players, [*earlier, payload], options)
        before = [0] * len(players)
        if earlier:
            before = [p[figure] for p in self.score_so_far(players, earlier, options)["players"]]
        return [p[figure] - b for p, b in zip(after["players"], before, strict=True)]

    def counted_so_far(self, numbers: Sequence[int]) -> list[int]:
        """The rounds from the first up to the first that is not confirmed: round 3 is
        the 1-card round only after round 2, and its points are the difference it makes
        to the game so far (round 2 waiting, round 3 confirmed: round 1 counts)."""
        counted: list[int] = []
        for number in sorted(numbers):
            if number != len(counted) + 1:
                break
            counted.append(number)
        return counted

    def table_points(
        self,
        players: Sequence[str],
        teams: Sequence[int | None],
        payloads: Sequence[Any],
        results: Sequence[Mapping[str, Any] | None],
        options: Mapping[str, Any] | None = None,
    ) -> TablePoints:
        """The whole game so far, scored together; the running totals are the points round
        by round, before the final multiplier."""
        if not payloads:
            return TablePoints([0] * len(players), [[] for _player in players])
        progress: list[list[int]] = [[] for _player in players]
        for count in range(1, len(payloads) + 1):
            partial = self.score_so_far(players, payloads[:count], options)
            for seat, player in enumerate(partial["players"]):
                progress[seat].append(player["points"])
        # The last of the partial scores is the whole game so far.
        totals = [player["total"] for player in partial["players"]]
        return TablePoints(totals, progress, partial, complete=partial["complete"])

    def entry_facts(self, number: int, options: Mapping[str, Any]) -> list[tuple[str, int]]:
        start_cards = self.clean_options(options)["start_cards"]
        return [(_("Cards each:"), cards_in_round(number - 1, start_cards))]

    def describe_entry(self, payload: Any) -> list[Message]:
        """ "bid 2, took 3" for each player: a round's points depend on the whole game."""
        return [
            message(_("bid {bid}, took {tricks}"), bid=bid, tricks=tricks)
            for bid, tricks in zip(payload.get("bids", []), payload.get("tricks", []), strict=False)
        ]

    def tiebreak_values(
        self,
        results: Sequence[Mapping[str, Any]],
        seat: int,
        team: int | None,
        *,
        game_result: Mapping[str, Any] | None = None,
        bonus: int = 0,
    ) -> dict[str, int]:
        """Tricks taken and exact bids over the whole game (from the whole game's result)."""
        if not game_result:
            return {}
        player = game_result["players"][seat]
        return {"tricks": player["tricks"], "exact": player["exact"]}

    def _validate(self, payload: Any, options: dict[str, Any], check: Validator) -> Any:
        data = check.mapping(payload, "", ("players", "rounds"), ("start_cards",), partial=True)
        if data is None:
            return None
        players = check.players(data["players"], "players", self.min_players, self.max_players)
        # Without a valid list of players, the most any table may start with.
        seats = len(players) if players is not None else self.min_players
        most = max_start_cards(seats)
        too_many = message(
            _(
                "With {players} players, at most {most} cards each in the first round "
                "(two 32-card decks hold 64)."
            ),
            players=seats,
            most=most,
        )
        # The payload's start cards win over the event's; either must fit the table.
        start_cards = data.get("start_cards", options["start_cards"])
        start_cards = check.integer(start_cards, "start_cards", 1, most, too_many)
        if start_cards is None:
            return None
        rounds = check.sequence(data["rounds"], "rounds", 0, start_cards)
        if rounds is None:
            return None
        cleaned = []
        for index, raw in enumerate(rounds):
            path = join("rounds", index)
            cards = cards_in_round(index, start_cards)
            entry = check.mapping(raw, path, ("bids", "tricks"), partial=True)
            if entry is None:
                continue
            bids = self._numbers(
                entry["bids"], join(path, "bids"), players, cards, check, bid_at_most(cards)
            )
            tricks = self._numbers(
                entry["tricks"], join(path, "tricks"), players, cards, check, tricks_at_most(cards)
            )
            if tricks is not None and sum(tricks) != cards:
                check.add(
                    join(path, "tricks"),
                    message(
                        _("Tricks add up to {total}, but {cards} cards were played this round."),
                        total=sum(tricks),
                        cards=cards,
                    ),
                )
            cleaned.append((bids, tricks))
        return {"players": players, "start_cards": start_cards, "rounds": cleaned}

    def _numbers(
        self,
        raw: Any,
        path: str,
        players: list[str] | None,
        cards: int,
        check: Validator,
        too_big: Message,
    ) -> list[int] | None:
        """One whole number per player, each 0..cards of the round."""
        if players is None:
            values = check.sequence(raw, path, self.min_players, self.max_players)
        else:
            values = check.sequence(raw, path, len(players), len(players))
        if values is None:
            return None
        numbers = [check.integer(v, join(path, i), 0, cards, too_big) for i, v in enumerate(values)]
        return None if None in numbers else numbers

    def _score(self, payload: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        players, start_cards, rounds = payload["players"], payload["start_cards"], payload["rounds"]
        count = len(players)
        tricks = [sum(r[1][i] for r in rounds) for i in range(count)]
        exact = [sum(r[0][i] == r[1][i] for r in rounds) for i in range(count)]
        points = [tricks[i] * POINTS_PER_TRICK + exact[i] * EXACT_BONUS for i in range(count)]
        # Points first, then total tricks, then the order players joined the table.
        ranking = sorted(range(count), key=lambda i: (-points[i], -tricks[i], i))
        rank = {player: position + 1 for position, player in enumerate(ranking)}
        results = []
        for i, name in enumerate(players):
            multiplier = place_multipliers(count)[rank[i] - 1]
            lines = [line(plural(tricks[i], _("{n} trick"), _("{n} tricks")), tricks[i])]
            if exact[i]:
                lines.append(
                    line(
                        exact_bids_label(exact[i]),
                        exact[i] * EXACT_BONUS,
                    )
                )
            if multiplier > 1:
                lines.append(line(multiplier_label(multiplier), points[i] * (multiplier - 1)))
            results.append(
                {
                    "name": name,
                    "points": points[i],
                    "tricks": tricks[i],
                    "exact": exact[i],
                    "rank": rank[i],
                    "multiplier": multiplier,
                    "total": points[i] * multiplier,
                    "lines": lines,
                }
            )
        played = len(rounds)
        return {
            "complete": played == start_cards,
            "rounds_played": played,
            "next_round_cards": cards_in_round(played, start_cards)
            if played < start_cards
            else None,
            "players": results,
        }
