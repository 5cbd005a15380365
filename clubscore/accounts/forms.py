"""Login forms that refuse to check a password once too many guesses failed."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import ngettext

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
        lockout = LoginAttempt.objects.lockout(username, ip, excluding=attempt.pk)
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
        LoginAttempt.objects.filter(pk=attempt.pk).update(succeeded=True)
        return cleaned


class ThrottledAuthenticationForm(ThrottleMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottleMixin, AdminAuthenticationForm):
    pass
