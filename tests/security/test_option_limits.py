"""An evening set up at the very limits its game states for each option (a number at
its minimum or its maximum, a list at its longest) opens, plays and prints: its card,
the dashboard, the standings, the wall and every PDF answer, none of them a 500, and
its printed cards cut nothing short (ten hands printed "Hand …" for "Hand 10") and
write nothing across a ruled line (32 rounds wrote their numbers over the rows' lines)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink
from clubscore.games import GAMES
from clubscore.printing.documents import EVENT_DOCUMENTS
from tests.printing.conftest import page_texts, text_over_lines

pytestmark = pytest.mark.django_db


def _extremes() -> list[tuple[str, str, object]]:
    """(game, option, value): each number option at both ends, each list at its longest."""
    cases = []
    for key, game in sorted(GAMES.items()):
        for option in game.options:
            if option.kind == "bool":
                cases += [(key, option.name, True), (key, option.name, False)]
            elif option.kind == "int_list":
                cases.append((key, option.name, [option.maximum] * option.max_items))
                cases.append((key, option.name, [option.minimum]))
            else:
                cases += [(key, option.name, option.minimum), (key, option.name, option.maximum)]
    return cases


@pytest.mark.parametrize(("game", "name", "value"), _extremes())
def test_an_evening_at_an_options_limit_opens_and_prints(organizer, drawn_event, game, name, value):
    options = GAMES[game].clean_options({name: value})
    assert options[name] == value  # within the limits the game states
    event = start_clock(drawn_event(game, tables=1, options=options))
    token = ScorekeeperLink.objects.filter(table__round__event=event).first().token
    client = Client(raise_request_exception=False)
    client.force_login(organizer)
    urls = [
        reverse("scorekeeping:card", args=[token]),
        reverse("dashboard:event", args=[event.pk]),
        reverse("dashboard:standings", args=[event.pk]),
        reverse("events:wall", args=[event.pk]),
        *(reverse("printing:event_pdf", args=[event.pk, what]) for what in EVENT_DOCUMENTS),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
    cards = client.get(reverse("printing:event_pdf", args=[event.pk, "cards"]))
    # The players' names here are short: any "…" is a heading or label cut short.
    assert not [text for text in page_texts(cards.content) if "…" in text]
    # Nor runs over its row's lines (32 rounds of the exact-bid game squeeze the rows).
    assert text_over_lines(cards.content) == []
