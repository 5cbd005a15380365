"""Issue 26.3: the words about the rating say truly what the number is, in EN and DE.

Everybody starts at 0; after one evening the winners show above 0 and the losers below
(before, everybody showed -1.5 or so after one evening though the words said "starts at
0 and rises").
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubscore.ratings.models import Rating

pytestmark = pytest.mark.django_db
LADDER = reverse("dashboard:ladder")

WORDS = {
    "en": (
        "Everybody starts at 0; it goes up when a player does better than the ratings "
        "around them expected and down when worse, so 0 stays about the club's average.",
        "everybody starts at 0, about the club's average; above 0 plays better than "
        "the average, below 0 worse",
    ),
    "de": (
        "Alle beginnen bei 0; sie steigt, wenn jemand besser spielt, als die "
        "Wertungszahlen der anderen erwarten ließen, und sinkt, wenn schlechter; so bleibt "
        "0 etwa der Durchschnitt des Clubs.",
        "alle beginnen bei 0, etwa dem Durchschnitt des Clubs; über 0 spielt besser als "
        "der Durchschnitt, unter 0 schlechter",
    ),
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_after_one_evening_winners_show_above_0_and_the_pages_say_so(
    evening, members, organizer_client, language
):
    people = members(8)
    evening(people, [0, 1])  # table 1: seats 1 & 3 win; table 2: seats 2 & 4
    shown = {r.player_id: r.shown for r in Rating.objects.filter(game="hand_and_foot")}
    winners = {people[0].pk, people[2].pk, people[5].pk, people[7].pk}
    assert all(shown[pid] > 0 for pid in winners)
    assert all(shown[pid] < 0 for pid in set(shown) - winners)

    ladder_words, chart_words = WORDS[language]
    client = Client(headers={"accept-language": language})
    page = client.get(LADDER, {"game": "hand_and_foot", "rank_by": "rating"})
    html = page.content.decode()
    assert ladder_words in html
    assert "starts at 0 and rises" not in html and "-1.5" not in html
    top = page.context["ladder"].rows[0]
    assert top.player_id in winners and top.rating > 0

    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    player = organizer_client.get(reverse("dashboard:player", args=[people[0].pk]))
    assert chart_words in player.content.decode()
