"""manage.py backup [--event ID] --out FILE: the club or one event as a JSON file."""

from django.core.management.base import BaseCommand, CommandError

from clubscore.backup.dump import dump
from clubscore.backup.fileformat import BackupError, write


class Command(BaseCommand):
    help = (
        "Write a backup of the whole club (players, couples, events and everything in "
        "them, organizer accounts with password hashes) or of one event (--event, no user "
        "accounts) to a JSON file. Restore it with `manage.py restore FILE`."
    )

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, help="only this event (its id)")
        parser.add_argument("--out", required=True, help="the file to write")

    def handle(self, *args, event=None, out=None, **options):
        try:
            data = dump(event)
            write(data, out)
        except (BackupError, OSError) as error:
            raise CommandError(str(error)) from error
        total = sum(data["counts"].values())
        what = f"event {event}" if event else "the club"
        self.stdout.write(self.style.SUCCESS(f"Backed up {what}: {total} rows to {out}."))
        for name, count in sorted(data["counts"].items()):
            self.stdout.write(f"  {name}: {count}", style_func=None)
