from django.urls import path

from . import views

app_name = "printing"

urlpatterns = [
    path("events/<int:event_id>/print/<str:what>.pdf", views.event_pdf, name="event_pdf"),
    path("print/blank/<str:game>.pdf", views.blank_pdf, name="blank"),
]
