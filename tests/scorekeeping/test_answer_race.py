"""A confirmation, a dispute, a change and the turn-in from pages read before each other
(a second tablet of the same link, a queued form, a request at the same instant): the
one that came first stands, the later one is refused with what happened, and nothing
is applied over it unseen.

In Hand and Foot each team confirms or disputes the other team's part; a confirmation
and a dispute give the part a new version, as the whole table's do to the entry. The
card's turn-in is read again under the table's lock by every action.
"""

from __future__ import annotations

import pytest

from clubscore.events.finish import score_as_it_lies
from clubscore.events.models import ScoreEntry, TeamPart
from clubscore.scorekeeping.actions import confirm, dispute, submit
from clubscore.scorekeeping.card import load_card
from clubscore.scorekeeping.errors import Conflict, Refused
from tests.payloads import hf_hand
from tests.races import at_once

from .conftest import links

pytestmark = pytest.mark.django_db(transaction=True)


def entered(event) -> tuple:
    """Both teams' parts of hand 1 in, waiting for each other's eyes."""
    one, two = links(event)
    submit(load_card(one.token), 1, hf_hand(1)["teams"][0], version=0, key=None)
    submit(load_card(two.token), 1, hf_hand(1)["teams"][1], version=0, key=None)
    return one, two


def team_one_part(link) -> TeamPart:
    return TeamPart.objects.get(entry__table=link.table, entry__number=1, team=1)


def test_a_confirmation_from_a_page_read_before_the_dispute_leaves_the_dispute(running):
    one, two = entered(running())
    first, second = load_card(two.token), load_card(two.token)  # team 2's link, two tablets
    version = second.entries[1].part_version("1")
    dispute(first, 1, version=version, key=None, note="Count the aces again")
    with pytest.raises(Refused, match="disputed meanwhile"):
        confirm(second, 1, version=version, key=None)
    assert team_one_part(one).state == TeamPart.State.DISPUTED
    assert ScoreEntry.objects.get(table=one.table, number=1).status == ScoreEntry.Status.DISPUTED


def test_a_dispute_from_a_page_read_before_the_confirmation_is_refused(running):
    one, two = entered(running())
    first, second = load_card(two.token), load_card(two.token)
    version = second.entries[1].part_version("1")
    confirm(first, 1, version=version, key=None)
    with pytest.raises(Refused, match="confirmed meanwhile"):
        dispute(second, 1, version=version, key=None, note="Too late")
    assert team_one_part(one).state == TeamPart.State.CONFIRMED


def test_a_change_from_a_page_read_before_the_other_teams_confirmation_is_refused(running):
    one, two = entered(running())
    mine = load_card(one.token)  # team 1 opens its part to change it
    version = mine.entries[1].part_version("1")
    confirm(load_card(two.token), 1, version=version, key=None)
    changed = hf_hand(1, low_left=7)["teams"][0]
    with pytest.raises(Refused, match="confirmed"):
        submit(mine, 1, changed, version=version, key=None)
    part = team_one_part(one)
    assert part.state == TeamPart.State.CONFIRMED
    assert part.data == hf_hand(1)["teams"][0]


def test_a_confirmation_and_a_dispute_at_the_same_instant_one_stands(running):
    one, two = entered(running())
    version = load_card(two.token).entries[1].part_version("1")

    def answer(how: str):
        card = load_card(two.token)
        try:
            if how == "confirm":
                return how, confirm(card, 1, version=version, key=None)
            return how, dispute(card, 1, version=version, key=None, note="No")
        except (Refused, Conflict) as refusal:
            return how, refusal

    outcomes = dict(at_once(answer, [("confirm",), ("dispute",)]))
    done = [how for how, outcome in outcomes.items() if isinstance(outcome, dict)]
    assert len(done) == 1, outcomes
    state = {"confirm": TeamPart.State.CONFIRMED, "dispute": TeamPart.State.DISPUTED}[done[0]]
    assert team_one_part(one).state == state


def test_a_hand_saved_from_a_page_read_before_the_card_was_scored_as_it_lies_is_refused(running):
    event = running()
    one, two = entered(event)
    for card in (load_card(one.token), load_card(two.token)):
        other = card.entries[1].part_version(card.other_side)
        confirm(card, 1, version=other, key=None)
    stale = load_card(one.token)  # the tablet shows hand 2 to enter
    score_as_it_lies(event, one.table_id)
    with pytest.raises(Refused, match="turned in"):
        submit(stale, 2, hf_hand(2)["teams"][0], version=0, key=None)
    assert not ScoreEntry.objects.filter(table=one.table, number=2).exists()


def test_a_confirmed_hand_offers_no_dispute_form_and_a_stale_dispute_says_why(client, running):
    """An address typed by hand (`?dispute=1`) showed the dispute form of a hand
    confirmed long before; a dispute sent from a page read before the confirmation is
    said above the card as it is now."""
    from django.urls import reverse

    one, two = entered(running())
    version = load_card(two.token).entries[1].part_version("1")
    card_url = reverse("scorekeeping:card", args=[two.token])
    before = client.get(card_url + "?dispute=1").content.decode()
    assert 'name="note"' in before and "Dispute hand 1" in before
    confirm(load_card(two.token), 1, version=version, key=None)
    after = client.get(card_url + "?dispute=1").content.decode()
    assert "Dispute hand 1" not in after
    sent = client.post(
        reverse("scorekeeping:dispute", args=[two.token]),
        {"number": 1, "version": version, "note": "Count again"},
        follow=True,
    )
    assert sent.status_code == 200
    assert "This was confirmed meanwhile, from another tablet." in sent.content.decode()
    assert team_one_part(one).state == TeamPart.State.CONFIRMED
