"""The draw: checked-in players in, tables out (see /work/shared/design/draw-contract.md).

Pure: no Django, no database, no clock, no global random state. Every random choice
comes from ``random.Random`` instances seeded from the draw's seed and a purpose name
("seating", "cards", ...), so one concern's randomness never shifts another's (changing
the exact-bid start cards does not change the tables).
"""

from __future__ import annotations

import math
import random
from typing import Any

from clubscore.games import GAMES, Game

from .errors import DrawError
from .fit import fit, table_size
from .inputs import (
    DrawInput,
    check_inputs,
    check_opponents,
    check_ranking,
    check_seed,
    check_tablemates,
)
from .notes import couple_warnings, members, repeats, tablemate_warnings
from .search import (
    MAX_OPPONENT_WEIGHT,
    MAX_PAIR_WEIGHT,
    REPEAT,
    event_weight,
    opponent_weight,
    seat,
    seat_in_order,
)
from .sizes import _, join, message


def _rng(seed: int | str, purpose: str) -> random.Random:
    # A str seed is hashed with SHA-512 by random.seed, so this is stable across processes.
    return random.Random(f"clubscore.draw:{purpose}:{seed!r}")


def draw(
    game: str,
    players: list[str],
    couples: list[tuple[str, str]] | None,
    seed: int | str,
    history: list[list[tuple[str, str]]] | None = None,
    sat_out: list[str] | None = None,
    allow_sit_out: bool = False,
    *,
    scorekeepers: list[str] | None = None,
    options: dict[str, Any] | None = None,
    ratings: dict[str, float] | None = None,
    tablemates: list[list[str]] | None = None,
    ranking: list[str] | None = None,
    opponents: list[list[list[str]]] | None = None,
) -> dict[str, Any]:
    """Draw the tables of one round. Same arguments, same result.

    ``tablemates``: the tables of earlier rounds tonight (lists of player ids); soft
    rule: two players who sat at one table tonight do not sit together again.
    ``ranking``: seat by this order instead of by lot ("winners move up": the first
    players at table 1, and so on; players it leaves out come after, by their ids);
    only the partnerships (team games), first play and the rest are drawn.
    ``opponents``: the tables of earlier events, newest first (each event a list of
    tables, each a list of player ids); soft, below the partnerships: two players who
    sat at one table then (not as partners) do not meet again where the partnerships
    allow. Never named in ``warnings``.
    ``scorekeepers``: players their couple named as scorekeeper; one of them present at a
    team (games with teams) or table (other games) keeps its score, else the draw appoints
    one.
    ``options``: the event's game options; the game checks that they can be dealt at the
    tables drawn (`Game.deal_problem`: the exact-bid ``start_cards`` against two 32-card
    decks) and draws its trumps from them (`Game.draw_trumps`).
    ``ratings``: player -> rating (any scale, higher is stronger); given, each table of a team
    game pairs its four players into the most even teams the soft rules allow (players
    without a rating count as the average of those given).
    Raises DrawError for anything it cannot do, with a message for the organizer.
    """
    size = table_size(game)
    seed = check_seed(seed)
    given = check_inputs(players, couples, history, sat_out, allow_sit_out, scorekeepers, options)
    mates_tonight = check_tablemates(tablemates)
    met_before = check_opponents(opponents)
    order = check_ranking(ranking, given.players)
    room = fit(game, len(given.players))
    if not room["tables"] or (room["sit_out"] and not allow_sit_out):
        raise DrawError(room["problem"])
    # The game deals: it says whether its options can be dealt at the largest table.
    problem = GAMES[game].deal_problem(given.options, max(room["table_sizes"]))
    if problem is not None:
        raise DrawError(problem)

    warnings: list[str] = []
    sitting_out = _choose_sit_outs(given, room, _rng(seed, "sit_out"), warnings)
    out = {entry["player"] for entry in sitting_out}
    seated = [p for p in given.players if p not in out]
    if order is not None:
        place = {p: i for i, p in enumerate(order)}
        seated.sort(key=lambda p: place.get(p, len(place)))

    index = {p: i for i, p in enumerate(seated)}
    spouse = [-1] * len(seated)
    for a, b in given.couples:
        if a in index and b in index:
            spouse[index[a]], spouse[index[b]] = index[b], index[a]
    weights, times = _partner_weights(given, index) if size.teams else ({}, {})
    partner_weights: list[dict[int, int]] = [{} for _ in seated]
    for (i, j), weight in weights.items():
        partner_weights[i][j] = partner_weights[j][i] = weight
    met = _met_weights(met_before, given.history if size.teams else [], index)

    strength = _strengths(ratings, seated) if size.teams and ratings is not None else None
    mates = _mates(mates_tonight, index)
    if order is not None:
        groups = seat_in_order(
            len(seated), room["table_sizes"], spouse, partner_weights, size.teams, strength
        )
    else:
        groups = seat(
            len(seated),
            room["table_sizes"],
            spouse,
            partner_weights,
            size.teams,
            _rng(seed, "seating"),
            strength,
            mates,
            met,
        )
    tables = _describe_tables(game, seed, given, [[seated[i] for i in g] for g in groups])

    couple_warnings(tables, given.spouse, warnings)
    if order is None:
        tablemate_warnings(tables, mates, index, warnings)
    repeated: list[dict[str, Any]] = []
    if size.teams:
        repeated = repeats(tables, times, partner_weights, spouse, index, warnings)
    _check_hard_rules(given.players, tables, sitting_out, given.spouse)
    return {
        "seed": seed,
        "tables": tables,
        "sitting_out": sitting_out,
        "warnings": warnings,
        "repeats": repeated,
    }


def _strengths(ratings: Any, seated: list[str]) -> list[float]:
    """Each seated player's rating, by index; refused unless a mapping of finite numbers."""
    if not isinstance(ratings, dict) or not all(
        isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        for value in ratings.values()
    ):
        raise DrawError(_("ratings must map players to numbers"))
    known = [float(ratings[p]) for p in seated if p in ratings]
    average = sum(known) / len(known) if known else 0.0
    return [float(ratings.get(p, average)) for p in seated]


def _choose_sit_outs(
    given: DrawInput, room: dict[str, Any], rng: random.Random, warnings: list[str]
) -> list[dict[str, str]]:
    """The fewest players sit out: never sat out first (by lot), then who sat out longest ago."""
    count = room["sit_out"]
    if not count:
        return []
    last_sat_out: dict[str, int] = {}  # player -> how many entries back (0 = most recent)
    for position, player in enumerate(given.sat_out):
        last_sat_out.setdefault(player, position)
    lot = list(given.players)
    rng.shuffle(lot)
    never = len(given.sat_out)
    lot.sort(key=lambda p: -last_sat_out.get(p, never))
    result = []
    for player in lot[:count]:
        if player in last_sat_out:
            why = _("sat out least recently of those left")
            warnings.append(
                message(_("{player} sat out recently and sits out again"), player=player)
            )
        else:
            why = _("has not sat out recently; drawn by lot")
        result.append({"player": player, "reason": join("; ", [room["seat_reason"], why])})
    return result


def _partner_weights(
    given: DrawInput, index: dict[str, int]
) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
    """Penalty per past partnership among seated players (how many times first, then
    newer events weighing more), and how many times each pair were partners."""
    recency: dict[tuple[int, int], int] = {}
    times: dict[tuple[int, int], int] = {}
    for age, event in enumerate(given.history):
        weight = event_weight(age)
        seen = set()  # a pair named twice in one event is one partnership
        for a, b in event:
            i, j = index.get(a), index.get(b)
            if i is None or j is None or i == j:
                continue
            key = (i, j) if i < j else (j, i)
            if key in seen:
                continue
            seen.add(key)
            recency[key] = recency.get(key, 0) + weight
            times[key] = times.get(key, 0) + 1
    most = MAX_PAIR_WEIGHT
    weights = {  # see search.REPEAT
        key: min(most, REPEAT * times[key] * times[key] + value) for key, value in recency.items()
    }
    return weights, times


def _met_weights(
    events: list[list[list[str]]],
    partnerships: list[list[tuple[str, str]]],
    index: dict[str, int],
) -> list[dict[int, int]] | None:
    """Each seated player's weight of meeting each other one again: players who sat at
    one table at an earlier event, their partners (``partnerships`` of that event) left
    out; newer events weigh more. None when no two seated players met."""
    if not events:
        return None
    m = len(index)
    raw: dict[int, int] = {}  # i * m + j (i < j) -> weight
    get = raw.get
    for age, tables in enumerate(events):
        weight = opponent_weight(age)
        for group in tables:
            ids = sorted(index[p] for p in group if p in index)
            for k, i in enumerate(ids):
                base = i * m
                for j in ids[k + 1 :]:
                    if j != i:
                        raw[base + j] = get(base + j, 0) + weight
        if age < len(partnerships):  # partners met as partners, not as opponents
            for a, b in set(partnerships[age]):
                i, j = index.get(a), index.get(b)
                if i is not None and j is not None and i != j:
                    key = i * m + j if i < j else j * m + i
                    if key in raw:
                        raw[key] -= weight
    met: list[dict[int, int]] = [{} for _ in range(m)]
    for key, value in raw.items():
        if value > 0:
            i, j = divmod(key, m)
            met[i][j] = met[j][i] = min(MAX_OPPONENT_WEIGHT, value)
    return met if raw else None


def _mates(tablemates: list[list[str]], index: dict[str, int]) -> list[set[int]]:
    """For each seated player, the seated players who shared a table with them tonight."""
    mates: list[set[int]] = [set() for _ in index]
    for group in tablemates:
        members = [index[p] for p in group if p in index]
        for x in members:
            mates[x].update(y for y in members if y != x)
    return mates


def _describe_tables(
    game: str, seed: int | str, given: DrawInput, groups: list[list[str]]
) -> list[dict[str, Any]]:
    rules = GAMES[game]
    order_rng = _rng(seed, "seats")
    card_rng = _rng(seed, "cards")
    keeper_rng = _rng(seed, "scorekeepers")
    trump_rng = _rng(seed, "trumps")
    named = set(given.scorekeepers)
    tables = []
    for number, group in enumerate(groups, start=1):
        # "notes": the soft rules broken at this table, in its own words (`notes`).
        table: dict[str, Any] = {"number": number, "notes": []}
        # The game seats the group (with teams: partners opposite each other).
        seating, teams = rules.seat(group, order_rng)
        if teams:
            table["teams"] = teams
        else:
            table["players"] = seating
        table["high_cards"], table["first"] = _draw_high_cards(rules, seating, card_rng)
        table["scorekeepers"] = [_scorekeeper(g, named, keeper_rng) for g in (teams or [seating])]
        if rules.draws_trumps:
            table["trumps"] = rules.draw_trumps(given.options, trump_rng)
        tables.append(table)
    return tables


def _draw_high_cards(
    game: Game, seating: list[str], rng: random.Random
) -> tuple[dict[str, str], str]:
    """Each player draws a card from the game's shuffled deck; the highest plays first.

    The game's deck orders the cards: its ranks, then spades over hearts over diamonds
    over clubs (the bridge order). A deck of two packs (or with two jokers) can give two
    equal highest cards: those players draw again from the rest of the deck, and their
    cards are shown one after the other ("A♠, 9♥").
    """
    deck = game.deck.cards()
    rng.shuffle(deck)
    drawn = {player: [deck.pop()] for player in seating}
    drawing = list(seating)
    while True:
        top = max(drawn[p][-1].strength for p in drawing)
        drawing = [p for p in drawing if drawn[p][-1].strength == top]
        if len(drawing) == 1 or len(deck) < len(drawing):
            break
        for player in drawing:
            drawn[player].append(deck.pop())
    shown = {player: ", ".join(str(card) for card in cards) for player, cards in drawn.items()}
    return shown, drawing[0]


def _scorekeeper(group: list[str], named: set[str], rng: random.Random) -> str:
    present = [p for p in group if p in named]
    return rng.choice(present or group)


def _check_hard_rules(
    players: list[str],
    tables: list[dict[str, Any]],
    sitting_out: list[dict[str, str]],
    spouse: dict[str, str],
) -> None:
    """A last guard: a draw that broke a hard rule must never reach the club."""
    placed = [p for table in tables for p in members(table)]
    placed += [entry["player"] for entry in sitting_out]
    if sorted(placed) != sorted(players):
        raise AssertionError("draw lost or duplicated a player")
    for table in tables:
        for a, b in table.get("teams", []):
            if spouse.get(a) == b:
                raise AssertionError("draw made spouses partners")
