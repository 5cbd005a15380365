"""Pages about events. Views stay thin: parse, ask the model layer, render."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubscore.accounts.decorators import organizer_required
from clubscore.club.models import Player
from clubscore.draw import DrawError
from clubscore.notices import success_once
from clubscore.numbers import parse_int
from clubscore.redirects import redirect_back
from clubscore.translation import translate

from . import drawn, services
from .clock import clock_state
from .forms import DrawForm, SearchForm, ToggleForm, WalkInForm
from .links import links_mark, revoke_table_links
from .models import CheckIn, DrawRecord, Event, Round, Seat, Table
from .resends import answered_once
from .wall import PAGE_SECONDS, wall_pages


def home(request: HttpRequest) -> HttpResponse:
    """The club's events, tonight's first, with how many have checked in."""
    events = Event.objects.with_counts().for_home(timezone.localdate())
    if not (request.user.is_authenticated and request.user.is_staff):
        events = events.exclude(status=Event.Status.DRAFT)
    return render(request, "events/home.html", {"events": events})


def _draw_history(event: Event) -> list[DrawRecord]:
    return list(
        DrawRecord.objects.filter(round__event=event)
        .select_related("round", "drawn_by")
        .order_by("-drawn_at", "-pk")
    )


@organizer_required
def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    """The organizer's hub for one event: check-in, draw, wall, dashboard, prints."""
    event = get_object_or_404(Event.objects.with_counts(), pk=event_id)
    round_ = drawn.latest_round(event, regular=True)
    latest = drawn.latest_round(event)
    # A play-off's table is counted beside the evening's, not instead of them.
    playoff = latest if latest is not None and latest.kind == Round.Kind.PLAYOFF else None
    context = {
        "event": event,
        "fit": services.fit_for(event, event.checked_in_count),
        "round": round_,
        "table_count": round_.tables.count() if round_ else 0,
        "playoff_table_count": playoff.tables.count() if playoff else 0,
        # Each round's cards and tables can be printed once there is more than one
        # (the regular round and a play-off; one decided by lot has no tables to print).
        "rounds": [r for r in event.rounds.order_by("number") if not r.decided_by_lot],
        "history": _draw_history(event),
    }
    return render(request, "events/event_detail.html", context)


# --- Check-in ---------------------------------------------------------------------------


def _checkin_context(event: Event, query: str) -> dict:
    checkins = list(CheckIn.objects.filter(event=event).select_related("player"))
    checked_in = {c.player_id for c in checkins}
    # Where each player sits in the latest round drawn: a late arrival asks the door, and
    # checking out a seated player leaves the seat (only the next draw leaves them out).
    seated = Seat.objects.latest_tables(event)
    # Everyone, alphabetically; the search only filters (issue 26: the list stopped at 40
    # and a member further down had no button until searched). Still two queries.
    players = Player.objects.active().search(query).with_couple()
    rows = []
    for player in players.alphabetical():
        spouse = player.spouse
        rows.append(
            {
                "player": player,
                "checked_in": player.pk in checked_in,
                "table": seated.get(player.pk),
                "spouse": spouse,
                "both_in": spouse is not None
                and player.pk in checked_in
                and spouse.pk in checked_in,
            }
        )
    return {
        "event": event,
        "query": query,
        "rows": rows,
        # The latest arrival on top, each with their table.
        "checkins": [(checkin, seated.get(checkin.player_id)) for checkin in checkins[::-1]],
        "fit": services.fit_for(event, len(checkins)),
        "drawn": bool(seated),
    }


def _checkin_url(event: Event, query: str) -> str:
    url = reverse("events:checkin", args=[event.pk])
    return f"{url}?{urlencode({'q': query})}" if query else url


@organizer_required
def checkin(request: HttpRequest, event_id: int) -> HttpResponse:
    """The door: search, one tap to check in a player or a couple, walk-ins, the live count."""
    event = get_object_or_404(Event, pk=event_id)
    search = SearchForm(request.GET)
    query = search.cleaned_data["q"].strip() if search.is_valid() else ""
    context = _checkin_context(event, query)
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, "events/checkin.html#panel", context)
    context |= {"search": search, "walk_in": WalkInForm()}
    return render(request, "events/checkin.html", context)


@organizer_required
@require_POST
def checkin_toggle(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    form = ToggleForm(request.POST)
    query = ""
    if form.is_valid():
        player = form.cleaned_data["player"]
        query = form.cleaned_data["q"].strip()
        action = form.cleaned_data["action"]
        try:
            if action == "out":
                services.check_out(event, player)
            elif action == "couple" and player.couple is not None:
                services.check_in(event, list(player.couple.members))
            else:
                services.check_in(event, player)
        except services.CheckInClosed:
            return _closed(request, event)
    elif not request.htmx:
        messages.error(request, _("That player could not be found; search again."))
    if request.htmx:
        return render(request, "events/checkin.html#panel", _checkin_context(event, query))
    return redirect(_checkin_url(event, query))


def _closed(request: HttpRequest, event: Event) -> HttpResponse:
    """Check-in refused (the evening is final, from a page shown before): the whole page
    again, which says why at its top (the refusal's words) and offers no button."""
    url = _checkin_url(event, "")
    return HttpResponse(headers={"HX-Redirect": url}) if request.htmx else redirect(url)


@organizer_required
@require_POST
def walk_in(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    form = WalkInForm(request.POST)
    if form.is_valid():
        try:
            player = services.add_walk_in(
                event,
                form.cleaned_data["first_name"],
                form.cleaned_data["last_name"],
                someone_else=form.cleaned_data["someone_else"],
            )
        except services.AlreadyMember as refusal:
            form.add_error("first_name", refusal.message)
            form.alike = refusal.alike  # the page offers "Someone else" then
        except services.CheckInClosed:
            return _closed(request, event)
        else:
            # A double tap: one player, and the message once.
            success_once(request, _("%(name)s is checked in.") % {"name": player.name})
            return redirect(_checkin_url(event, ""))
    context = _checkin_context(event, "")
    context |= {"search": SearchForm(), "walk_in": form}
    return render(request, "events/checkin.html", context)


# --- The draw ---------------------------------------------------------------------------


def _draw_context(event: Event, form: DrawForm | None = None) -> dict:
    checked_in = list(CheckIn.objects.filter(event=event).values_list("player_id", flat=True))
    round_ = drawn.latest_round(event)
    tables = drawn.seated_tables(round_)
    history = _draw_history(event)
    record = next((r for r in history if round_ and r.round_id == round_.pk), None)
    # The draw this page shows, sent back with "Draw again" (a play-off is never redrawn).
    seen = record.pk if record is not None and round_.kind == Round.Kind.REGULAR else 0
    sit_outs = drawn.named_sit_outs(record)
    names = {str(seat.player_id): seat.player.name for t in tables for seat in t.seats}
    names |= {str(s["player"].pk): s["player"].name for s in sit_outs if s["player"]}
    drawn_players = set(record.arguments.get("players", [])) if record else set()
    # A play-off draws only the tied players: its tables say nothing about who checked in.
    regular = round_ is not None and round_.kind == Round.Kind.REGULAR
    if form is not None and form.is_bound:
        # Shown again (refused): it now carries the draw it shows, so drawing again
        # from it is not refused as out of date once more.
        form.data = form.data.copy()
        form.data["seen"] = str(seen)
    return {
        "event": event,
        "fit": services.fit_for(event, len(checked_in)),
        "round": round_,
        "tables": tables,
        "record": record,
        "history": history,
        "sit_outs": sit_outs,
        "warnings": drawn.named_warnings(record, names),
        # A play-off is drawn from the standings page, never again here.
        "playoff": round_ is not None and not regular,
        "locked": round_ is not None and (not regular or services.round_has_scores(round_)),
        "changed": regular
        and record is not None
        and drawn_players != {str(pk) for pk in checked_in},
        "form": form or DrawForm(redraw=record is not None, initial={"seen": seen}),
    }


@organizer_required
@answered_once
def draw_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """What fits, the draw (and redraw) with an optional seed, the tables and the history."""
    event = get_object_or_404(Event, pk=event_id)
    if request.method != "POST":
        return render(request, "events/draw.html", _draw_context(event))
    # The page draws (or redraws) the evening's latest regular round; "Next round" on
    # the dashboard adds one.
    latest = drawn.latest_round(event, regular=True)
    # A page that showed no tables asks for no "replace" tick: its second tap is told
    # the tables were drawn meanwhile (`draw_round`), not to tick a box it never had.
    form = DrawForm(request.POST, redraw=latest is not None and request.POST.get("seen") != "0")
    if form.is_valid():
        try:
            outcome = services.draw_round(
                event,
                seed=form.cleaned_data["seed"],
                allow_sit_out=form.cleaned_data["allow_sit_out"],
                user=request.user,
                round_number=latest.number if latest is not None else 1,
                seen_record=form.cleaned_data["seen"],
            )
        except DrawError as error:
            # The draw's messages keep their template, so they read in the page's language.
            form.add_error(None, translate(error.message))
        else:
            messages.success(
                request,
                _("The tables are drawn (seed %(seed)s).") % {"seed": outcome.round.seed},
            )
            return redirect("events:draw", event.pk)
    return render(request, "events/draw.html", _draw_context(event, form))


@organizer_required
def wall(request: HttpRequest, event_id: int) -> HttpResponse:
    """The tables in big type for a projector: full screen, the clock, page after page.

    htmx fetches the live part again every few seconds (a redraw, the clock, cards
    turned in); static/js/wall.js turns the pages of a big evening.
    """
    event = get_object_or_404(Event, pk=event_id)
    if event.has_public_results:
        # Over, and the standings published: the room sees who won (its poll moves too).
        results = reverse("dashboard:wall_results", args=[event.pk])
        if request.htmx:
            return HttpResponse(headers={"HX-Redirect": results})
        return redirect(results)
    round_ = drawn.latest_round(event)
    record = (
        DrawRecord.objects.filter(round=round_).order_by("-drawn_at", "-pk").first()
        if round_
        else None
    )
    tables = drawn.seated_tables(round_)
    context = {
        "event": event,
        "round": round_,
        # The clock of the round on the wall (its own: a play-off's is not the main round's).
        "clock": clock_state(round_),
        # Every card of the round in: nothing left to time (as the dashboard says).
        "all_in": bool(tables) and all(t.table.turned_in_at or t.table.not_played for t in tables),
        "pages": wall_pages(tables),
        "page_seconds": PAGE_SECONDS,
        "sit_outs": drawn.named_sit_outs(record),
        # The star's word is the game's: who deals, bids first or plays first.
        "first_mark": translate(event.game_rules.first_seat_legend),
        # Once time is up, what the tablets say, before the countdown to entry closing (a
        # bare "0:47" read on the wall as time left to play).
        "time_is_up": translate(event.game_rules.words.time_is_up),
        # A finished evening's wall says so, where the grace period counted down.
        "is_final": event.status == Event.Status.FINAL,
    }
    template = "events/wall.html"
    if request.htmx and request.GET.get("part") == "live":
        template += "#live"
    return render(request, template, context)


@organizer_required
def revoke_links(request: HttpRequest, table_id: int) -> HttpResponse:
    """A table's scorekeeper links and their QR codes (a new tablet opens the card from
    here), and new ones for a lost tablet: on POST the old links stop opening the card
    and the page shows the new ones (or `next`)."""
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
    event = table.round.event
    live = event.status in Event.LIVE_STATUSES  # a final evening's cards open no more
    if request.method == "POST":
        if not live:
            messages.error(request, _("The evening is not running: there is no link to replace."))
            return redirect(request.path)
        # "link": one team's link alone (its tablet lost); none: every link of the table.
        # A link that is no number is none of the table's (0): it replaces nothing.
        one = parse_int(request.POST["link"]) or 0 if "link" in request.POST else None
        # No "seen" (a page of no links shown, made by hand): it replaces nothing either.
        links = revoke_table_links(table, seen=request.POST.get("seen", ""), link_id=one)
        if links is None:
            messages.error(
                request,
                _(
                    "These links were replaced already (a second tap, or another organizer):"
                    " nothing more was replaced. The page shows the newest ones."
                ),
            )
            return redirect(request.path)
        messages.success(
            request,
            ngettext(
                "%(table)s has a new scorekeeper link; the old one no longer opens the "
                "card. Print the table's card again for the new QR code.",
                "%(table)s has %(count)d new scorekeeper links; the old ones no longer "
                "open the card. Print the table's card again for the new QR codes.",
                len(links),
            )
            % {"table": table, "count": len(links)},
        )
        return redirect_back(request, request.path)
    live_links = table.links.filter(revoked_at__isnull=True).select_related("team")
    # By team: one team's new link must not move it ahead of the other's on the page.
    links = list(live_links.order_by("team__number", "pk"))
    context = {
        "event": event,
        "table": table,
        "links": links,
        "links_mark": links_mark(links),
        "live": live,
    }
    return render(request, "events/new_links.html", context)
