"""A resent form gets its first outcome: each form carries a key, claimed once.

The key is claimed in the action's transaction, so a refusal rolls the claim back and
the key stays free; the outcome is stored with it when the action is done.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubscore.events.models import IdempotencyKey

from .card import ScoreCard
from .errors import SentBefore


def fingerprint(card: ScoreCard, action: str, **sent: Any) -> str:
    """A hash of one request: which card and side, which action, and what was sent."""
    what = {"action": action, "table": card.table.pk, "side": card.side, **sent}
    return hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()


def claim(key: str | None, sent: str) -> dict | None:
    """Claim an idempotency key in the current transaction; a known key returns its outcome.

    A key stands for one request: sent again with other numbers (a typo fixed on a page
    whose first answer was lost), it raises `SentBefore` rather than dropping them.
    """
    if not key:
        return None
    try:
        with transaction.atomic():
            IdempotencyKey.objects.create(key=key, fingerprint=sent)
    except IntegrityError:
        known = IdempotencyKey.objects.get(key=key)
        # A key kept from before fingerprints were stored has none: a resend as before.
        if known.fingerprint and known.fingerprint != sent:
            raise SentBefore(
                _(
                    "This was already sent with other numbers. Check them and send "
                    "again to change what was saved."
                )
            ) from None
        return known.response or {"message": ""}
    return None


def done(key: str | None, outcome: dict) -> dict:
    if key:
        IdempotencyKey.objects.filter(key=key).update(response=outcome)
    return outcome
