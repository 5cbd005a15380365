"""What a form's answer says on the next page (Django's messages), said once."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest


def success_once(request: HttpRequest, text: str) -> None:
    """Say how it went, once: a form sent twice (a double tap, a resend because its
    answer was lost on the way) finds the first answer's message still waiting
    ("Hand 2 saved. Hand 2 saved.")."""
    waiting = messages.get_messages(request)
    already = any(str(message) == text for message in waiting)
    waiting.used = False  # read, not shown: they stay for the page that shows them
    if not already:
        messages.success(request, text)
