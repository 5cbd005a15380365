"""Database constraints of events: a seat is taken once, a player is seated once per round."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from clubscore.events.models import CheckIn, Event, Round, ScoreEntry, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_event):
    event = make_event()
    round_ = Round.objects.create(event=event, number=1)
    return Table.objects.create(round=round_, number=1)


def test_a_seat_is_taken_once(table, make_player):
    Seat.objects.create(round=table.round, table=table, position=1, player=make_player())
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(round=table.round, table=table, position=1, player=make_player())


def test_a_player_is_seated_once_per_round(table, make_player):
    ann = make_player("Ann")
    other = Table.objects.create(round=table.round, number=2)
    Seat.objects.create(round=table.round, table=table, position=1, player=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(round=table.round, table=other, position=1, player=ann)


def test_a_player_checks_in_once(make_event, make_player):
    event, ann = make_event(), make_player("Ann")
    CheckIn.objects.create(event=event, player=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        CheckIn.objects.create(event=event, player=ann)


def test_only_one_table_of_a_round_holds_the_first_table_bonus(table):
    table.has_bonus = True
    table.save()
    other = Table.objects.create(round=table.round, number=2)
    other.has_bonus = True
    with pytest.raises(IntegrityError), transaction.atomic():
        other.save()


def test_a_hand_is_entered_once_per_table(table):
    ScoreEntry.objects.create(table=table, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        ScoreEntry.objects.create(table=table, number=1)


def test_an_unknown_game_is_refused_on_the_game_field(make_event):
    # The games are a registry read at run time (no migration per game), so the field's
    # validation refuses an unknown game, not a database constraint listing the keys.
    event = make_event()
    event.game = "poker"
    with pytest.raises(ValidationError) as error:
        event.full_clean()
    assert "game" in error.value.message_dict


def test_event_options_get_the_club_defaults(make_event):
    event = make_event()
    event.full_clean()
    assert event.options["time_limit_minutes"] == 90
    assert event.options["first_table_bonus"] == 400
    assert event.game_options["meld_minimums"] == [90, 120, 150]


def test_bad_event_options_are_refused_on_the_options_field(make_event):
    event = make_event(options={"time_limit_minutes": -5})
    with pytest.raises(ValidationError) as error:
        event.full_clean()
    assert "options" in error.value.message_dict
    assert "time_limit_minutes" in " ".join(error.value.message_dict["options"])


def test_running_events(make_event):
    make_event(status=Event.Status.RUNNING)
    make_event(status=Event.Status.DRAFT)
    assert Event.objects.running().count() == 1
