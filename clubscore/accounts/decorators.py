"""Who may open the organizer's pages."""

from django.contrib.admin.views.decorators import staff_member_required

# Organizer pages need a staff login; strangers are sent to the club's own login page
# (not the admin's), which is throttled against guessing.
organizer_required = staff_member_required(login_url="login")
