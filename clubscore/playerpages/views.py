"""The players' own phones (issue 25): "Player check-in" at the door, "Find my table",
each player's page (where to sit, the table live) and "Call the organizer".

No login: the check-in page is found by the QR code at the door (a random token), a
player's page by its own random link. Views stay thin: the domain
(`clubscore.events.phones`, `.calls`, `.my_table`) does the work.
"""

from __future__ import annotations

import math
import uuid
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubscore.accounts.net import client_ip
from clubscore.club.models import Player
from clubscore.events import calls, phones
from clubscore.events.models import Event, EventPhones, OrganizerCall, PlayerLink, new_phone_id
from clubscore.events.my_table import MyTable, find_link, live_version, my_table
from clubscore.numbers import parse_int
from clubscore.qr import qr_svg
from clubscore.tokens import is_live_poll, unchanged

from .forms import CallForm, FindForm, HereForm
from .standing import my_standing, published

PHONE_COOKIE = "clubscore_phone"
MINE_COOKIE = "clubscore_mine_%d"
MINE_SALT = "clubscore.playerpages.mine"
PHONE_SALT = "clubscore.playerpages.phone"
# A phone remembers whom it checked in for two days at most, and never past the final.
MINE_SECONDS = 2 * 24 * 3600
FOUND_LIMIT = 20
MIN_QUERY = 2


# --- Who this phone is, and whom it checked in ----------------------------------------


def _phone_id(request: HttpRequest) -> str | None:
    return request.get_signed_cookie(PHONE_COOKIE, default=None, salt=PHONE_SALT)


def _slowed(request: HttpRequest) -> HttpResponse | None:
    """A 429 with a message when this phone (or, without its cookie, its address) sent
    too much this minute; None to go on."""
    phone = _phone_id(request)
    if phone:
        over = phones.too_many(f"phone:{phone}", phones.PHONE_LIMIT)
    else:
        over = phones.too_many(f"addr:{client_ip(request) or '-'}", phones.ADDRESS_LIMIT)
    if not over:
        return None
    text = _("Too many taps at once. Please wait a minute, then try again.")
    response = render(request, "playerpages/slow.html", {"message": text}, status=429)
    response["Retry-After"] = "60"
    return response


def _mine(request: HttpRequest, event: Event) -> list[int]:
    """The players this phone checked in for `event` (none once the evening is final)."""
    if event.status == Event.Status.FINAL:
        return []
    value = request.get_signed_cookie(
        MINE_COOKIE % event.pk, default="", salt=MINE_SALT, max_age=MINE_SECONDS
    )
    ids = [parse_int(part) for part in value.split(",")] if value else []
    return [pk for pk in ids if pk is not None][:4]


def _remember(response: HttpResponse, request: HttpRequest, event: Event, ids: list[int]) -> None:
    mine = list(dict.fromkeys(_mine(request, event) + ids))[:4]
    response.set_signed_cookie(
        MINE_COOKIE % event.pk,
        ",".join(str(pk) for pk in mine),
        salt=MINE_SALT,
        max_age=MINE_SECONDS,
        httponly=True,
        samesite="Lax",
    )


def _with_phone_id(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    if not _phone_id(request):
        response.set_signed_cookie(
            PHONE_COOKIE,
            new_phone_id(),
            salt=PHONE_SALT,
            max_age=365 * 24 * 3600,
            httponly=True,
            samesite="Lax",
        )
    return response


# --- "Player check-in" and "Find my table" --------------------------------------------


def _door(token: str) -> EventPhones:
    return get_object_or_404(EventPhones.objects.select_related("event"), checkin_token=token)


def _door_context(
    request: HttpRequest, door: EventPhones, query: str, searched: FindForm | None = None
) -> dict:
    """The door page: check-in while it is open, then "Find my table". `searched`: the
    search as sent (a blank one asks for letters, a refused one keeps what was typed)."""
    event = door.event
    opens_on = phones.opens_on(event)
    open_ = phones.checkin_is_open(event, door) and not opens_on
    refused = searched is not None and not searched.is_valid()
    rows = []
    if len(query) >= MIN_QUERY:
        # After the draw tonight's players find their pages; a member who was not
        # checked in finds their name too, with what to do (not "Nobody called ...").
        found = Player.objects.active().search(query).with_couple().alphabetical(FOUND_LIMIT)
        ids = [p.pk for p in found] + [p.spouse.pk for p in found if p.spouse]
        checked_in = phones.checked_in_ids(event, ids)
        # Tonight's players get their page (checked in by the organizer, say).
        links = phones.links_for(event, [p.pk for p in found if p.pk in checked_in])
        for player in found:
            spouse = player.spouse
            rows.append(
                {
                    "player": player,
                    "in": player.pk in checked_in,
                    "spouse": spouse if spouse is not None and spouse.active else None,
                    "spouse_in": spouse is not None and spouse.pk in checked_in,
                    "link": links.get(player.pk),
                }
            )
    return {
        "event": event,
        "door": door,
        "open": open_,
        "opens_on": opens_on,
        "drawn": event.status not in ("draft", "check_in"),
        "query": query,
        "short": searched is not None and not refused and len(query) < MIN_QUERY,
        "rows": rows,
        "form": searched if refused else FindForm(initial={"q": query}),
    }


@require_safe
def door(request: HttpRequest, token: str) -> HttpResponse:
    """The "Player check-in" QR code's page; a phone that checked someone in opens
    that player's page instead (``?other=1``: the door again, for someone else)."""
    door_ = _door(token)
    event = door_.event
    if event.status == Event.Status.FINAL:
        return render(request, "playerpages/over.html", {"event": event})
    form = FindForm(request.GET) if "q" in request.GET else None
    query = form.cleaned_data["q"].strip() if form is not None and form.is_valid() else ""
    mine = _mine(request, event)
    if mine and not query and not request.GET.get("other"):
        links = phones.links_for(event, mine[:1])
        if links:
            return redirect("playerpages:player", links[mine[0]].token)
    if query and (slowed := _slowed(request)) is not None:
        return slowed
    context = _door_context(request, door_, query, searched=form)
    return _with_phone_id(request, render(request, "playerpages/door.html", context))


@require_safe
def find(request: HttpRequest, event_id: int) -> HttpResponse:
    """ "Find my table" from the club's list of events: the door's search, once the tables
    are drawn (before, the door's code stays at the door: check-in is not for anyone).
    Once the evening is final, the door says so and links the results (a phone may still
    have the link open)."""
    event = get_object_or_404(Event, pk=event_id)
    if event.status in (Event.Status.DRAFT, Event.Status.CHECK_IN):
        raise Http404
    token = phones.phones_of(event).checkin_token
    if event.status == Event.Status.FINAL:
        return redirect("playerpages:door", token)
    return redirect(reverse("playerpages:door", args=[token]) + "?other=1")


@require_POST
def here(request: HttpRequest, token: str) -> HttpResponse:
    """ "I'm here" or "We're both here": checked in, remembered on this phone."""
    door_ = _door(token)
    event = door_.event
    if (slowed := _slowed(request)) is not None:
        return slowed
    form = HereForm(request.POST)
    if not form.is_valid():
        return _door_error(
            request, door_, _("That name could not be read. Search for your name again."), 400
        )
    try:
        done = phones.check_in_by_phone(
            event, form.cleaned_data["player"], both=form.cleaned_data["both"]
        )
    except phones.PhoneRefused as refusal:
        return _door_error(request, door_, str(refusal))
    if done.new:
        names = " & ".join(p.name for p in done.players)
        messages.success(request, _("Welcome, %(names)s: you are checked in.") % {"names": names})
    else:
        messages.info(request, _("You were checked in already: nothing changed."))
    links = phones.links_for(event, [p.pk for p in done.players])
    response = redirect("playerpages:player", links[done.players[0].pk].token)
    _remember(response, request, event, [p.pk for p in done.players])
    return _with_phone_id(request, response)


def _door_error(
    request: HttpRequest, door_: EventPhones, text: str, status: int = 200
) -> HttpResponse:
    context = _door_context(request, door_, "") | {"error": text}
    return render(request, "playerpages/door.html", context, status=status)


# --- A player's page ------------------------------------------------------------------


def _live_query(evening: MyTable) -> str:
    query: dict = {"live": 1, "v": evening.version or ""}
    ends = evening.clock.phase_ends_at if evening.clock else None
    if ends is not None:
        query["until"] = math.ceil(ends.timestamp())
    return urlencode(query)


@require_safe
def player(request: HttpRequest, token: str) -> HttpResponse:
    """Where the player sits, with whom, who plays first and keeps score; the table's
    hands and totals, the clock; polled like a tablet (an unchanged poll: 204, one query)."""
    live = is_live_poll(request)
    version = live_version(token)
    if version is None:
        raise Http404
    if live and unchanged(request, version):
        return HttpResponse(status=204)
    link = find_link(token)
    if link is None:
        raise Http404
    if link.event.status == Event.Status.FINAL:
        if live:
            return HttpResponse(headers={"HX-Refresh": "true"})
        return _over(request, link)
    evening = my_table(link)
    if not evening.pages_on:
        if live:  # a whole page, not the live part: the phone reloads to show it
            return HttpResponse(headers={"HX-Refresh": "true"})
        return render(request, "playerpages/off.html", {"event": link.event})
    evening.version = version
    return _player_page(request, link, evening, token, live=live)


def _player_page(
    request: HttpRequest,
    link: PlayerLink,
    evening: MyTable,
    token: str,
    *,
    live: bool = False,
    call_form: CallForm | None = None,
) -> HttpResponse:
    """The player's page (`live`: its live part alone); `call_form`: a call refused,
    shown open with its message on the field at fault and what was typed."""
    others = [pk for pk in _mine(request, link.event) if pk != link.player_id]
    context = {
        "evening": evening,
        "event": link.event,
        "token": token,
        "live_query": _live_query(evening),
        "call_form": call_form or CallForm(),
        "idem": uuid.uuid4().hex,
        "others": _other_links(link.event, others),
        "door": evening.phones,
        # Published standings refresh with the live part: when the player's table, the
        # round or the publication changes (the poll's fingerprint), or on reload.
        "standing": my_standing(link.event, link.player_id) if published(link.event) else None,
    }
    template = "playerpages/player.html"
    if live:
        template += "#live"
    return render(request, template, context)


def _over(request: HttpRequest, link: PlayerLink) -> HttpResponse:
    """After the final: the player's own place and total (nobody else's), the ladder and
    their own page; nothing when the organizer turned the players' pages off."""
    event = link.event
    switches = EventPhones.objects.filter(event=event).first()
    if switches is not None and not switches.pages_on:
        return render(request, "playerpages/off.html", {"event": event})
    # The standing's `mine` only: the template shows no other line.
    context = {
        "event": event,
        "player": link.player,
        "standing": my_standing(event, link.player_id),
    }
    return render(request, "playerpages/over.html", context)


def _other_links(event: Event, ids: list[int]) -> list[PlayerLink]:
    """The other players this phone checked in (a spouse): links to their pages."""
    if not ids:
        return []
    return list(PlayerLink.objects.filter(event=event, player_id__in=ids).select_related("player"))


@require_POST
def call(request: HttpRequest, token: str) -> HttpResponse:
    """ "Call the organizer" from a player's page: to the player's table."""
    link = find_link(token)
    if link is None:
        raise Http404
    if (slowed := _slowed(request)) is not None:
        return slowed
    back = reverse("playerpages:player", args=[token])
    if link.event.status == Event.Status.FINAL:
        # A phone left open on the evening's page: its page now shows the player's result.
        messages.warning(
            request, _("The evening is over: nobody was called. Please find the organizer.")
        )
        return redirect(back)
    evening = my_table(link)
    form = CallForm(request.POST)
    if not evening.pages_on:
        return render(request, "playerpages/off.html", {"event": link.event})
    if evening.table is None:
        messages.error(request, _("You have no table yet: please find the organizer."))
        return redirect(back)
    if not form.is_valid():
        # The form open again, its message on the field at fault, the note kept.
        evening.version = live_version(token)
        return _player_page(request, link, evening, token, call_form=form)
    try:
        called = calls.call_organizer(
            evening.table,
            reason=form.cleaned_data["reason"],
            note=form.cleaned_data["note"],
            player=link.player,
            source=OrganizerCall.Source.PHONE,
            key=form.cleaned_data["idem"] or None,
        )
    except calls.CallRefused as refusal:
        messages.error(request, str(refusal))
    else:
        if not called.new:
            # A new call is said by the page itself ("… Please wait at your table."): a
            # note above it said it twice. Called already, the note says whose call stands.
            messages.info(request, called.message)
    return redirect(back)


# --- The organizer's side: the check-in QR code -----------------------------------------


@require_safe
def door_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The "Player check-in" QR code as SVG (shown on the event page and the screen)."""
    door_ = _door(token)
    return qr_svg(
        request.build_absolute_uri(reverse("playerpages:door", args=[door_.checkin_token]))
    )
