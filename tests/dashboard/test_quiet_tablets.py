"""The dashboard names the tablets not heard from for more than two minutes."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from clubscore.events.models import ScorekeeperLink

from .conftest import tables_of

pytestmark = pytest.mark.django_db


def test_quiet_tablets_are_named_and_the_others_are_not(organizer_client, drawn_event):
    event = drawn_event(tables=3)
    now = timezone.now()
    first, second, third = tables_of(event)
    quiet = ScorekeeperLink.objects.filter(table=first).order_by("team__number").first()
    ScorekeeperLink.objects.filter(pk=quiet.pk).update(
        last_seen_at=now - datetime.timedelta(minutes=3)
    )
    # Heard from a minute ago; another turned in (done); the rest never opened (paper).
    ScorekeeperLink.objects.filter(table=second).update(
        last_seen_at=now - datetime.timedelta(minutes=1)
    )
    ScorekeeperLink.objects.filter(table=third).update(
        last_seen_at=now - datetime.timedelta(minutes=10)
    )
    third.turned_in_at = now
    third.save(update_fields=["turned_in_at"])

    page = organizer_client.get(reverse("dashboard:event", args=[event.pk])).content.decode()
    section = page.split('class="quiet-tablets"', 1)[1].split("</section>", 1)[0]
    assert "Tablets not heard from" in page
    assert section.count("<li>") == 1
    assert quiet.player.name in section and "Table 1" in section
    assert "Table 2" not in section and "Table 3" not in section

    ScorekeeperLink.objects.filter(pk=quiet.pk).update(last_seen_at=now)
    page = organizer_client.get(reverse("dashboard:event", args=[event.pk])).content.decode()
    assert "Tablets not heard from" not in page
