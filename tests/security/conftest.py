"""Helpers of the security tests: the walk over every URL of the project."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.resolvers import RoutePattern


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # Dozens of logins per test: the production hasher's slowness is the point there,
    # and only slows the suite here.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@dataclass(frozen=True)
class Page:
    name: str
    params: tuple[str, ...]


def _params(pattern) -> list[str]:
    if isinstance(pattern, RoutePattern):
        return list(pattern.converters)
    return list(pattern.regex.groupindex)


def all_pages() -> list[Page]:
    """Every named URL of the project, with the names of the parameters it takes.

    Read from the resolver, so a page added later is covered without anyone
    remembering to add it to a test.
    """
    pages: set[Page] = set()

    def walk(patterns, namespace: str, params: list[str]) -> None:
        for entry in patterns:
            own = params + _params(entry.pattern)
            if isinstance(entry, URLResolver):
                inner = f"{namespace}:{entry.namespace}" if entry.namespace else namespace
                walk(entry.url_patterns, inner.strip(":"), own)
            elif isinstance(entry, URLPattern) and entry.name:
                name = f"{namespace}:{entry.name}" if namespace else entry.name
                pages.add(Page(name, tuple(own)))

    walk(get_resolver().url_patterns, "", [])
    return sorted(pages, key=lambda page: page.name)


def url_for(page: Page, event, table, token: str = "not-a-real-token") -> str:
    """The page's URL for this event and table (made-up values for other parameters)."""
    values = {
        "event_id": event.pk,
        "object_id": event.pk,
        "table_id": table.pk,
        "token": token,
        "what": "cards",
        "app_label": "events",
        "content_type_id": 1,
    }
    kwargs = {name: values.get(name, event.pk) for name in page.params}
    try:
        return reverse(page.name, kwargs=kwargs)
    except Exception:  # a regex parameter that wants another value: try plain strings
        kwargs = {name: values.get(name, "x") for name in page.params}
        return reverse(page.name, kwargs=kwargs)


LOGIN_URL = re.compile(r"^/(admin/)?login/")
