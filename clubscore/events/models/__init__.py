"""Events of the club: the evening, who came, the rounds, tables and score entries.

One module per part of the evening; every model is importable from here.
"""

from .evening import (
    CheckIn,
    ClockAction,
    DrawRecord,
    Event,
    EventQuerySet,
    Round,
    option_initial_values,
)
from .phones import CallReason, EventPhones, OrganizerCall, PhoneHit, PlayerLink, new_phone_id
from .scores import (
    Draft,
    IdempotencyKey,
    ScoreChange,
    ScoreEntry,
    ScoreEntryQuerySet,
    TeamPart,
)
from .tables import ScorekeeperLink, Seat, Table, Team, new_link_token

__all__ = [
    "CallReason",
    "EventPhones",
    "OrganizerCall",
    "PhoneHit",
    "PlayerLink",
    "new_phone_id",
    "CheckIn",
    "ClockAction",
    "Draft",
    "DrawRecord",
    "Event",
    "EventQuerySet",
    "IdempotencyKey",
    "Round",
    "ScoreChange",
    "ScoreEntry",
    "ScoreEntryQuerySet",
    "ScorekeeperLink",
    "Seat",
    "Table",
    "Team",
    "TeamPart",
    "new_link_token",
    "option_initial_values",
]
