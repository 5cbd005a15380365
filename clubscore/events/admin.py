from django.contrib import admin
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubscore.games import GAMES

from .forms import EventForm
from .models import (
    CheckIn,
    Draft,
    DrawRecord,
    Event,
    OrganizerCall,
    Round,
    ScoreChange,
    ScoreEntry,
    ScorekeeperLink,
    Seat,
    Table,
    Team,
    TeamPart,
)
from .signals import event_finished, event_reopened


class CheckInInline(admin.TabularInline):
    model = CheckIn
    extra = 0
    autocomplete_fields = ["player"]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "kind", "seed", "drawn_at", "clock_started_at", "time_called_at"]
    readonly_fields = ["seed", "drawn_at", "clock_started_at", "time_called_at"]
    show_change_link = True


class EventAdminForm(EventForm):
    """The organizer's event form (the game's options as fields), plus the records' fields."""

    class Meta(EventForm.Meta):
        # The clock is each round's own (RoundInline shows it).
        fields = [*EventForm.Meta.fields, "status"]
        widgets: dict = {}  # the admin's own date picker


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "game", "status", "standings_basis", "public_standings"]
    list_filter = ["game", "status", "standings_basis", "public_standings", "date"]
    search_fields = ["name"]
    date_hierarchy = "date"
    inlines = [CheckInInline, RoundInline]
    form = EventAdminForm

    def _option_names(self, request, obj: Event | None) -> list[str]:
        # The same game the form will show: the one sent, else asked for, else the event's.
        values = request.POST if request.method == "POST" else request.GET
        game = EventForm.game_shown(values, obj or Event())
        return [option.name for option in GAMES[game].options]

    def get_fieldsets(self, request, obj: Event | None = None):
        return [
            (None, {"fields": ["name", "game", "options_game", "date", "status", "language"]}),
            (_("Standings"), {"fields": ["standings_basis", "public_standings"]}),
            (_("Game options"), {"fields": self._option_names(request, obj)}),
        ]

    def get_form(self, request, obj: Event | None = None, change: bool = False, **kwargs):
        # The option fields are made by the form itself for its game, not by the model.
        if kwargs.get("fields"):
            options = set(self._option_names(request, obj))
            kwargs["fields"] = [name for name in kwargs["fields"] if name not in options]
        return super().get_form(request, obj, change, **kwargs)

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        # Making an evening final here (or changing a final one) tells the other apps,
        # as the organizer's "Finish the evening" does.
        was_final = form.initial.get("status") == Event.Status.FINAL
        is_final = obj.status == Event.Status.FINAL
        if (was_final or is_final) and {"status", "date", "game"} & set(form.changed_data):
            signal = event_finished if is_final else event_reopened
            transaction.on_commit(lambda: signal.send(sender=Event, event=obj))


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ["number", "first_player", "turned_in_at", "has_bonus"]
    readonly_fields = ["first_player"]
    show_change_link = True


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "kind", "seed", "drawn_at"]
    list_filter = ["kind", "event__game"]
    list_select_related = ["event"]
    search_fields = ["event__name"]
    inlines = [TableInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["position", "player", "team", "is_scorekeeper"]


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    autocomplete_fields = ["scorekeeper"]


class RecordOnly:
    """The club's record of its scores, to read: scores change only through the card and
    the dashboard (the game checks them, the change log keeps every change), never here."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ScoreEntryInline(RecordOnly, admin.TabularInline):
    model = ScoreEntry
    fields = readonly_fields = ["number", "status", "version", "updated_at"]
    show_change_link = True


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "turned_in_at", "has_bonus"]
    list_filter = ["has_bonus", "round__event"]
    list_select_related = ["round__event"]
    search_fields = ["round__event__name", "seats__player__last_name"]
    inlines = [TeamInline, SeatInline, ScoreEntryInline]
    autocomplete_fields = ["first_player"]


class TeamPartInline(RecordOnly, admin.TabularInline):
    model = TeamPart
    fields = readonly_fields = ["team", "state", "version", "data", "entered_by", "updated_at"]


class DraftInline(RecordOnly, admin.TabularInline):
    model = Draft
    fields = readonly_fields = ["side", "data", "updated_at"]


class ScoreChangeInline(RecordOnly, admin.TabularInline):
    model = ScoreChange
    fields = readonly_fields = [
        "changed_at",
        "changed_by_user",
        "changed_by_player",
        "action",
        "before",
        "after",
    ]


@admin.register(ScoreEntry)
class ScoreEntryAdmin(RecordOnly, admin.ModelAdmin):
    list_display = ["table", "number", "status", "version", "updated_at"]
    list_filter = ["status", "table__round__event"]
    list_select_related = ["table__round__event"]
    inlines = [TeamPartInline, DraftInline, ScoreChangeInline]


@admin.register(TeamPart)
class TeamPartAdmin(RecordOnly, admin.ModelAdmin):
    list_display = ["entry", "team", "state", "version", "updated_at"]
    list_filter = ["state", "entry__table__round__event"]
    list_select_related = ["entry__table"]


@admin.register(Draft)
class DraftAdmin(RecordOnly, admin.ModelAdmin):
    list_display = ["entry", "side", "updated_at"]
    list_select_related = ["entry__table"]


@admin.register(ScoreChange)
class ScoreChangeAdmin(RecordOnly, admin.ModelAdmin):
    list_display = ["entry", "action", "changed_at", "changed_by_user", "changed_by_player"]
    list_filter = ["action", "entry__table__round__event"]
    list_select_related = ["entry__table", "changed_by_user", "changed_by_player"]


@admin.register(CheckIn)
class CheckInAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "checked_in_at"]
    list_filter = ["event"]
    list_select_related = ["player", "event"]
    search_fields = ["player__first_name", "player__last_name", "event__name"]
    autocomplete_fields = ["player", "event"]


@admin.register(DrawRecord)
class DrawRecordAdmin(admin.ModelAdmin):
    list_display = ["round", "seed", "drawn_at", "drawn_by"]
    list_select_related = ["round__event", "drawn_by"]
    readonly_fields = ["round", "seed", "arguments", "result", "drawn_by", "drawn_at"]


@admin.register(ScorekeeperLink)
class ScorekeeperLinkAdmin(admin.ModelAdmin):
    list_display = ["table", "player", "created_at", "revoked_at"]
    list_select_related = ["table__round__event", "player"]
    readonly_fields = ["token"]


@admin.register(OrganizerCall)
class OrganizerCallAdmin(admin.ModelAdmin):
    """Every call to the organizer (issue 25), to read: the dashboard answers them."""

    list_display = ("table", "event", "reason", "player", "source", "called_at", "answered_at")
    list_filter = ("reason", "source")
    list_select_related = ("table", "event", "player")
    readonly_fields = [field.name for field in OrganizerCall._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
