"""Settling a disputed hand or round: the organizer's decision, validated by the game.

The domain's part of a dispute (the dashboard shows the versions side by side and asks
for the decision; this stores it), so that no page imports another page's code.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.functions import Now
from django.utils.translation import gettext as _

from clubscore.errors import Refused
from clubscore.games import GAMES
from clubscore.translation import translate

from .models import ScoreChange, ScoreEntry
from .results import score_in_place


def settle_dispute(
    entry: ScoreEntry, *, payload: dict, user: Any, version: int | None = None
) -> ScoreEntry:
    """The organizer's decision on a disputed entry: validated by the game, then confirmed.

    `payload` is the entry's payload as `clubscore.events.results` stores it (the
    whole hand; for a game scored as a whole, the round's own numbers). Bad numbers
    raise `ScoreError` (its `.errors` as in the scoring contract) and change nothing.
    The entry is read again under its row lock: settled or changed since the organizer
    opened the page (`version`: the entry's version the decision was made on), it
    raises `Refused` and nothing is overwritten.
    """
    with transaction.atomic():
        entry = (
            ScoreEntry.objects.select_for_update()
            .select_related("table__round__event")
            .get(pk=entry.pk)
        )
        table = entry.table
        game = GAMES[table.round.event.game]
        named = {"entry": translate(game.words.label(entry.number)), "table": table}
        if entry.status != ScoreEntry.Status.DISPUTED:
            raise Refused(
                _("%(entry)s of %(table)s is no longer disputed: it was settled or changed.")
                % named
            )
        if version not in (None, entry.version):
            raise Refused(
                _(
                    "%(entry)s of %(table)s was changed at the table while you decided: "
                    "look at its versions again."
                )
                % named
            )
        seats = table.seats.select_related("player").order_by("position")
        # As the tablet scores it: with the table's other entries in (`ScoreCard.score_with`).
        entered = {
            number: other
            for number, other in table.entries.exclude(status=ScoreEntry.Status.DRAFT)
            .exclude(pk=entry.pk)
            .values_list("number", "payload")
        }
        result = score_in_place(
            table.round.event.game,
            table.round.event.game_options,
            [seat.player.name for seat in seats],
            entered,
            entry.number,
            payload,
        )
        before = entry.payload
        entry.payload = payload
        entry.result = result
        entry.status = ScoreEntry.Status.CONFIRMED
        # Stored part by part too when the game's entry mode has parts (each confirmed).
        for n, part in enumerate(game.entry.settled_parts(game, payload), start=1):
            entry.settle_part(n, part)
        entry.version += 1
        entry.save()
        ScoreEntry.objects.filter(pk=entry.pk, entered_at__isnull=True).update(entered_at=Now())
        ScoreChange.objects.create(
            entry=entry, action="settled", before=before, after=payload, changed_by_user=user
        )
    return entry
