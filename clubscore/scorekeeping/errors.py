"""What the card's actions raise: a refusal, a conflict, numbers the game refused.

On their own so that the card, the actions, the views and the dashboard can all
import them without importing each other. A refusal is the project's one kind
(`clubscore.errors.Refused`).
"""

from __future__ import annotations

from clubscore.errors import Refused
from clubscore.games import ScoreError

__all__ = ["Conflict", "Invalid", "Refused", "SentBefore", "TurnedInAlready"]


class SentBefore(Refused):
    """The form's key was used already by a request with other numbers (not a resend)."""


class TurnedInAlready(Refused):
    """The card was turned in before this action could be taken."""


class Invalid(ScoreError):
    """The game refused the numbers (or a rule of the clock did): `errors` by payload path."""


class Conflict(Exception):
    """Someone else changed this entry since the form was shown."""

    def __init__(self, theirs: dict | None, version: int):
        super().__init__(version)
        self.theirs = theirs
        self.version = version
