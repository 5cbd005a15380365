"""Login forms that refuse to check a password once too many guesses failed."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import ngettext

from .models import LoginAttempt
from .net import client_ip


class ThrottleMixin:
    """Checks the database for a lockout before authenticating, records the outcome after.

    The count lives in the database, so it holds across gunicorn workers and servers.
    """

    def clean(self):
        username = self.data.get("username", "")
        ip = client_ip(self.request) if self.request is not None else None
        lockout = LoginAttempt.objects.lockout(username, ip)
        if lockout is not None:
            minutes = lockout.minutes_left()
            # Refused attempts are not recorded: the lock ends fifteen minutes after the
            # fifth failure, even while someone keeps trying.
            raise forms.ValidationError(
                ngettext(
                    "Too many failed attempts. Try again in %(minutes)d minute.",
                    "Too many failed attempts. Try again in %(minutes)d minutes.",
                    minutes,
                )
                % {"minutes": minutes},
                code="throttled",
            )
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            LoginAttempt.record(username, ip, succeeded=False)
            raise
        LoginAttempt.record(username, ip, succeeded=True)
        return cleaned


class ThrottledAuthenticationForm(ThrottleMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottleMixin, AdminAuthenticationForm):
    pass
