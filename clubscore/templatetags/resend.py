"""``{% resend_key %}``: the key that makes a form sent twice answer as it did the first
time (`clubscore.events.resends`), fresh each time the page is drawn."""

from __future__ import annotations

import uuid

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def resend_key() -> SafeString:
    return format_html('<input type="hidden" name="resend" value="{}">', uuid.uuid4().hex)
