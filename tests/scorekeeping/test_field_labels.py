"""A field's label where the form's groups are not in sight (the versions compared, the
card's history): with its group's legend when its group shares labels with another."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubscore.entry_changes import field_label
from clubscore.entry_forms import FORMS
from clubscore.games import GAMES


def form_of(game: str, players: int):
    rules = GAMES[game]
    names = [f"P{n}" for n in range(players)]
    return FORMS[game](players=names, number=1, options=rules.clean_options({}))


def test_every_line_of_a_group_with_shared_labels_names_its_group():
    """ "Red threes" stood bare among "Cards left in hand and foot · Aces" and the rest
    of its group (a walk, 2026-11-30): it read as a group of its own."""
    with translation.override("en"):
        form = form_of("hand_and_foot", 4)
        in_hand = "Cards left in hand and foot"
        assert field_label(form, "in_hand_red_threes") == f"{in_hand} · Red threes"
        assert field_label(form, "in_hand_aces") == f"{in_hand} · Aces"
        assert field_label(form, "melded_aces").endswith(" · Aces")
        assert field_label(form, "melded_aces") != field_label(form, "in_hand_aces")
        # A group whose labels stand nowhere else keeps them bare.
        assert field_label(form, "red_books") == "Red books"


@pytest.mark.parametrize(("game", "players"), [("exact_bid", 3), ("luxury_family", 3), ("laus", 4)])
def test_labels_that_name_their_player_stand_bare(game, players):
    with translation.override("en"):
        form = form_of(game, players)
        for _legend, names in form.groups:
            for name in names:
                assert field_label(form, name) == str(form.fields[name].label)
