"""Organizer pages: the live dashboard and the standings; the public results and ladder."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from clubscore.accounts.decorators import organizer_required
from clubscore.club.models import Player
from clubscore.draw import DrawError
from clubscore.errors import Refused
from clubscore.events.models import Event, ScoreEntry, Seat, Table
from clubscore.events.resends import answered_once
from clubscore.events.settling import settle_dispute
from clubscore.games import ScoreError
from clubscore.messages import message
from clubscore.redirects import redirect_back
from clubscore.standings.playoffs import (
    FillersRefused,
    PlayoffForm,
    playoff_offer,
    start_playoff,
)
from clubscore.standings.standings import COUPLE, INDIVIDUAL, event_standings
from clubscore.templatetags.charts import line_chart
from clubscore.translation import game_name, translate

from .calls import calls_context
from .disputes import (
    correction_preview,
    disputed_entries,
    open_disputes,
    settle_form,
)
from .evening import evening_context, late_arrivals
from .exports import is_export, table_export
from .forms import SettleForm
from .ladder import SORTS, LadderOptionsForm, RatedLadderTable, rated_ladder
from .players import player_evenings, player_page
from .states import NOT_PLAYED, STATES, TURNED_IN, event_table_states
from .tables import standings_table
from .tablets import quiet_tablets
from .tiles import Tile, event_tiles

PER_PAGE = 100
DONE = (TURNED_IN, NOT_PLAYED)  # a table's states once its card is settled


def _event(event_id: int) -> Event:
    return get_object_or_404(Event, pk=event_id)


# --- The live dashboard -------------------------------------------------------------


def _dashboard_context(event: Event, bound: dict[int, SettleForm] | None = None) -> dict:
    clock, states = event_table_states(event)
    # Each regular round has its own first-table bonus: who holds it, round by round,
    # and whether the newest regular round's is still open.
    holders = {s.table.round.number: s.table.number for s in states if s.table.has_bonus}
    regular = [s.table.round for s in states if not s.table.round.is_playoff]
    newest_round = max(regular, key=lambda round_: round_.number, default=None)
    newest = newest_round.number if newest_round else None
    # Open while a card may still take it: within the time limit, as `turn_in` gives it
    # (after time was called it said "No table has turned in its card yet" over cards in).
    bonus_open = newest_round is not None and not newest_round.clock.time_is_up
    # The newest round's cards still out: the next round's draw says so before it leaves
    # them to settle later.
    latest = max((s.table.round.number for s in states), default=None)
    out = sorted(
        s.table.number for s in states if s.state not in DONE and s.table.round.number == latest
    )
    counts = {key: 0 for key, _label in STATES}
    for state in states:
        counts[state.state] += 1
    rounds: dict[int, list[Tile]] = {}
    for tile in event_tiles(event, clock, states):
        rounds.setdefault(tile.table.round.number, []).append(tile)
    return {
        "event": event,
        "clock": clock,
        "states": states,
        "rounds": rounds,
        "legend": [(key, label, counts[key]) for key, label in STATES],
        "bonus_holders": sorted(holders.items()),
        # The newest round's bonus is open until a table takes it (0: the game has none).
        "bonus_open_in": newest
        if bonus_open
        and newest not in holders
        and event.game_rules.first_table_points(event.game_options)
        else None,
        "bonus_by_round": len({round_.number for round_ in regular}) > 1,
        "cards_out": out,
        "no_disputes": translate(event.game_rules.words.none_disputed),
        "in_progress_finished": translate(event.game_rules.words.in_progress_finished),
        "call_time_prompt": translate(event.game_rules.words.no_new_anywhere),
        "disputes": open_disputes(event, bound=bound),
        "quiet_tablets": quiet_tablets(event),
        "late_arrivals": late_arrivals(event, states),
        "rounds_count": len(rounds),
        "clock_url": reverse("dashboard:clock", args=[event.pk]),
        # A round whose every card is in (or marked not played) has no clock to run.
        **evening_context(
            event, open_rounds={s.table.round_id for s in states if s.state not in DONE}
        ),
        **calls_context(event),
    }


@organizer_required
def event_dashboard(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(event_id)
    template = "dashboard/event.html"
    context = _dashboard_context(event)
    if request.htmx and request.GET.get("part") == "live":
        template += "#live"
        context["live_only"] = True  # the alerts at the top come with it (out of band)
    return render(request, template, context)


@organizer_required
@require_POST
@answered_once
def settle(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    """Settle a disputed hand: keep one version or correct it in the game's entry form."""
    event = _event(event_id)
    entry = get_object_or_404(
        ScoreEntry.objects.select_related("table__round").prefetch_related(
            Prefetch(
                "table__seats",
                queryset=Seat.objects.select_related("player", "team").order_by("position"),
            )
        ),
        pk=entry_id,
        table__round__event=event,
    )
    if entry.status != ScoreEntry.Status.DISPUTED:
        messages.info(request, translate(event.game_rules.words.settled))
        return redirect("dashboard:event", event.pk)
    form = settle_form(event, entry, request.POST)
    if form.is_valid():
        try:
            settle_dispute(
                entry,
                payload=form.cleaned_data["settled"],
                user=request.user,
                version=entry.version,
            )
        except ScoreError as error:
            form.add_score_errors(error.errors)
        except Refused as refusal:
            # Settled or changed since the page was read (another organizer, a tablet).
            messages.info(request, refusal.message)
            return redirect("dashboard:event", event.pk)
        else:
            messages.success(
                request,
                _("%(table)s, %(number)s settled.")
                % {"table": entry.table, "number": _entry_name(event, entry)},
            )
            return redirect("dashboard:event", event.pk)
    context = _dashboard_context(event, bound={entry.pk: form})
    return render(request, "dashboard/event.html", context)


@organizer_required
@require_POST
def settle_preview(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    """The correction's totals as the organizer types, scored by the game (htmx)."""
    event = _event(event_id)
    entry = disputed_entries(event).filter(pk=entry_id).first()
    context = {"event": event, "entry": entry, "form": None, "preview_request": True}
    if entry is not None:
        context |= correction_preview(event, entry, request.POST)
    return render(request, "dashboard/event.html#correction_preview", context)


def _entry_name(event: Event, entry: ScoreEntry) -> str:
    return translate(message(event.game_rules.words.in_sentence, n=entry.number))


@organizer_required
@require_POST
@answered_once
def publish(request: HttpRequest, event_id: int) -> HttpResponse:
    """Switch the public standings page on or off."""
    event = _event(event_id)
    event.public_standings = request.POST.get("public") == "on"
    event.save(update_fields=["public_standings"])
    if event.public_standings:
        messages.success(request, _("The standings are public now."))
    else:
        messages.success(request, _("The standings are private now."))
    return redirect_back(request, reverse("dashboard:event", args=[event.pk]))


# --- Standings ----------------------------------------------------------------------


def _basis(request: HttpRequest, event: Event) -> str:
    basis = request.GET.get("basis")
    return basis if basis in (INDIVIDUAL, COUPLE) else event.standings_basis


def _standings_page(request: HttpRequest, event: Event, template: str, *, public: bool):
    basis = _basis(request, event)
    standings = event_standings(event, basis=basis)
    table = standings_table(standings)
    # A big evening pages at 100 rows (the exports hold every row): rendering a thousand
    # rows would take seconds, and a club evening (fewer than 100) never sees a page 2.
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    export = request.GET.get("_export")
    if is_export(export):
        # The sheet is named after what it holds (cut to Excel's 31 characters).
        title = _("Standings %(event)s") % {"event": event.name}
        return table_export(export, table, title=title, filename=f"standings-{event.pk}-{basis}")
    chart = line_chart(standings.chart_series(), standings.labels)
    other = COUPLE if basis == INDIVIDUAL else INDIVIDUAL
    return render(
        request,
        template,
        {
            "event": event,
            "standings": standings,
            "table": table,
            "chart": chart,
            "basis": basis,
            "other_basis": other,
            "other_basis_label": Event.StandingsBasis(other).label,
            # The view that does not count: its tie's play-off or lot settles this view
            # alone (the page says so before the organizer taps).
            "counted_basis_label": (
                None if basis == event.standings_basis else event.get_standings_basis_display()
            ),
            # Partners' scores add up for a couple: worth a look in a game with teams.
            "show_toggle": bool(event.game_rules.teams) or event.standings_basis == COUPLE,
            "public": public,
            "game_name": game_name(event.game),
            "offer": _offer(request, standings, public=public),
        },
    )


def _offer(request: HttpRequest, standings, *, public: bool):
    """What "Start a play-off round" offers, with the organizer's last picks for the empty
    seats kept when they were refused (`playoff` sends them back in the address)."""
    if public or not standings.can_start_playoff:
        return None
    offer = playoff_offer(standings)
    picks = PlayoffForm(request.GET)
    return offer.picked(picks.cleaned_data["fillers"]) if picks.is_valid() else offer


@organizer_required
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    return _standings_page(request, _event(event_id), "dashboard/standings.html", public=False)


def public_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = Event.objects.public().filter(pk=event_id).first()
    if event is None:
        raise Http404
    return _standings_page(request, event, "dashboard/public_standings.html", public=True)


@organizer_required
@require_POST
@answered_once
def playoff(request: HttpRequest, event_id: int) -> HttpResponse:
    """Start a play-off round among those tied for first."""
    event = _event(event_id)
    basis = request.POST.get("basis")
    basis = basis if basis in (INDIVIDUAL, COUPLE) else event.standings_basis
    form = PlayoffForm(request.POST)
    picks: list[int] = []
    try:
        if not form.is_valid():
            raise DrawError(" ".join(e for errors in form.errors.values() for e in errors))
        round_ = start_playoff(
            event,
            basis=basis,
            user=request.user,
            fillers=form.cleaned_data["fillers"],
            by_lot=form.cleaned_data["by_lot"],
        )
    except DrawError as error:
        picks = form.cleaned_data["fillers"] if form.is_valid() else []
        # Players picked for the empty seats that will not do: the page keeps them and
        # says why at the seats (`_offer`); anything else is said above the page.
        if not (picks and isinstance(error, FillersRefused)):
            messages.error(request, translate(error.message))
    else:
        if round_.playoff_lot:
            messages.success(request, _("The tie was decided by lot."))
            return redirect(f"{reverse('dashboard:standings', args=[event.pk])}?basis={basis}")
        tables = Table.objects.filter(round=round_).count()
        # The standings page names the round and its players ("Round 2 (play-off) in
        # progress: ..."): the message adds only what it does not say.
        messages.success(
            request,
            ngettext(
                "The play-off is drawn at %(tables)s table; its clock is running.",
                "The play-off is drawn at %(tables)s tables; its clock is running.",
                tables,
            )
            % {"tables": tables},
        )
    query = urlencode({"basis": basis, "fillers": picks}, doseq=True)
    anchor = "#playoff" if picks else ""
    return redirect(f"{reverse('dashboard:standings', args=[event.pk])}?{query}{anchor}")


# --- The season ladder --------------------------------------------------------------


def ladder(request: HttpRequest) -> HttpResponse:
    years = sorted({date.year for date in Event.objects.dates("date", "year")}, reverse=True)
    form = LadderOptionsForm(request.GET or None, years=years)
    chosen = form.choices()
    game, year = chosen["game"], chosen["year"]
    result = rated_ladder(
        game,
        year,
        rank_by=chosen["rank_by"],
        best=chosen["best"],
        at_least=chosen["at_least"],
        # A visitor's ladder counts what a visitor may see (as each player's page).
        public=not request.user.is_staff,
    )
    per_round = any(row.figure is not None for row in result.rows)
    table = RatedLadderTable(result.rows, game=game, per_round=per_round, rank_by=chosen["rank_by"])
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    export = request.GET.get("_export")
    if is_export(export):
        title = _("Ladder %(game)s") % {"game": game_name(game)}
        if year:
            title = f"{title} {year}"
        return table_export(export, table, title=title, filename=f"ladder-{game}-{year or 'all'}")
    return render(
        request,
        "dashboard/ladder.html",
        {
            "form": form,
            "ladder": result,
            "table": table,
            "chosen": chosen,
            "game_name": game_name(game),
            # Said above the table when it is not the game's own order.
            "rank_by_label": dict(SORTS).get(chosen["rank_by"])
            if chosen["rank_by"] != "total"
            else "",
        },
    )


# --- Each player's page -------------------------------------------------------------


def _player_page(request: HttpRequest, player_id: int):
    player = get_object_or_404(Player, pk=player_id)
    # Organizers see every final evening; everyone else those with public standings, and
    # nobody is listed who never played a public evening.
    public = not request.user.is_staff
    page = player_page(player, game=request.GET.get("game"), public=public)
    if public and not page.evenings:
        raise Http404
    return page


def player(request: HttpRequest, player_id: int) -> HttpResponse:
    page = _player_page(request, player_id)
    return render(request, "dashboard/player.html", {"page": page})


def player_export(request: HttpRequest, player_id: int, fmt: str = "csv") -> HttpResponse:
    return player_evenings(_player_page(request, player_id), fmt)
