"""A club night with every kind of page filled in, for the checkers' test (issue 27.6).

The demo club (`manage.py demo`), tonight's Hand and Foot evening drawn with hands
confirmed and cards turned in, an evening of each other game drawn and running (Laus
with a round to confirm and a disputed one), last week's evening final and rated, and
an evening at the door where one of a couple is in (so "✓ In · undo" and "Check in
both" both show). Built through the ORM and the real services; bench/screens.py
builds the same night with more players and tables (the test runs on every CI run).
"""

from __future__ import annotations

import io

from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from clubscore.club.models import Couple, Player
from clubscore.events import phones, services
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScorekeeperLink, Seat, Table
from tests.payloads import hf_hand, laus_round
from tests.playoffs import confirm, regular_tables, seat_names, sent_by_first_seat, turn_in

GUESTS = [("Anna", "Meyer"), ("Bernd", "Schulz"), ("Carla", "Becker"), ("Dieter", "Koch")]
GUESTS += [("Elke", "Richter"), ("Fritz", "Klein"), ("Greta", "Wolf")]
GUESTS += [("Maximiliane", "Schwarzenberger-Wittgenstein")]


def card(table: Table) -> str:
    link = ScorekeeperLink.objects.filter(table=table).order_by("id")[0]
    return reverse("scorekeeping:card", args=[link.token])


def build(
    names: list[tuple[str, str]] = GUESTS,
    *,
    present: int = 4,
    played: int = 4,
    complete: int = 2,
    demo_args: tuple[str, ...] = (),
) -> list[tuple[str, str, str]]:
    """The data, and per page (name, path, who looks: "organizer", or a "player" not
    logged in; "bad-number": a player's card sending a hand number no game has).

    Guests with these `names` join the demo club; the members and the first `present`
    of them play tonight's Hand and Foot, with hands at `played` tables and `complete`
    of them played to the end (`play_the_evenings`).
    """
    call_command("demo", *demo_args, stdout=io.StringIO())
    # The demo makes last week final without rating it (finishing an evening would).
    call_command("ratings", "--rebuild", stdout=io.StringIO())
    guests = [Player.objects.create(first_name=f, last_name=last) for f, last in names]
    today = timezone.localdate()
    evening = Event.objects.get(game="hand_and_foot", date=today)
    members = Player.objects.exclude(pk__in=[guest.pk for guest in guests])
    services.check_in(evening, [*members, *guests[:present]])
    events, tables, laus = play_the_evenings(evening, guests, tables=played, complete=complete)

    door = Event.objects.create(
        name="At the door", game="hand_and_foot", date=today, status=Event.Status.CHECK_IN
    )
    couple = Couple.objects.order_by("pk")[0]
    services.check_in(door, couple.player_a)

    last_week = Event.objects.get(status=Event.Status.FINAL)
    person = Seat.objects.filter(table__round__event=last_week).order_by("id")[0].player
    hf, lau = [evening.pk], [events["laus"].pk]
    org, player = "organizer", "player"
    # A player's phone with the evening's standings published, and last week's place.
    Event.objects.filter(pk=evening.pk).update(public_standings=True)
    mine = Seat.objects.filter(table=tables[0]).order_by("position")[0].player
    phone = reverse("playerpages:player", args=[phones.link_for(evening, mine).token])
    phone_final = reverse("playerpages:player", args=[phones.link_for(last_week, person).token])
    exact_bid = card(regular_tables(events["exact_bid"])[0])
    luxury = card(regular_tables(events["luxury_family"])[0])
    return [
        ("login", reverse("login"), player),
        ("home", reverse("home"), org),
        ("new-event", reverse("events:new"), org),
        ("edit-event", reverse("events:edit", args=[door.pk]), org),
        ("event", reverse("events:detail", args=hf), org),
        ("check-in", reverse("events:checkin", args=[door.pk]), org),
        ("check-in-full", reverse("events:checkin", args=hf), org),
        ("draw", reverse("events:draw", args=hf), org),
        ("dashboard", reverse("dashboard:event", args=hf), org),
        ("dashboard-laus", reverse("dashboard:event", args=lau), org),
        ("table-links", reverse("events:revoke_links", args=[tables[0].pk]), org),
        ("standings", reverse("dashboard:standings", args=hf), org),
        ("public-standings", reverse("dashboard:public_standings", args=[last_week.pk]), player),
        ("wall", reverse("events:wall", args=hf), org),
        ("ladder", reverse("dashboard:ladder"), player),
        ("player", reverse("dashboard:player", args=[person.pk]), player),
        ("card-hand-and-foot", card(tables[-1]), player),  # nothing entered yet
        ("card-hand-and-foot-played", card(tables[0]), player),
        ("card-exact-bid", exact_bid, player),
        ("card-luxury-family", luxury, player),
        ("melds", luxury + "melds/?seat=0", player),
        ("card-laus-waiting", card(laus[0]), player),
        ("card-laus-dispute", card(laus[0]) + "?dispute=2#dispute", player),
        ("phone-standings", phone, player),
        ("phone-final-place", phone_final, player),
        ("finish", reverse("dashboard:finish", args=hf), org),
        ("error-400", exact_bid, "bad-number"),
    ]


def play_the_evenings(
    evening: Event, guests: list[Player], *, tables: int, complete: int
) -> tuple[dict[str, Event], list[Table], list[Table]]:
    """Tonight's evening of each game drawn and running, the other games' with `guests`:
    Hand and Foot with hands confirmed at its first `tables` tables (the first `complete`
    played to the end and turned in, the first of them with the bonus), Laus with a
    round confirmed, one to confirm and a disputed one. Also bench/screens.py's evening.

    Returns the events by game, the Hand and Foot tables and the Laus tables.
    """
    events = {"hand_and_foot": evening}
    for game, count in (("laus", 8), ("exact_bid", 4), ("luxury_family", 3)):
        events[game] = Event.objects.get(game=game)
        services.check_in(events[game], guests[:count])
    for event in events.values():
        services.draw_round(event, seed=1)
        start_clock(event)

    hf_tables = regular_tables(evening)
    for index, table in enumerate(hf_tables[:tables]):
        for number in range(1, 4 if index < complete else 2 + index % 2):
            confirm(table, number, hf_hand(number, went_out_team=index % 2))
    turn_in(hf_tables[:complete])
    Table.objects.filter(pk=hf_tables[0].pk).update(has_bonus=True)
    laus = regular_tables(events["laus"])
    confirm(laus[0], 1, laus_round(seat_names(laus[0])))
    for table, number, status in ((laus[0], 2, "entered"), (laus[1], 1, "disputed")):
        sent_by_first_seat(
            table,
            number,
            laus_round(seat_names(table), number),
            status,
            dispute_note="We took the ten of spades, not them." if status == "disputed" else "",
        )
    return events, hf_tables, laus
