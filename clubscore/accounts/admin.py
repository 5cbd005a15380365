from django.contrib import admin

from .models import LoginAttempt


@admin.register(LoginAttempt)
class LoginAttemptAdmin(admin.ModelAdmin):
    """Read-only: the organizer can see who tried to log in, not change it."""

    list_display = ["at", "username", "ip", "succeeded"]
    list_filter = ["succeeded"]
    search_fields = ["username", "ip"]
    date_hierarchy = "at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
