"""Warming up in gunicorn's master: the caches are filled, the database is left alone."""

from __future__ import annotations

from django.template import engines

from clubscore.warmup import warm_up


def test_it_compiles_every_template_without_the_database():
    # No django_db mark: any query here would fail the test (a connection opened in
    # gunicorn's master would be shared by all its workers).
    _cached_loader().reset()
    compiled = warm_up()
    assert compiled >= 19
    cached = {key.split("-")[0] for key in _cached_loader().get_template_cache}
    assert {"base.html", "events/wall.html"} <= cached
    # The card page and its live parts are Jinja2's (issue 28): compiled too.
    jinja = {name for _loader, name in engines["jinja2"].env.cache}
    assert {"base.html", "scorekeeping/card.html", "scorekeeping/card/poll.html"} <= jinja


def _cached_loader():
    """Django's cached loader (django-template-partials wraps it in its own)."""
    loaders = list(engines["django"].engine.template_loaders)
    while loaders:
        loader = loaders.pop()
        if hasattr(loader, "get_template_cache"):
            return loader
        loaders.extend(getattr(loader, "loaders", []))
    raise AssertionError("no cached template loader")
