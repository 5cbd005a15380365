"""Login forms that refuse to check a password once too many guesses failed."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import device
from .models import LoginAttempt
from .net import client_ip


class ThrottleMixin:
    """Records the attempt as a failure first, then checks for a lockout, then the password.

    The count lives in the database, so it holds across gunicorn workers and servers.
    Recording before counting settles a burst of parallel guesses: each attempt is
    committed before it counts the others, so of any two that race, the one that counts
    last sees the other; no more than MAX_FAILURES passwords are checked in a window.
    (Reading the count, checking the password and recording after, as before, let 8
    guesses sent at once after 3 failures all be checked.) Needs autocommit: the
    attempt must be visible to other requests before the count (no ATOMIC_REQUESTS).
    """

    def clean(self):
        username = self.data.get("username", "")
        ip = client_ip(self.request) if self.request is not None else None
        attempt = LoginAttempt.record(username, ip, succeeded=False)
        lockout = LoginAttempt.objects.lockout(
            username, ip, excluding=attempt.pk, known_device=device.is_known(self.request, username)
        )
        if lockout is not None:
            minutes = lockout.minutes_left()
            # Refused attempts are not kept: the lock ends fifteen minutes after the
            # fifth failure, even while someone keeps trying.
            attempt.delete()
            raise forms.ValidationError(
                ngettext(
                    "Too many failed attempts. Try again in %(minutes)d minute.",
                    "Too many failed attempts. Try again in %(minutes)d minutes.",
                    minutes,
                )
                % {"minutes": minutes},
                code="throttled",
            )
        cleaned = super().clean()  # a wrong password leaves the attempt a failure
        if self.get_user() is None:
            # A field left empty: no password was checked (Django's clean checks one only
            # with both filled), so it is no guess, and never a success that clears the
            # count and marks the device known (that let guesses go on without a lock).
            attempt.delete()
            return cleaned
        LoginAttempt.objects.filter(pk=attempt.pk).update(succeeded=True)
        if self.request is not None:
            device.remember(self.request, username)
        return cleaned


class ThrottledAuthenticationForm(ThrottleMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottleMixin, AuthenticationForm):
    """The admin's login (`AdminSite.login_form`): organizers (staff) only."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "Please enter the correct %(username)s and password for a staff "
            "account. Note that both fields may be case-sensitive."
        ),
    }
    required_css_class = "required"

    def confirm_login_allowed(self, user) -> None:
        super().confirm_login_allowed(user)
        if not user.is_staff:
            raise forms.ValidationError(
                self.error_messages["invalid_login"],
                code="invalid_login",
                params={"username": self.username_field.verbose_name},
            )
