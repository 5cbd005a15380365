"""A card's history says what a change changed ("Before and after"): each field that
moved, by the label the form gives it, with both values. It showed the organizer's
changes only, as raw JSON, and a scorekeeper's own correction not at all (a walk)."""

from __future__ import annotations

import copy
import re
import uuid

import pytest

from clubscore.events.models import ScoreEntry
from clubscore.events.settling import settle_dispute
from tests.payloads import laus_round
from tests.playoffs import seat_names

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db


def post(client, link, name, data):
    return client.post(url(link, name), {"idem": uuid.uuid4().hex, **data})


def before_and_after(page: str) -> list[tuple[str, str, str]]:
    """The rows of every "Before and after" on the page: (what, before, after)."""
    rows = re.findall(
        r'<tr><th scope="row">([^<]*)</th><td>([^<]*)</td><td>([^<]*)</td></tr>', page
    )
    return [tuple(cell.strip() for cell in row) for row in rows]


def test_a_teams_own_correction_says_what_it_was_and_what_it_became(client, running):
    one, two = links(running())
    assert post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}).status_code == 302
    assert post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM}).status_code == 302
    page = client.get(url(one)).content.decode()
    assert "Before and after" not in page  # nothing was there before
    version = ScoreEntry.objects.get().part(1).version
    changed = {**GOOD_TEAM, "melded_aces": 3}
    assert (
        post(client, one, "entry", {"number": 1, "version": version, **changed}).status_code == 302
    )
    for link in (one, two):
        page = client.get(url(link)).content.decode()
        assert "Before and after" in page and "{" not in before_and_after(page)[0][1]
        assert before_and_after(page) == [
            ("Cards melded (laid down, books included) · Aces", "4", "3")
        ]


def test_the_organizers_settling_names_each_teams_changes(client, running, organizer):
    one, two = links(running())
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    post(client, two, "dispute", {"number": 1, "version": 1, "note": "four aces"})
    # A dispute's two versions are the dashboard's to show, not a before and after.
    assert "Before and after" not in client.get(url(one)).content.decode()
    entry = ScoreEntry.objects.get()
    payload = copy.deepcopy(entry.payload)
    payload["teams"][1]["melded"]["aces"] = 4
    settle_dispute(entry, payload=payload, user=organizer)
    page = client.get(url(one)).content.decode()
    assert '<th scope="rowgroup" colspan="3">Team 2</th>' in page
    assert '<th scope="rowgroup" colspan="3">Team 1</th>' not in page
    assert ("Cards melded (laid down, books included) · Aces", "3", "4") in before_and_after(page)


def test_a_laus_round_changed_names_who_took_the_ten(client, running):
    event = running("laus", tables=1)
    link = links(event)[0]
    names = seat_names(link.table)
    first = laus_round(names, ten_of_spades_to=0)
    assert (
        post(client, link, "entry", {"number": 1, "version": 0, **form_data(first)}).status_code
        == 302
    )
    entry = ScoreEntry.objects.get()
    second = laus_round(names, ten_of_spades_to=1)
    data = {"number": 1, "version": entry.version, **form_data(second)}
    assert post(client, link, "entry", data).status_code == 302
    rows = before_and_after(client.get(url(link)).content.decode())
    assert any(before == names[0] and after == names[1] for _what, before, after in rows), rows


def form_data(payload: dict) -> dict:
    """A Laus round's payload as its form posts it."""
    from clubscore.entry_forms import LausForm

    players = payload["players"]
    return {
        name: value
        for name, value in LausForm.initial_from_payload(payload, players).items()
        if value not in (None, "")
    }
