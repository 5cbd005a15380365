"""What a form's answer says on the next page (Django's messages), said once."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.messages.storage.base import Message
from django.http import HttpRequest


def waiting(request: HttpRequest) -> list[Message]:
    """The messages waiting for the next page, read without using them up."""
    storage = messages.get_messages(request)
    found = list(storage)
    storage.used = False  # read, not shown: they stay for the page that shows them
    return found


def say_once(request: HttpRequest, level: int, text: str) -> None:
    """Say `text` unless it waits already: a form sent twice (a double tap, a resend
    because its answer was lost on the way) finds the first answer's message still
    waiting ("Hand 2 saved. Hand 2 saved.")."""
    if all(str(message) != text for message in waiting(request)):
        messages.add_message(request, level, text)


def success_once(request: HttpRequest, text: str) -> None:
    """Say how it went, once (`say_once`)."""
    say_once(request, messages.SUCCESS, text)
