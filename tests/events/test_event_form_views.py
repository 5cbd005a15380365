"""The organizer's "New event" and "Edit" pages: settings, the game's options as fields,
"Like last time", and no change once the first score is in."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from clubscore.events.models import CheckIn, Event, Round, ScoreEntry, Table
from clubscore.games import GAMES

pytestmark = pytest.mark.django_db

NEW = reverse("events:new")


def settings_data(game: str = "hand_and_foot", /, **changes) -> dict[str, str]:
    """What the page sends for a new event of ``game`` with the game's defaults."""
    data = {
        "name": "Friday cards",
        "date": "2026-12-04",
        "game": game,
        "options_game": game,
        "language": "en",
        "standings_basis": "individual",
    }
    for option in GAMES[game].options:
        value = option.default
        if isinstance(value, list):
            value = ", ".join(str(item) for item in value)
        data[option.name] = "" if value is None else str(value)
    data.update(changes)
    return data


def field_errors(response, name: str) -> list[str]:
    return list(response.context["form"].errors.get(name, []))


def test_the_pages_need_the_organizers_login(client, stranger, make_event):
    event = make_event()
    for url in (NEW, reverse("events:edit", args=[event.pk])):
        assert client.get(url).status_code == 302
        client.force_login(stranger)
        assert client.post(url, settings_data()).status_code == 302
        client.logout()
    assert Event.objects.count() == 1


def test_the_events_list_offers_new_event_to_the_organizer(client, organizer_client):
    assert 'href="/events/new/"' in organizer_client.get("/").content.decode()
    organizer_client.logout()
    assert "New event" not in client.get("/").content.decode()


def test_a_final_evening_on_the_events_list_links_the_organizer_to_its_standings(
    organizer_client, make_event
):
    """A visitor read "Final · Results"; the organizer only "Final" (a walk)."""
    final = make_event(status=Event.Status.FINAL)
    running = make_event(status=Event.Status.RUNNING)
    page = organizer_client.get("/").content.decode()
    assert f'href="{reverse("dashboard:standings", args=[final.pk])}">Standings</a>' in page
    assert reverse("dashboard:standings", args=[running.pk]) not in page


@pytest.mark.parametrize("game", list(GAMES))
def test_each_option_is_a_field_with_the_games_label_default_limits_and_help(
    organizer_client, game
):
    response = organizer_client.get(NEW, {"game": game})
    form = response.context["form"]
    html = response.content.decode()

    assert [f.name for f in form.option_fields()] == [o.name for o in GAMES[game].options]
    for option in GAMES[game].options:
        field = form[option.name]
        assert field.label == option.label
        assert str(option.help) in field.help_text
        if option.kind == "bool":
            assert field.value() is option.default and f'name="{option.name}"' in html
            continue
        assert f"From {option.minimum} to {option.maximum}" in field.help_text or (
            f"each from {option.minimum} to {option.maximum}" in field.help_text
        )
        assert field.field.prepare_value(field.value()) == field.field.prepare_value(option.default)
        if option.kind != "int_list":
            assert f'max="{option.maximum}"' in html and f'name="{option.name}"' in html


def test_exact_bid_start_cards_offers_the_clubs_choices_first():
    from clubscore.events.forms import EventForm

    form = EventForm(initial={"game": "exact_bid"})
    html = str(form["start_cards"])

    assert 'list="start_cards-suggestions"' in html and 'min="1"' in html and 'max="32"' in html
    assert form.fields["start_cards"].suggestions == (5, 7, 8, 10)


def test_the_suggestions_are_listed_on_the_page(organizer_client):
    html = organizer_client.get(NEW, {"game": "exact_bid"}).content.decode()
    assert '<datalist id="start_cards-suggestions">' in html
    assert '<option value="7"></option>' in html


@pytest.mark.parametrize("game", list(GAMES))
def test_a_new_event_of_each_game_is_saved_with_its_options_and_opens_its_page(
    organizer_client, game
):
    response = organizer_client.post(NEW, settings_data(game, public_standings="on"))

    event = Event.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("events:detail", args=[event.pk])
    assert (event.game, event.status, event.public_standings) == (game, "draft", True)
    assert event.options == GAMES[game].default_options()
    assert event.date == datetime.date(2026, 12, 4)


def test_options_are_saved_as_typed(organizer_client):
    data = settings_data("exact_bid", start_cards="9", time_limit_minutes="75")
    organizer_client.post(NEW, data)
    assert Event.objects.get().options == {
        "start_cards": 9,
        "time_limit_minutes": 75,
        "grace_minutes": 15,
        "playoff_time_limit_minutes": 15,
    }


@pytest.mark.parametrize(
    ("game", "changes", "field", "message"),
    [
        ("exact_bid", {"start_cards": "0"}, "start_cards", "Must be at least 1."),
        ("exact_bid", {"start_cards": "33"}, "start_cards", "Must be at most 32."),
        (
            "exact_bid",
            {"start_cards": "ten"},
            "start_cards",
            "Enter a whole number with the digits 0 to 9.",
        ),
        (
            "laus",
            {"rounds": "", "threshold": ""},
            "rounds",
            "Set a number of rounds or a threshold.",
        ),
        ("hand_and_foot", {"meld_minimums": "90, lots"}, "meld_minimums", "Enter whole numbers"),
        ("hand_and_foot", {"meld_minimums": "90, -5"}, "meld_minimums", "Cannot be negative."),
        ("hand_and_foot", {"decks": "13"}, "decks", "Must be at most 12."),
        ("luxury_family", {"rounds": "99999999999999999999"}, "rounds", "Must be at most 30."),
        ("luxury_family", {"time_limit_minutes": ""}, "time_limit_minutes", "required"),
    ],
)
def test_a_bad_option_is_refused_on_its_field_and_nothing_typed_is_lost(
    organizer_client, game, changes, field, message
):
    data = settings_data(game, name="Kept name", grace_minutes="20", **changes)
    response = organizer_client.post(NEW, data)

    assert response.status_code == 200
    assert Event.objects.count() == 0
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert message in errors[field][0]
    html = response.content.decode()
    assert 'value="Kept name"' in html and 'value="20"' in html
    for name, value in changes.items():
        assert f'name="{name}" value="{value}"' in html or value == ""


@pytest.mark.parametrize("game", ["poker", "", "laus'"])
def test_an_unknown_game_is_an_error_on_the_game_field(organizer_client, game):
    response = organizer_client.post(NEW, settings_data("laus", game=game))
    assert response.status_code == 200
    assert "game" in response.context["form"].errors


def test_a_client_sending_junk_gets_field_errors_never_a_500(organizer_client):
    junk = {"name": "x" * 500, "date": "2026-13-45", "game": ["laus", "x"], "rounds": "1e5"}
    response = organizer_client.post(NEW, junk)
    assert response.status_code == 200
    assert {"name", "date", "language", "standings_basis"} <= set(response.context["form"].errors)


@pytest.mark.parametrize(
    "date,said",
    [
        ("0001-01-01", "An evening's date is in 1950 or later."),
        ("9999-12-31", "An evening's date is in 2099 or earlier."),
    ],
)
def test_a_date_out_of_the_clubs_years_is_refused_on_its_field(organizer_client, date, said):
    """Year 1 made the draw fail (it looks a year back), 9999 "Like last time" (a week on)."""
    response = organizer_client.post(NEW, settings_data(date=date, name="Far off"))
    assert response.status_code == 200
    assert field_errors(response, "date") == [said]
    assert 'value="Far off"' in response.content.decode()  # nothing typed is lost
    assert not Event.objects.exists()


@pytest.mark.parametrize("hidden", ["\u202e", "\u200b"])
def test_an_event_name_with_an_invisible_character_is_refused_on_its_field(
    organizer_client, hidden
):
    """A right-to-left override turned the evening's name around on every page."""
    response = organizer_client.post(NEW, settings_data(name=f"Club{hidden} night"))
    assert response.status_code == 200
    assert field_errors(response, "name") == [
        "A name cannot hold invisible characters (such as a zero-width space)."
    ]
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("name", "refused"), [("- -", True), ("\u3164", True), ("2026-12-05", False)]
)
def test_an_event_name_needs_a_letter_or_a_digit(organizer_client, name, refused):
    response = organizer_client.post(NEW, settings_data(name=name))
    if refused:
        assert field_errors(response, "name") == ["A name needs a letter or a digit."]
        assert not Event.objects.exists()
    else:
        assert response.status_code == 302
        assert Event.objects.get().name == name


def test_changing_the_game_without_javascript_shows_its_options_before_saving(
    organizer_client,
):
    # Hand and Foot's options were on the page; the game was switched to Laus and sent.
    data = settings_data("hand_and_foot", game="laus", time_limit_minutes="70", name="Kept")
    response = organizer_client.post(NEW, data)

    assert response.status_code == 200
    assert Event.objects.count() == 0
    form = response.context["form"]
    assert "These are the options of Laus now" in form.errors["game"][0]
    assert [f.name for f in form.option_fields()] == [
        "rounds",
        "threshold",
        *TIME_AND_GRACE,
        "playoff_entries",
    ]
    assert form["time_limit_minutes"].value() == "70"  # typed, kept
    assert form["rounds"].value() == "8"  # Laus's default
    # Sent again as shown, it is saved.
    again = {key: form[key].value() for key in form.fields if form[key].value() is not None}
    assert organizer_client.post(NEW, again).status_code == 302
    assert Event.objects.get().options["time_limit_minutes"] == 70


TIME_AND_GRACE = ["time_limit_minutes", "grace_minutes", "playoff_time_limit_minutes"]


def test_show_this_games_options_re_renders_the_form_unsaved(organizer_client):
    data = settings_data("hand_and_foot", game="exact_bid", name="Kept", refresh="1")
    response = organizer_client.post(NEW, data)

    assert response.status_code == 200
    assert Event.objects.count() == 0
    form = response.context["form"]
    assert not form.is_bound
    assert [f.name for f in form.option_fields()] == ["start_cards", *TIME_AND_GRACE]
    assert 'value="Kept"' in response.content.decode()


def test_htmx_swaps_in_the_chosen_games_options_only(organizer_client):
    response = organizer_client.get(
        NEW, {"game": "luxury_family", "time_limit_minutes": "60"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()

    assert html.lstrip().startswith('<fieldset id="game-options"')
    assert 'name="options_game" value="luxury_family"' in html
    assert 'name="rounds" value="3"' in html and 'name="time_limit_minutes" value="60"' in html
    assert "<html" not in html


def test_like_last_time_copies_the_settings_never_the_evening(
    organizer_client, make_event, make_player
):
    today = timezone.localdate()
    earlier = make_event(
        game="exact_bid",
        name="Stichansage am Freitag",
        date=today - datetime.timedelta(days=3),
        language="de",
        standings_basis="couple",
        public_standings=True,
        options={"start_cards": 7, "time_limit_minutes": 60},
        status=Event.Status.FINAL,
    )
    CheckIn.objects.create(event=earlier, player=make_player())
    make_event(game="laus", date=today)  # another game's event is not offered

    page = organizer_client.get(NEW, {"game": "exact_bid"}).content.decode()
    assert f'href="/events/new/?like={earlier.pk}"' in page and "Like last time" in page
    response = organizer_client.get(NEW, {"like": earlier.pk})
    form = response.context["form"]

    assert form["start_cards"].value() == 7
    assert form["time_limit_minutes"].value() == 60
    assert form["date"].value() == today + datetime.timedelta(days=4)
    values = {key: form[key].value() for key in form.fields}
    assert (values["language"], values["standings_basis"], values["public_standings"]) == (
        "de",
        "couple",
        True,
    )
    data = {key: value for key, value in values.items() if value not in (None, False)}
    assert organizer_client.post(NEW, data).status_code == 302
    copy = Event.objects.exclude(pk=earlier.pk).get(game="exact_bid")
    assert copy.options == {
        "start_cards": 7,
        "time_limit_minutes": 60,
        "grace_minutes": 15,
        "playoff_time_limit_minutes": 15,
    }
    assert (copy.status, copy.checkins.count(), copy.rounds.count()) == ("draft", 0, 0)


def test_like_last_time_reads_the_event_id_in_ascii_digits_only(organizer_client, make_event):
    """Django reads "٥" as 5: another script's digit copied an event nobody chose."""
    earlier = make_event(game="laus", name="Copied by accident")
    arabic = "".join(chr(0x0660 + int(d)) for d in str(earlier.pk))
    form = organizer_client.get(NEW, {"like": arabic}).context["form"]
    assert form["name"].value() != "Copied by accident"
    assert organizer_client.get(NEW, {"like": earlier.pk}).context["form"]["name"].value() == (
        "Copied by accident"
    )


def test_like_last_time_is_offered_only_when_the_game_was_played(organizer_client):
    assert "Like last time" not in organizer_client.get(NEW, {"game": "laus"}).content.decode()


@pytest.mark.parametrize("like", ["abc", "999999", "-1", ""])
def test_a_bad_copy_request_shows_the_plain_form(organizer_client, like):
    response = organizer_client.get(NEW, {"like": like, "game": "nonsense"})
    assert response.status_code == 200
    assert response.context["form"].rules.key == "hand_and_foot"


@pytest.mark.parametrize(
    ("last", "today", "suggested"),
    [
        ("2026-11-27", "2026-11-28", "2026-12-04"),  # a week later
        ("2026-11-27", "2026-12-04", "2026-12-04"),  # today is that weekday
        ("2026-11-27", "2027-01-05", "2027-01-08"),  # the next Friday from today
        ("2026-11-27", "2026-11-20", "2026-12-04"),  # planned ahead
    ],
)
def test_the_next_date_is_the_same_weekday_from_today(make_event, last, today, suggested):
    event = make_event(date=datetime.date.fromisoformat(last))
    copied = event.copied_settings(datetime.date.fromisoformat(today))
    assert copied["date"] == datetime.date.fromisoformat(suggested)


# --- Editing -------------------------------------------------------------------------------


def edit_url(event: Event) -> str:
    return reverse("events:edit", args=[event.pk])


def test_the_event_page_links_to_edit(organizer_client, make_event):
    event = make_event()
    assert (
        f'href="{edit_url(event)}"'
        in organizer_client.get(reverse("events:detail", args=[event.pk])).content.decode()
    )


def test_edit_shows_the_saved_settings_and_saves_changes(organizer_client, make_event):
    event = make_event(game="laus", options={"rounds": None, "threshold": 500})
    form = organizer_client.get(edit_url(event)).context["form"]
    assert (form["rounds"].value(), form["threshold"].value()) == (None, 500)

    data = settings_data("laus", rounds="6", threshold="", name="Renamed")
    response = organizer_client.post(edit_url(event), data)

    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed"
    assert event.options["rounds"] == 6 and event.options["threshold"] is None


def test_edit_keeps_the_clock_and_status(organizer_client, drawn_event):
    event = drawn_event("luxury_family", tables=1)
    started = timezone.now()
    Round.objects.filter(event=event).update(clock_started_at=started, extra_minutes=30)

    organizer_client.post(edit_url(event), settings_data("luxury_family", rounds="4"))
    event.refresh_from_db()
    round_ = Round.objects.get(event=event)

    assert (event.status, round_.clock_started_at, round_.extra_minutes) == ("running", started, 30)
    assert event.options["rounds"] == 4


def test_a_draft_entry_without_a_score_does_not_lock_the_settings(organizer_client, drawn_event):
    event = drawn_event("laus", tables=1)
    ScoreEntry.objects.create(table=Table.objects.get(round__event=event), number=1)

    response = organizer_client.post(edit_url(event), settings_data("laus", rounds="3"))
    assert response.status_code == 302


@pytest.mark.parametrize("entry", [{"result": {"players": []}}, {"parts": [{"team": 1}]}])
def test_after_the_first_score_only_the_game_and_its_options_are_locked(
    organizer_client, drawn_event, entry
):
    event = drawn_event("hand_and_foot", tables=1)
    fields = {name: value for name, value in entry.items() if name != "parts"}
    table = Table.objects.get(round__event=event)
    stored = ScoreEntry.objects.create(table=table, number=1, **fields)
    for part in entry.get("parts", []):
        stored.parts.create(**part)
    reason = "The first score has been entered: the game and its options can no longer"

    page = organizer_client.get(edit_url(event)).content.decode()
    assert reason in page
    # The game and its options stand greyed out as they are; the rest can still change.
    assert "Save the settings" in page
    form = organizer_client.get(edit_url(event)).context["form"]
    assert form.fields["game"].disabled and form.fields["decks"].disabled
    assert not form.fields["name"].disabled and not form.fields["standings_basis"].disabled

    data = settings_data(decks="5", name="Renamed", standings_basis="couple", public_standings="on")
    response = organizer_client.post(edit_url(event), {**data, "game": "laus"})
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert event.options["decks"] == 4 and event.game == "hand_and_foot"
    said = [
        str(m)
        for m in organizer_client.get(reverse("events:detail", args=[event.pk])).context["messages"]
    ]
    assert any("The options you changed were not saved." in m for m in said)
    # Sent as they are, the options are no news: the settings are saved, nothing more.
    response = organizer_client.post(edit_url(event), settings_data(name="Again"), follow=True)
    said = [str(m) for m in response.context["messages"]]
    assert said == ["The settings of “Again” are saved."]
    assert (event.name, event.standings_basis, event.public_standings) == (
        "Renamed",
        "couple",
        True,
    )


def test_the_game_cannot_change_once_the_tables_are_drawn(organizer_client, drawn_event):
    event = drawn_event("laus", tables=1)
    response = organizer_client.post(edit_url(event), settings_data("luxury_family"))

    assert response.status_code == 200
    assert "The tables are drawn for Laus" in field_errors(response, "game")[0]
    event.refresh_from_db()
    assert event.game == "laus"


@pytest.mark.parametrize("shown", ["laus", "hand_and_foot"])
def test_a_game_whose_options_the_drawn_game_lacks_is_refused_on_its_field(
    organizer_client, drawn_event, shown
):
    """Hand and Foot drawn, Laus chosen (its options swapped in, or not): Laus's "rounds"
    are no option of Hand and Foot, and the event kept them while its game stayed (500)."""
    event = drawn_event("hand_and_foot", tables=1)
    data = {**settings_data("laus"), "options_game": shown}
    response = organizer_client.post(edit_url(event), data)
    assert response.status_code == 200
    assert "The tables are drawn for Hand and Foot" in field_errors(response, "game")[0]
    event.refresh_from_db()
    assert event.game == "hand_and_foot" and "rounds" not in event.options


def test_the_game_can_change_before_the_draw(organizer_client, make_event):
    event = make_event(game="laus", options={"rounds": 3})
    assert organizer_client.post(edit_url(event), settings_data("exact_bid")).status_code == 302
    event.refresh_from_db()
    assert event.game == "exact_bid" and event.options["start_cards"] == 10


def test_htmx_on_the_edit_page_swaps_the_options(organizer_client, make_event):
    event = make_event(game="laus")
    response = organizer_client.get(
        edit_url(event), {"game": "exact_bid"}, headers={"HX-Request": "true"}
    )
    assert 'name="start_cards"' in response.content.decode()
    assert "Like last time" not in response.content.decode()


# --- Queries: fixed, whatever the club's size -------------------------------------------------


@pytest.mark.parametrize("events", [2, 20])
def test_the_new_event_page_runs_a_fixed_number_of_queries(
    organizer_client, make_event, django_assert_max_num_queries, events
):
    for number in range(events):
        make_event(game="exact_bid", date=datetime.date(2026, 1, 1) + datetime.timedelta(number))
    latest = Event.objects.latest_of("exact_bid")
    with django_assert_max_num_queries(3):
        organizer_client.get(NEW, {"game": "exact_bid"})
    with django_assert_max_num_queries(4):
        organizer_client.get(NEW, {"like": latest.pk})


@pytest.mark.parametrize("tables", [2, 20])
def test_the_edit_page_runs_a_fixed_number_of_queries(
    organizer_client, drawn_event, django_assert_max_num_queries, tables
):
    event = drawn_event("exact_bid", tables=tables, players_per_table=2)
    with django_assert_max_num_queries(4):
        organizer_client.get(edit_url(event))
    with django_assert_max_num_queries(11):
        organizer_client.post(edit_url(event), settings_data("exact_bid", start_cards="8"))


def test_a_new_event_from_the_german_pages_prints_in_german(
    organizer_client, make_event, make_player
):
    """An organizer working in German started every event in English (its papers too),
    and "Like last time" gave its date as "12 Dezember 2026"."""
    from django.conf import settings

    today = timezone.localdate()
    played = make_event(
        game="laus", date=today - datetime.timedelta(days=3), status=Event.Status.FINAL
    )
    CheckIn.objects.create(event=played, player=make_player())
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    response = organizer_client.get(NEW, {"game": "laus"})
    assert response.context["form"]["language"].value() == "de"
    earlier = today - datetime.timedelta(days=3)
    months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August"]
    months += ["September", "Oktober", "November", "Dezember"]
    assert f" {earlier.day}. {months[earlier.month - 1]} {earlier.year})" in (
        response.content.decode()
    )
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert organizer_client.get(NEW).context["form"]["language"].value() == "en"


def test_the_language_says_it_is_the_printouts(organizer_client):
    """A German evening's cards open in each tablet's own language: the field says so."""
    page = organizer_client.get(NEW).content.decode()
    assert "The printouts&#x27; language: score cards, standings, poster." in page


def page_data(organizer_client, event) -> dict[str, str]:
    """The edit page's form as the browser would send it unchanged."""
    form = organizer_client.get(edit_url(event)).context["form"]
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        data[name] = "" if value is None else str(field.prepare_value(value))
    return data


def test_two_pages_editing_one_event_never_overwrite_each_other_unseen(
    organizer_client, make_event
):
    event = make_event(name="Laus night", game="laus", options={"rounds": 5, "threshold": None})
    first, second = page_data(organizer_client, event), page_data(organizer_client, event)
    organizer_client.post(edit_url(event), {**first, "name": "Laus night II"})
    # The second page changed another setting: both changes stand.
    response = organizer_client.post(edit_url(event), {**second, "rounds": "6"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Laus night II" and event.options["rounds"] == 6
    # Both pages changed the name: the later one is told, what it typed is kept.
    third, fourth = page_data(organizer_client, event), page_data(organizer_client, event)
    organizer_client.post(edit_url(event), {**fourth, "name": "Laus night III"})
    response = organizer_client.post(edit_url(event), {**third, "name": "Laus evening"})
    assert response.status_code == 200
    assert field_errors(response, "name") == [
        "Saved on another page as “Laus night III” since this page was opened: "
        "check it, then save again."
    ]
    assert 'value="Laus evening"' in response.content.decode()
    event.refresh_from_db()
    assert event.name == "Laus night III"
    # Saving the page as shown again keeps what it says.
    again = page_data_of(response)
    assert organizer_client.post(edit_url(event), again).status_code == 302
    event.refresh_from_db()
    assert event.name == "Laus evening" and event.options["rounds"] == 6


def page_data_of(response) -> dict[str, str]:
    form = response.context["form"]
    return {name: form.data.get(name, "") for name in form.data if name != "csrfmiddlewaretoken"}


def test_a_new_event_sent_twice_is_made_once(organizer_client):
    key = organizer_client.get(NEW).context["form"]["key"].value()
    data = settings_data("laus", key=key)
    first = organizer_client.post(NEW, data)
    again = organizer_client.post(NEW, data)
    assert Event.objects.count() == 1
    assert (
        first["Location"]
        == again["Location"]
        == reverse("events:detail", args=[Event.objects.get().pk])
    )
    # Another page (another key) makes another event, as does a form without one.
    other = organizer_client.get(NEW).context["form"]["key"].value()
    assert other != key
    organizer_client.post(NEW, settings_data("laus", key=other))
    organizer_client.post(NEW, settings_data("laus"))
    assert organizer_client.post(NEW, settings_data("laus", key="x" * 5000)).status_code == 302
    assert Event.objects.count() == 4


def test_a_hidden_fields_error_is_said_above_the_form(organizer_client):
    """A NUL in the page's key (a page tampered with) sent the form back without a word:
    a hidden field has no place of its own to say it."""
    response = organizer_client.post(NEW, settings_data("laus", key="abc\x00def"))
    page = response.content.decode()
    assert response.status_code == 200 and not Event.objects.exists()
    errors = page.split('<div class="form-errors" role="alert">', 1)[1].split("</div>", 1)[0]
    assert "Null characters are not allowed." in errors
