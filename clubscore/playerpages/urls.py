from django.urls import path, register_converter

from . import organizer, views


class TokenConverter:
    """A link's token (``secrets.token_urlsafe``); anything else never reaches the database."""

    regex = r"[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "ptoken")

app_name = "playerpages"

urlpatterns = [
    path("c/<ptoken:token>/", views.door, name="door"),
    path("c/<ptoken:token>/here/", views.here, name="here"),
    path("c/<ptoken:token>/qr.svg", views.door_qr, name="door_qr"),
    path("events/<int:event_id>/find-my-table/", views.find, name="find"),
    path("p/<ptoken:token>/", views.player, name="player"),
    path("p/<ptoken:token>/call/", views.call, name="call"),
    path("events/<int:event_id>/phones/", organizer.phones_page, name="phones"),
    path("events/<int:event_id>/phones/qr.svg", organizer.event_qr, name="event_qr"),
    path("events/<int:event_id>/phones/switch/", organizer.switch, name="switch"),
]
