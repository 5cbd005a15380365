from django.contrib import admin
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import Couple, Player


class InCoupleFilter(admin.SimpleListFilter):
    title = _("couple")
    parameter_name = "in_couple"

    def lookups(self, request, model_admin):
        return [("yes", _("In a couple")), ("no", _("Single"))]

    def queryset(self, request, queryset):
        in_couple = Q(couple_as_a__isnull=False) | Q(couple_as_b__isnull=False)
        if self.value() == "yes":
            return queryset.filter(in_couple)
        if self.value() == "no":
            return queryset.exclude(in_couple)
        return queryset


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "email", "phone", "active"]
    list_display_links = ["last_name", "first_name"]
    list_filter = ["active", InCoupleFilter]
    search_fields = ["first_name", "last_name", "email"]
    list_per_page = 50


@admin.register(Couple)
class CoupleAdmin(admin.ModelAdmin):
    list_display = ["__str__", "scorekeeper"]
    list_select_related = ["player_a", "player_b", "scorekeeper"]
    search_fields = [
        "player_a__first_name",
        "player_a__last_name",
        "player_b__first_name",
        "player_b__last_name",
    ]
    autocomplete_fields = ["player_a", "player_b", "scorekeeper"]
