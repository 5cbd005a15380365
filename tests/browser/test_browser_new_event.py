"""The organizer creates an event of each game from the page, in English and German.

Console errors are checked for every browser test by one shared fixture (issue 16).
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clubscore.events.models import Event
from clubscore.games import GAMES

from .conftest import PHONE, TABLET, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

# What the organizer types for one option of each game (the rest keep their defaults).
TYPED = {
    "hand_and_foot": ("Meld minimums", "50, 90", [50, 90]),
    "exact_bid": ("Cards in the first round", "9", 9),
    "luxury_family": ("Rounds", "4", 4),
    "laus": ("Play until a player passes", "500", 500),
}
# A form sent back with errors answers 400 on purpose (the browser logs the status).
NAMES = {
    "hand_and_foot": "Hand and Foot",
    "exact_bid": "Exact-bid trick game",
    "luxury_family": "Luxury Family",
    "laus": "Laus",
}


def open_new_event(page, live_server, name: str = "New event") -> None:
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.get_by_role("link", name=name).click()
    page.wait_for_url(f"{live_server.url}/events/new/")


def choose_game(page, game: str) -> None:
    """Choose the game and wait until its options are swapped in (htmx). Playwright's
    choice sends a change even for the game chosen already (Hand and Foot, the default),
    and an option typed before that swap lands is replaced by the one it brings."""
    page.locator("#game-options").evaluate("options => { options.dataset.stale = '1'; }")
    page.get_by_label("Game", exact=True).select_option(game)
    page.locator("#game-options:not([data-stale])").wait_for()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_organizer_creates_an_event_of_each_game(page, live_server, organizer, game):
    open_new_event(page, live_server)
    page.get_by_label("Name").fill(f"Friday {game}")
    page.get_by_label("Date").fill("2026-12-04")
    choose_game(page, game)
    # The game's options are swapped in (htmx), each with its label and default.
    legend = page.locator("#game-options legend")
    legend.filter(has_text=f"Options of {NAMES[game]}").wait_for()
    for option in GAMES[game].options:
        field = page.get_by_label(str(option.label), exact=True)
        assert field.is_visible()
    label, typed, stored = TYPED[game]
    page.get_by_label(label, exact=True).fill(typed)
    page.get_by_label("Standings are public").check()
    page.get_by_role("button", name="Create the event").click()

    event = Event.objects.get()
    page.wait_for_url(f"{live_server.url}/events/{event.pk}/")
    assert page.get_by_role("heading", name=f"Friday {game}").is_visible()
    option_name = next(o.name for o in GAMES[game].options if o.label == label)
    assert (event.game, event.options[option_name], event.public_standings) == (game, stored, True)


def test_a_game_chosen_before_the_page_is_ready_shows_its_options(page, live_server, organizer):
    """A quick hand on a slow network chooses the game before htmx has loaded: the page
    then asks for that game's options itself (static/js/event_form.js)."""
    log_in(page, live_server, "director", "a-long-organizer-pass")
    held = []  # htmx's script, held back until the game is chosen
    page.route("**/htmx-*.js", lambda route: held.append(route))
    page.goto(f"{live_server.url}/events/new/", wait_until="commit")
    page.get_by_label("Game", exact=True).select_option("laus")
    assert held, "htmx was not asked for"
    held[0].continue_()
    legend = page.locator("#game-options legend")
    legend.filter(has_text="Options of Laus").wait_for()
    assert page.get_by_label("Play until a player passes", exact=True).is_visible()


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_a_bad_option_shows_its_error_on_the_field_and_keeps_what_was_typed(
    new_page, live_server, organizer, viewport
):
    page = new_page(viewport)
    open_new_event(page, live_server)
    page.get_by_label("Name").fill("Short game")
    page.get_by_label("Game", exact=True).select_option("exact_bid")
    start = page.get_by_label("Cards in the first round", exact=True)
    start.wait_for()
    start.fill("0")
    page.get_by_label("Time limit (minutes)").fill("45")
    page.get_by_role("button", name="Create the event").click()

    error = page.locator("#id_start_cards_error")
    assert error.inner_text() == "Must be at least 1."
    assert start.get_attribute("aria-invalid") == "true"
    assert page.get_by_label("Name").input_value() == "Short game"
    assert page.get_by_label("Time limit (minutes)").input_value() == "45"
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"new-event-error-{viewport['width']}")
    start.fill("6")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url(f"{live_server.url}/events/*/")
    assert Event.objects.get().options["start_cards"] == 6


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_the_organizer_creates_an_event_in_german(new_page, live_server, organizer, viewport):
    page = new_page(viewport)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.get_by_role("button", name="DE").click()
    page.get_by_role("link", name="Neue Veranstaltung").click()
    # Loaded, htmx with it: a game chosen before would not fetch its options.
    page.wait_for_url(f"{live_server.url}/events/new/")
    page.get_by_label("Name").fill("Laus am Freitag")
    page.get_by_label("Spiel", exact=True).select_option("laus")
    page.locator("#game-options legend").filter(has_text="Optionen von Laus").wait_for(
        timeout=20_000
    )
    assert page.get_by_label("Runden", exact=True).input_value() == "8"
    page.get_by_label("Runden", exact=True).fill("")
    page.get_by_role("button", name="Veranstaltung anlegen").click()
    # Neither rounds nor a threshold: the game's message, in German, on its field.
    expect(page.locator("#id_rounds_error")).to_be_visible()
    assert page.get_by_label("Name").input_value() == "Laus am Freitag"
    screenshot(page, f"new-event-de-{viewport['width']}")
    page.get_by_label("Bis jemand diese Punktzahl überschreitet").fill("300")
    page.get_by_role("button", name="Veranstaltung anlegen").click()
    page.wait_for_url(f"{live_server.url}/events/*/")
    event = Event.objects.get()
    assert (event.options["rounds"], event.options["threshold"]) == (None, 300)


def test_like_last_time_starts_from_the_games_latest_event(
    page, live_server, organizer, make_event, make_player
):
    today = timezone.localdate()
    earlier = make_event(
        game="exact_bid",
        name="Exact bid Friday",
        date=today - datetime.timedelta(days=2),
        standings_basis="couple",
        public_standings=True,
        options={"start_cards": 7},
        status=Event.Status.FINAL,
    )
    open_new_event(page, live_server)
    page.get_by_label("Game", exact=True).select_option("exact_bid")
    page.get_by_role("link", name="Like last time").click()
    page.wait_for_url(f"{live_server.url}/events/new/?like={earlier.pk}")

    assert page.get_by_label("Cards in the first round", exact=True).input_value() == "7"
    assert page.get_by_label("Standings basis").input_value() == "couple"
    assert page.get_by_label("Standings are public").is_checked()
    suggested = today + datetime.timedelta(days=5)
    assert page.get_by_label("Date").input_value() == suggested.isoformat()
    screenshot(page, "new-event-like-last-time")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url(f"{live_server.url}/events/*/")

    copy = Event.objects.exclude(pk=earlier.pk).get()
    assert (copy.options["start_cards"], copy.standings_basis, copy.date) == (
        7,
        "couple",
        suggested,
    )
    assert copy.status == Event.Status.DRAFT and copy.checkins.count() == 0


def test_after_the_first_score_the_options_changed_are_said_not_saved(
    page, live_server, organizer, drawn_event, console_errors
):
    from clubscore.events.models import ScoreEntry, Table

    event = drawn_event("luxury_family", tables=1)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/")
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Rounds", exact=True).fill("5")
    page.get_by_label("Name").fill("Renamed evening")
    ScoreEntry.objects.create(table=Table.objects.get(round__event=event), number=1, result={})
    page.get_by_role("button", name="Save the settings").click()

    # The name is saved; the options are not, and the message says so (never unsaid).
    said = page.get_by_role("status").filter(has_text="The first score has been entered")
    assert said.is_visible() and "The options you changed were not saved." in said.inner_text()
    event.refresh_from_db()
    assert event.name == "Renamed evening"
    page.get_by_role("link", name="Edit").click()
    assert page.get_by_label("Rounds", exact=True).is_disabled()
    assert event.options["rounds"] == 3
