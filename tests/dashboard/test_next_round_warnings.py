"""Issue 26.13: "Next round" on the dashboard names the soft rules its draw broke, as the
Draw page does."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from clubscore.events import services
from clubscore.events.clock import start_clock
from clubscore.events.models import Table
from tests.playoffs import hand_and_foot_tie

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "pairs sit together again from an earlier round tonight"),
        # Not "Paare": to a club member those are the married couples.
        ("de", "× sitzen zwei wieder am selben Tisch wie in einer früheren Runde heute"),
    ],
)
def test_next_round_says_which_soft_rules_it_broke(
    organizer_client, make_event, make_player, language, words
):
    # Four players, one table: the next round can only seat them together again.
    event = make_event("laus", options={"rounds": 1})
    services.check_in(event, [make_player(f"L{n}", "Laus") for n in range(4)])
    services.draw_round(event, seed=7)
    start_clock(event)
    Table.objects.filter(round__event=event).update(turned_in_at="2026-11-27T20:00:00Z")
    organizer_client.cookies["django_language"] = language
    response = organizer_client.post(
        reverse("dashboard:next_round", args=[event.pk]),
        {"seating": "lot", "after": 1},
        follow=True,
    )
    page = response.content.decode()
    assert event.rounds.count() == 2
    messages = page[
        page.index('<ul class="messages"') : page.index("</ul>", page.index('<ul class="messages"'))
    ]
    assert words in messages
    assert "L0 Laus" in messages  # the players are named
    draw_page = organizer_client.get(reverse("events:draw", args=[event.pk])).content.decode()
    assert words in draw_page


def test_each_drawn_table_names_only_its_own_broken_soft_rules(
    organizer_client, make_event, make_player
):
    """Eight players at two tables: the second round seats someone together again at both
    tables. The round's warning names both tables once, above them; under each table only
    its own pairs (before, the whole warning stood under each table it named)."""
    event = make_event("laus", options={"rounds": 1})
    services.check_in(event, [make_player(f"L{n}", "Laus") for n in range(8)])
    services.draw_round(event, seed=7)
    start_clock(event)
    Table.objects.filter(round__event=event).update(turned_in_at="2026-11-27T20:00:00Z")
    services.draw_round(event, seed=8, round_number=None, after=1)
    page = organizer_client.get(reverse("events:draw", args=[event.pk])).content.decode()
    summary = page[page.index('class="draw-warnings"') : page.index('class="drawn-tables"')]
    assert "sit together again from an earlier round tonight (table 1: " in summary
    assert "; table 2: " in summary
    tables = page[page.index('class="drawn-tables"') :].split('class="drawn-table"')[1:]
    assert len(tables) == 2
    for table in tables:
        (note,) = re.findall(r'<p class="table-warning">⚠ ([^<]*)</p>', table)
        assert note.startswith("Together again from an earlier round tonight: L")
        # Its own pairs: every player it names sits at this table.
        seated = set(re.findall(r"L\d Laus", table.split('class="high-cards"')[0]))
        assert set(re.findall(r"L\d Laus", note)) <= seated, (note, seated)
    german = organizer_client.get(
        reverse("events:draw", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert german.count("⚠ Schon in einer früheren Runde heute Abend zusammen: L") == 2


@pytest.mark.parametrize(
    "language, name, drawn",
    [
        ("en", "Round 2 (play-off)", "The play-off is drawn at 1 table;"),
        ("de", "Runde 2 (Stechen)", "Das Stechen ist ausgelost: 1 Tisch;"),
    ],
)
def test_a_play_off_drawn_is_announced_once(organizer_client, drawn_event, language, name, drawn):
    """Issue 26.14: the standings page names the new play-off round once."""
    event = drawn_event("hand_and_foot", tables=2)
    hand_and_foot_tie(event)
    Table.objects.filter(round__event=event).update(turned_in_at="2026-11-27T20:00:00Z")
    organizer_client.cookies["django_language"] = language
    response = organizer_client.post(reverse("dashboard:playoff", args=[event.pk]), follow=True)
    page = response.content.decode()
    assert drawn in page
    assert page.count(name) == 1
