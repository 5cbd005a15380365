"""One family of refusals: every "not now" the app raises is a `clubscore.errors.Refused`
whose `message` is what the person who asked reads."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubscore.backup.fileformat import BackupError
from clubscore.draw import DrawError
from clubscore.errors import Refused
from clubscore.events.clock import ClockRefused, start_clock
from clubscore.events.finish import FinishRefused
from clubscore.events.services import RedrawRefused
from clubscore.messages import Message
from clubscore.scorekeeping import errors as card_errors


@pytest.mark.parametrize(
    "kind",
    [ClockRefused, FinishRefused, RedrawRefused, BackupError, card_errors.SentBefore],
)
def test_every_refusal_is_one_kind_with_its_message(kind):
    assert issubclass(kind, Refused)
    assert kind("Not now: start the clock first.").message == "Not now: start the clock first."


def test_the_cards_refusal_is_the_same_class():
    assert card_errors.Refused is Refused


def test_a_redraw_refusal_is_still_a_draw_error():
    """The draw page catches DrawError: a refused redraw still lands there."""
    assert issubclass(RedrawRefused, DrawError)


def test_a_message_is_said_in_the_readers_language():
    refusal = Refused(Message("Extend the clock by at least one minute."))
    with translation.override("de"):
        german = refusal.message
    assert german != "Extend the clock by at least one minute." and "Minute" in german
    assert Refused().message == ""


@pytest.mark.django_db
def test_the_clock_refuses_with_a_message_for_the_organizer(make_event):
    event = make_event()
    with pytest.raises(Refused) as refusal:
        start_clock(event)  # no tables drawn yet
    assert refusal.value.message.startswith("Draw the tables first")
