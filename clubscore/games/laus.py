"""Laus, scored by the club's sheet (laus.txt). Low is good.

One payload is one round of four players: the point cards each player took.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .base import (
    GRACE,
    TIME_LIMIT,
    Game,
    Message,
    Option,
    Tiebreaker,
    Validator,
    _,
    join,
    line,
    message,
    playoff_length,
    playoff_time_limit,
    plural,
)
from .cards import PIQUET_RANKS, SUIT_NAMES, SUITS, Deck, card_name

#: Points of the tens; the ten of diamonds scores nothing itself, it nulls the taker.
TENS = {"S": 300, "C": 200, "H": 100}
NULL_TEN = "D"
#: Other point cards: (key, points, singular label, plural label); four of each.
FACE_CARDS: tuple[tuple[str, int, str, str], ...] = (
    ("aces", 25, _("{n} ace"), _("{n} aces")),
    ("kings", 10, _("{n} king"), _("{n} kings")),
    ("queens", 5, _("{n} queen"), _("{n} queens")),
)
FACE_KEYS = tuple(key for key, *_rest in FACE_CARDS)
PER_RANK = 4
NOBODY_TOOK_TEN = _("Nobody took the ten of {suit}; every ten is taken by one player.")
#: A game has at most this many rounds, also when it is played to a threshold.
MAX_ROUNDS = 100


def miscounted_face(error: str) -> str | None:
    """The face (a key of FACE_KEYS) a "5 aces were taken, but there are 4." error counts;
    None for any other error. The card shows it on that face's last count, the one that
    fills itself in (as the exact-bid card shows a wrong sum of tricks)."""
    params = getattr(error, "params", None) or {}
    cards = getattr(params.get("cards"), "template", None)
    return next((key for key, _points, one, many in FACE_CARDS if cards in (one, many)), None)


def untaken_ten(error: str) -> str | None:
    """The suit (a code of SUITS) of a ten a "Nobody took the ten of ..." error names;
    None for any other error. The card says it on that ten's own field, in place of a
    bare "required"."""
    if getattr(error, "template", None) != NOBODY_TOOK_TEN:
        return None
    named = (getattr(error, "params", None) or {}).get("suit")
    return next((suit for suit in SUITS if SUIT_NAMES[suit] == named), None)


@dataclass(frozen=True)
class LausDeck(Deck):
    """The aces are Laus's trumps, ranked A♠, A♣, A♥, A♦ by the sheet: so in the draw for
    the first deal too (the other ranks in the bridge order of suits)."""

    def suits(self, rank: str) -> tuple[str, ...]:
        return TRUMP_ACES if rank == "A" else SUITS


#: The trump aces, the strongest first (the sheet: "A♠ beats A♣ beats A♥ beats A♦").
TRUMP_ACES: tuple[str, ...] = ("S", "C", "H", "D")


class Laus(Game):
    key = "laus"
    name = _("Laus")
    min_players = 4
    # Lowest wins: a table that played fewer rounds would gain on totals.
    standings_per_round = True
    max_players = 4
    standings_order = "low"
    # As each evening ranks when its tables played different numbers of rounds: points
    # per round played, so whoever played more rounds over the season does not lose.
    ladder_basis = _("ranked by points per round played, lowest first")
    played_in_rounds = True
    tiebreakers = (Tiebreaker("best_round", _("Best round"), "low", best_of=True),)
    deck = LausDeck(PIQUET_RANKS)  # one pack with the twos to sixes taken out
    options = (
        Option(
            "rounds",
            _("Rounds"),
            8,
            help=_(
                "Rounds in one game. Leave empty to play until a player passes the points below."
            ),
            kind="optional_int",
            minimum=1,
            maximum=MAX_ROUNDS,
        ),
        Option(
            "threshold",
            _("Play until a player passes"),
            None,
            help=_(
                "Points: the round in which a player's total goes past them is the last. "
                "Leave empty to play a number of rounds; with both set, whichever comes first."
            ),
            kind="optional_int",
            minimum=1,
            maximum=100_000,
        ),
        TIME_LIMIT,
        GRACE,
        playoff_time_limit(15),
        playoff_length(
            1,
            _("Rounds in a play-off round"),
            _(
                "A play-off round plays this many rounds; the tie is decided once they are "
                "confirmed and the cards turned in (its clock stays the limit)."
            ),
        ),
    )

    def _check_options(self, options: dict[str, Any], check: Validator) -> None:
        if options["rounds"] is None and options["threshold"] is None:
            check.add("rounds", _("Set a number of rounds or a threshold."))

    def ladder_figure(self, total: int, played: int) -> Fraction | None:
        return Fraction(total, played) if played else None

    def ended_at(
        self, running: Mapping[Any, Sequence[int]], options: Mapping[str, Any] | None = None
    ) -> int | None:
        """Played to a threshold, the game ends with the round in which someone passes it."""
        threshold = self.clean_options(options)["threshold"]
        if threshold is None:
            return None
        rounds = max((len(totals) for totals in running.values()), default=0)
        for index in range(rounds):
            if any(len(t) > index and t[index] > threshold for t in running.values()):
                return index + 1
        return None

    def ended_by(
        self, running: Mapping[Any, Sequence[int]], number: int, options: Mapping[str, Any]
    ) -> list[Any]:
        """Who passed the threshold in round ``number`` (the keys of ``running``)."""
        threshold = self.clean_options(options)["threshold"]
        if threshold is None:
            return []
        return [key for key, totals in running.items() if totals[number - 1] > threshold]

    def game_over(self, names: Sequence[str], number: int, options: Mapping[str, Any]) -> Message:
        return message(
            _("Game over: {names} passed {threshold} points in round {number}."),
            names=", ".join(names),
            threshold=self.clean_options(options)["threshold"],
            number=number,
        )

    def end_note(self, options: Mapping[str, Any]) -> Message | None:
        threshold = self.clean_options(options)["threshold"]
        if threshold is None:
            return None
        return message(_("Play until a player passes {n}."), n=threshold)

    def point_values(self) -> list[tuple[str, int]]:
        rows = [(card_name("10", suit), points) for suit, points in TENS.items()]
        # Written out (not "{card}: ..."), so a printout can translate it as it is.
        rows.append((_("10♦: the taker's round counts"), 0))
        rows += [(_("Any ace"), 25), (_("Any king"), 10), (_("Any queen"), 5)]
        return rows

    def _validate(self, payload: Any, options: dict[str, Any], check: Validator) -> Any:
        data = check.mapping(payload, "", ("players", "taken"), partial=True)
        if data is None:
            return None
        players = check.players(data["players"], "players", 4, 4)
        entries = check.sequence(data["taken"], "taken", 4, 4)
        if entries is None:
            return None
        taken = [
            self._validate_taken(raw, join("taken", i), check) for i, raw in enumerate(entries)
        ]
        if None in taken:
            return None
        for suit in SUITS:
            takers = sum(suit in entry["tens"] for entry in taken)
            if takers != 1:
                template = (
                    NOBODY_TOOK_TEN
                    if takers == 0
                    else _("The ten of {suit} was taken by {count} players.")
                )
                check.add("taken", message(template, suit=SUIT_NAMES[suit], count=takers))
        for key, _points, one, many in FACE_CARDS:
            total = sum(entry[key] for entry in taken)
            if total != PER_RANK:
                template = (
                    _("{cards} was taken, but there are 4.")
                    if total == 1
                    else _("{cards} were taken, but there are 4.")
                )
                check.add("taken", message(template, cards=plural(total, one, many)))
        return {"players": players, "taken": taken}

    def _validate_taken(self, raw: Any, path: str, check: Validator) -> dict[str, Any] | None:
        entry = check.mapping(raw, path, ("tens", *FACE_KEYS), partial=True)
        if entry is None:
            return None
        tens = check.sequence(entry["tens"], join(path, "tens"), 0, 4)
        if tens is not None:
            for index, suit in enumerate(tens):
                if check.choice(suit, join(join(path, "tens"), index), SUITS, _("A ten")) is None:
                    tens = None
            if tens is not None and len(set(tens)) != len(tens):
                check.add(join(path, "tens"), _("Each ten can be listed only once."))
                tens = None
        counts = {key: check.integer(entry[key], join(path, key), 0, PER_RANK) for key in FACE_KEYS}
        if tens is None or None in counts.values():
            return None
        return {"tens": tens, **counts}

    def _score(self, payload: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        results = []
        for name, entry in zip(payload["players"], payload["taken"], strict=True):
            lines = [
                line(card_name("10", suit), points)
                for suit, points in TENS.items()
                if suit in entry["tens"]
            ]
            for key, points, one, many in FACE_CARDS:
                if entry[key]:
                    lines.append(line(plural(entry[key], one, many), entry[key] * points))
            is_null = NULL_TEN in entry["tens"]
            if is_null:
                taken_points = sum(item["points"] for item in lines)
                label = message(_("Null: took the {card}"), card=card_name("10", NULL_TEN))
                lines.append(line(label, -taken_points))
            total = sum(item["points"] for item in lines)
            results.append({"name": name, "total": total, "null": is_null, "lines": lines})
        return {"players": results}
