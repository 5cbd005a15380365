"""manage.py restore FILE: load a backup into an empty database."""

from django.core.management.base import BaseCommand, CommandError

from clubscore.backup.fileformat import BackupError, read
from clubscore.backup.restore import restore


class Command(BaseCommand):
    help = (
        "Load a ClubScore backup (from `manage.py backup`) into an EMPTY, migrated "
        "database, keeping every id so scorekeeper links and QR codes keep working. "
        "Refuses when the database already holds club data."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file")

    def handle(self, *args, file=None, **options):
        try:
            counts = restore(read(file))
        except BackupError as error:
            raise CommandError(error.message) from error
        self.stdout.write(self.style.SUCCESS(f"Restored {sum(counts.values())} rows from {file}."))
        for name, count in sorted(counts.items()):
            self.stdout.write(f"  {name}: {count}")
