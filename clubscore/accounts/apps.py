from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "clubscore.accounts"
    label = "accounts"
    verbose_name = _("Accounts and security")

    def ready(self) -> None:
        # The admin has a login form of its own; it must be throttled like ours, or
        # /admin/login/ would be an open door for guessing passwords.
        from django.contrib import admin

        from .forms import ThrottledAdminAuthenticationForm

        admin.site.login_form = ThrottledAdminAuthenticationForm
