from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.urls import include, path
from django.utils.translation import gettext_lazy as _
from django.views.generic import RedirectView

from clubscore.accounts import views as account_views
from clubscore.events import views as event_views

admin.site.site_header = _("ClubScore administration")
admin.site.site_title = _("ClubScore")
admin.site.index_title = _("Club data")

handler400 = "clubscore.errors.bad_request"
handler404 = "clubscore.errors.not_found"


class FaviconView(RedirectView):
    """/favicon.ico, asked for by pages that link none (the admin's), answers our icon."""

    def get_redirect_url(self, *args, **kwargs) -> str:
        return static("img/favicon.svg")  # at request time: the manifest's hashed name


def robots_txt(request: HttpRequest) -> HttpResponse:
    """Nothing here is for search engines: the cards are private links, the rest a club's."""
    return HttpResponse("User-agent: *\nDisallow: /\n", content_type="text/plain; charset=utf-8")


urlpatterns = [
    # The tablets' and the phones' URLs first: they are asked for most, every 10 seconds
    # (no other app answers any of their paths, so the order changes nothing else).
    path("", include("clubscore.scorekeeping.urls")),
    path("", include("clubscore.playerpages.urls")),
    path("", event_views.home, name="home"),
    path("", include("clubscore.events.urls")),
    path("", include("clubscore.dashboard.urls")),
    path("", include("clubscore.printing.urls")),
    path("login/", account_views.login, name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("favicon.ico", FaviconView.as_view()),
    path("robots.txt", robots_txt),
]
