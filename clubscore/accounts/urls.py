from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("tables/<int:table_id>/revoke-links/", views.revoke_links, name="revoke_links"),
]
