"""Scorekeeper links: revoking a table's links and issuing fresh ones."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .models import ScorekeeperLink, Seat, Table


@transaction.atomic
def revoke_table_links(
    table: Table, *, seen: str | None = None, link_id: int | None = None
) -> list[ScorekeeperLink] | None:
    """Revoke the live links of `table` and give their scorekeepers fresh ones: every
    link, or the one `link_id` names (one team's tablet lost: the other team's goes on).

    A lost or shared tablet is handled this way: the old link stops opening the card at
    once, and the new links (new QR codes) go to the same scorekeepers. The holders of
    the revoked links get the new ones; a table that had none gets one per seat that
    keeps score. Returns the new links; None, replacing nothing, when `seen` (the
    `links_mark` of the links the organizer's page showed) is not the live links' now,
    or `link_id` is no live link of the table: a double tap, or another organizer's new
    links in between, replaces them once.
    """
    # Lock the live links, so two organizers pressing the button at once issue one set.
    live = list(
        ScorekeeperLink.objects.select_for_update(of=("self",))
        .filter(table=table, revoked_at__isnull=True)
        .order_by("team__number", "id")
    )
    if seen is not None and seen != links_mark(live):
        return None
    if link_id is not None:
        live = [link for link in live if link.pk == link_id]
        if not live:
            return None
    if live:
        holders = [(link.team_id, link.player_id) for link in live]
        ScorekeeperLink.objects.filter(pk__in=[link.pk for link in live]).update(
            revoked_at=timezone.now()
        )
    else:
        holders = list(
            Seat.objects.filter(table=table, is_scorekeeper=True)
            .order_by("position")
            .values_list("team_id", "player_id")
        )
    return [
        ScorekeeperLink.objects.create(table=table, team_id=team_id, player_id=player_id)
        for team_id, player_id in holders
    ]


def links_mark(links: list[ScorekeeperLink]) -> str:
    """The links a page shows, as it sends them back with "Make new links"."""
    return ",".join(str(link.pk) for link in sorted(links, key=lambda link: link.pk))
