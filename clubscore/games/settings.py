"""A game's event settings: its options and the answers the pages ask about them (a part
of ``Game``).

Pure Python. The "New event" page shows each ``Option``; ``clean_options`` checks them;
the pages ask the game what the options mean (how many entries make a game, the
first-table bonus) instead of reading an option by its name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clubscore.messages import _

from .options import Option
from .validation import Validator


class CleanedOptions(dict):
    """Options one game has checked and filled in. The pages ask the game several times a
    request with the event's options, cleaned once when the card was built; cleaning them
    again gives them back as they are (issue 28: a preview cleaned them four times). Change
    a copy (``dict(options)``), never them: a changed value would not be checked again."""

    def __init__(self, values: Mapping[str, Any], game_key: str) -> None:
        super().__init__(values)
        self.game_key = game_key


class Settings:
    """The event's options of a game, with the club's defaults and limits."""

    key: str = ""

    options: tuple[Option, ...] = ()
    #: The option that says how many entries make a game (None: the game never says).
    length_option: str | None = "rounds"

    def default_options(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def clean_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Fill in the club's defaults and check every option; errors are keyed by option name."""
        if isinstance(options, CleanedOptions) and options.game_key == self.key:
            return options
        check = Validator()
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            check.add("", _("Options must be a group of fields."))
            check.raise_if_errors()
        by_name = {option.name: option for option in self.options}
        cleaned: dict[str, Any] = {}
        for key in options:
            if key not in by_name:
                check.add(str(key), _("Unknown option."))
        for option in self.options:
            cleaned[option.name] = option.clean(options.get(option.name, option.default), check)
        if check.ok:
            self._check_options(cleaned, check)
        check.raise_if_errors()
        return CleanedOptions(cleaned, self.key)

    def _check_options(self, options: dict[str, Any], check: Validator) -> None:
        """Hook for rules that tie several options together."""

    def entries_per_game(self, options: Mapping[str, Any] | None = None) -> int | None:
        """How many hands or rounds make a full game (None: played to a threshold)."""
        if self.length_option is None:
            return None
        return self.clean_options(options)[self.length_option]

    def playoff_entries(self, options: Mapping[str, Any] | None = None) -> int | None:
        """How many hands or rounds a play-off round plays: the game's ``playoff_entries``
        option, or a whole game when it has none (the exact-bid game, from its start
        cards). None: played to a threshold."""
        cleaned = self.clean_options(options)
        if "playoff_entries" in cleaned:
            return cleaned["playoff_entries"]
        return self.entries_per_game(options)

    def max_rounds(self, options: Mapping[str, Any] | None = None) -> int:
        """The most hands or rounds a request may name: a full game, or, played to a
        threshold, as many as the length option allows at most."""
        count = self.entries_per_game(options)
        if count is not None:
            return count
        length = next(option for option in self.options if option.name == self.length_option)
        assert length.maximum is not None  # every number option states one (__post_init__)
        return length.maximum

    def first_table_points(self, options: Mapping[str, Any]) -> int:
        """Points for each player (each team) of the first table of a round that turns in
        its card within the time limit (0: the game gives no such bonus)."""
        return 0
