"""Hand and Foot, scored by the club's sheet (hand-and-foot.club-rules.txt).

One payload is one hand at one table: two teams, each with its books, the cards it
melded and the cards left in both partners' hands and feet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from .base import (
    BALANCE_BY_RATING,
    GRACE,
    HANDS,
    TIME_LIMIT,
    Game,
    Message,
    Option,
    TeamParts,
    Tiebreaker,
    Validator,
    _,
    is_int,
    join,
    line,
    message,
    playoff_length,
    playoff_time_limit,
    plural,
)
from .cards import FULL_RANKS, Deck

RED_BOOK = 500
BLACK_BOOK = 300
GOING_OUT = 100
EXACT_DEAL = 100
RED_THREE_IN_HAND = -500
BOOK_SIZE = 7
MAX_WILDS_PER_BLACK_BOOK = 3
MAX_HANDS = 10
MAX_DECKS = 12

#: Card kinds: (key, points, cards per deck, singular label, plural label).
KINDS: tuple[tuple[str, int, int, str, str], ...] = (
    ("jokers", 50, 2, _("{n} joker"), _("{n} jokers")),
    ("twos", 20, 4, _("{n} two"), _("{n} twos")),
    ("aces", 20, 4, _("{n} ace"), _("{n} aces")),
    ("high", 10, 16, _("{n} high card (K–10)"), _("{n} high cards (K–10)")),
    ("low", 5, 24, _("{n} low card (9–4)"), _("{n} low cards (9–4)")),
    ("black_threes", 0, 2, _("{n} black three"), _("{n} black threes")),
    ("red_threes", RED_THREE_IN_HAND, 2, _("{n} red three"), _("{n} red threes")),
)
POINTS = {kind: points for kind, points, *_rest in KINDS}
PER_DECK = {kind: per_deck for kind, _points, per_deck, *_rest in KINDS}
MELDED_KINDS = tuple(kind for kind, *_rest in KINDS if kind != "red_threes")
IN_HAND_KINDS = tuple(kind for kind, *_rest in KINDS)
WILD_KINDS = ("jokers", "twos")
#: Natural cards that can make books (black threes never do: see ``_check_books``).
BOOK_NATURAL_KINDS = ("aces", "high", "low")
#: Cards of one deck that can go into a book: naturals and wild cards (no threes).
BOOK_CARDS_PER_DECK = sum(PER_DECK[kind] for kind in (*BOOK_NATURAL_KINDS, *WILD_KINDS))


def empty_team() -> dict[str, Any]:
    """A team part with nothing counted, for scoring one team before the other is in."""
    return {
        "red_books": 0,
        "black_books": 0,
        "went_out": False,
        "exact_deals": 0,
        "melded": dict.fromkeys(MELDED_KINDS, 0),
        "in_hand": dict.fromkeys(IN_HAND_KINDS, 0),
    }


def max_books(decks: int) -> int:
    """The most books (red and black together) that ``decks`` decks can make."""
    return decks * BOOK_CARDS_PER_DECK // BOOK_SIZE


#: A team's part of a hand: its counts, whether it went out, its cards by kind.
WENT_OUT = "went_out"
COUNT_KEYS = ("red_books", "black_books", WENT_OUT, "exact_deals")
TEAM_KEYS = (*COUNT_KEYS, "melded", "in_hand")


@lru_cache(maxsize=1024)
def in_hand_label(count: int, one: str, many: str) -> Message:
    """ "In hand: 2 jokers", made once per count and kind (a Message is never changed)."""
    return message(_("In hand: {cards}"), cards=plural(count, one, many))


class HandParts(TeamParts):
    """Each team enters its own part of a hand (``teams.N`` of the payload); the other
    team confirms it. When time was called, the hand in progress is scored as it lies:
    nobody went out."""

    def whole_entry(self, game: Game, number: int, parts: Sequence[Any | None]) -> dict[str, Any]:
        """The whole hand; a team not in yet has nothing counted (its part is scored alone)."""
        return {"hand": number, "teams": [part or empty_team() for part in parts]}

    def score_missing(
        self, game: Game, number: int, index: int, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Nothing counted, laid out as a team's part is (its lines at 0)."""
        return game.score_team(None, number, index, options)

    def check_part(
        self, game: Game, part: Any, index: int, *, as_it_lies: bool
    ) -> dict[str, list[Any]]:
        if as_it_lies and isinstance(part, dict) and part.get("went_out"):
            return {
                join(join("teams", index), "went_out"): [
                    _("Time was called: this hand is scored as it lies and nobody went out.")
                ]
            }
        return {}


class HandAndFoot(Game):
    key = "hand_and_foot"
    name = _("Hand and Foot")
    min_players = 4
    max_players = 4
    teams = 2
    team_size = 2
    first_seat_label = _("Plays first:")  # all deal their own; the draw picks who starts
    first_seat_legend = _("plays first")
    tiebreakers = (
        Tiebreaker("hands_won", _("Hands won")),
        Tiebreaker("bonus", _("First-table bonus")),
    )
    words = HANDS
    total_step_note = _("The last step, Total, adds the first-table bonus.")
    length_option = "hands"
    entry = HandParts()
    deck = Deck(FULL_RANKS, jokers=2)
    options = (
        Option(
            "decks",
            _("Decks"),
            4,
            help=_("How many decks of 54 cards (with the two jokers) each table plays with."),
            minimum=1,
            maximum=MAX_DECKS,
        ),
        Option(
            "hands",
            _("Hands"),
            3,
            help=_("Hands in one game at a table; each hand has its own meld minimum."),
            minimum=1,
            maximum=MAX_HANDS,
        ),
        Option(
            "meld_minimums",
            _("Meld minimums"),
            [90, 120, 150],
            help=_(
                "Points a team's first meld must reach, one per hand, separated by commas; "
                "hands beyond the list use its last value."
            ),
            kind="int_list",
            minimum=0,
            maximum=10_000,
            max_items=MAX_HANDS,
        ),
        TIME_LIMIT,
        GRACE,
        playoff_time_limit(30),
        playoff_length(
            1,
            _("Hands in a play-off round"),
            _(
                "A play-off round plays this many hands; the tie is decided once they are "
                "confirmed and the cards turned in (its clock stays the limit)."
            ),
        ),
        Option(
            "first_table_bonus",
            _("First-table bonus"),
            400,
            help=_(
                "Points for each team of the first table that turns in its card "
                "within the time limit."
            ),
            maximum=10_000,
        ),
        BALANCE_BY_RATING,
    )

    def first_table_points(self, options: Mapping[str, Any]) -> int:
        """The first-table bonus of the evening's options."""
        return options.get("first_table_bonus", 0)

    def meld_minimum(self, hand: int, options: Mapping[str, Any] | None = None) -> int:
        """The meld minimum of ``hand`` (1-based); hands beyond the list use its last value."""
        minimums = self.clean_options(options)["meld_minimums"]
        return minimums[min(hand, len(minimums)) - 1]

    def entry_facts(self, number: int, options: Mapping[str, Any]) -> list[tuple[str, int]]:
        return [(_("Meld minimum:"), self.meld_minimum(number, options))]

    def tiebreak_values(
        self,
        results: Sequence[Mapping[str, Any]],
        seat: int,
        team: int | None,
        *,
        game_result: Mapping[str, Any] | None = None,
        bonus: int = 0,
    ) -> dict[str, int]:
        """Hands the player's team won outright, and the first-table bonus it was given."""
        mine = team or 0
        won = 0
        for result in results:
            totals = [each["total"] for each in result["teams"]]
            won += all(totals[mine] > total for i, total in enumerate(totals) if i != mine)
        return {"hands_won": won, "bonus": bonus}

    def seat_points(self, result: Mapping[str, Any], seat: int, team: int | None) -> int:
        """Partners score their team's hand."""
        return result["teams"][team or 0]["total"]

    def point_values(self) -> list[tuple[str, int]]:
        return [
            (_("Red book"), RED_BOOK),
            (_("Black book"), BLACK_BOOK),
            (_("Joker (wild)"), POINTS["jokers"]),
            (_("Two (wild)"), POINTS["twos"]),
            (_("Ace"), POINTS["aces"]),
            (_("King through 10"), POINTS["high"]),
            (_("9 through 4"), POINTS["low"]),
            (_("Black three"), POINTS["black_threes"]),
            (_("Red three left in hand"), RED_THREE_IN_HAND),
            (_("Going out"), GOING_OUT),
            (_("Exact deal (each player)"), EXACT_DEAL),
        ]

    # -- validation ---------------------------------------------------------------

    def _validate(self, payload: Any, options: dict[str, Any], check: Validator) -> Any:
        data = check.mapping(payload, "", ("hand", "teams"), ("decks",), partial=True)
        if data is None:
            return None
        decks = options["decks"]
        if "decks" in data:
            decks = check.integer(data["decks"], "decks", 1, MAX_DECKS)
        max_hand = options["hands"]
        too_far = message(_("A game has {hands} hands."), hands=max_hand)
        hand = check.integer(data["hand"], "hand", 1, max_hand, too_far)
        raw_teams = check.sequence(data["teams"], "teams", 2, 2)
        teams = []
        if raw_teams is not None:
            limit = MAX_DECKS if decks is None else decks  # a bad "decks" is reported already
            for index, raw in enumerate(raw_teams):
                teams.append(self._validate_team(raw, join("teams", index), limit, check))
        if raw_teams is not None and decks is not None and None not in teams:
            self._check_between_teams(teams, decks, check)
        return {"hand": hand, "decks": decks, "teams": teams}

    def _validate_team(self, raw: Any, path: str, decks: int, check: Validator) -> dict | None:
        team = check.mapping(raw, path, TEAM_KEYS, partial=True)
        if team is None:
            return None
        most = max_books(decks)
        too_many = message(
            _("At most {maximum} books (decks: {decks})."), decks=decks, maximum=most
        )
        red = check.integer(team["red_books"], join(path, "red_books"), 0, most, too_many)
        black = check.integer(team["black_books"], join(path, "black_books"), 0, most, too_many)
        went_out = check.boolean(team["went_out"], join(path, "went_out"))
        exact = check.integer(
            team["exact_deals"],
            join(path, "exact_deals"),
            0,
            2,
            _("Only the two players of the team can pick up exactly."),
        )
        melded = self._validate_cards(
            team["melded"],
            join(path, "melded"),
            MELDED_KINDS,
            decks,
            check,
            {"red_threes": _("Red threes are never laid down; count them in hand.")},
        )
        in_hand = self._validate_cards(
            team["in_hand"], join(path, "in_hand"), IN_HAND_KINDS, decks, check
        )
        if None in (red, black, went_out, exact, melded, in_hand):
            return None
        faulty = any(key.startswith(path) for key in check.errors)
        if not faulty and not any(melded.values()) and not any(in_hand.values()):
            # A team always holds cards or has laid some down: all zeros is a hand not counted.
            check.add(
                join(path, "in_hand"),
                _(
                    "This team has no cards melded and none in hand: "
                    "a team always holds or has laid down cards. Count them."
                ),
            )
            return None
        if not self._check_books(red, black, melded, path, check):
            return None
        if went_out and (red < 2 or black < 2):
            check.add(
                join(path, "went_out"),
                message(
                    _(
                        "Going out needs at least two red and two black books; "
                        "this team has {red} red and {black} black."
                    ),
                    red=red,
                    black=black,
                ),
            )
            return None
        return {
            "red_books": red,
            "black_books": black,
            "went_out": went_out,
            "exact_deals": exact,
            "melded": melded,
            "in_hand": in_hand,
        }

    def _validate_cards(
        self,
        raw: Any,
        path: str,
        kinds: tuple[str, ...],
        decks: int,
        check: Validator,
        extra_messages: Mapping[str, str] | None = None,
    ) -> dict[str, int] | None:
        counts = check.mapping(raw, path, kinds, extra_messages=extra_messages, partial=True)
        if counts is None:
            return None
        cleaned = {}
        for kind in kinds:
            value = counts[kind]
            maximum = decks * PER_DECK[kind]
            # The common case, a good count, is checked inline: this runs for every hand
            # of the evening. Only a bad value pays for building its path and message.
            if is_int(value) and 0 <= value <= maximum:
                cleaned[kind] = value
                continue
            too_big = message(
                _("At most {maximum} of these (decks: {decks})."), decks=decks, maximum=maximum
            )
            cleaned[kind] = check.integer(value, join(path, kind), 0, maximum, too_big)
        return None if None in cleaned.values() else cleaned

    def _check_books(
        self, red: int, black: int, melded: dict[str, int], path: str, check: Validator
    ) -> bool:
        """Check that the melded cards can make the books claimed.

        A book is seven cards; a red book has seven natural cards, a black book four
        to seven natural cards and at most three wild cards. Black threes never make a
        book. The books are possible exactly when there are enough natural cards for
        the red books plus four per black book, and the natural cards together with at
        most three wild cards per black book fill seven cards per book.

        The sheet's rule "played cards must always have one more natural card than
        wild cards" holds for every meld, so it holds for all melded cards together:
        when any wild card was melded, the natural cards must outnumber the wild ones.
        """
        naturals = sum(melded[kind] for kind in BOOK_NATURAL_KINDS)
        wilds = sum(melded[kind] for kind in WILD_KINDS)
        books_path = join(path, "black_books" if black else "red_books")
        needed_naturals = BOOK_SIZE * red + (BOOK_SIZE - MAX_WILDS_PER_BLACK_BOOK) * black
        if naturals < needed_naturals:
            check.add(
                books_path,
                message(
                    _(
                        "{red} red and {black} black books need at least {needed} natural cards "
                        "(aces and K–4), but only {naturals} were melded."
                    ),
                    red=red,
                    black=black,
                    needed=needed_naturals,
                    naturals=naturals,
                ),
            )
            return False
        usable_wilds = min(wilds, MAX_WILDS_PER_BLACK_BOOK * black)
        needed_cards = BOOK_SIZE * (red + black)
        if naturals + usable_wilds < needed_cards:
            check.add(
                books_path,
                message(
                    _(
                        "{red} red and {black} black books need {needed} cards, but the melded "
                        "cards make only {available} ({naturals} natural, at most {usable} wild)."
                    ),
                    red=red,
                    black=black,
                    needed=needed_cards,
                    available=naturals + usable_wilds,
                    naturals=naturals,
                    usable=usable_wilds,
                ),
            )
            return False
        if wilds and wilds >= naturals:
            check.add(
                join(path, "melded"),
                message(
                    _(
                        "Melded cards must have more natural than wild cards, but {wilds} wild "
                        "and {naturals} natural cards were melded."
                    ),
                    wilds=wilds,
                    naturals=naturals,
                ),
            )
            return False
        return True

    def _check_between_teams(
        self, teams: list[dict[str, Any]], decks: int, check: Validator
    ) -> None:
        if all(team["went_out"] for team in teams):
            for index in range(len(teams)):
                check.add(f"teams.{index}.went_out", _("Only one team can go out."))
        for kind, _points, per_deck, _one, many in KINDS:
            total = sum(team["in_hand"][kind] + team["melded"].get(kind, 0) for team in teams)
            if total <= decks * per_deck:
                continue
            text = message(
                _("The teams counted {what}; there are at most {maximum} (decks: {decks})."),
                what=message(many, n=total),
                decks=decks,
                maximum=decks * per_deck,
            )
            for index, team in enumerate(teams):
                for group in ("melded", "in_hand"):
                    if team[group].get(kind):
                        check.add(f"teams.{index}.{group}.{kind}", text)

    def score_team(
        self, team: Any, hand: int, index: int, options: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """One team's part of a hand validated and scored alone (errors keyed as in a whole
        hand, ``teams.<index>...``; the checks between the teams wait for the other part)."""
        if team is None:  # a team that entered nothing, scored as it lies: 0
            return self._score_team(empty_team())
        cleaned = self.clean_options(options)
        check = Validator()
        valid = self._validate_team(team, join("teams", index), cleaned["decks"], check)
        check.raise_if_errors()
        return self._score_team(valid)

    # -- scoring ------------------------------------------------------------------

    def _score(self, payload: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        return {
            "hand": payload["hand"],
            "meld_minimum": self.meld_minimum(payload["hand"], options),
            "teams": [self._score_team(team) for team in payload["teams"]],
        }

    def _score_team(self, team: dict[str, Any]) -> dict[str, Any]:
        lines = []
        red, black = team["red_books"], team["black_books"]
        if red:
            lines.append(line(plural(red, _("{n} red book"), _("{n} red books")), red * RED_BOOK))
        if black:
            lines.append(
                line(plural(black, _("{n} black book"), _("{n} black books")), black * BLACK_BOOK)
            )
        for kind, points, _per_deck, one, many in KINDS:
            count = team["melded"].get(kind, 0)
            if count:
                lines.append(line(plural(count, one, many), count * points))
        if team["went_out"]:
            lines.append(line(_("Going out"), GOING_OUT))
        exact = team["exact_deals"]
        if exact:
            lines.append(
                line(plural(exact, _("{n} exact deal"), _("{n} exact deals")), exact * EXACT_DEAL)
            )
        for kind, points, _per_deck, one, many in KINDS:
            count = team["in_hand"][kind]
            if count:
                label = in_hand_label(count, one, many)
                # Cards in hand count against the team; red threes already are negative.
                lines.append(line(label, count * points if points < 0 else -count * points))
        return {
            "total": sum(item["points"] for item in lines),
            "lines": lines,
            "went_out": team["went_out"],
            "books": red + black,
        }
