"""Load a demo club: about forty members, an event of every game, a Hand and Foot
evening checked in and ready to draw, and last week's evening played, final and
public (so standings, the ladder and the printouts have something to show).
Safe to run twice: it looks before it adds."""

from __future__ import annotations

import datetime
import random
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from clubscore.club.models import Couple, Player
from clubscore.events import services
from clubscore.events.finish import finish_event
from clubscore.events.models import CheckIn, Event, Round, ScoreEntry, Table
from clubscore.games import ScoreError, score

# Couples first (the first named keeps score), then singles. Names from several
# languages on purpose: the pages and the printouts must show them all.
COUPLES = [
    (("Zoë", "Hartmann"), ("Jürgen", "Hartmann")),
    (("Łukasz", "Nowak"), ("Agnieszka", "Nowak")),
    (("Siobhán", "O'Brien"), ("Ciarán", "O'Brien")),
    (("Margaret", "Miller"), ("Robert", "Miller")),
    (("Renée", "Dubois"), ("François", "Dubois")),
    (("Ingrid", "Bäcker"), ("Håkon", "Bäcker")),
    (("Dorothy", "Johnson"), ("Harold", "Johnson")),
    (("María José", "Núñez"), ("José", "Núñez")),
    (("Gisela", "Weiß"), ("Günther", "Weiß")),
    (("Barbara", "Smith"), ("Frank", "Smith")),
    (("Chloé", "Lefèvre"), ("Loïc", "Lefèvre")),
    (("Patricia", "Davis"), ("Walter", "Davis")),
    (("Ewa", "Wójcik"), ("Tomasz", "Wójcik")),
    (("Helen", "Wilson"), ("George", "Wilson")),
    (("Ursula", "Schröder"), ("Klaus", "Schröder")),
    (("Nancy", "Moore"), ("Richard", "Moore")),
    (("Aoife", "Ní Bhriain"), ("Pádraig", "Ó Súilleabháin")),
]
SINGLES = [
    ("Björn", "Öberg"),
    ("Dolores", "García"),
    ("Élodie", "Marchand"),
    ("Eleanor", "Taylor"),
    ("Søren", "Kierkegaard"),
    ("Betty", "Anderson"),
]

ORGANIZER_USERNAME = "organizer"
# The name a card's history shows beside "by the organizer" (not the login's name).
ORGANIZER_NAME = ("Helga", "Brandt")
ORGANIZER_PASSWORD = "clubscore-demo"


class Command(BaseCommand):
    help = "Load the demo club (safe to run twice) and make sure an organizer account exists."

    def add_arguments(self, parser):
        parser.add_argument(
            "--no-organizer", action="store_true", help="Do not create the demo organizer login."
        )

    @transaction.atomic
    def handle(self, *args, **options) -> None:
        today = timezone.localdate()
        members: list[Player] = []
        for first, second in COUPLES:
            player_a = self._player(*first)
            player_b = self._player(*second)
            members += [player_a, player_b]
            if player_a.couple is None and player_b.couple is None:
                Couple.objects.create(player_a=player_a, player_b=player_b, scorekeeper=player_a)
        for first_name, last_name in SINGLES:
            members.append(self._player(first_name, last_name))

        hand_and_foot = self._event(
            "Hand and Foot club night",
            "hand_and_foot",
            today,
            Event.Status.CHECK_IN,
            Event.StandingsBasis.COUPLE,
        )
        # 36 of the 40 came tonight: nine tables of four.
        for player in members[:36]:
            CheckIn.objects.get_or_create(event=hand_and_foot, player=player)
        self._last_weeks_evening(members, today - datetime.timedelta(days=7))
        # Named for its day, so dated on the next Tuesday (never tonight's).
        self._event(
            "Exact-bid Tuesday",
            "exact_bid",
            today + datetime.timedelta(days=(1 - today.weekday()) % 7 or 7),
            Event.Status.DRAFT,
        )
        self._event(
            "Luxury Family afternoon",
            "luxury_family",
            today + datetime.timedelta(days=9),
            Event.Status.DRAFT,
            language="de",
        )
        self._event("Laus night", "laus", today + datetime.timedelta(days=14), Event.Status.DRAFT)

        self.stdout.write(
            self.style.SUCCESS(
                f"Demo club: {Player.objects.count()} players, {Couple.objects.count()} couples, "
                f"{Event.objects.count()} events."
            )
        )
        if not options["no_organizer"]:
            self._organizer()

    def _player(self, first_name: str, last_name: str) -> Player:
        player, _ = Player.objects.get_or_create(first_name=first_name, last_name=last_name)
        return player

    def _event(
        self, name, game, date, status, basis=Event.StandingsBasis.INDIVIDUAL, language="en"
    ):
        event, created = Event.objects.get_or_create(
            name=name,
            date=date,
            defaults={
                "game": game,
                "status": status,
                "standings_basis": basis,
                "language": language,
            },
        )
        if created:
            event.full_clean()
            event.save()
        return event

    def _last_weeks_evening(self, members: list[Player], date: datetime.date) -> None:
        """A Hand and Foot evening already played: drawn, three hands a table, turned in."""
        event = self._event(
            "Hand and Foot club night",
            "hand_and_foot",
            date,
            Event.Status.CHECK_IN,
            Event.StandingsBasis.COUPLE,
        )
        if event.rounds.exists():
            return
        services.check_in(event, members[4:36])
        services.draw_round(event, seed=date.toordinal())
        rng = random.Random(date.toordinal())
        started = timezone.make_aware(datetime.datetime.combine(date, datetime.time(19, 0)))
        tables = list(Table.objects.filter(round__event=event).order_by("number"))
        hands = event.game_options["hands"]
        ScoreEntry.objects.bulk_create(
            ScoreEntry(
                table=table,
                number=number,
                payload=(payload := _played_hand(rng, number)),
                result=score("hand_and_foot", payload, event.game_options),
                status=ScoreEntry.Status.CONFIRMED,
            )
            for table in tables
            for number in range(1, hands + 1)
        )
        for minutes, table in zip(rng.sample(range(55, 88), len(tables)), tables, strict=False):
            table.turned_in_at = started + datetime.timedelta(minutes=minutes)
        first = min(tables, key=lambda table: table.turned_in_at)
        first.has_bonus = True
        Table.objects.bulk_update(tables, ["turned_in_at", "has_bonus"])
        Round.objects.filter(event=event).update(
            clock_started_at=started, time_called_at=started + datetime.timedelta(minutes=90)
        )
        event.public_standings = True
        event.save(update_fields=["public_standings"])
        # Finished as the organizer finishes an evening, so the ratings (and any other
        # app listening for event_finished) take it in once the demo is committed.
        finish_event(event)

    def _organizer(self) -> None:
        users = get_user_model()
        if users.objects.filter(is_staff=True).exists():
            self.stdout.write("An organizer account exists; log in at /login/ with it.")
            return
        # The known demo password only on a development machine (DEBUG on, `make run`):
        # a club that loads the demo on its real server would have it on the Wi-Fi. With
        # DEBUG off the password is random and shown this once.
        password = ORGANIZER_PASSWORD if settings.DEBUG else secrets.token_urlsafe(12)
        first_name, last_name = ORGANIZER_NAME
        users.objects.create_superuser(
            ORGANIZER_USERNAME, password=password, first_name=first_name, last_name=last_name
        )
        shown = "" if settings.DEBUG else "; it is shown only now, note it"
        self.stdout.write(
            self.style.SUCCESS(
                f"Organizer login: user '{ORGANIZER_USERNAME}', password '{password}' "
                f"(change it in the admin{shown})."
            )
        )


def _played_hand(rng: random.Random, number: int) -> dict:
    """A plausible hand: one team went out; the numbers are checked by the game itself."""
    out = rng.randrange(2)
    while True:
        teams = []
        for side in range(2):
            went_out = side == out
            red, black = rng.randint(1, 3) if went_out else rng.randint(0, 2), rng.randint(0, 2)
            natural = 7 * (red + black) + rng.randint(0, 10)
            aces = rng.randint(0, min(8, natural))
            high = rng.randint(0, natural - aces)
            left = 0 if went_out else 1
            teams.append(
                {
                    "red_books": red,
                    "black_books": black,
                    "went_out": went_out,
                    "exact_deals": rng.randint(0, 1),
                    "melded": {
                        "jokers": rng.randint(0, 1),
                        "twos": rng.randint(0, 2),
                        "aces": aces,
                        "high": high,
                        "low": natural - aces - high,
                        "black_threes": 0,
                    },
                    "in_hand": {
                        "jokers": 0,
                        "twos": 0,
                        "aces": rng.randint(0, 2) * left,
                        "high": rng.randint(0, 4) * left,
                        "low": rng.randint(0, 5) * left,
                        "black_threes": rng.randint(0, 1) * left,
                        "red_threes": int(rng.random() < 0.1) * left,
                    },
                }
            )
        payload = {"hand": number, "teams": teams}
        try:
            score("hand_and_foot", payload)
        except ScoreError:
            continue
        return payload
