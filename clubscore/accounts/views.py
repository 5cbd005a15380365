"""Organizer login (throttled)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views

from .forms import ThrottledAuthenticationForm


class LoginView(auth_views.LoginView):
    """Django's login, refusing after too many failed attempts (see ThrottleMixin)."""

    form_class = ThrottledAuthenticationForm
    redirect_authenticated_user = False


login = LoginView.as_view()
