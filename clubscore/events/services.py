"""Operations on events that span several rows: check-in and the draw.

The draw itself is the pure function `clubscore.draw.draw`; this module gathers its
arguments from the database (check-ins, couples, recent partnerships and sit-outs) and
stores what it returns as the round's tables, teams, seats and scorekeeper links, in one
transaction with the event row locked, so two organizers pressing "Draw" at once cannot
leave a round half drawn.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from clubscore.club.models import Couple, Player
from clubscore.draw import DrawError, draw, fit
from clubscore.errors import Refused
from clubscore.games import GAMES
from clubscore.messages import rename, to_data

from .history import recent_sit_outs, rounds_tonight, season_history, tablemates_tonight
from .models import (
    CheckIn,
    DrawRecord,
    Event,
    Round,
    ScoreEntry,
    ScorekeeperLink,
    Seat,
    Table,
    Team,
)
from .signals import player_ratings

# Statuses in which check-in has not moved on yet: a draw moves them to "drawn".
BEFORE_DRAW = (Event.Status.DRAFT, Event.Status.CHECK_IN)


class RedrawRefused(DrawError, Refused):
    """The round cannot be drawn again (scores were entered, or the event is over)."""


# --- Check-in -----------------------------------------------------------------------


class CheckInClosed(Refused):
    """The evening is final: who came is part of its result (reopen it to change it)."""


def _refuse_once_final(event: Event) -> None:
    # The event's row locked (two taps at once wait for each other; a finish that lands
    # first is seen).
    locked = Event.objects.select_for_update().filter(pk=event.pk)
    if locked.values_list("status", flat=True).first() == Event.Status.FINAL:
        raise CheckInClosed(
            _("The evening is final: check-in is closed. Reopen it to change who came.")
        )


def check_in(event: Event, players: list[Player] | Player) -> int:
    """Check players in; someone already checked in stays as they were (a double tap is fine).

    Returns how many were newly checked in; refused once the evening is final.
    """
    if isinstance(players, Player):
        players = [players]
    with transaction.atomic():
        _refuse_once_final(event)
        already = set(
            CheckIn.objects.filter(event=event, player__in=players).values_list(
                "player_id", flat=True
            )
        )
        new = [CheckIn(event=event, player=p) for p in players if p.pk not in already]
        # ignore_conflicts: a second tablet checking the same player in at the same
        # instant meets the unique constraint instead of an error.
        CheckIn.objects.bulk_create(new, ignore_conflicts=True)
        if new and event.status == Event.Status.DRAFT:
            event.status = Event.Status.CHECK_IN
            event.save(update_fields=["status"])
    return len(new)


def check_out(event: Event, players: list[Player] | Player) -> int:
    """Undo a check-in; returns how many were checked out."""
    if isinstance(players, Player):
        players = [players]
    with transaction.atomic():
        _refuse_once_final(event)
        deleted, _by_model = CheckIn.objects.filter(event=event, player__in=players).delete()
    return deleted


class AlreadyMember(Refused):
    """A walk-in's name is a member's who is not checked in: found by the search.
    `alike`: the name is written alike, not the same (accents, umlauts written out,
    case): maybe someone else."""

    def __init__(self, message: str, *, alike: bool = False) -> None:
        super().__init__(message)
        self.alike = alike


def add_walk_in(
    event: Event, first_name: str, last_name: str, *, someone_else: bool = False
) -> Player:
    """A newcomer at the door: a new player, checked in at once.

    The name checked with the event row locked, so two taps (or a resend) at once make
    one player: a member of that name checked in tonight is the answer again; one not
    checked in is refused (`AlreadyMember`), to be found by the search. A member whose
    name is written alike ("zoe hartmann", Zoë Hartmann) is refused too, unless the
    organizer says the newcomer is `someone_else`."""
    with transaction.atomic():
        _refuse_once_final(event)  # the event's row locked, as the name is checked
        same = Player.objects.filter(first_name__iexact=first_name, last_name__iexact=last_name)
        member = same.order_by("pk").first()
        if member is not None:
            if CheckIn.objects.filter(event=event, player=member).exists():
                return member
            raise AlreadyMember(
                _(
                    "%(name)s is already a member: find them with the search above and "
                    "check them in there."
                )
                % {"name": member.name}
            )
        alike = Player.objects.named_alike(first_name, last_name).order_by("pk").first()
        if alike is not None and not someone_else:
            raise AlreadyMember(
                _(
                    "%(name)s is already a member: if it is them, find them with the search "
                    "above. Someone else of that name? Tick the box below and add again."
                )
                % {"name": alike.name},
                alike=True,
            )
        player = Player.objects.create(first_name=first_name, last_name=last_name)
        check_in(event, player)
    return player


def fit_for(event: Event, count: int) -> dict[str, Any]:
    """What `count` checked-in players make for this event's game (the live count)."""
    return fit(event.game, count)


# --- The draw -----------------------------------------------------------------------


@dataclass
class DrawOutcome:
    round: Round
    record: DrawRecord
    result: dict[str, Any]
    tables: list[Table] = field(default_factory=list)

    @property
    def warnings(self) -> list[str]:
        return self.result["warnings"]

    @property
    def sitting_out(self) -> list[dict[str, str]]:
        return self.result["sitting_out"]


def new_seed() -> int:
    return secrets.randbelow(10**9)


def draw_arguments(
    event: Event,
    *,
    seed: int,
    allow_sit_out: bool,
    round_number: int = 1,
    ranking: list[str] | None = None,
) -> dict[str, Any]:
    """The draw's arguments for `event`, gathered from the database (JSON-serialisable)."""
    player_ids = list(
        CheckIn.objects.filter(event=event)
        .order_by("checked_in_at", "pk")
        .values_list("player_id", flat=True)
    )
    couples = Couple.objects.of_players(player_ids).order_by("pk")
    partnerships, opponents = season_history(event)
    # Tonight's earlier rounds come first, the newest of all (aligned, as the draw reads
    # each event's partnerships beside its tables).
    partners_tonight, tables_tonight = rounds_tonight(event, round_number)
    partnerships, opponents = partners_tonight + partnerships, tables_tonight + opponents
    arguments = {
        "game": event.game,
        "players": [str(pk) for pk in player_ids],
        "couples": [[str(c.player_a_id), str(c.player_b_id)] for c in couples],
        "seed": seed,
        "history": [[list(pair) for pair in partners] for partners in partnerships],
        "opponents": opponents,
        "sat_out": recent_sit_outs(event, round_number),
        "allow_sit_out": allow_sit_out,
        "scorekeepers": [str(c.scorekeeper_id) for c in couples],
        "options": event.game_options,
        "tablemates": tablemates_tonight(event, round_number),
        "ranking": ranking,
    }
    if event.game_options.get("balance_by_rating"):
        arguments["ratings"] = player_ratings(event.game, player_ids)
    return arguments


def round_has_scores(round_: Round) -> bool:
    return ScoreEntry.objects.filter(table__round=round_).exists()


def round_has_begun(round_: Round) -> bool:
    """A score entered at one of its tables, or a table's card settled (turned in, or
    the table marked not played); a play-off decided by lot, which has no tables, is
    settled as it is made."""
    if round_.decided_by_lot:
        return True
    settled = Q(turned_in_at__isnull=False) | Q(not_played=True)
    return round_has_scores(round_) or round_.tables.filter(settled).exists()


def _latest_record(round_: Round | None) -> int:
    """The id of the round's latest draw (0: not drawn)."""
    if round_ is None:
        return 0
    latest = DrawRecord.objects.filter(round=round_).order_by("-drawn_at", "-pk")
    return latest.values_list("pk", flat=True).first() or 0


def draw_round(
    event: Event,
    *,
    seed: int | None = None,
    allow_sit_out: bool = False,
    user: AbstractBaseUser | AnonymousUser | None = None,
    round_number: int | None = 1,
    after: int | None = None,
    ranking: list[str] | None = None,
    seen_record: int | None = None,
) -> DrawOutcome:
    """Draw (or redraw) a round of `event` and store it; raises DrawError with a message
    for the organizer when it cannot (numbers that do not fit, scores already entered).

    `seen_record`: the round's latest draw the organizer's page showed (0: none), so a
    second tap on "Draw the tables", or a redraw racing another, does not draw over
    tables nobody has seen.

    `round_number=None` draws the next round of a series (the number after the last
    round, taken under the lock); `after` is the last round the organizer saw, so a
    resent "Next round" does not add a second one. `ranking` seats by that order
    instead of by lot (see `clubscore.draw.draw`).
    """
    if seed is None:
        seed = new_seed()
    with transaction.atomic():
        # The event row is the lock: one draw of an event at a time.
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status == Event.Status.FINAL:
            raise RedrawRefused(_("The event is final; its tables can no longer be drawn."))
        if round_number is None:
            last = event.rounds.order_by("-number").values_list("number", flat=True).first() or 0
            if after is not None and last != after:
                raise RedrawRefused(
                    _("Round %(number)s has been added already.") % {"number": last}
                )
            if last and not round_has_begun(event.rounds.get(number=last)):
                # One tap on "Next round" right after the clock started would seat
                # everyone again while they play; a round not begun is drawn again instead.
                raise RedrawRefused(
                    _(
                        "Round %(number)s has no score yet: play it before the next round, "
                        "or draw it again on the Draw page."
                    )
                    % {"number": last}
                )
            round_number = last + 1
        round_ = Round.objects.filter(event=event, number=round_number).first()
        if seen_record is not None and _latest_record(round_) != seen_record:
            raise RedrawRefused(
                _(
                    "The tables were drawn meanwhile (a second tap, or another organizer): "
                    "here they are. To draw again, use “Draw again…”."
                )
            )
        if round_ is not None and round_has_scores(round_):
            raise RedrawRefused(
                _("Round %(number)s cannot be drawn again: scores have been entered at its tables.")
                % {"number": round_number}
            )
        arguments = draw_arguments(
            event,
            seed=seed,
            allow_sit_out=allow_sit_out,
            round_number=round_number,
            ranking=ranking,
        )
        args = dict(arguments)
        args.pop("game")
        args["couples"] = [tuple(pair) for pair in args["couples"]]
        args["history"] = [[tuple(pair) for pair in partners] for partners in args["history"]]
        result = draw(event.game, **args)

        now = timezone.now()
        if round_ is None:
            round_ = Round.objects.create(event=event, number=round_number)
        else:
            # A redraw: the old tables go (seats, teams and links with them).
            Table.objects.filter(round=round_).delete()
        round_.seed = seed
        round_.drawn_at = now
        round_.save(update_fields=["seed", "drawn_at"])
        names = dict(
            (str(player.pk), player.name)
            for player in Player.objects.filter(pk__in=arguments["players"]).only(
                "first_name", "last_name"
            )
        )
        tables, record = store_draw(
            round_, result, names, seed=seed, arguments=arguments, user=user, drawn_at=now
        )
        if event.status in BEFORE_DRAW:
            event.status = Event.Status.DRAWN
            event.save(update_fields=["status"])
    return DrawOutcome(round=round_, record=record, result=result, tables=tables)


def store_draw(
    round_: Round,
    result: dict[str, Any],
    names: dict[str, str],
    *,
    seed: int,
    arguments: dict[str, Any],
    user: Any,
    drawn_at: datetime,
) -> tuple[list[Table], DrawRecord]:
    """Store a draw result as the round's tables and keep it in the event's history.

    ``names`` maps player ids to names, so that broken soft rules read with names.
    The draw's texts (warnings, reasons for sitting out) are English ``Message``s; JSON
    keeps only their English, so ``result["messages"]`` keeps their templates too and
    the pages can show them in the reader's language (see ``stored_messages``).
    """
    tables = _store_tables(round_, result, names)
    record = DrawRecord.objects.create(
        round=round_,
        seed=seed,
        arguments=arguments,
        result={
            **result,
            "messages": {
                "warnings": [to_data(warning) for warning in result["warnings"]],
                "sitting_out": [to_data(entry["reason"]) for entry in result["sitting_out"]],
            },
        },
        drawn_by=user if user is not None and user.is_authenticated else None,
        drawn_at=drawn_at,
    )
    return tables, record


def _store_tables(round_: Round, result: dict[str, Any], names: dict[str, str]) -> list[Table]:
    """Tables, teams, seats and scorekeeper links of a draw result, in a few bulk inserts."""
    drawn = result["tables"]
    tables = Table.objects.bulk_create(
        [
            Table(
                round=round_,
                number=entry["number"],
                first_player_id=int(entry["first"]),
                draw_details={
                    "high_cards": entry["high_cards"],
                    "scorekeepers": entry["scorekeepers"],
                    # The draw's notes for this table alone (the round's warnings show
                    # once, above the tables).
                    "warnings": [to_data(rename(note, names)) for note in entry["notes"]],
                    **({"trumps": entry["trumps"]} if "trumps" in entry else {}),
                },
            )
            for entry in drawn
        ]
    )
    teams: list[Team] = []
    for table, entry in zip(tables, drawn, strict=True):
        for number, keeper in enumerate(entry.get("scorekeepers", []) if "teams" in entry else []):
            teams.append(Team(table=table, number=number + 1, scorekeeper_id=int(keeper)))
    teams = Team.objects.bulk_create(teams)
    team_of: dict[tuple[int, int], Team] = {(t.table_id, t.number): t for t in teams}

    seats: list[Seat] = []
    links: list[ScorekeeperLink] = []
    for table, entry in zip(tables, drawn, strict=True):
        keepers = set(entry["scorekeepers"])
        if "teams" in entry:
            order = GAMES[round_.event.game].seating_of_teams(
                [[(player, n) for player in team] for n, team in enumerate(entry["teams"], 1)]
            )
        else:
            order = [(player, None) for player in entry["players"]]
        for position, (player, team_number) in enumerate(order, start=1):
            team = team_of[(table.pk, team_number)] if team_number else None
            seats.append(
                Seat(
                    round=round_,
                    table=table,
                    position=position,
                    player_id=int(player),
                    team=team,
                    is_scorekeeper=player in keepers,
                )
            )
        if "teams" in entry:
            for number, keeper in enumerate(entry["scorekeepers"], start=1):
                team = team_of[(table.pk, number)]
                links.append(ScorekeeperLink(table=table, team=team, player_id=int(keeper)))
        else:
            links.append(ScorekeeperLink(table=table, player_id=int(entry["scorekeepers"][0])))
    Seat.objects.bulk_create(seats)
    ScorekeeperLink.objects.bulk_create(links)
    return tables
