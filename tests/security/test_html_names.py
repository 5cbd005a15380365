"""Names with HTML in them are shown as text: on every page and in every PDF."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from clubscore.events.models import CheckIn, Seat

from .conftest import all_pages, url_for

SCRIPT = "<script>alert(1)</script>"
BOLD = "<b>Bob</b>"
EVENT_NAME = "<i>Night</i> & Co"
ESCAPED = {
    SCRIPT: "&lt;script&gt;alert(1)&lt;/script&gt;",
    BOLD: "&lt;b&gt;Bob&lt;/b&gt;",
}
# The pages that list the players of an event: the names must be there, escaped.
PAGES_WITH_NAMES = [
    "events:checkin",
    "events:draw",
    "events:wall",
    "dashboard:standings",
    "dashboard:public_standings",
]


@pytest.fixture
def event(drawn_event):
    event = drawn_event("hand_and_foot", tables=1, name=EVENT_NAME, public_standings=True)
    seats = list(Seat.objects.filter(round__event=event).select_related("player"))
    for seat, name in zip(seats, [SCRIPT, BOLD], strict=False):
        seat.player.first_name, seat.player.last_name = name, ""
        seat.player.save(update_fields=["first_name", "last_name"])
    for seat in seats:
        CheckIn.objects.create(event=event, player=seat.player)
    return event


def html_pages(event) -> dict[str, str]:
    """Every page that answers a GET about this event, and the club's own pages."""
    table = event.rounds.get().tables.get()
    link = table.links.order_by("team__number").first()
    urls = {"home": reverse("home"), "dashboard:ladder": reverse("dashboard:ladder")}
    urls["scorekeeping:card"] = reverse("scorekeeping:card", args=[link.token])
    for page in all_pages():
        if "event_id" in page.params and page.name != "printing:event_pdf":
            urls[page.name] = url_for(page, event, table)
    return urls


def test_pages_show_html_in_names_as_text(organizer_client, event):
    shown, titled = set(), set()
    for name, url in html_pages(event).items():
        response = organizer_client.get(url)
        if response.status_code != 200 or "html" not in response["Content-Type"]:
            continue
        page = response.content.decode()
        assert SCRIPT not in page, name
        assert BOLD not in page, name
        assert "<i>Night</i>" not in page, name
        if ESCAPED[SCRIPT] in page and ESCAPED[BOLD] in page:
            shown.add(name)
        if "&lt;i&gt;Night&lt;/i&gt; &amp; Co" in page:
            titled.add(name)
    assert set(PAGES_WITH_NAMES) <= shown
    assert {"events:detail", "dashboard:event", "scorekeeping:card"} <= titled
    assert "scorekeeping:card" in shown


@pytest.mark.parametrize("what", ["cards", "tables", "standings"])
def test_pdfs_print_html_in_names_as_text(organizer_client, event, what):
    url = reverse("printing:event_pdf", args=[event.pk, what])
    response = organizer_client.get(url)
    assert response.status_code == 200
    content = b"".join(response.streaming_content) if response.streaming else response.content
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    flat = "".join(text.split())
    assert "alert(1)" in flat
    assert "<script>" in flat
    assert BOLD in flat
