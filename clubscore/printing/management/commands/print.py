"""python manage.py print EVENT --what cards|tables|standings|blank|poster --out FILE [--round N]
[--basis individual|couple] [--base-url URL: needed for cards, tables and posters]"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext

from clubscore.events.models import Event
from clubscore.printing.data import NoSuchRound
from clubscore.printing.documents import EVENT_DOCUMENTS, event_document

# The documents with QR codes: they need the address the club's devices open.
LINKED = ("cards", "tables", "poster")


class Command(BaseCommand):
    help = "Print an event's score cards, table assignments or standings to a PDF file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="The event's id.")
        parser.add_argument(
            "--what", required=True, help="What to print: " + ", ".join(EVENT_DOCUMENTS) + "."
        )
        parser.add_argument("--out", required=True, help="The PDF file to write.")
        parser.add_argument(
            "--round",
            type=int,
            default=None,
            help="Which round's cards or table assignments (default: the latest round, "
            "a play-off once there is one).",
        )
        parser.add_argument(
            "--basis",
            choices=list(Event.StandingsBasis.values),
            default=None,
            help="The standings' view: individual or couple (default: the event's own).",
        )
        parser.add_argument(
            "--base-url",
            default=None,
            help="Where the club's tablets and phones open ClubScore (http://192.168.1.10:8000, "
            "say): the QR codes of cards, table assignments and posters link there.",
        )

    def handle(self, *args, **options) -> None:
        what = options["what"]
        if what not in EVENT_DOCUMENTS:
            raise CommandError(
                f"Cannot print {what!r}; choose one of: {', '.join(EVENT_DOCUMENTS)}."
            )
        try:
            event = Event.objects.get(pk=int(options["event"]))
        except (ValueError, Event.DoesNotExist):
            raise CommandError(f"No event with id {options['event']!r}.") from None
        base_url = options["base_url"]
        if what in LINKED and not (base_url or "").startswith(("http://", "https://")):
            # A QR code on 127.0.0.1 opens nothing on a tablet, and nobody sees it on paper.
            raise CommandError(
                f"Give --base-url to print {what}: the address the club's tablets and phones "
                "open (http://192.168.1.10:8000, say), where their QR codes link."
            )
        try:
            document = event_document(
                event, what, base_url or "", options["round"], basis=options["basis"]
            )
        except NoSuchRound:
            message = gettext("Event %(event)s has no round %(round)s.")
            raise CommandError(message % {"event": event.pk, "round": options["round"]}) from None
        out = Path(options["out"])
        try:
            out.write_bytes(document.content)
        except OSError as error:
            raise CommandError(f"Cannot write {out}: {error}") from None
        self.stdout.write(f"Wrote {out} ({len(document.content) // 1024} KB).")
