"""Seating: who sits at which table (and, in team games, who partners whom).

A seeded shuffle fills the tables, then a seeded local search swaps players between two
tables while that lowers the penalty. Tables are small, so a swap is judged by re-scoring
just the two tables it touches; that keeps a 1,000-player draw near-linear.

Penalty of one table:
- ``COUPLE`` for each couple sitting at it (soft rule: spouses at different tables);
- team games: the cheapest of the three ways to split four players into two partnerships,
  where spouses as partners cost ``HARD`` (never chosen: splitting a table of four can
  always keep a couple apart, because each player is in at most one couple) and a
  partnership from history costs its weight: first how many times they were partners
  (squared, so a third time weighs more than two second times), then how recently (newer
  events weigh more); and two players who met as opponents at an earlier event (at one
  table, not partners) cost a little, never as much as one repeated partnership.
- other games: two players who sat at one table at an earlier event cost that little.

- ``MATE`` for each two players at it who already sat at one table tonight (an
  earlier round of the same evening: the next round mixes the tables).

``COUPLE`` outweighs any club's whole history penalty (a repeated partnership weighs at
most ``MAX_PAIR_WEIGHT``), so the search never buys history improvements with a couple
sharing a table: sharing a table is the worse of the two soft rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

COUPLE = 10**7
HARD = 10**12
MATE = 10_000  # above any table's history weight, far below a couple sharing a table
# A past partnership weighs min(MAX_PAIR_WEIGHT, REPEAT * times² + the sum of its events'
# event_weight): how many times first, then how recent (core._partner_weights).
REPEAT = 256  # above all of recency's weight
NEWEST_EVENT_WEIGHT = 64
MAX_PAIR_WEIGHT = 9 * REPEAT + 2 * NEWEST_EVENT_WEIGHT  # a fourth time weighs no more
# Opponents: two tables' weight (a swap changes two) stays under one REPEAT, so the search
# never buys fresh opponents with a repeated partnership.
NEWEST_OPPONENT_WEIGHT = 8
MAX_OPPONENT_WEIGHT = 16

FULL_SCAN = 32  # clubs up to this size try every swap partner; bigger ones sample
SAMPLE = 16  # swap partners sampled per step in big clubs
RESTARTS = 4  # extra fresh starts for small clubs whose first search left a penalty
POLISH, MAX_POLISH = 2, 600  # steps per player (at most) spent on fresh opponents

# The three ways to split the four seats of a table into two partnerships.
_PAIRINGS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))


def event_weight(age: int) -> int:
    """Weight of repeating a partnership from the event ``age`` events back (0 = newest)."""
    return max(1, NEWEST_EVENT_WEIGHT >> age)


def opponent_weight(age: int) -> int:
    """Weight of meeting again an opponent of the event ``age`` events back."""
    return max(1, NEWEST_OPPONENT_WEIGHT >> age)


class Seating:
    """Penalty arithmetic over player indices 0..m-1 (see the module docstring)."""

    def __init__(
        self,
        m: int,
        spouse: list[int],
        partner_weight: list[dict[int, int]],
        teams: bool,
        mates: list[set[int]] | None = None,
        met: list[dict[int, int]] | None = None,
    ) -> None:
        self.m = m
        self.spouse = spouse  # -1 for singles
        self.partner_weight = partner_weight
        self.teams = teams
        self.mates = mates or [set() for _ in range(m)]  # tonight's earlier tablemates
        # Earlier events' opponents (or tablemates): weight per pair, by player index.
        self.met = met if met and any(met) else None

    def pair_cost(self, a: int, b: int) -> int:
        if self.spouse[a] == b:
            return HARD
        return self.partner_weight[a].get(b, 0)

    def met_cost(self, a: int, b: int) -> int:
        return self.met[a].get(b, 0) if self.met is not None else 0

    def best_pairing(
        self, members: Sequence[int], ratings: Sequence[float] | None = None
    ) -> tuple[int, list[int]]:
        """Cheapest split of four players into partners: (cost, [p, q, r, s]) for (p,q)(r,s).

        With `ratings` (by player index), of the splits that cost the least the one with
        the most even teams (the smallest difference of the partners' rating sums)."""
        best_key, best_cost, best = None, HARD * 3, list(members)
        met = self._met_total(members)
        for pairing in _PAIRINGS:
            p, q, r, s = (members[i] for i in pairing)
            cost = self.pair_cost(p, q) + self.pair_cost(r, s)
            if met:  # opponents: every pair at the table but the partners
                cost += met - self.met_cost(p, q) - self.met_cost(r, s)
            gap = abs(ratings[p] + ratings[q] - ratings[r] - ratings[s]) if ratings else 0
            if best_key is None or (cost, gap) < best_key:
                best_key, best_cost, best = (cost, gap), cost, [p, q, r, s]
        return best_cost, best

    def _met_total(self, members: Sequence[int]) -> int:
        if self.met is None:
            return 0
        met = self.met
        return sum(met[x].get(y, 0) for i, x in enumerate(members) for y in members[i + 1 :])

    def table_cost(self, members: Sequence[int]) -> int:
        spouse = self.spouse
        cost = 0
        for x in members:
            s = spouse[x]
            if s > x and s in members:
                cost += COUPLE
            mates = self.mates[x]
            if mates:
                cost += MATE * sum(1 for y in members if y > x and y in mates)
        if self.teams:
            cost += self.best_pairing(members)[0]
        else:
            cost += self._met_total(members)
        return cost

    def conflicted(self, members: Sequence[int]) -> list[int]:
        """Members whose spouse or a past partner sits at the same table; else those who
        met one of the others at an earlier event; else all."""
        found = []
        for x in members:
            weights = self.partner_weight[x]
            mates = self.mates[x]
            if (
                self.spouse[x] in members
                or (self.teams and weights and any(y in weights for y in members))
                or (mates and any(y in mates for y in members))
            ):
                found.append(x)
        if not found and self.met is not None:
            found = [x for x in members if any(y in self.met[x] for y in members)]
        return found or list(members)


def random_start(m: int, sizes: list[int], rng: random.Random) -> list[list[int]]:
    order = list(range(m))
    rng.shuffle(order)
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def couples_apart_start(
    m: int, sizes: list[int], spouse: list[int], rng: random.Random
) -> list[list[int]]:
    """A start with no couple sharing a table (possible whenever there are two tables).

    Spouses go next to each other in a list that is dealt round-robin over the tables,
    so they always land at different tables.
    """
    couples = [[x, spouse[x]] for x in range(m) if spouse[x] > x]
    singles = [x for x in range(m) if spouse[x] < 0]
    rng.shuffle(couples)
    rng.shuffle(singles)
    sequence = []
    for couple in couples:
        rng.shuffle(couple)
        sequence.extend(couple)
    sequence.extend(singles)
    tables: list[list[int]] = [[] for _ in sizes]
    slots = [t for seat in range(max(sizes)) for t, size in enumerate(sizes) if size > seat]
    for player, t in zip(sequence, slots, strict=True):
        tables[t].append(player)
    order = list(range(len(tables)))
    rng.shuffle(order)  # table numbers carry no trace of the dealing pattern
    return [tables[t] for t in order]


def improve(
    seating: Seating,
    tables: list[list[int]],
    rng: random.Random,
    max_steps: int,
    budget: int | None = None,
) -> int:
    """Swap players between tables while the penalty falls; returns the final penalty.

    Works on ``tables`` in place. Equal-penalty swaps are allowed so the search can walk
    across plateaus instead of stopping at the first local minimum; it gives up after
    ``max_steps`` steps without a strict improvement (the rest may be impossible), or
    after ``budget`` steps in all.
    """
    m = seating.m
    table_of = [0] * m
    for t, members in enumerate(tables):
        for x in members:
            table_of[x] = t
    costs = [seating.table_cost(members) for members in tables]
    bad = {t for t, cost in enumerate(costs) if cost}
    if len(tables) < 2:
        return sum(costs)
    table_cost = seating.table_cost
    steps = 0  # since the last strict improvement
    while bad and steps < max_steps:
        for t in sorted(bad):  # sorted: set order must never decide anything
            if t not in bad:
                continue
            steps += 1
            if budget is not None:
                budget -= 1
                if budget < 0:
                    return sum(costs)
            members_t = tables[t]
            x = rng.choice(seating.conflicted(members_t))
            if m - len(members_t) <= FULL_SCAN:
                candidates = [y for y in range(m) if table_of[y] != t]
            else:
                sample = (rng.randrange(m) for _ in range(SAMPLE))
                candidates = [y for y in sample if table_of[y] != t]
            best_delta, best_moves = 1, []
            for y in candidates:
                u = table_of[y]
                new_t = [y if p == x else p for p in members_t]
                new_u = [x if p == y else p for p in tables[u]]
                delta = table_cost(new_t) + table_cost(new_u) - costs[t] - costs[u]
                if delta < best_delta:
                    best_delta, best_moves = delta, [(y, u, new_t, new_u)]
                elif delta == best_delta:
                    best_moves.append((y, u, new_t, new_u))
            if not best_moves or best_delta > 0:
                continue
            if best_delta < 0:
                steps = 0
            y, u, new_t, new_u = best_moves[0] if best_delta < 0 else rng.choice(best_moves)
            tables[t], tables[u] = new_t, new_u
            table_of[x], table_of[y] = u, t
            for table in (t, u):
                costs[table] = table_cost(tables[table])
                if costs[table]:
                    bad.add(table)
                else:
                    bad.discard(table)
            if steps >= max_steps:
                break
    return sum(costs)


def seat(
    m: int,
    sizes: list[int],
    spouse: list[int],
    partner_weight: list[dict[int, int]],
    teams: bool,
    rng: random.Random,
    ratings: Sequence[float] | None = None,
    mates: list[set[int]] | None = None,
    met: list[dict[int, int]] | None = None,
) -> list[list[int]]:
    """Tables of player indices, sized ``sizes``; in team games each as [p, q, r, s]
    meaning partners (p, q) against (r, s), as even by ``ratings`` as the rules allow;
    ``mates``: each player's tablemates earlier tonight, kept apart where possible;
    ``met``: weights of pairs who met at earlier events (opponents), kept apart a little."""
    seating = Seating(m, spouse, partner_weight, teams, mates)
    max_steps = 100 + m
    tables = random_start(m, sizes, rng)
    penalty = improve(seating, tables, rng, max_steps)
    attempts = RESTARTS if m <= FULL_SCAN else 0
    # Couples can always sit apart once there are two tables; make sure they do.
    if penalty >= COUPLE and len(sizes) > 1:
        attempts += 1
    for attempt in range(attempts):
        if not penalty:
            break
        if attempt == attempts - 1 and len(sizes) > 1:
            candidate = couples_apart_start(m, sizes, spouse, rng)
        else:
            candidate = random_start(m, sizes, rng)
        candidate_penalty = improve(seating, candidate, rng, max_steps)
        if candidate_penalty < penalty:
            tables, penalty = candidate, candidate_penalty
    if met is not None and len(sizes) > 1:
        # Then fresh opponents, on a budget: the partnerships' weights dominate, so a
        # swap that lowers the whole penalty never brings a partnership back.
        seating = Seating(m, spouse, partner_weight, teams, mates, met)
        improve(seating, tables, rng, max_steps, budget=min(POLISH * m, MAX_POLISH))
    if teams:
        tables = [seating.best_pairing(members, ratings)[1] for members in tables]
    return tables


def seat_in_order(
    m: int,
    sizes: list[int],
    spouse: list[int],
    partner_weight: list[dict[int, int]],
    teams: bool,
    ratings: Sequence[float] | None = None,
) -> list[list[int]]:
    """Players 0..m-1 seated in their order (the first ones at the first table), as
    ``seat`` returns them: in team games the partnerships keep spouses apart and avoid
    recent partners (as even by ``ratings`` as those allow)."""
    seating = Seating(m, spouse, partner_weight, teams)
    tables, start = [], 0
    for size in sizes:
        tables.append(list(range(start, start + size)))
        start += size
    if teams:
        tables = [seating.best_pairing(members, ratings)[1] for members in tables]
    return tables
