"""A table's scorekeeper links can be revoked: old links die, the scorekeepers get new ones."""

from __future__ import annotations

import re

from django.urls import reverse

from clubscore.events.links import links_mark, revoke_table_links
from clubscore.events.models import ScorekeeperLink, Seat


def first_table(event):
    return event.rounds.get().tables.get(number=1)


def seen(table) -> str:
    """The links the page shows, as its "Make new links" sends them back."""
    return links_mark(list(table.links.filter(revoked_at__isnull=True)))


def test_it_revokes_and_issues_fresh_links_to_the_same_scorekeepers(drawn_event):
    event = drawn_event("hand_and_foot", tables=2)
    table = first_table(event)
    old = list(table.links.order_by("team__number"))
    other_table_links = set(
        ScorekeeperLink.objects.exclude(table=table).values_list("token", "revoked_at")
    )

    new = revoke_table_links(table)

    assert [(link.team_id, link.player_id) for link in new] == [
        (link.team_id, link.player_id) for link in old
    ]
    assert {link.token for link in new}.isdisjoint({link.token for link in old})
    for link in old:
        link.refresh_from_db()
        assert link.revoked_at is not None
    assert table.links.filter(revoked_at__isnull=True).count() == 2
    # Other tables' links are untouched.
    assert (
        set(ScorekeeperLink.objects.exclude(table=table).values_list("token", "revoked_at"))
        == other_table_links
    )


def test_a_table_without_live_links_gets_one_per_scorekeeping_seat(drawn_event):
    event = drawn_event("luxury_family", tables=1)
    table = first_table(event)
    table.links.all().delete()
    new = revoke_table_links(table)
    keeper = Seat.objects.get(table=table, is_scorekeeper=True)
    assert [(link.team_id, link.player_id) for link in new] == [(None, keeper.player_id)]


def test_a_revoked_link_no_longer_opens_the_card_and_the_new_one_does(client, drawn_event):
    event = drawn_event("laus", tables=1)
    table = first_table(event)
    old = table.links.get()
    assert client.get(old.get_absolute_url()).status_code == 200
    (new,) = revoke_table_links(table)
    assert client.get(old.get_absolute_url()).status_code == 404
    assert client.get(new.get_absolute_url()).status_code == 200


def test_the_organizer_revokes_with_a_post_and_goes_back(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1)
    table = first_table(event)
    old_tokens = set(table.links.values_list("token", flat=True))
    url = reverse("events:revoke_links", args=[table.pk])

    back = reverse("events:wall", args=[event.pk])
    response = organizer_client.post(url, {"next": back, "seen": seen(table)})

    assert response.status_code == 302
    assert response["Location"] == reverse("events:wall", args=[event.pk])
    assert not table.links.filter(token__in=old_tokens, revoked_at__isnull=True).exists()
    assert table.links.filter(revoked_at__isnull=True).count() == 2
    page = organizer_client.get(response["Location"]).content.decode()
    assert "2 new scorekeeper links" in page


def test_it_shows_the_new_links_not_another_site(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1)
    table = first_table(event)
    url = reverse("events:revoke_links", args=[table.pk])
    response = organizer_client.post(url, {"next": "https://evil.example/", "seen": seen(table)})
    assert response["Location"] == url
    page = organizer_client.get(url).content.decode()
    for link in table.links.filter(revoked_at__isnull=True):
        assert reverse("scorekeeping:qr", args=[link.token]) in page
        assert link.get_absolute_url() in page


def test_a_get_shows_the_links_and_asks_before_replacing_them(organizer_client, drawn_event):
    """The dashboard's "New links (tablet lost)" opens the table's links (a new tablet
    scans one) and the button that replaces them; the visit itself changes nothing."""
    event = drawn_event("hand_and_foot", tables=1)
    table = first_table(event)
    dashboard = organizer_client.get(reverse("dashboard:event", args=[event.pk])).content.decode()
    url = reverse("events:revoke_links", args=[table.pk])
    assert f'href="{url}"' in dashboard and "New links (tablet lost)" in dashboard
    response = organizer_client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Make new links" in page
    assert page.count("/qr.svg") == 2  # both teams' cards
    assert not table.links.filter(revoked_at__isnull=False).exists()


def test_a_final_evenings_links_are_not_replaced(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1, status="final")
    table = first_table(event)
    url = reverse("events:revoke_links", args=[table.pk])
    dashboard = organizer_client.get(reverse("dashboard:event", args=[event.pk])).content.decode()
    assert "New links (tablet lost)" not in dashboard
    response = organizer_client.post(url, follow=True)
    assert "The evening is not running" in response.content.decode()
    assert not table.links.filter(revoked_at__isnull=False).exists()


def test_an_unknown_table_is_404(organizer_client):
    response = organizer_client.post(reverse("events:revoke_links", args=[999999]))
    assert response.status_code == 404


def test_revoking_costs_the_same_queries_for_a_small_or_a_big_event(
    organizer_client, drawn_event, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def revoke_queries(event) -> int:
        table = first_table(event)
        url = reverse("events:revoke_links", args=[table.pk])
        with CaptureQueriesContext(connection) as queries:
            assert organizer_client.post(url, {"seen": seen(table)}).status_code == 302
        assert table.links.filter(revoked_at__isnull=False).exists()
        return len(queries)

    small = revoke_queries(drawn_event("hand_and_foot", tables=1))
    big = revoke_queries(drawn_event("hand_and_foot", tables=12))
    assert small == big
    table = first_table(drawn_event(tables=20))
    url = reverse("events:revoke_links", args=[table.pk])
    with django_assert_max_num_queries(small):
        organizer_client.post(url, {"seen": seen(table)})


def test_a_post_that_does_not_say_which_links_it_saw_replaces_nothing(
    organizer_client, drawn_event
):
    """A page made by hand, or a form of before "seen": it could be a second tap as well."""
    table = first_table(drawn_event("hand_and_foot", tables=1))
    url = reverse("events:revoke_links", args=[table.pk])
    answer = organizer_client.post(url, follow=True).content.decode()
    assert "nothing more was replaced" in answer
    assert not table.links.filter(revoked_at__isnull=False).exists()


def test_a_double_tap_on_make_new_links_replaces_them_once(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1)
    table = first_table(event)
    url = reverse("events:revoke_links", args=[table.pk])
    page = organizer_client.get(url).content.decode()
    seen = re.search(r'name="seen" value="([^"]*)"', page).group(1)
    organizer_client.post(url, {"seen": seen})
    shown = set(table.links.filter(revoked_at__isnull=True).values_list("token", flat=True))
    response = organizer_client.post(url, {"seen": seen}, follow=True)
    page = response.content.decode()
    assert "These links were replaced already" in page
    # The links the first tap made still open the cards, and the page shows them.
    assert set(table.links.filter(revoked_at__isnull=True).values_list("token", flat=True)) == shown
    assert all(reverse("scorekeeping:qr", args=[token]) in page for token in shown)
    assert table.links.count() == 4  # two old, two new: not two more


def test_one_teams_tablet_lost_replaces_its_link_alone(client, organizer_client, drawn_event):
    """Team 1's tablet is lost: "New link for team 1 only" stops it, and team 2's tablet
    goes on with its card (it used to be cut off too)."""
    event = drawn_event("hand_and_foot", tables=1)
    table = first_table(event)
    one, two = table.links.order_by("team__number")
    url = reverse("events:revoke_links", args=[table.pk])
    page = organizer_client.get(url).content.decode()
    assert "New link for team 1 only" in page and "New link for team 2 only" in page
    seen = re.search(r'name="seen" value="([^"]*)"', page).group(1)
    answer = organizer_client.post(url, {"seen": seen, "link": one.pk}, follow=True)
    shown = answer.content.decode()
    assert "Table 1 has a new scorekeeper link" in shown
    # Team 1's new link stays where team 1 was: first (it moved below team 2's).
    assert shown.index("New link for team 1 only") < shown.index("New link for team 2 only")
    assert client.get(one.get_absolute_url()).status_code == 404
    assert client.get(two.get_absolute_url()).status_code == 200  # team 2 goes on
    (new,) = table.links.filter(revoked_at__isnull=True).exclude(pk=two.pk)
    assert (new.team_id, new.player_id) == (one.team_id, one.player_id)
    assert client.get(new.get_absolute_url()).status_code == 200
    # The same button again (a double tap): nothing more.
    again = organizer_client.post(url, {"seen": seen, "link": one.pk}, follow=True)
    assert "These links were replaced already" in again.content.decode()
    # From the page as it is now, a link that is no number replaces none (not all).
    fresh = re.search(r'name="seen" value="([^"]*)"', again.content.decode()).group(1)
    for junk in ("junk", "", str(one.pk)):
        organizer_client.post(url, {"seen": fresh, "link": junk})
    assert table.links.count() == 3
    assert table.links.filter(revoked_at__isnull=True).count() == 2


def test_a_table_with_one_link_offers_no_second_button(organizer_client, drawn_event):
    event = drawn_event("laus", tables=1)
    page = organizer_client.get(reverse("events:revoke_links", args=[first_table(event).pk]))
    assert "Make new links" in page.content.decode()
    assert 'name="link"' not in page.content.decode()
