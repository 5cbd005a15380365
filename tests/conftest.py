"""Shared fixtures: the three personas (organizer, scorekeeper, stranger) and club data."""

from __future__ import annotations

import datetime
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection
from hypothesis import settings as hypothesis_settings

from clubscore.club.models import Couple, Player
from clubscore.events.models import Event
from clubscore.scorekeeping.card import forget_kept_cards

# No per-example deadline: CI shares two cores, and a slow example is not a wrong one.
hypothesis_settings.register_profile("clubscore", deadline=None)
hypothesis_settings.load_profile("clubscore")


class Outage:
    """The real database going away and coming back, for every thread of the process.

    Away: the connection settings (one dict, shared by every thread's connection) point
    at nothing, a closed port on PostgreSQL or a file in a missing folder on SQLite,
    and the open connections are ended (PostgreSQL: `pg_terminate_backend` for the
    other threads', such as the live server's). The next query fails in the database
    driver itself, as when PostgreSQL restarts. Back: the settings are restored and the
    next query connects again. The test's own data stays: on PostgreSQL it is
    committed (use a transactional test), as it is in SQLite's test database file.
    """

    def __init__(self, nowhere: Path) -> None:
        self._nowhere = nowhere
        self._settings = connection.settings_dict
        self._saved = {key: self._settings.get(key) for key in ("NAME", "HOST", "PORT")}

    def away(self) -> None:
        if connection.vendor == "sqlite":
            self._settings["NAME"] = str(self._nowhere / "missing" / "clubscore.sqlite3")
        else:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            self._settings["HOST"], self._settings["PORT"] = "127.0.0.1", _closed_port()
        connection.close()

    def back(self) -> None:
        self._settings.update(self._saved)
        connection.close()
        connection.ensure_connection()

    def close(self) -> None:
        self.back()


def _closed_port() -> int:
    """A local TCP port nothing listens on (asked of the system, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def outage(transactional_db, tmp_path) -> Iterator[Outage]:
    """`outage.away()` takes the real database away, `outage.back()` brings it back."""
    found = Outage(tmp_path)
    yield found
    found.close()


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user(
        "director", password="a-long-organizer-pass", is_staff=True, is_superuser=True
    )


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("stranger", password="a-long-stranger-pass")


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def make_player(db):
    counter = iter(range(1, 100_000))

    def make(first_name: str | None = None, last_name: str = "Player", **extra) -> Player:
        return Player.objects.create(
            first_name=first_name or f"Member{next(counter)}", last_name=last_name, **extra
        )

    return make


@pytest.fixture
def make_couple(make_player):
    def make(first: str = "Ann", second: str = "Al", last_name: str = "Smith") -> Couple:
        player_a = make_player(first, last_name)
        player_b = make_player(second, last_name)
        return Couple.objects.create(player_a=player_a, player_b=player_b, scorekeeper=player_a)

    return make


@pytest.fixture
def make_event(db):
    def make(game: str = "hand_and_foot", **fields) -> Event:
        fields.setdefault("name", f"{game} evening")
        fields.setdefault("date", datetime.date(2026, 11, 27))
        return Event.objects.create(game=game, **fields)

    return make


@pytest.fixture
def drawn_event(make_event, make_player):
    """An event with round 1 drawn: tables, seats, teams and scorekeeper links.

    Built straight through the ORM (not the draw), so tests of the tablets, the
    dashboard and the printouts do not depend on the draw's randomness.
    """
    from clubscore.events.models import Round, ScorekeeperLink, Seat, Table, Team
    from clubscore.games import GAMES

    def make(
        game: str = "hand_and_foot",
        tables: int = 2,
        players_per_table: int | None = None,
        status: str = Event.Status.RUNNING,
        **event_fields,
    ) -> Event:
        rules = GAMES[game]
        size = players_per_table or rules.max_players
        event = make_event(game=game, status=status, **event_fields)
        event.options = rules.clean_options(event.options or {})
        event.save(update_fields=["options"])
        round_ = Round.objects.create(event=event, number=1, seed=1)
        for number in range(1, tables + 1):
            table = Table.objects.create(round=round_, number=number)
            players = [
                make_player(f"P{number}{chr(64 + position)}", f"Table{number}")
                for position in range(1, size + 1)
            ]
            table.first_player = players[0]
            table.save(update_fields=["first_player"])
            if game == "hand_and_foot":
                teams = [Team.objects.create(table=table, number=n) for n in (1, 2)]
                # Partners sit opposite each other: seats 1 & 3 are team 1, 2 & 4 team 2.
                for position, player in enumerate(players, start=1):
                    team = teams[(position - 1) % 2]
                    Seat.objects.create(
                        round=round_,
                        table=table,
                        position=position,
                        player=player,
                        team=team,
                        is_scorekeeper=position in (1, 2),
                    )
                for team, keeper in zip(teams, players[:2], strict=True):
                    team.scorekeeper = keeper
                    team.save(update_fields=["scorekeeper"])
                    ScorekeeperLink.objects.create(table=table, team=team, player=keeper)
            else:
                for position, player in enumerate(players, start=1):
                    Seat.objects.create(
                        round=round_,
                        table=table,
                        position=position,
                        player=player,
                        is_scorekeeper=position == 1,
                    )
                ScorekeeperLink.objects.create(table=table, player=players[0])
        return event

    return make


@pytest.fixture(autouse=True)
def _forget_kept_cards() -> Iterator[None]:
    """Each test starts with an empty cache: a card kept by an earlier test (its database
    rolled back, its ids used again) is not this test's (`scorekeeping.card.load_card`)."""
    cache.clear()
    forget_kept_cards()
    yield


@pytest.fixture(autouse=True)
def _language_as_the_site_starts() -> Iterator[None]:
    """Each test starts in the site's language: a request in German (the test client
    activates it in this thread) left a later test's PDF in German."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
