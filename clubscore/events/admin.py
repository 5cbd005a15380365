from django.contrib import admin
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubscore.games import GAMES

from .forms import EventForm
from .models import (
    CheckIn,
    DrawRecord,
    Event,
    Round,
    ScoreChange,
    ScoreEntry,
    ScorekeeperLink,
    Seat,
    Table,
    Team,
)
from .signals import event_finished, event_reopened


class CheckInInline(admin.TabularInline):
    model = CheckIn
    extra = 0
    autocomplete_fields = ["player"]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "kind", "seed", "drawn_at"]
    readonly_fields = ["seed", "drawn_at"]
    show_change_link = True


class EventAdminForm(EventForm):
    """The organizer's event form (the game's options as fields), plus the records' fields."""

    class Meta(EventForm.Meta):
        fields = [
            *EventForm.Meta.fields,
            "status",
            "clock_started_at",
            "time_called_at",
            "extra_minutes",
        ]
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
            (_("Clock"), {"fields": ["clock_started_at", "time_called_at", "extra_minutes"]}),
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
    fields = ["number", "first_player", "turned_in_at", "has_first_table_bonus"]
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


class ScoreEntryInline(admin.TabularInline):
    model = ScoreEntry
    extra = 0
    fields = ["number", "status", "version", "updated_at"]
    readonly_fields = ["updated_at"]
    show_change_link = True


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "turned_in_at", "has_first_table_bonus"]
    list_filter = ["has_first_table_bonus", "round__event"]
    list_select_related = ["round__event"]
    search_fields = ["round__event__name", "seats__player__last_name"]
    inlines = [TeamInline, SeatInline, ScoreEntryInline]
    autocomplete_fields = ["first_player"]


class ScoreChangeInline(admin.TabularInline):
    model = ScoreChange
    extra = 0
    can_delete = False
    readonly_fields = [
        "changed_at",
        "changed_by_user",
        "changed_by_player",
        "action",
        "before",
        "after",
    ]


@admin.register(ScoreEntry)
class ScoreEntryAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "status", "version", "updated_at"]
    list_filter = ["status", "table__round__event"]
    list_select_related = ["table__round__event"]
    inlines = [ScoreChangeInline]


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
