"""What a player's phone says about the table as the evening goes on: whose "(you)" it
is, each hand's own points, who deals the hand in play, and the pages switched off
while the phone watches."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import timezone

from clubscore.events import phones
from clubscore.events.models import ScoreEntry, Seat
from clubscore.events.my_table import live_version
from clubscore.games import score
from tests.payloads import hf_hand, laus_round
from tests.playoffs import confirm, sent_by_first_seat

from .conftest import page_url

pytestmark = pytest.mark.django_db

LIVE_URL = re.compile(r'<section id="live"[^>]*\bhx-get="([^"]+)"')


def text(response) -> str:
    return html.unescape(response.content.decode())


def seats_of(event, table=1) -> list[Seat]:
    return list(
        Seat.objects.filter(round__event=event, table__number=table)
        .select_related("player", "table")
        .order_by("position")
    )


def row(page: str, label: str) -> list[str]:
    body = page.split('<table class="phone-hands" ', 1)[1].split("</tbody>", 1)[0]
    # A row is headed by its number, its name ("Round 2") read out.
    line = re.search(rf"<th scope=\"row\" aria-label=\"{label}\">\d+</th>(.*?)</tr>", body)
    assert line, f"no row {label}"
    return re.findall(r'<td class="num">([^<]*)</td>', line.group(1))


def test_you_stands_beside_the_readers_own_name(client, drawn_event):
    """Each team's scorekeeper reads "(you)" beside their own name, not the last one."""
    event = drawn_event("hand_and_foot", tables=1)
    keepers = [seat for seat in seats_of(event) if seat.is_scorekeeper]
    assert len(keepers) == 2
    names = [seat.player.name for seat in keepers]
    for me, other in ((0, 1), (1, 0)):
        page = text(client.get(page_url(phones.link_for(event, keepers[me].player))))
        shown = re.search(r'<dd class="phone-keepers">(.*?)</dd>', page).group(1)
        assert f'{names[me]} <span class="phone-you">(you)</span>' in shown
        assert f'{names[other]} <span class="phone-you">' not in shown
    partner = next(seat for seat in seats_of(event) if not seat.is_scorekeeper)
    page = text(client.get(page_url(phones.link_for(event, partner.player))))
    assert "(you)" not in re.search(r'<dd class="phone-keepers">(.*?)</dd>', page).group(1)


def test_each_row_shows_that_hands_own_points(client, drawn_event):
    """Round 2's row is round 2's points, as on the card; the Total row the sum."""
    event = drawn_event("laus", tables=1)
    seats = seats_of(event)
    names = [seat.player.name for seat in seats]
    rounds = [laus_round(names, ten_of_spades_to=0), laus_round(names, ten_of_spades_to=1)]
    for number, payload in enumerate(rounds, start=1):
        confirm(seats[0].table, number, payload)
    points = [[p["total"] for p in score("laus", payload)["players"]] for payload in rounds]
    page = text(client.get(page_url(phones.link_for(event, seats[0].player))))
    assert row(page, "Round 1") == [str(p) for p in points[0]]
    assert row(page, "Round 2") == [str(p) for p in points[1]]
    assert points[1] != [a + b for a, b in zip(*points, strict=True)]  # the test can tell
    foot = page.split("<tfoot>", 1)[1].split("</tfoot>", 1)[0]
    totals = re.findall(r"<strong>([^<]*)</strong>", foot)
    assert totals == [str(a + b) for a, b in zip(*points, strict=True)]


def test_who_plays_first_follows_the_hand_in_play(client, drawn_event):
    """After hand 1 the phone names hand 2's first player, as the card does."""
    event = drawn_event("hand_and_foot", tables=1)
    seats = seats_of(event)
    link = phones.link_for(event, seats[2].player)
    page = text(client.get(page_url(link)))
    first = re.search(r'<dt>([^<]*)</dt><dd class="phone-first">([^<]*)</dd>', page)
    assert first.groups() == ("Hand 1 · Plays first:", seats[0].player.name)
    # The one who plays first reads "(you)" there, as beside "Keeps score".
    mine = text(client.get(page_url(phones.link_for(event, seats[0].player))))
    you = f'{seats[0].player.name} <span class="phone-you">(you)</span></dd>'
    assert f'<dd class="phone-first">{you}' in mine
    confirm(seats[0].table, 1, hf_hand(1))
    page = text(client.get(page_url(link)))
    first = re.search(r'<dt>([^<]*)</dt><dd class="phone-first">([^<]*)</dd>', page)
    assert first.groups() == ("Hand 2 · Plays first:", seats[1].player.name)
    # Three hands make the game: after the third nobody starts a fourth.
    for number in (2, 3):
        confirm(seats[0].table, number, hf_hand(number))
    assert 'class="phone-first"' not in text(client.get(page_url(link)))
    seats[0].table.turned_in_at = timezone.now()
    seats[0].table.save(update_fields=["turned_in_at"])
    assert 'class="phone-first"' not in text(client.get(page_url(link)))


def test_pages_switched_off_while_a_phone_watches_reload_it(client, drawn_event):
    """The poll does not put the whole "switched off" page inside the live part: the
    phone reloads and shows it alone."""
    event = drawn_event("laus", tables=1)
    link = phones.link_for(event, seats_of(event)[1].player)
    first = text(client.get(page_url(link)))
    address = LIVE_URL.search(first).group(1)
    phones.switch(event, pages_on=False)
    response = client.get(address, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    assert response.content == b""
    page = text(client.get(page_url(link)))
    assert page.count('<header class="site-header') <= 1 and 'id="live"' not in page


def test_a_turned_in_card_adds_its_final_total_under_the_hands_sum(client, drawn_event):
    """After "Turn in the card" an exact-bid phone's Total jumped to the multiplied
    figures (256 under rows adding up to 64): the Total stays the rows' sum and the
    game's final total stands under it, from the last round on (the places are settled
    then, and the table checks them before it turns the card in), not before."""
    from tests.events.test_finish_every_game import exact_bid_round

    event = drawn_event("exact_bid", tables=1, players_per_table=3, options={"start_cards": 2})
    seats = seats_of(event)
    names = [seat.player.name for seat in seats]
    table = seats[0].table
    confirm(table, 1, exact_bid_round(names, 1))
    page = text(client.get(page_url(phones.link_for(event, seats[0].player))))
    assert "Final total" not in page  # one round of two: no one's place is settled
    confirm(table, 2, exact_bid_round(names, 2))
    for turned_in in (False, True):
        if turned_in:
            table.turned_in_at = timezone.now()
            table.save(update_fields=["turned_in_at"])
        page = text(client.get(page_url(phones.link_for(event, seats[0].player))))
        foot = page.split("<tfoot>", 1)[1].split("</tfoot>", 1)[0]
        total, final = (
            re.findall(r"<strong>([^<]*)</strong>", line) for line in foot.split("</tr>")[0:3:2]
        )
        rounds = zip(row(page, "Round 1"), row(page, "Round 2"), strict=True)
        assert total == [str(int(a) + int(b)) for a, b in rounds]
        assert "Final total" in foot and final != total
        # Each total says the multiplier that made its final total, as the card does.
        total_row, times_row = foot.split("</tr>")[:2]
        assert 'aria-label="Multiplier">×</th>' in times_row
        times = re.findall(r'<td class="num">(\d+)</td>', times_row)
        assert [int(t) * int(m) for t, m in zip(total, times, strict=True)] == [
            int(f) for f in final
        ]
        assert "First-table bonus" not in foot
        assert "where both are equal, the earlier seat ranks higher" in page  # how places go


def test_a_card_in_first_says_its_first_table_bonus_on_the_phone(client, drawn_event):
    """Dolores's phone read Total 5900, then Final total 6300, with nothing saying where
    the 400 came from: the bonus row stands between them, as on the card."""
    event = drawn_event("hand_and_foot", tables=1, options={"first_table_bonus": 400})
    seats = seats_of(event)
    table = seats[0].table
    confirm(table, 1, hf_hand(1, went_out_team=0))
    link = phones.link_for(event, seats[1].player)
    assert "First-table bonus" not in text(client.get(page_url(link)))
    table.turned_in_at, table.has_bonus = timezone.now(), True
    table.save(update_fields=["turned_in_at", "has_bonus"])
    foot = text(client.get(page_url(link))).split("<tfoot>", 1)[1].split("</tfoot>", 1)[0]
    total, bonus, final = foot.split("</tr>")[:3]
    assert "First-table bonus" in bonus and "phone-times" not in total
    sums = [int(n) for n in re.findall(r"<strong>(-?\d+)</strong>", total)]
    assert re.findall(r'<td class="num">\+(\d+)</td>', bonus) == ["400", "400"]
    assert [int(n) for n in re.findall(r"<strong>(-?\d+)</strong>", final)] == [
        s + 400 for s in sums
    ]


def test_once_time_is_up_the_phone_shows_only_the_hand_being_finished(client, drawn_event):
    """Time was called after hand 1 was entered: the phone shows hand 2 (being finished)
    with the game's words; once hand 2 is in, no hand 3 and its first player (the card
    says "Nothing more to enter"), and once entry has closed, no hand at all."""
    import datetime

    from clubscore.events.clock import call_time, clock_state, start_clock

    event = drawn_event("laus", tables=1)
    seats = seats_of(event)
    table, names = seats[0].table, [seat.player.name for seat in seats]
    started = timezone.now() - datetime.timedelta(minutes=30)
    start_clock(event, now=started)
    entered = confirm(table, 1, laus_round(names, 0))
    entered.entered_at = timezone.now()  # before time is called
    entered.save(update_fields=["entered_at"])
    call_time(event)
    link = phones.link_for(event, seats[2].player)
    page = text(client.get(page_url(link)))
    assert "Round 2 · " in page and 'class="phone-first"' in page
    assert "Time is up: finish the round in progress. Entry closes in" in page
    late = confirm(table, 2, laus_round(names, 1))
    late.entered_at = timezone.now() + datetime.timedelta(seconds=5)  # after the call
    late.save(update_fields=["entered_at"])
    page = text(client.get(page_url(link)))
    assert "Round 3" not in page and 'class="phone-first"' not in page
    assert "Time is up: nothing new starts, and the card is turned in. Entry closes in" in page
    # Entry closed: the grace minutes are over.
    grace = event.game_options["grace_minutes"]
    ends = clock_state(event).ends_at
    event.rounds.update(time_called_at=ends - datetime.timedelta(minutes=grace + 1))
    page = text(client.get(page_url(link)))
    assert "Entry has closed" in page and 'class="phone-first"' not in page


def test_a_disputed_hand_is_said_and_the_next_one_is_in_play(client, drawn_event):
    """Hand 2 disputed: the card has moved on to hand 3, so the phone names hand 3's first
    player and says hand 2 waits for the organizer (it named hand 2's, with no word)."""
    event = drawn_event("hand_and_foot", tables=1)
    seats = seats_of(event)
    link = phones.link_for(event, seats[2].player)
    confirm(seats[0].table, 1, hf_hand(1))
    waiting = sent_by_first_seat(seats[0].table, 2, hf_hand(2))
    before = live_version(link.token)
    waiting.status = ScoreEntry.Status.DISPUTED
    waiting.save(update_fields=["status"])
    assert live_version(link.token) != before  # the phone's poll brings the news
    page = text(client.get(page_url(link)))
    first = re.search(r'<dt>([^<]*)</dt><dd class="phone-first">(.*?)</dd>', page)
    assert first.groups() == (
        "Hand 3 · Plays first:",
        f'{seats[2].player.name} <span class="phone-you">(you)</span>',
    )
    assert "Hand 2 is disputed: the organizer settles it." in page
    assert "Hand 1 is disputed" not in page
    with pytest.raises(AssertionError, match="no row Hand 2"):
        row(page, "Hand 2")  # no points until it is settled
    waiting.status = ScoreEntry.Status.CONFIRMED
    waiting.save(update_fields=["status"])
    page = text(client.get(page_url(link)))
    assert "is disputed" not in page and row(page, "Hand 2")
