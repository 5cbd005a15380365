from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from clubscore.accounts import views as account_views
from clubscore.events import views as event_views

admin.site.site_header = _("ClubScore administration")
admin.site.site_title = _("ClubScore")
admin.site.index_title = _("Club data")

handler400 = "clubscore.errors.bad_request"

urlpatterns = [
    path("", event_views.home, name="home"),
    path("", include("clubscore.events.urls")),
    path("", include("clubscore.scorekeeping.urls")),
    path("", include("clubscore.dashboard.urls")),
    path("", include("clubscore.printing.urls")),
    path("", include("clubscore.accounts.urls")),
    path("login/", account_views.login, name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
