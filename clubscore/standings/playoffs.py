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
as the organizer's start): the game's `playoff_time_limit_minutes`, about one hand of
Hand and Foot or one round of the round games, whatever time was called on the round
before.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from clubscore.club.models import Couple, Player
from clubscore.draw import DrawError, draw
from clubscore.events import services as event_services
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, Round

from .standings import event_standings


def start_playoff(event: Event, *, basis: str | None = None, user=None, seed: int | None = None):
    """Draw a play-off round among those tied for first; raises DrawError with a message
    for the organizer when there is no tie or the tied players do not make tables."""
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
    player_ids = [str(pid) for row in tied for pid in row.player_ids]
    couples = Couple.objects.of_players(player_ids).order_by("pk")
    couple_pairs = [(str(c.player_a_id), str(c.player_b_id)) for c in couples]
    seed = event_services.new_seed() if seed is None else seed
    arguments = {
        "game": event.game,
        "players": player_ids,
        "couples": [list(pair) for pair in couple_pairs],
        "seed": seed,
        "scorekeepers": [str(c.scorekeeper_id) for c in couples],
        "playoff_of": [row.name for row in tied],
    }
    result = draw(
        event.game,
        players=player_ids,
        couples=couple_pairs,
        seed=seed,
        scorekeepers=arguments["scorekeepers"],
        options=event.game_options,
    )
    with transaction.atomic():
        # The event row is the lock: two clicks cannot make two play-off rounds at once.
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status == Event.Status.FINAL:
            raise DrawError(_("The evening is final: reopen it before starting a play-off."))
        number = (event.rounds.aggregate(last=Max("number"))["last"] or 0) + 1
        now = timezone.now()
        round_ = Round.objects.create(
            event=event, number=number, kind=Round.Kind.PLAYOFF, seed=seed, drawn_at=now
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
