"""The organizer's PDF links: staff only, the right document, fixed query counts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.club.models import Couple
from clubscore.events.models import Event, Table
from clubscore.games import GAMES
from clubscore.printing.documents import EVENT_DOCUMENTS

from .conftest import in_order, page_links, page_texts, round_tables

pytestmark = pytest.mark.django_db


def url(event, what):
    return reverse("printing:event_pdf", args=[event.pk, what])


@pytest.mark.parametrize("what", ["cards", "tables", "standings", "blank"])
def test_it_serves_each_pdf_to_the_organizer(organizer_client, drawn_event, what):
    event = drawn_event("hand_and_foot", tables=2, name="Spring Cup")
    response = organizer_client.get(url(event, what))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert f'filename="spring-cup-2026-11-27-{what}.pdf"' in response["Content-Disposition"]
    assert "Spring Cup" in page_texts(response.content)[0]


def test_a_german_name_is_spelled_out_in_the_file_name(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1, name="Fuß-Übungsabend Größenwahn")
    response = organizer_client.get(url(event, "tables"))
    expected = 'filename="fuss-uebungsabend-groessenwahn-2026-11-27-tables.pdf"'
    assert expected in response["Content-Disposition"]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("what", EVENT_DOCUMENTS)
def test_every_pdf_prints_before_anyone_is_drawn(organizer_client, make_event, game, what):
    """At the door nobody is seated yet: the standings print "No scores yet." (their
    column of marks had no width left and made a 500), the table assignments say that no
    tables are drawn yet (they printed an empty page), the rest as they can."""
    event = make_event(game, status=Event.Status.CHECK_IN, name="At the door")
    response = organizer_client.get(url(event, what))
    assert response.status_code == 200
    text = page_texts(response.content)[0]
    assert "At the door" in text or what == "blank"
    assert what != "standings" or "No scores yet." in text
    assert what != "tables" or "No tables drawn yet." in text


def test_the_cards_qr_codes_link_to_this_servers_scorekeeper_pages(organizer_client, drawn_event):
    event = drawn_event("laus", tables=1)
    response = organizer_client.get(url(event, "cards"))
    link = Table.objects.get(round__event=event).links.get()
    assert page_links(response.content) == [[f"http://testserver/s/{link.token}/"]]


def test_it_is_for_staff_only(client, stranger, drawn_event):
    event = drawn_event("laus", tables=1)
    assert client.get(url(event, "cards")).status_code == 302
    client.force_login(stranger)
    response = client.get(url(event, "cards"))
    assert response.status_code == 302
    assert response["Content-Type"] != "application/pdf"


def test_unknown_documents_and_events_are_not_found(organizer_client, drawn_event):
    event = drawn_event("laus", tables=1)
    assert organizer_client.get(url(event, "secrets")).status_code == 404
    assert (
        organizer_client.get(reverse("printing:event_pdf", args=[999, "cards"])).status_code == 404
    )
    assert organizer_client.get(reverse("printing:blank", args=["poker"])).status_code == 404


@pytest.mark.parametrize("game", list(GAMES))
def test_blank_cards_of_each_game(organizer_client, game):
    response = organizer_client.get(reverse("printing:blank", args=[game]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "Event:" in page_texts(response.content)[0]


@pytest.mark.parametrize("what", ["cards", "tables", "standings", "blank"])
def test_each_pdf_runs_the_same_queries_for_ten_times_the_tables(
    organizer_client, drawn_event, django_assert_max_num_queries, what
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    small = drawn_event("hand_and_foot", tables=2)
    big = drawn_event("hand_and_foot", tables=20)
    with CaptureQueriesContext(connection) as baseline:
        assert organizer_client.get(url(small, what)).status_code == 200
    with django_assert_max_num_queries(len(baseline)):
        response = organizer_client.get(url(big, what))
    assert response.status_code == 200


def test_the_event_page_links_to_every_printable(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1)
    page = organizer_client.get(reverse("events:detail", args=[event.pk])).content.decode()
    for what in ("cards", "tables", "standings", "blank"):
        assert url(event, what) in page


def links_of_round(event, number):
    tables = round_tables(event, number)
    return sorted(
        f"http://testserver{link.get_absolute_url()}" for t in tables for link in t.links.all()
    )


@pytest.mark.parametrize(("query", "number"), [("", 2), ("?round=2", 2), ("?round=1", 1)])
def test_round_chooses_the_cards_round(organizer_client, playoff_event, query, number):
    response = organizer_client.get(url(playoff_event, "cards") + query)
    assert response.status_code == 200
    printed = sorted(link for page in page_links(response.content) for link in page)
    assert printed == links_of_round(playoff_event, number)
    label = "Round 2 (play-off)" if number == 2 else "Round 1"
    assert label in page_texts(response.content)[0]
    if query:
        assert f"-cards-round-{number}.pdf" in response["Content-Disposition"]


def test_round_chooses_the_table_assignments_round(organizer_client, playoff_event):
    regular = "\n".join(
        page_texts(organizer_client.get(url(playoff_event, "tables") + "?round=1").content)
    )
    playoff = "\n".join(page_texts(organizer_client.get(url(playoff_event, "tables")).content))
    assert "Table 2" in regular and "Round 1" in regular
    assert "Table 2" not in playoff and "Round 2 (play-off)" in playoff


@pytest.mark.parametrize(
    "query, said",
    [
        ("?round=3", "This evening has no round 3 to print."),
        ("?round=0", "This evening has no such round to print."),
        ("?round=two", "This evening has no such round to print."),
    ],
)
def test_an_unknown_round_is_not_found(organizer_client, playoff_event, query, said):
    """Said as such: the general 404 words speak of a table's card and its new link."""
    response = organizer_client.get(url(playoff_event, "cards") + query)
    page = response.content.decode()
    assert response.status_code == 404 and said in page and "new link" not in page


def test_standings_are_the_events_whatever_the_round(organizer_client, playoff_event):
    response = organizer_client.get(url(playoff_event, "standings") + "?round=1")
    assert response.status_code == 200
    assert "play-off" in page_texts(response.content)[0]


def test_the_event_page_links_each_rounds_cards_once_there_is_a_play_off(
    organizer_client, playoff_event
):
    page = organizer_client.get(reverse("events:detail", args=[playoff_event.pk]))
    html = page.content.decode()
    for number in (1, 2):
        assert f"{url(playoff_event, 'cards')}?round={number}" in html
        assert f"{url(playoff_event, 'tables')}?round={number}" in html
    assert "Round 2 (play-off)" in html
    # The plain buttons print the play-off's round alone: the page says so (a walk).
    assert "The score cards and table assignments above are the latest round" in html


def test_one_round_needs_no_word_of_rounds(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1)
    html = organizer_client.get(reverse("events:detail", args=[event.pk])).content.decode()
    assert "latest round" not in html and "?round=" not in html


def test_basis_chooses_the_standings_view(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1, standings_basis="couple")
    seats = list(event.rounds.get().tables.get().seats.select_related("player"))
    # Two players of different teams are a couple: one couple row, or four players.
    a, b = sorted((seats[0].player, seats[1].player), key=lambda player: player.pk)
    Couple.objects.create(player_a=a, player_b=b, scorekeeper=a)
    couples = "\n".join(page_texts(organizer_client.get(url(event, "standings")).content))
    individual = organizer_client.get(url(event, "standings") + "?basis=individual")
    assert "-standings-individual.pdf" in individual["Content-Disposition"]
    individual = "\n".join(page_texts(individual.content))
    # The couple's name may wrap onto a second line: "No score yet" keeps to one (26.16).
    assert in_order(couples, f"{a.name} & {b.first_name}", b.last_name), couples
    # The two without a couple have lines of their own, marked as singles.
    assert f"{seats[2].player.name} (single)" in couples
    assert all(seat.player.name in individual for seat in seats)
    assert "&" not in individual
    assert organizer_client.get(url(event, "standings") + "?basis=team").status_code == 404


def test_the_standings_page_prints_its_own_view(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1)
    page = organizer_client.get(reverse("dashboard:standings", args=[event.pk]))
    assert f"{url(event, 'standings')}?basis=individual" in page.content.decode()
