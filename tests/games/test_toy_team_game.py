"""A fifth game with team parts, registered only in this test: it touches nothing else.

"Team tricks": two teams of two; in each round each team counts the tricks it took
(10 points a trick, 13 tricks at most between them). Like Hand and Foot, each team
enters its own part on its own tablet and the other team confirms or disputes it: the
game says so by its entry mode (a `TeamParts` of its own), and the tablet, the
dashboard, the standings, the ratings and the PDFs follow, with no code of theirs
knowing the game. Registered as docs/adding-a-game.md says (the game, its tablet
form, its card renderer).
"""

from __future__ import annotations

import io
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from clubscore.club.models import Player
from clubscore.entry_forms import FORMS, EntryForm, count_field
from clubscore.events import services
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScoreEntry, ScorekeeperLink, TeamPart
from clubscore.games import GAMES, Game, Option, _
from clubscore.games.base import GRACE, TIME_LIMIT, Validator, join, line
from clubscore.games.cards import Deck
from clubscore.games.entry import TeamParts
from clubscore.printing import cards
from clubscore.printing.cards.layout import ROW_MIN, CardKind, header, player_columns
from clubscore.ratings.models import Rating, RatingHistory

TRICKS = 13
POINTS = 10


def _tricks(part: Any, path: str, check: Validator) -> int | None:
    data = check.mapping(part, path, ("tricks",))
    if data is None:
        return None
    return check.integer(data["tricks"], join(path, "tricks"), 0, TRICKS)


def _team(tricks: int) -> dict[str, Any]:
    return {"total": tricks * POINTS, "lines": [line(_("Tricks"), tricks * POINTS)]}


class TrickParts(TeamParts):
    """A round is ``{"round": n, "teams": [{"tricks": t}, {"tricks": t}]}``; a team's
    part is its ``{"tricks": t}`` (``teams.N``: `TeamParts` finds it there)."""

    def whole_entry(self, game: Game, number: int, parts: Sequence[Any | None]) -> Any:
        return {"round": number, "teams": [part or {"tricks": 0} for part in parts]}

    def score_part(
        self, game: Game, part: Any, number: int, index: int, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        check = Validator()
        tricks = _tricks(part, join("teams", index), check)
        check.raise_if_errors()
        return _team(tricks)


class TeamTricks(Game):
    key = "team_tricks"
    name = "Team tricks"
    min_players = 4
    max_players = 4
    teams = 2
    team_size = 2
    entry = TrickParts()
    deck = Deck(("A", "K", "Q", "J"))
    options = (Option("rounds", _("Rounds"), 2, minimum=1, maximum=9), TIME_LIMIT, GRACE)

    def point_values(self) -> list[tuple[str, int]]:
        return [(_("Tricks"), POINTS)]

    def seat_points(self, result: Mapping[str, Any], seat: int, team: int | None) -> int:
        return result["teams"][team or 0]["total"]

    def _validate(self, payload: Any, options: dict[str, Any], check: Validator) -> Any:
        data = check.mapping(payload, "", ("round", "teams"))
        if data is None:
            return None
        teams = check.sequence(data["teams"], "teams", 2, 2) or []
        tricks = [_tricks(team, join("teams", i), check) for i, team in enumerate(teams)]
        if teams and None not in tricks and sum(tricks) > TRICKS:
            check.add("teams", f"The teams took {sum(tricks)} tricks; a round has {TRICKS}.")
        return tricks

    def _score(self, tricks: list[int], options: dict[str, Any]) -> dict[str, Any]:
        return {"teams": [_team(t) for t in tricks]}


class TeamTricksForm(EntryForm):
    """One team's part of a round: the tricks it took."""

    game_key = "team_tricks"

    def build(self) -> None:
        self.fields["tricks"] = count_field(_("Tricks we took"), required=True)
        self.groups = [(_("Tricks"), ["tricks"])]

    def payload(self) -> dict:
        return {"tricks": self.count("tricks")}

    def field_for_path(self, path: str) -> str | None:
        return "tricks" if path.endswith(".tricks") else None

    @staticmethod
    def initial_from_payload(payload: dict, players: Sequence[str]) -> dict:
        return {"tricks": payload["tricks"]}


def draw_team_tricks(canvas, x, top, width, height, event, table) -> None:
    top = header(canvas, x, top, width, event, table)
    player_columns(canvas, x, top, [width / 2] * 2, table, list(range(1, 3)))


@pytest.fixture
def team_tricks():
    game = TeamTricks()
    GAMES[game.key] = game
    cards.register(CardKind(game.key, draw_team_tricks, lambda event, w, h: 20 * ROW_MIN))
    FORMS[game.key] = TeamTricksForm
    yield game
    del GAMES[game.key]
    del cards.CARDS[game.key]
    del FORMS[game.key]


def test_the_toy_team_game_answers_like_the_others(team_tricks):
    assert team_tricks.entry.parts(team_tricks) == 2
    whole = {"round": 1, "teams": [{"tricks": 8}, {"tricks": 5}]}
    assert team_tricks.entry.parts_of(team_tricks, whole) == whole["teams"]
    assert team_tricks.entry.sections(team_tricks, whole) == [
        (1, {"tricks": 8}),
        (2, {"tricks": 5}),
    ]
    assert team_tricks.entry_points([], [], whole) == [80, 50]
    assert team_tricks.words.label(2) == "Round 2"


@pytest.fixture
def evening(team_tricks, organizer_client):
    sent = {"name": "Tricks night", "date": "2026-12-04", "game": "team_tricks"}
    sent |= {"options_game": "team_tricks", "language": "en", "standings_basis": "individual"}
    sent |= {"rounds": "2", "time_limit_minutes": "90", "grace_minutes": "15"}
    assert organizer_client.post(reverse("events:new"), sent).status_code == 302
    event = Event.objects.get(game="team_tricks")
    players = [Player.objects.create(first_name=f"P{i}", last_name="X") for i in range(4)]
    services.check_in(event, players)
    drawn = organizer_client.post(
        reverse("events:draw", args=[event.pk]), {"seed": "7"}, follow=True
    )
    assert "The tables are drawn (seed 7)." in drawn.content.decode()
    return start_clock(Event.objects.get(pk=event.pk))


class Tablets:
    """Each team's own tablet (not logged in), by its private link."""

    def __init__(self, event: Event) -> None:
        self.client = Client()
        links = ScorekeeperLink.objects.filter(table__round__event=event).select_related("team")
        self.links = {link.team.number: link for link in links}

    def page(self, team: int) -> str:
        url = reverse("scorekeeping:card", args=[self.links[team].token])
        response = self.client.get(url)
        assert response.status_code == 200
        return response.content.decode()

    def send(self, team: int, name: str, data: dict) -> str:
        url = reverse(f"scorekeeping:{name}", args=[self.links[team].token])
        response = self.client.post(url, {"idem": uuid.uuid4().hex, **data}, follow=True)
        assert response.status_code in (200, 422), response.status_code
        return response.content.decode()


def part(entry: ScoreEntry, team: int) -> TeamPart:
    return TeamPart.objects.get(entry=entry, team=team)


@pytest.mark.django_db
def test_the_toy_team_game_gets_team_entry_a_dispute_standings_ratings_and_pdfs(
    evening, organizer_client, django_capture_on_commit_callbacks
):
    tablets = Tablets(evening)
    assert set(tablets.links) == {1, 2}
    assert 'name="tricks"' in tablets.page(1) and "Save the round" in tablets.page(1)

    # Round 1: each team enters its part; the other team confirms it.
    saved = tablets.send(1, "entry", {"number": 1, "version": 0, "tricks": 8})
    assert "Round 1 saved." in saved
    entry = ScoreEntry.objects.get(table__round__event=evening, number=1)
    assert entry.status == ScoreEntry.Status.DRAFT
    assert "waiting for Team 2" in tablets.page(1)
    # The teams' parts are checked together once both are in: 15 tricks are too many.
    refused = tablets.send(2, "entry", {"number": 1, "version": 0, "tricks": 7})
    assert "The teams took 15 tricks; a round has 13." in refused
    tablets.send(2, "entry", {"number": 1, "version": 0, "tricks": 5})
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.ENTERED
    assert entry.payload == {"round": 1, "teams": [{"tricks": 8}, {"tricks": 5}]}
    assert [team["total"] for team in entry.result["teams"]] == [80, 50]
    assert "Round 1: check what Team 1 entered" in tablets.page(2)
    tablets.send(2, "confirm", {"number": 1, "version": part(entry, 1).version})
    tablets.send(1, "confirm", {"number": 1, "version": part(entry, 2).version})
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED

    # Round 2: Team 2 disputes Team 1's part and gives its own count of it.
    tablets.send(1, "entry", {"number": 2, "version": 0, "tricks": 9})
    tablets.send(2, "entry", {"number": 2, "version": 0, "tricks": 4})
    second = ScoreEntry.objects.get(table__round__event=evening, number=2)
    disputed = {"number": 2, "version": part(second, 1).version, "note": "They took 7."}
    sent = tablets.send(2, "dispute", disputed | {"p-tricks": 7, "propose": "1"})
    assert "Sent to the organizer." in sent
    second.refresh_from_db()
    assert second.status == ScoreEntry.Status.DISPUTED
    assert second.proposed_payload == {"round": 2, "teams": [{"tricks": 7}, {"tricks": 4}]}

    # The organizer sees both versions scored side by side and takes Team 2's.
    dashboard = organizer_client.get(reverse("dashboard:event", args=[evening.pk]))
    page = dashboard.content.decode()
    assert "Take the other side&#x27;s version" in page or "Take the other side's version" in page
    assert "No disputed rounds." not in page
    settle = reverse("dashboard:settle", args=[evening.pk, second.pk])
    organizer_client.post(settle, {f"entry-{second.pk}-choice": "proposed"})
    second.refresh_from_db()
    assert second.status == ScoreEntry.Status.CONFIRMED
    assert second.payload["teams"][0] == {"tricks": 7}
    assert part(second, 1).data == {"tricks": 7}
    assert part(second, 1).state == TeamPart.State.CONFIRMED
    after = organizer_client.get(reverse("dashboard:event", args=[evening.pk])).content.decode()
    assert "No disputed rounds." in after

    assert "Card turned in" in tablets.send(1, "turn_in", {})

    standings = organizer_client.get(reverse("dashboard:standings", args=[evening.pk]))
    assert [row.total for row in standings.context["standings"].ranked] == [150, 150, 90, 90]

    with django_capture_on_commit_callbacks(execute=True):
        finished = organizer_client.post(
            reverse("dashboard:finish_now", args=[evening.pk]), follow=True
        )
    assert "The evening is final" in finished.content.decode()
    assert Rating.objects.filter(game="team_tricks", evenings=1).count() == 4
    history = RatingHistory.objects.filter(event=evening).order_by("place")
    assert [row.score for row in history] == [150, 150, 90, 90]
    player = organizer_client.get(reverse("dashboard:player", args=[history[0].player_id]))
    assert "Tricks night" in player.content.decode()

    for what in ("cards", "tables", "standings"):
        pdf = organizer_client.get(reverse("printing:event_pdf", args=[evening.pk, what]))
        assert pdf.status_code == 200, what
        assert "Team tricks" in PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()


def test_the_toy_team_game_scores_a_half_entered_round_as_it_lies(team_tricks):
    # Its mode scores a part alone (`score_part`); it has no `score_team` of its own.
    whole, result = team_tricks.score_as_entered(1, [{"tricks": 6}, None], {})
    assert whole == {"round": 1, "teams": [{"tricks": 6}, {"tricks": 0}]}
    assert [team["total"] for team in result["teams"]] == [60, 0]


@pytest.mark.django_db
def test_a_round_one_team_entered_is_scored_as_it_lies_on_the_finish_page(
    evening, organizer_client
):
    tablets = Tablets(evening)
    tablets.send(1, "entry", {"number": 1, "version": 0, "tricks": 6})
    table = ScoreEntry.objects.get(table__round__event=evening, number=1).table
    settle = reverse("dashboard:settle_card", args=[evening.pk, table.pk])
    answer = organizer_client.post(settle, {"action": "as_it_lies"}, follow=True)
    assert answer.status_code == 200
    entry = ScoreEntry.objects.get(table=table, number=1)
    assert entry.status == ScoreEntry.Status.CONFIRMED
    assert [team["total"] for team in entry.result["teams"]] == [60, 0]
