from django.urls import path

from . import editing, views

app_name = "events"

urlpatterns = [
    path("events/new/", editing.new_event, name="new"),
    path("events/<int:event_id>/", views.event_detail, name="detail"),
    path("events/<int:event_id>/edit/", editing.edit_event, name="edit"),
    path("events/<int:event_id>/check-in/", views.checkin, name="checkin"),
    path("events/<int:event_id>/check-in/toggle/", views.checkin_toggle, name="checkin_toggle"),
    path("events/<int:event_id>/check-in/walk-in/", views.walk_in, name="walk_in"),
    path("events/<int:event_id>/draw/", views.draw_page, name="draw"),
    path("events/<int:event_id>/wall/", views.wall, name="wall"),
    path("tables/<int:table_id>/revoke-links/", views.revoke_links, name="revoke_links"),
]
