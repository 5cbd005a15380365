"""The players' own phones (issue 25): check-in at the door, their links, the count that
slows a flood, and the switches the organizer turns.

The draw and the organizer's check-in stay as they are (`services`); a phone checks in
through the same `services.check_in`, with the event row locked, so a phone's "I'm here"
and the organizer's "Draw" never cross: after the draw, check-in by phone is closed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from clubscore.club.models import Player

from . import services
from .models import CheckIn, Event, EventPhones, PhoneHit, PlayerLink

# Requests one phone may send in a minute (searches and taps), and one address: a club's
# Wi-Fi puts every phone behind one address, so that limit is far higher.
PHONE_LIMIT = 30
ADDRESS_LIMIT = 600
KEEP_MINUTES = 60


class PhoneRefused(Exception):
    """What a phone asked cannot be done; the message says why (shown as it is)."""


def phones_of(event: Event) -> EventPhones:
    """The evening's phone switches (made with both on when first asked for)."""
    phones = EventPhones.objects.filter(event=event).first()
    if phones is None:
        try:
            with transaction.atomic():
                phones = EventPhones.objects.create(event=event)
        except IntegrityError:  # made by another request at the same instant
            phones = EventPhones.objects.get(event=event)
    return phones


def switch(event: Event, *, checkin_open: bool | None = None, pages_on: bool | None = None) -> None:
    """Turn check-in by phone or the players' pages on or off."""
    phones = phones_of(event)
    changed = {}
    if checkin_open is not None:
        changed["checkin_open"] = checkin_open
    if pages_on is not None:
        changed["pages_on"] = pages_on
    if changed:
        EventPhones.objects.filter(pk=phones.pk).update(**changed)


def checkin_is_open(event: Event, phones: EventPhones) -> bool:
    return phones.checkin_open and event.status in services.BEFORE_DRAW


def opens_on(event: Event) -> str:
    """ "Check-in by phone opens on the evening's day, …" while the evening is on a later
    day, else "". A poster put up the week before must not check a member in for an
    evening they may not come to (the draw would seat them)."""
    if event.date <= timezone.localdate():
        return ""
    day = formats.date_format(event.date, "DATE_FORMAT")
    return _("Check-in by phone opens on the evening's day, %(date)s.") % {"date": day}


# --- Check-in by phone ---------------------------------------------------------------


@dataclass
class PhoneCheckIn:
    players: list[Player]
    new: int  # how many were newly checked in (0: all were in already: nothing changed)


def check_in_by_phone(event: Event, player_id: int, *, both: bool) -> PhoneCheckIn:
    """Check a player (and with `both`, their spouse) in from their phone.

    Refused with a message, nothing changed, when check-in by phone is closed (the
    organizer's switch, the tables are drawn, or the evening is on a later day), the
    player is not on the club's list, or `both` is asked for a player without a spouse.
    """
    with transaction.atomic():
        # The draw locks the event row too: a check-in lands before the draw or not at all.
        event = Event.objects.select_for_update().get(pk=event.pk)
        phones = phones_of(event)
        if not phones.checkin_open:
            raise PhoneRefused(_("Check-in by phone is closed. Please ask the organizer."))
        if event.status not in services.BEFORE_DRAW:
            raise PhoneRefused(
                _("The tables are drawn: check-in by phone is closed. Please ask the organizer.")
            )
        if not_yet := opens_on(event):
            raise PhoneRefused(not_yet)
        player = Player.objects.active().with_couple().filter(pk=player_id).first()
        if player is None:
            raise PhoneRefused(_("That name is not on the list: ask the organizer."))
        players = [player]
        if both:
            spouse = player.spouse
            if spouse is None or not spouse.active:
                raise PhoneRefused(
                    _("%(name)s checks in alone: no partner is on the list.")
                    % {"name": player.name}
                )
            players.append(spouse)
        new = services.check_in(event, players)
    return PhoneCheckIn(players=players, new=new)


def checked_in_ids(event: Event, player_ids: list[int]) -> set[int]:
    """Which of `player_ids` are checked in to `event` (one query)."""
    return set(
        CheckIn.objects.filter(event=event, player_id__in=player_ids).values_list(
            "player_id", flat=True
        )
    )


# --- Player links --------------------------------------------------------------------


def link_for(event: Event, player: Player) -> PlayerLink:
    """The player's page for the evening (made when first asked for)."""
    return links_for(event, [player.pk])[player.pk]


def links_for(event: Event, player_ids: list[int]) -> dict[int, PlayerLink]:
    """Each player's page for the evening, made where missing: three queries at most,
    however many players (the printed table assignments ask for all at once)."""
    ids = list(dict.fromkeys(player_ids))
    found = {
        link.player_id: link for link in PlayerLink.objects.filter(event=event, player_id__in=ids)
    }
    missing = [pk for pk in ids if pk not in found]
    if missing:
        # ignore_conflicts: another request making the same link meets the constraint.
        PlayerLink.objects.bulk_create(
            [PlayerLink(event=event, player_id=pk) for pk in missing], ignore_conflicts=True
        )
        found |= {
            link.player_id: link
            for link in PlayerLink.objects.filter(event=event, player_id__in=missing)
        }
    return found


# --- A flood from one phone ------------------------------------------------------------


def too_many(key: str, limit: int, *, now: float | None = None) -> bool:
    """Count one request of `key` in this minute; True when it is over `limit`.

    Counted in the database, so several app servers share one count; the first request
    of a minute also prunes counts older than an hour (the table only grows otherwise).
    """
    minute = int((time.time() if now is None else now) // 60)
    if not PhoneHit.objects.filter(key=key, minute=minute).update(count=F("count") + 1):
        try:
            with transaction.atomic():
                PhoneHit.objects.create(key=key, minute=minute, count=1)
        except IntegrityError:  # another request made the row first: count on it
            PhoneHit.objects.filter(key=key, minute=minute).update(count=F("count") + 1)
        else:
            prune_hits(minute)
            return False
    count = PhoneHit.objects.filter(key=key, minute=minute).values_list("count", flat=True)
    return next(iter(count), 0) > limit


def prune_hits(minute: int | None = None) -> int:
    """Forget the counts older than an hour; returns how many rows went."""
    if minute is None:
        minute = int(time.time() // 60)
    deleted, _by_model = PhoneHit.objects.filter(minute__lt=minute - KEEP_MINUTES).delete()
    return deleted
