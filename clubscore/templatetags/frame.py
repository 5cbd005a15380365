"""``{% frame "frame/top.html" %}``: a part of the site's frame that the Django pages and
the card page (Jinja2, issue 28) share, drawn by Jinja2 (`jinja_templates/frame/`), so
it is written once for both engines."""

from __future__ import annotations

from django import template
from django.middleware.csrf import get_token
from django.template import engines
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def frame(context: template.Context, name: str) -> SafeString:
    request = context["request"]  # every page is drawn with its request (`render`)
    part = engines["jinja2"].get_template(name)
    return mark_safe(part.render({"csrf": get_token(request)}, request))
