"""Luxury Family (Luxusfamilie), scored by the club's sheets (English and German).

One payload is one round (one deal) of three players: the bid, the game maker,
trump, each player's melds, power points and penalties.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from types import MappingProxyType
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
    is_int,
    join,
    line,
    message,
    playoff_length,
    playoff_time_limit,
)
from .cards import SUIT_NAMES, SUITS, Deck, card_name

RANKS = ("A", "10", "K", "Q", "J", "7")
CARD_CODES = frozenset(rank + suit for rank in RANKS for suit in SUITS)
COPIES = 2  # two packs of 32 cards
MAX_SHOWN = 16  # the cards of one hand
POWER_TOTAL = 240  # no bonus for the last trick
PENALTIES = (20, 50, 100)
ROUND_KEYS = ("players", "bid", "game_maker", "trump", "melds", "power_points")
#: The most one hand of 16 cards can meld (a trump double luxury family with both
#: sevens and more; tests/games/test_limits.py finds it by searching every hand).
MAX_MELD = 1980
#: At most ten penalties per player and round, so at most 1000 penalty points.
MAX_PENALTY_COUNT = 10
MAX_PENALTY_POINTS = MAX_PENALTY_COUNT * max(PENALTIES)
MIN_BID = 10

#: Suit combinations from the highest down: (key, label, needed ranks, plain, trump).
#: Per suit only the single highest combination the suit's cards make counts.
SUIT_COMBINATIONS: tuple[tuple[str, str, dict[str, int], int, int], ...] = (
    (
        "double_luxury_family",
        _("Double luxury family"),
        {"A": 2, "10": 2, "K": 2, "Q": 2, "J": 2},
        1000,
        1500,
    ),
    (
        "luxury_family_double_family",
        _("Luxury family with double family"),
        {"A": 1, "10": 1, "K": 2, "Q": 2, "J": 2},
        300,
        450,
    ),
    (
        "luxury_family_double_couple",
        _("Luxury family with double couple"),
        {"A": 1, "10": 1, "K": 2, "Q": 2, "J": 1},
        200,
        300,
    ),
    ("double_family", _("Double family"), {"K": 2, "Q": 2, "J": 2}, 160, 240),
    ("luxury_family", _("Luxury family"), {"A": 1, "10": 1, "K": 1, "Q": 1, "J": 1}, 100, 150),
    ("family_double_couple", _("Family with double couple"), {"K": 2, "Q": 2, "J": 1}, 100, 150),
    ("double_couple", _("Double couple"), {"K": 2, "Q": 2}, 60, 90),
    ("family", _("Family"), {"K": 1, "Q": 1, "J": 1}, 40, 60),
    ("couple", _("Couple"), {"K": 1, "Q": 1}, 20, 30),
)
#: The same combinations in the trump suit, by key. Each is written out rather than made
#: from "Trump {combination}": a language may join the words differently (German makes
#: one word of them), and a printout translates each label as it is.
TRUMP_LABELS: dict[str, str] = {
    "double_luxury_family": _("Trump double luxury family"),
    "luxury_family_double_family": _("Trump luxury family with double family"),
    "luxury_family_double_couple": _("Trump luxury family with double couple"),
    "double_family": _("Trump double family"),
    "luxury_family": _("Trump luxury family"),
    "family_double_couple": _("Trump family with double couple"),
    "double_couple": _("Trump double couple"),
    "family": _("Trump family"),
    "couple": _("Trump couple"),
}
#: One of a rank in each suit, or all eight: (key, rank, label four, label eight, points
#: four, points eight). These count in addition to the suit combinations.
FOUR_OF_A_RANK: tuple[tuple[str, str, str, str, int, int], ...] = (
    ("four_kings", "K", _("Four kings"), _("Eight kings"), 40, 240),
    ("four_queens", "Q", _("Four queens"), _("Eight queens"), 60, 360),
    ("four_jacks", "J", _("Four jacks"), _("Eight jacks"), 80, 480),
)
SUIT_LABELS: dict[str, str] = {key: label for key, label, *_rest in SUIT_COMBINATIONS}
SEVEN_OF_TRUMP = 10
BOTH_SEVENS_OF_TRUMP = 20


# Labels of result lines are made once per value (a Message is never changed).
@lru_cache(maxsize=256)
def combination_label(key: str, suit: str, in_trump: bool) -> Message:
    """ "Double family (hearts)", or "Trump double family (hearts)" in the trump suit."""
    label = TRUMP_LABELS[key] if in_trump else SUIT_LABELS[key]
    return message(_("{combination} ({suit})"), combination=label, suit=SUIT_NAMES[suit])


@lru_cache(maxsize=4096)
def trick_points_label(power: int, penalty: int) -> Message:
    if penalty:
        text = _("Trick points ({power} power points − {penalty} penalties)")
        return message(text, power=power, penalty=penalty)
    return message(_("Trick points ({power} power points)"), power=power)


def trick_points(power: int) -> int:
    """Convert power points (after penalties) to trick points.

    1:1 up to 60, each further point twice up to 120, three times up to 180, four
    times above. Penalties can push power points below zero; the club counts that
    negative rest 1:1 (the sheet is silent).
    """
    return power + max(0, power - 60) + max(0, power - 120) + max(0, power - 180)


#: The most one round can score (the highest meld and every trick): no bid is higher.
MAX_ROUND_POINTS = MAX_MELD + trick_points(POWER_TOTAL)
MAX_BID = MAX_ROUND_POINTS


def meld_table() -> list[tuple[str, int | None, int | None]]:
    """The meld table printed on score cards: rows of (label, plain suit, trump suit).

    Suit combinations from the lowest up, then the sevens of trump (no plain-suit
    value: ``None``), then four and eight of a rank, which count the same whatever
    the trump (both values equal).
    """
    rows: list[tuple[str, int | None, int | None]] = [
        (label, plain, trump_points)
        for _key, label, _needed, plain, trump_points in reversed(SUIT_COMBINATIONS)
    ]
    rows += [
        (_("Seven of trump"), None, SEVEN_OF_TRUMP),
        (_("Both sevens of trump"), None, BOTH_SEVENS_OF_TRUMP),
    ]
    for _key, _rank, four, eight, single, double in FOUR_OF_A_RANK:
        rows += [(four, single, single), (eight, double, double)]
    return rows


def meld_combinations(cards: list[str], trump: str) -> list[dict[str, Any]]:
    """The combinations the shown ``cards`` make, each ``{"key", "label", "points", "suit"}``.

    Every part is the best of conditions that more cards can only help, so showing
    more cards never lowers the meld points.
    """
    counts = Counter(cards)
    found = []
    for suit in SUITS:
        in_trump = suit == trump
        for key, _label, needed, plain, trump_points in SUIT_COMBINATIONS:
            if all(counts[rank + suit] >= n for rank, n in needed.items()):
                points = trump_points if in_trump else plain
                suit_label = combination_label(key, suit, in_trump)
                found.append({"key": key, "label": suit_label, "points": points, "suit": suit})
                break
    sevens = counts["7" + trump]
    if sevens:
        label = _("Seven of trump") if sevens == 1 else _("Both sevens of trump")
        points = SEVEN_OF_TRUMP if sevens == 1 else BOTH_SEVENS_OF_TRUMP
        found.append({"key": "seven_of_trump", "label": label, "points": points, "suit": trump})
    for key, rank, four, eight, single, double in FOUR_OF_A_RANK:
        fewest = min(counts[rank + suit] for suit in SUITS)
        if fewest:
            label, points = (eight, double) if fewest == COPIES else (four, single)
            found.append({"key": key, "label": label, "points": points, "suit": None})
    return found


def too_many_penalties() -> Message:
    return message(
        _("At most {count} penalties ({points} points) per player and round."),
        count=MAX_PENALTY_COUNT,
        points=MAX_PENALTY_POINTS,
    )


class LuxuryFamily(Game):
    key = "luxury_family"
    name = _("Luxury Family")
    min_players = 3
    max_players = 3
    standings_order = "high"
    played_in_rounds = True
    tiebreakers = (Tiebreaker("best_round", _("Best round"), best_of=True),)
    # Binokel's cards: A 10 K Q J 7 of each suit, two packs of each (48 cards).
    deck = Deck(RANKS, packs=2)
    # Bids, melds and penalties are always multiples of 10.
    steps = MappingProxyType({"bid": 10, "melds": 10, "penalties": 10})
    options = (
        Option(
            "rounds",
            _("Rounds"),
            3,
            help=_("Deals in one game at a table; the deal passes to the left."),
            minimum=1,
            maximum=30,
        ),
        TIME_LIMIT,
        GRACE,
        playoff_time_limit(30),
        playoff_length(
            1,
            _("Rounds in a play-off round"),
            _(
                "A play-off round plays this many rounds; the tie is decided once they are "
                "confirmed and the cards turned in (its clock stays the limit)."
            ),
        ),
    )

    def point_values(self) -> list[tuple[str, int]]:
        rows = [
            (_("Seven of trump"), SEVEN_OF_TRUMP),
            (_("Both sevens of trump"), BOTH_SEVENS_OF_TRUMP),
        ]
        for key, label, _needed, plain, trump_points in reversed(SUIT_COMBINATIONS):
            rows.append((label, plain))
            rows.append((TRUMP_LABELS[key], trump_points))
        for _key, _rank, four, eight, single, double in FOUR_OF_A_RANK:
            rows += [(four, single), (eight, double)]
        rows += [
            (_("Penalty: suit card not turned"), 20),
            (_("Penalty: turned suit played"), 50),
            (_("Penalty: turned cards uncovered"), 100),
        ]
        return rows

    def trick_points(self, power: int) -> int:
        return trick_points(power)

    def meld_combinations(self, cards: list[str], trump: str) -> list[dict[str, Any]]:
        return meld_combinations(cards, trump)

    def meld_table(self) -> list[tuple[str, int | None, int | None]]:
        return meld_table()

    def entry_headline(self, payload: Any) -> Message:
        """The game maker, the bid and trump: what a table checks first of a round."""
        name, bid = payload["players"][payload["game_maker"]], payload["bid"]
        text = _("{name} is game maker: bid {bid}, trump {suit}")
        return message(text, name=name, bid=bid, suit=SUIT_NAMES[payload["trump"]])

    # -- the tablet's meld calculator ----------------------------------------------

    @property
    def melds(self) -> LuxuryFamily:
        """The capability ``Game.melds``: this game is its own meld calculator."""
        return self

    def meld_cards(self) -> list[tuple[str, list[str]]]:
        """The cards a hand can show, suit by suit (the sheets' order), each high to low."""
        return [(suit, [rank + suit for rank in RANKS]) for suit in SUITS]

    def shown_cards(self, cards: Any) -> list[str]:
        """``cards`` if one hand can show them (this game's, two of each at most, 16)."""
        check = Validator()
        if isinstance(cards, list | tuple) and len(cards) > MAX_SHOWN:
            # Said before each card is looked at: a list of thousands gets one message.
            check.add(
                "cards",
                message(_("A hand has {count} cards: no more can be shown."), count=MAX_SHOWN),
            )
        else:
            shown = self._validate_cards(cards, "", check)
        check.raise_if_errors()
        return shown

    def score_melds(self, cards: Any, trump: Any) -> dict[str, Any]:
        """What the shown ``cards`` meld with ``trump``: ``{"combinations", "points"}``."""
        shown = self.shown_cards(cards)
        check = Validator()
        suit = check.choice(trump, "trump", SUITS, _("Trump"))
        check.raise_if_errors()
        found = meld_combinations(shown, suit)
        return {"combinations": found, "points": sum(c["points"] for c in found)}

    # -- validation ---------------------------------------------------------------

    def _validate(self, payload: Any, options: dict[str, Any], check: Validator) -> Any:
        data = check.mapping(payload, "", ROUND_KEYS, ("penalties",), partial=True)
        if data is None:
            return None
        players = check.players(data["players"], "players", 3, 3)
        bid = check.integer(
            data["bid"],
            "bid",
            MIN_BID,
            MAX_BID,
            message(
                _("A bid is at most {maximum}, the most one round can score."), maximum=MAX_BID
            ),
        )
        if bid is not None and bid % 10:
            check.add("bid", _("A bid must be divisible by 10."))
        game_maker = check.integer(
            data["game_maker"], "game_maker", 0, 2, _("The game maker is player 0, 1 or 2.")
        )
        trump = check.choice(data["trump"], "trump", SUITS, _("Trump"))
        melds = self._validate_melds(data["melds"], check)
        power = self._validate_power(data["power_points"], check)
        penalties = self._validate_penalties(data.get("penalties", [0, 0, 0]), check)
        return {
            "players": players,
            "bid": bid,
            "game_maker": game_maker,
            "trump": trump,
            "melds": melds,
            "power_points": power,
            "penalties": penalties,
        }

    def _validate_melds(self, raw: Any, check: Validator) -> list[Any] | None:
        entries = check.sequence(raw, "melds", 3, 3)
        if entries is None:
            return None
        melds: list[Any] = []
        for index, entry in enumerate(entries):
            path = join("melds", index)
            if isinstance(entry, dict):
                shown = check.mapping(entry, path, ("cards",), partial=True)
                melds.append(
                    None if shown is None else self._validate_cards(shown["cards"], path, check)
                )
                continue
            if not is_int(entry):
                check.add(path, _("Enter the meld points, or the cards shown."))
                melds.append(None)
                continue
            points = check.integer(
                entry,
                path,
                0,
                MAX_MELD,
                message(_("No hand can meld more than {maximum} points."), maximum=MAX_MELD),
            )
            if points is not None and points % 10:
                check.add(path, _("Meld points are always divisible by 10."))
            melds.append(points)
        # Two packs: no card can be shown more than twice at the whole table.
        every_card = Counter(card for meld in melds if isinstance(meld, list) for card in meld)
        for card, count in sorted(every_card.items()):
            if count > COPIES:
                check.add(
                    "melds",
                    message(
                        _("There are only two {card} in the game, but {count} were shown."),
                        card=card_name(card[:-1], card[-1]),
                        count=count,
                    ),
                )
        return melds

    def _validate_cards(self, raw: Any, path: str, check: Validator) -> list[str] | None:
        path = join(path, "cards")
        cards = check.sequence(raw, path, 0, MAX_SHOWN)
        if cards is None:
            return None
        good = True
        for index, card in enumerate(cards):
            if not (isinstance(card, str) and card in CARD_CODES):
                check.add(
                    join(path, index),
                    _(
                        "Not a card of this game; write rank (A, 10, K, Q, J, 7) then suit "
                        "(S, H, D, C), e.g. 10H."
                    ),
                )
                good = False
        if not good:
            return None
        for card, count in sorted(Counter(cards).items()):
            if count > COPIES:
                check.add(
                    path,
                    message(
                        _("There are only two {card} in the game."),
                        card=card_name(card[:-1], card[-1]),
                    ),
                )
                good = False
        return cards if good else None

    def _validate_power(self, raw: Any, check: Validator) -> list[int] | None:
        values = check.sequence(raw, "power_points", 3, 3)
        if values is None:
            return None
        power = [
            check.integer(v, join("power_points", i), 0, POWER_TOTAL) for i, v in enumerate(values)
        ]
        for index, value in enumerate(power):
            if value in (1, POWER_TOTAL - 1):  # no card that counts is worth less than 2
                text = message(_("No hand can take exactly {points}."), points=value)
                check.add(join("power_points", index), text)
                power[index] = None
        if None in power:
            return None
        if sum(power) != POWER_TOTAL:
            check.add(
                "power_points",
                message(
                    _("Power points add up to {total}, but they must add up to 240."),
                    total=sum(power),
                ),
            )
            return None
        return power

    def _validate_penalties(self, raw: Any, check: Validator) -> list[int] | None:
        """Each player's penalties: a total made of 20s, 50s and 100s, or a list of them."""
        values = check.sequence(raw, "penalties", 3, 3)
        if values is None:
            return None
        totals: list[int | None] = []
        for index, value in enumerate(values):
            path = join("penalties", index)
            if isinstance(value, list):
                if len(value) > MAX_PENALTY_COUNT:
                    check.add(path, too_many_penalties())
                    totals.append(None)
                    continue
                each = [
                    check.choice(v, join(path, i), PENALTIES, _("A penalty"))
                    for i, v in enumerate(value)
                ]
                totals.append(None if None in each else sum(each))
                continue
            total = check.integer(value, path, 0, MAX_PENALTY_POINTS, too_many_penalties())
            # 20a + 50b (+ 100c) makes every multiple of 10 except 10 and 30.
            if total is not None and (total % 10 or total in (10, 30)):
                check.add(
                    path,
                    message(
                        _(
                            "Penalties are 20, 50 or 100 points each; "
                            "they cannot add up to {total}."
                        ),
                        total=total,
                    ),
                )
                total = None
            totals.append(total)
        return None if None in totals else totals  # type: ignore[return-value]

    # -- scoring ------------------------------------------------------------------

    def _score(self, payload: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        trump, bid, maker = payload["trump"], payload["bid"], payload["game_maker"]
        results = []
        made = True
        for index, name in enumerate(payload["players"]):
            meld = payload["melds"][index]
            lines = []
            combinations: list[dict[str, Any]] = []
            if isinstance(meld, list):
                combinations = meld_combinations(meld, trump)
                lines += [line(c["label"], c["points"]) for c in combinations]
                meld_points = sum(c["points"] for c in combinations)
            else:
                meld_points = meld
                if meld_points:
                    lines.append(line(_("Melds"), meld_points))
            power = payload["power_points"][index]
            penalty = payload["penalties"][index]
            tricks = trick_points(power - penalty)
            lines.append(line(trick_points_label(power, penalty), tricks))
            total = meld_points + tricks
            if index == maker and total < bid:
                made = False
                lines.append(line(_("Bid not made: points void"), -total))
                lines.append(line(message(_("Bid of {bid} counts against"), bid=bid), -bid))
                total = -bid
            results.append(
                {
                    "name": name,
                    "meld": meld_points,
                    "combinations": combinations,
                    "power_points": power,
                    "penalties": penalty,
                    "trick_points": tricks,
                    "total": total,
                    "lines": lines,
                    "game_maker": index == maker,
                }
            )
        return {"players": results, "made": made, "bid": bid, "trump": trump}
