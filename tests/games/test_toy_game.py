"""A fifth game, registered only in this test: what it gets without touching other code.

"High card": two to five players, one round is each player's card value; highest wins.
Registered as docs/adding-a-game.md says (the game, its tablet form, its card renderer),
it gets an event through the "New event" page, a draw, a tablet card page whose rounds
are entered and confirmed, a standings page and its PDFs.
"""

from __future__ import annotations

import dataclasses
import io
import uuid
from collections.abc import Sequence
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader

from clubscore.club.models import Player
from clubscore.draw import TABLE_SIZES, draw
from clubscore.entry_forms import FORMS, EntryForm, count_field
from clubscore.events import services
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScoreEntry, ScorekeeperLink, Seat
from clubscore.games import GAMES, Game, Option, Tiebreaker, _
from clubscore.games.base import GRACE, TIME_LIMIT, Validator, line
from clubscore.games.cards import Deck
from clubscore.printing import cards
from clubscore.printing.cards.layout import ROW_MIN, CardKind, header, player_columns


class HighCard(Game):
    key = "high_card"
    name = "High card"
    min_players = 2
    max_players = 5
    standings_order = "high"
    tiebreakers = (Tiebreaker("best_round", _("Best round"), best_of=True),)
    deck = Deck(("A", "K", "Q"))
    options = (Option("rounds", _("Rounds"), 3, minimum=1, maximum=9), TIME_LIMIT, GRACE)

    def point_values(self) -> list[tuple[str, int]]:
        return [(_("Ace"), 3)]

    def _validate(self, payload: Any, options: dict[str, Any], check: Validator) -> Any:
        data = check.mapping(payload, "", ("players", "cards"))
        if data is None:
            return None
        players = check.players(data["players"], "players", 2, 5)
        values = check.sequence(data["cards"], "cards", 2, 5)
        return None if players is None or values is None else data

    def _score(self, payload: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        return {
            "players": [
                {"name": n, "total": v, "lines": [line(_("Ace"), v)]}
                for n, v in zip(payload["players"], payload["cards"], strict=True)
            ]
        }


class HighCardForm(EntryForm):
    """The tablet's form of a round: each player's card value, in seat order."""

    game_key = "high_card"

    def build(self) -> None:
        for i, name in enumerate(self.players):
            self.fields[f"card_{i}"] = count_field(name, required=True)
        self.groups = [(_("Cards"), [f"card_{i}" for i in range(len(self.players))])]

    def payload(self) -> dict:
        cards = [self.count(f"card_{i}") for i in range(len(self.players))]
        return {"players": self.players, "cards": cards}

    def field_for_path(self, path: str) -> str | None:
        parts = path.split(".")
        return f"card_{parts[1]}" if len(parts) > 1 and parts[0] == "cards" else None

    @staticmethod
    def initial_from_payload(payload: dict, players: Sequence[str]) -> dict:
        return {f"card_{i}": value for i, value in enumerate(payload["cards"])}


def draw_high_card(canvas, x, top, width, height, event, table) -> None:
    top = header(canvas, x, top, width, event, table)
    player_columns(canvas, x, top, [width / 5] * 5, table, list(range(1, 6)))


@pytest.fixture
def high_card():
    game = HighCard()
    GAMES[game.key] = game
    cards.register(CardKind(game.key, draw_high_card, lambda event, w, h: 40 * ROW_MIN))
    FORMS[game.key] = HighCardForm
    yield game
    del GAMES[game.key]
    del cards.CARDS[game.key]
    del FORMS[game.key]


def test_the_toy_game_answers_like_the_others(high_card):
    assert high_card.words.label(2) == "Round 2"
    assert high_card.entries_per_game() == 3
    assert high_card.score_so_far(["a", "b"], [{"players": ["a", "b"], "cards": [3, 1]}])
    assert high_card.tiebreak_values([{"players": [{"total": 3}]}], 0, None) == {"best_round": 3}


def test_the_toy_game_is_drawn_from_its_own_deck(high_card):
    assert TABLE_SIZES["high_card"].largest == 5
    result = draw("high_card", [f"p{i}" for i in range(9)], [], seed=4)
    assert sorted(len(t["players"]) for t in result["tables"]) == [4, 5]
    for table in result["tables"]:
        for shown in table["high_cards"].values():
            assert all(card[:-1] in {"A", "K", "Q"} for card in shown.split(", "))


def test_the_toy_game_prints_a_score_card(high_card, settings):
    pdf = cards.render_blank_cards("high_card")
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "High card" in text


def post(client, link, name, data):
    url = reverse(f"scorekeeping:{name}", args=[link.token])
    return client.post(url, {"idem": uuid.uuid4().hex, **data})


def running_evening(organizer_client) -> tuple[Event, ScorekeeperLink]:
    """An evening of the toy game made as the organizer makes one: the "New event" page,
    five players checked in, the draw, the clock started."""
    new = organizer_client.get(reverse("events:new"), {"game": "high_card"}).content.decode()
    assert '<option value="high_card" selected>High card</option>' in new
    sent = {"name": "High cards", "date": "2026-12-04", "game": "high_card"}
    sent |= {"options_game": "high_card", "language": "en", "standings_basis": "individual"}
    sent |= {"rounds": "2", "time_limit_minutes": "90", "grace_minutes": "15"}
    assert organizer_client.post(reverse("events:new"), sent).status_code == 302
    event = Event.objects.get(game="high_card")
    assert event.options["rounds"] == 2

    services.check_in(
        event, [Player.objects.create(first_name=f"P{i}", last_name="X") for i in range(5)]
    )
    drawn = organizer_client.post(
        reverse("events:draw", args=[event.pk]), {"seed": "7"}, follow=True
    )
    assert "The tables are drawn (seed 7)." in drawn.content.decode()
    (link,) = ScorekeeperLink.objects.filter(table__round__event=event)
    return start_clock(Event.objects.get(pk=event.pk)), link


@pytest.mark.django_db
def test_the_toy_game_gets_an_event_a_draw_a_card_standings_and_pdfs(
    high_card, organizer_client, client
):
    event, link = running_evening(organizer_client)
    seats = list(Seat.objects.filter(table=link.table).order_by("position"))
    assert len(seats) == 5
    card = client.get(reverse("scorekeeping:card", args=[link.token]))
    assert card.status_code == 200
    assert 'name="card_4"' in card.content.decode()
    for number, values in ((1, [3, 1, 2, 0, 1]), (2, [1, 3, 0, 0, 2])):
        data = {"number": number, "version": 0} | {f"card_{i}": v for i, v in enumerate(values)}
        assert post(client, link, "entry", data).status_code == 302
        entry = ScoreEntry.objects.get(table=link.table, number=number)
        confirm = {"number": number, "version": entry.version, "player": seats[1].player_id}
        assert post(client, link, "confirm", confirm).status_code == 302
    assert ScoreEntry.objects.filter(status=ScoreEntry.Status.CONFIRMED).count() == 2

    dashboard = organizer_client.get(reverse("dashboard:event", args=[event.pk]))
    assert dashboard.status_code == 200
    standings = organizer_client.get(reverse("dashboard:standings", args=[event.pk]))
    rows = standings.context["standings"].ranked
    assert [row.total for row in rows] == [4, 4, 3, 2, 0]
    assert rows[0].tiebreakers == {"best_round": 3}
    assert "Best round" in standings.content.decode()

    for what in ("cards", "tables", "standings"):
        pdf = organizer_client.get(reverse("printing:event_pdf", args=[event.pk, what]))
        assert pdf.status_code == 200, what
        assert "High card" in PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()


@pytest.mark.django_db
def test_the_toy_games_own_word_shows_on_its_card_and_the_dashboard(
    high_card, organizer_client, client
):
    """A game that calls its entries "deals" says so where the pages speak of them: the
    card's key to its rows, and what "Call time" does."""
    high_card.words = dataclasses.replace(
        high_card.words,
        numbered="Deal {n}",
        table_key="Each row: the points of that deal; below them the running total.",
        no_new_anywhere="No new deal may start at any table.",
    )
    event, link = running_evening(organizer_client)
    card = client.get(reverse("scorekeeping:card", args=[link.token])).content.decode()
    assert "Each row: the points of that deal" in card and "hand or round" not in card
    assert "Deal 1" in card
    dashboard = organizer_client.get(reverse("dashboard:event", args=[event.pk]))
    page = dashboard.content.decode()
    assert "No new deal may start at any table." in page and "hand or round" not in page
