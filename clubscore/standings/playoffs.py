"""A play-off round among the players (or couples) tied for first place.

Decision (kept simple on purpose): the tied players, all of them, are given to the
draw (`clubscore.draw.draw`) like a check-in list, couples included; on the couple
basis both spouses of each tied couple are drawn. In Hand and Foot the draw seats them
at tables of four in two partnerships, spouses never partners. When the tied set does
not make tables (two tied players cannot fill a Hand and Foot table), the draw's own
message is shown to the organizer and nothing is stored.

The play-off round is `Round(kind=playoff, number=next)`; its tables, teams, seats and
scorekeeper links are stored by the events app's own storage of a draw, and the draw is
recorded like any other (`DrawRecord`). Play-off rounds never add to the event's totals.

Its clock is its own and starts as it is drawn (the tied players are waiting; recorded
as the organizer's start): the game's `playoff_time_limit_minutes`, whatever time was
called on the round before. The clock is only the limit: the round is the game's own
play-off length (`Game.playoff_entries`: one hand of Hand and Foot, one round of Laus
and Luxury Family, one game of the exact-bid game), and once that is confirmed its
cards can be turned in (issue 27).

When the tied players do not fill the game's tables (two tied for first in Luxury
Family, a table of three), the organizer picks who fills the empty seats (`PlayoffOffer`
suggests the next in the standings; their play-off scores count for nothing,
`Round.playoff_fillers`) or decides by lot (`Round.playoff_lot`: a play-off round without
tables, the tied players in the order drawn). In a game with teams the draw is asked to
keep the tied players from partnering each other where the fillers allow (they would
share one result and stay tied).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from django import forms
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubscore.club.models import Couple, Player
from clubscore.draw import DrawError, draw, fit
from clubscore.events import services as event_services
from clubscore.events.clock import start_clock
from clubscore.events.models import CheckIn, DrawRecord, Event, Round
from clubscore.games import GAMES
from clubscore.numbers import parse_int

from .standings import Standings, event_standings


@dataclass
class PlayoffOffer:
    """What "Start a play-off round" offers for the pending tie: how many seats the tied
    players leave empty, who may fill them (everyone else of the evening still checked
    in, in standings order) and who is suggested (the next in the standings)."""

    needed: int = 0
    candidates: list[tuple[int, str]] = field(default_factory=list)
    suggested: list[int] = field(default_factory=list)
    # Couples tied at one table of a game of teams: spouses never partner, so each
    # couple has a player in each team and their sums stay level, however it is played.
    cannot_part: bool = False
    # Why the players picked for the empty seats last time will not do (`picked`).
    refusal: str = ""

    @property
    def seats(self) -> list[tuple[int, int | None]]:
        """(seat number, suggested player id) for each empty seat."""
        return list(enumerate(self.suggested, start=1))

    def picked(self, fillers: list[int]) -> PlayoffOffer:
        """The offer with the organizer's last picks for the empty seats in them (a try
        refused, sent back to the page), and why they will not do: the choice is kept,
        and said at the seats."""
        if not self.needed or not fillers:
            return self
        try:
            _check_fillers(self, fillers)
        except FillersRefused as refused:
            refusal = refused.message
        else:
            refusal = ""
        known = {pid for pid, _name in self.candidates}
        seats: list[int | None] = [pid if pid in known else None for pid in fillers]
        seats = [*seats[: self.needed], *self.suggested[len(seats) :]]
        return replace(self, suggested=seats, refusal=refusal)


class FillersRefused(DrawError):
    """The players picked for the empty seats will not do: too few, one twice, or not
    one of the evening's other players."""


MAX_FILLERS = 16  # more empty seats than any game's table has


class PlayerIds(forms.Field):
    """Player ids sent as a list (`fillers=12&fillers=15`): whole numbers, a few."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value) -> list[int]:
        if not value:
            return []
        if not isinstance(value, (list, tuple)) or len(value) > MAX_FILLERS:
            raise forms.ValidationError(_("Choose the players for the empty seats again."))
        # ASCII digits only: int() reads "١" as player 1.
        ids = [parse_int(item) for item in value]
        if not all(pid is not None and 0 < pid < 2**31 for pid in ids):
            raise forms.ValidationError(_("Choose the players for the empty seats again."))
        return ids


class PlayoffForm(forms.Form):
    """What "Start a play-off round" sends: the players for the empty seats, or by lot."""

    fillers = PlayerIds(required=False)
    by_lot = forms.BooleanField(required=False)


def fillers_needed(game: str, tied: int) -> int:
    """How many players the tied players need beside them to fill the game's tables."""
    room = fit(game, tied)
    return 0 if room["fits"] else room["add"]


def playoff_offer(standings: Standings) -> PlayoffOffer:
    """The pending tie's offer (empty seats, candidates, suggestion): one query (who is
    checked in), two on the couple basis (a line names a couple; a seat is filled by one
    player)."""
    tied = standings.playoff_rows
    if not tied:
        return PlayoffOffer()
    tied_ids = {pid for row in tied for pid in row.player_ids}
    game = GAMES[standings.event.game]
    needed = fillers_needed(game.key, len(tied_ids))
    if not needed:
        couples = all(len(row.player_ids) == 2 for row in tied)
        one_table = len(tied_ids) == game.max_players
        return PlayoffOffer(cannot_part=game.teams and couples and one_table)
    # Who is still here: a player checked out (gone home) fills no seat. An evening
    # kept without check-ins (its tables entered by hand) offers everyone.
    here = set(CheckIn.objects.filter(event=standings.event).values_list("player_id", flat=True))
    order: list[int] = []
    names: dict[int, str] = {}
    for row in standings.rows:  # ranked first, in standings order; then the rest
        for pid in row.player_ids:
            if pid not in tied_ids and pid not in names and (pid in here or not here):
                order.append(pid)
                names[pid] = row.name
    if any(len(row.player_ids) > 1 for row in standings.rows):
        players = Player.objects.filter(pk__in=order).only("first_name", "last_name")
        names.update({player.pk: player.name for player in players})
    candidates = [(pid, names[pid]) for pid in order]
    return PlayoffOffer(needed, candidates, order[:needed])


def _next_number(event: Event, seen: int) -> int:
    """The new play-off round's number, under the event's lock; refused when a round was
    added since the standings were read (two clicks, two organizers: one play-off)."""
    if event.status == Event.Status.FINAL:
        raise DrawError(_("The evening is final: reopen it before starting a play-off."))
    last = event.rounds.aggregate(last=Max("number"))["last"] or 0
    if last != seen:
        raise DrawError(
            _("A play-off round for this tie is in progress: its cards decide the tie.")
        )
    return last + 1


def _last_round(event: Event) -> int:
    return event.rounds.aggregate(last=Max("number"))["last"] or 0


def _lot(event: Event, tied: list, seed: int, user, seen: int) -> Round:
    """Decide the tie by lot: a play-off round without tables, the order drawn kept (and
    recorded like a draw: who decided, when, among whom)."""
    order = sorted(pid for row in tied for pid in row.player_ids)
    random.Random(f"clubscore.playoff-lot:{seed}").shuffle(order)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        now = timezone.now()
        round_ = Round.objects.create(
            event=event,
            number=_next_number(event, seen),
            kind=Round.Kind.PLAYOFF,
            seed=seed,
            drawn_at=now,
            playoff_lot=order,
        )
        DrawRecord.objects.create(
            round=round_,
            seed=seed,
            arguments={"by_lot": True, "playoff_of": [row.name for row in tied]},
            result={"lot": [str(pid) for pid in order]},
            drawn_by=user if user is not None and user.is_authenticated else None,
            drawn_at=now,
        )
    return round_


def _tied_apart(tied: list) -> list[tuple[str, str]]:
    """Each pair of tied players on different sides (a side: the rows that played as
    one team all evening, so share one result)."""
    side = {pid: frozenset(row.partnerships) for row in tied for pid in row.player_ids}
    ids = list(side)
    return [(str(a), str(b)) for i, a in enumerate(ids) for b in ids[i + 1 :] if side[a] != side[b]]


def _check_fillers(offer: PlayoffOffer, fillers: list[int] | None) -> list[int]:
    """The organizer's fillers, checked: exactly as many as there are empty seats, each
    one of the evening's other players, none twice."""
    fillers = list(fillers or [])
    if offer.needed == 0:
        if fillers:
            raise DrawError(_("The tied players fill the tables: nobody else is needed."))
        return []
    if len(fillers) != offer.needed or len(set(fillers)) != len(fillers):
        raise FillersRefused(
            ngettext(
                "Choose %(count)s player to fill the empty seat, or decide by lot.",
                "Choose %(count)s different players to fill the empty seats, or decide by lot.",
                offer.needed,
            )
            % {"count": offer.needed}
        )
    allowed = {pid for pid, _name in offer.candidates}
    if not set(fillers) <= allowed:
        raise FillersRefused(_("Only players of this evening who are not tied can fill a seat."))
    return fillers


def _keepers_without_a_stake(
    result: dict, tied: list[int], fillers: list[int], couples: list[tuple[str, str]]
) -> None:
    """Who keeps a play-off's score, in `result`'s tables: a filler with no stake in the
    tie where the side has one; never a filler married to a tied player (a walk: the
    wife of one of two tied players entered the round that decided between them), who
    gives way to a tied player (the table's other players confirm, as always)."""
    spouse = {a: b for a, b in couples} | {b: a for a, b in couples}
    tied_ids = {str(pid) for pid in tied}
    filling = {str(pid) for pid in fillers}
    neutral = {pid for pid in filling if spouse.get(pid) not in tied_ids}
    for table in result["tables"]:
        sides = table.get("teams") or [table["players"]]
        keepers = table.get("scorekeepers") or [None] * len(sides)
        table["scorekeepers"] = [
            next((p for p in side if p in neutral), None)
            or (keeper if keeper not in filling - neutral else None)
            or next((p for p in side if p in tied_ids), keeper)
            for side, keeper in zip(sides, keepers, strict=True)
        ]


def start_playoff(
    event: Event,
    *,
    basis: str | None = None,
    user=None,
    seed: int | None = None,
    fillers: list[int] | None = None,
    by_lot: bool = False,
):
    """Draw a play-off round among those tied for first (with `fillers` in the seats they
    leave empty), or decide the tie `by_lot`; raises DrawError with a message for the
    organizer when there is no tie or the players do not make tables."""
    seen = _last_round(event)
    standings = event_standings(event, basis=basis)
    if standings.playoff_running:
        raise DrawError(
            _("A play-off round for this tie is in progress: its cards decide the tie.")
        )
    tied = standings.playoff_rows
    if not tied:
        raise DrawError(_("Nobody is tied for first place: there is no play-off to start."))
    if standings.playoff_waits_for:
        raise DrawError(standings.playoff_waits_for)
    tied_ids = [pid for row in tied for pid in row.player_ids]
    seed = event_services.new_seed() if seed is None else seed
    if by_lot:
        return _lot(event, tied, seed, user, seen)
    extra = _check_fillers(playoff_offer(standings), fillers)
    player_ids = [str(pid) for pid in [*tied_ids, *extra]]
    couples = Couple.objects.of_players(player_ids).order_by("pk")
    couple_pairs = [(str(c.player_a_id), str(c.player_b_id)) for c in couples]
    # Tied players of different sides are kept from partnering each other (as if they
    # had been partners before): partners share one result, and the tie would stand. So
    # two teams tied for first play it off as the teams they were, against each other.
    apart = _tied_apart(tied)
    history = [apart] if apart else []
    arguments = {
        "game": event.game,
        "players": player_ids,
        "couples": [list(pair) for pair in couple_pairs],
        "seed": seed,
        "history": [[list(pair) for pair in apart]] if apart else [],
        "scorekeepers": [str(c.scorekeeper_id) for c in couples],
        "playoff_of": [row.name for row in tied],
        "fillers": [str(pid) for pid in extra],
    }
    # Those filling empty seats sit at different tables when the tables allow: four tied
    # at tables of three play two and two, each with one filler, not three together and
    # one with two players who have no stake (a walk, 2026-11-30).
    tables = -(-len(player_ids) // GAMES[event.game].max_players)
    apart_fillers = [[str(pid) for pid in extra]] if 1 < len(extra) <= tables else []
    arguments["tablemates"] = apart_fillers
    result = draw(
        event.game,
        players=player_ids,
        couples=couple_pairs,
        seed=seed,
        history=history,
        scorekeepers=arguments["scorekeepers"],
        options=event.game_options,
        tablemates=apart_fillers,
    )
    _keepers_without_a_stake(result, tied_ids, extra, couple_pairs)
    if result["repeats"]:
        # Those "repeats" are only the tied players kept apart above (three tied at a
        # table of four: two must partner), not partnerships of the season: the draw
        # names them last, so their lines go.
        del result["warnings"][-(len(result["repeats"]) + 1) :]
        result["repeats"] = []
    with transaction.atomic():
        # The event row is the lock: two clicks cannot make two play-off rounds at once.
        event = Event.objects.select_for_update().get(pk=event.pk)
        number = _next_number(event, seen)
        now = timezone.now()
        round_ = Round.objects.create(
            event=event,
            number=number,
            kind=Round.Kind.PLAYOFF,
            seed=seed,
            drawn_at=now,
            playoff_fillers=extra,
        )
        names = {
            str(player.pk): player.name
            for player in Player.objects.filter(pk__in=player_ids).only("first_name", "last_name")
        }
        event_services.store_draw(
            round_, result, names, seed=seed, arguments=arguments, user=user, drawn_at=now
        )
        round_ = start_clock(round_, now=now, user=user)
    return round_
