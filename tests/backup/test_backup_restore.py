"""Backups: a club or an event goes to a JSON file and comes back row for row."""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, Permission, User
from django.core.management import CommandError, call_command
from django.db.migrations.loader import MigrationLoader

from clubscore.backup import scope
from clubscore.backup.dump import dump
from clubscore.backup.fileformat import write
from clubscore.club.models import Couple, Player
from clubscore.events.models import (
    CheckIn,
    Draft,
    DrawRecord,
    Event,
    IdempotencyKey,
    ScoreChange,
    ScoreEntry,
    ScorekeeperLink,
    Seat,
    TeamPart,
)


@pytest.fixture
def club(drawn_event, organizer, make_player, make_couple):
    """Two events with everything an evening leaves behind, and an organizer with rights."""
    directors = Group.objects.create(name="Directors")
    directors.permissions.add(Permission.objects.get(codename="change_event"))
    organizer.groups.add(directors)
    organizer.user_permissions.add(Permission.objects.get(codename="view_player"))

    first = drawn_event("hand_and_foot", tables=2, name="Hand & Foot — Günther's night")
    second = drawn_event("laus", tables=1, name="Laus")
    for event in (first, second):
        round_ = event.rounds.get()
        DrawRecord.objects.create(
            round=round_,
            seed=42,
            arguments={"players": [1, 2]},
            result={"tables": [[1, 2]]},
            drawn_by=organizer,
        )
        for seat in Seat.objects.filter(round=round_):
            CheckIn.objects.create(event=event, player=seat.player)
        table = round_.tables.first()
        entry = ScoreEntry.objects.create(
            table=table,
            number=1,
            payload={"teams": [{"books": {"clean": 1}}, {}]},
            result={"totals": [500, -20]},
            status=ScoreEntry.Status.CONFIRMED,
            version=3,
            entered_by=table.seats.first().player,
            dispute_note="Zählfehler? «ok»",
        )
        if event.game == "hand_and_foot":
            entry.parts.create(team=1, data={"books": {"clean": 1}}, entered_by=entry.entered_by)
            entry.parts.create(team=2, data={}, state="confirmed", version=2)
            entry.drafts.create(side=2, data={"melded_aces": "4"})
        else:
            entry.drafts.create(side=0, data={"tricks_1": "3"})
        ScoreChange.objects.create(
            entry=entry,
            changed_by_user=organizer,
            changed_by_player=entry.entered_by,
            action="settle",
            before={"a": 1},
            after={"a": 2},
        )
    # A seated player's spouse who stayed home still comes along in the event backup.
    seated = Seat.objects.filter(round__event=first).first().player
    home = make_player("Stay", "Home")
    Couple.objects.create(player_a=seated, player_b=home, scorekeeper=home)
    make_couple("Ann", "Al", "Unrelated")
    ScorekeeperLink.objects.filter(table__round__event=first).update(revoked_at=None)
    IdempotencyKey.objects.create(key="abc", response={"ok": True})
    return first, second


def models_to_compare():
    found = list(scope.club_models())
    for model in list(found):
        for field in model._meta.many_to_many:
            found.append(field.remote_field.through)
    return found


def snapshot() -> dict[str, list[dict]]:
    """Every row of every model, microseconds included."""
    rows = {}
    for model in models_to_compare():
        # The id of a many-to-many link row means nothing; its two ends are the data.
        fields = [
            f.attname
            for f in model._meta.concrete_fields
            if not model._meta.auto_created or not f.primary_key
        ]
        rows[model._meta.label] = sorted(
            model._default_manager.values(*fields), key=lambda row: tuple(row.values())
        )
    return rows


def wipe() -> None:
    """Delete every row a backup holds (as on a freshly migrated database)."""
    Event.objects.all().delete()
    IdempotencyKey.objects.all().delete()
    Couple.objects.all().delete()
    Player.objects.all().delete()
    User.objects.all().delete()
    Group.objects.all().delete()
    assert not any(rows for rows in snapshot().values())


def test_a_club_backup_comes_back_row_for_row(club, tmp_path):
    before = snapshot()
    names = ["events.ScoreChange", "events.TeamPart", "events.Draft", "auth.User_groups"]
    assert all(before[name] for name in names)
    path = tmp_path / "club.json"
    call_command("backup", "--out", str(path))

    wipe()
    call_command("restore", str(path))

    assert snapshot() == before
    # The organizer logs in with the old password (the hash came back).
    assert User.objects.get(username="director").check_password("a-long-organizer-pass")


def test_the_file_says_what_it_is(club, tmp_path):
    path = tmp_path / "club.json"
    call_command("backup", "--out", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "clubscore-backup"
    assert data["version"] == 1
    assert data["kind"] == "club"
    assert data["counts"]["events.event"] == 2
    assert data["migrations"]["events"] == max(MigrationLoader(None).graph.leaf_nodes("events"))[1]
    assert "Günther" in path.read_text(encoding="utf-8")


def test_new_rows_after_a_restore_get_fresh_ids(club, tmp_path, make_player):
    path = tmp_path / "club.json"
    call_command("backup", "--out", str(path))
    highest = Player.objects.order_by("-pk").first().pk
    wipe()
    call_command("restore", str(path))
    assert make_player("New", "Member").pk > highest
    link = ScorekeeperLink.objects.create(
        table=Event.objects.first().rounds.get().tables.first(), player=Player.objects.first()
    )
    assert link.pk > 0


def test_an_event_backup_holds_that_event_and_no_accounts(club, tmp_path):
    first, second = club
    seated = set(Seat.objects.filter(round__event=first).values_list("player", flat=True))
    spouse = Player.objects.get(first_name="Stay").pk
    tokens = set(
        ScorekeeperLink.objects.filter(table__round__event=first).values_list("token", flat=True)
    )
    entries = list(
        ScoreEntry.objects.filter(table__round__event=first).values("pk", "payload", "version")
    )
    parts = list(TeamPart.objects.filter(entry__table__round__event=first).values())
    drafts = list(Draft.objects.filter(entry__table__round__event=first).values())
    path = tmp_path / "event.json"
    call_command("backup", "--event", str(first.pk), "--out", str(path))
    assert "pbkdf2" not in path.read_text() and "md5" not in path.read_text()

    wipe()
    call_command("restore", str(path))

    assert list(Event.objects.values_list("pk", "name")) == [(first.pk, first.name)]
    assert set(Player.objects.values_list("pk", flat=True)) == seated | {spouse}
    assert Couple.objects.count() == 1
    assert set(ScorekeeperLink.objects.values_list("token", flat=True)) == tokens
    assert list(ScoreEntry.objects.values("pk", "payload", "version")) == entries
    assert list(TeamPart.objects.values()) == parts and len(parts) == 2
    assert list(Draft.objects.values()) == drafts and len(drafts) == 1
    assert CheckIn.objects.count() == len(seated)
    assert not User.objects.exists()
    assert DrawRecord.objects.get().drawn_by is None
    assert ScoreChange.objects.get().changed_by_user is None
    assert not IdempotencyKey.objects.exists()


def test_every_event_model_is_in_the_event_backup_or_left_out_on_purpose():
    # A model added to club or events must be placed here, or event backups lose it.
    labels = {scope.label(model) for model in scope.data_models()}
    assert labels == scope.event_scope_models() | scope.NOT_IN_EVENT_BACKUPS


def test_restore_refuses_a_database_with_club_data(club, tmp_path):
    path = tmp_path / "club.json"
    call_command("backup", "--out", str(path))
    before = snapshot()
    with pytest.raises(CommandError, match=r"already holds data \(.*club.player"):
        call_command("restore", str(path))
    assert snapshot() == before


def test_an_event_backup_of_an_unknown_event_is_refused(db, tmp_path):
    path = tmp_path / "event.json"
    with pytest.raises(CommandError, match="no event with id 999"):
        call_command("backup", "--event", "999", "--out", str(path))
    assert not path.exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not JSON"),
        ('{"format": "other"}', "not a ClubScore backup"),
        ('{"format": "clubscore-backup", "version": 99}', "format version 99"),
    ],
)
def test_restore_says_what_is_wrong_with_a_bad_file(db, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(CommandError, match=message):
        call_command("restore", str(path))


def test_restore_refuses_a_backup_from_a_newer_schema(db, tmp_path):
    data = dump()
    data["migrations"]["events"] = "9999_from_the_future"
    path = tmp_path / "newer.json"
    write(data, str(path))
    with pytest.raises(CommandError, match="events.9999_from_the_future"):
        call_command("restore", str(path))


def test_every_data_model_is_restorable_in_the_order_written():
    order = [scope.label(model) for model in scope.club_models()]
    # Accounts first: club rows name the organizer by username (a natural key).
    assert order.index("auth.user") < order.index("events.drawrecord")
    assert set(order) >= {scope.label(m) for m in apps.get_app_config("events").get_models()}
