"""Every form needs its CSRF token: a forged POST is refused before any view runs."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from .conftest import all_pages, url_for

# Every named URL, public ones included: the login is the first a forger would try.
ALL_PAGES = [page for page in all_pages() if page.name != "admin:logout"]


@pytest.fixture
def event(drawn_event):
    return drawn_event("hand_and_foot", tables=1)


@pytest.fixture
def csrf_client(organizer) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)
    return client


def real_url(page, event) -> str:
    table = event.rounds.get().tables.get()
    # A live link, so a tablet's refusal cannot be the card's own 404.
    link = table.links.filter(revoked_at__isnull=True).first()
    return url_for(page, event, table, token=link.token)


@pytest.mark.parametrize("page", ALL_PAGES, ids=lambda page: page.name)
def test_a_post_without_token_is_refused(csrf_client, page, event):
    url = real_url(page, event)
    response = csrf_client.post(url, {"player": 1, "username": "director"})
    assert response.status_code == 403, url


def test_the_login_refuses_a_post_without_token_even_with_the_right_password(organizer):
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        reverse("login"), {"username": "director", "password": "a-long-organizer-pass"}
    )
    assert response.status_code == 403
    assert "_auth_user_id" not in client.session


def test_check_in_refuses_a_forged_post_and_checks_nobody_in(csrf_client, event, make_player):
    player = make_player("Walk", "In")
    url = reverse("events:checkin_toggle", args=[event.pk])
    response = csrf_client.post(url, {"player": player.pk, "action": "in"})
    assert response.status_code == 403
    assert not event.checkins.exists()


def test_with_its_token_the_same_post_gets_through(organizer, event, make_player):
    # The refusals above are the CSRF check's: with the token the form works.
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)
    client.get(reverse("events:checkin", args=[event.pk]))
    token = client.cookies["csrftoken"].value
    player = make_player("Walk", "In")
    url = reverse("events:checkin_toggle", args=[event.pk])
    response = client.post(url, {"player": player.pk, "action": "in"}, HTTP_X_CSRFTOKEN=token)
    assert response.status_code in (200, 302)
    assert event.checkins.filter(player=player).exists()


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ("Nothing was saved", "allow cookies for this site")),
        ("de", ("Es wurde nichts gespeichert", "Cookies für diese Seite")),
    ],
)
def test_a_refused_form_says_so_in_the_sites_frame_with_a_way_back(
    csrf_client, event, language, words
):
    """Django's own page was bare English ("CSRF verification failed. Request aborted.")
    with no way back; a card's refused form leads back to the card."""
    csrf_client.cookies["django_language"] = language
    edit = reverse("events:edit", args=[event.pk])
    response = csrf_client.post(edit, {"name": "Renamed"})
    page = response.content.decode()
    assert response.status_code == 403
    assert all(word in page for word in words) and 'class="site-footer"' in page
    assert "CSRF verification failed" not in page
    link = event.rounds.get().tables.get().links.first()
    card = reverse("scorekeeping:card", args=[link.token])
    response = csrf_client.post(reverse("scorekeeping:entry", args=[link.token]), {})
    assert response.status_code == 403 and f'href="{card}#next"' in response.content.decode()


def test_the_500_page_stands_alone_in_the_active_language():
    """Django renders it with no request and none of the site's frame (which may be what
    failed): it must draw from nothing, and say what to do."""
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override("de"):
        page = render_to_string("500.html")
    assert '<html lang="de">' in page and "Etwas ist schiefgegangen" in page
