"""docs/adding-a-game.md names only methods that exist: each `name()` it mentions is a
method of the parts a game is made of (or of the form and card registries it names)."""

from __future__ import annotations

import re
from pathlib import Path

from clubscore.entry_forms import EntryForm
from clubscore.games import GAMES, entry
from clubscore.games.base import Game
from clubscore.games.entry import TeamParts
from clubscore.games.melds import MeldCalculator
from clubscore.games.words import Words
from clubscore.printing import cards

DOC = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"


def test_every_method_the_guide_names_exists():
    text = DOC.read_text()
    named = set(re.findall(r"`(?:[A-Za-z_.]+\.)?([A-Za-z_]+)\(\)`", text))
    assert {"seat", "score_part", "first_table_points", "score_melds"} <= named
    owners = (Game, TeamParts, Words, MeldCalculator, EntryForm, cards, entry)
    missing = sorted(n for n in named if not any(hasattr(owner, n) for owner in owners))
    assert missing == []


def test_every_attribute_a_game_sets_exists():
    text = DOC.read_text()
    for name in ("words", "entry", "melds", "options", "length_option", "deck", "steps"):
        assert f"`{name}`" in text or f"`{name} =" in text
        assert all(hasattr(game, name) for game in GAMES.values())
