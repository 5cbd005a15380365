"""The organizer's "Players' phones" page on a phone (360 px), in both languages: the two
switches stand apart, side by side or stacked, and nothing scrolls sideways."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events.models import Event

from .conftest import choose_language, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

APART = """() => {
  const [a, b] = [...document.querySelectorAll('main form[action$="/phones/switch/"] button')]
    .map(e => e.getBoundingClientRect());
  const across = Math.max(b.left - a.right, a.left - b.right);
  const down = Math.max(b.top - a.bottom, a.top - b.bottom);
  return {gap: Math.max(across, down),
          sideways: document.documentElement.scrollWidth > window.innerWidth};
}"""


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", ("Switch check-in by phone off", "Turn the players' pages off")),
        ("de", ("Anmeldung per Handy ausschalten", "Spielerseiten ausschalten")),
    ],
)
def test_the_two_switches_stand_apart_on_a_phone(
    new_page, live_server, organizer, make_event, console_errors, language, names
):
    event = make_event(name="Friday Hand and Foot", status=Event.Status.CHECK_IN)
    page = new_page({"width": 360, "height": 740})
    log_in(page, live_server, "director", "a-long-organizer-pass")
    choose_language(page, language)
    page.goto(live_server.url + reverse("playerpages:phones", args=[event.pk]))
    for name in names:
        assert page.get_by_role("button", name=name).is_visible()
    figures = page.evaluate(APART)
    assert figures["gap"] >= 6, figures
    assert not figures["sideways"], figures
    screenshot(page, f"phones-switches-360-{language}")
