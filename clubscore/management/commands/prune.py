"""manage.py prune: delete the rows that only grow once they are of no more use."""

from django.core.management.base import BaseCommand

from clubscore.events.housekeeping import prune


class Command(BaseCommand):
    help = (
        "Delete login attempts older than a day, resend keys and unsent drafts older than "
        "a week, and expired sessions. Safe to run any time, as often as you like; run it "
        "daily (docs/deployment.md). It also runs when an evening is finished."
    )

    def handle(self, *args, **options):
        deleted = prune()
        self.stdout.write(self.style.SUCCESS(f"Pruned {sum(deleted.values())} rows."))
        for name, count in deleted.items():
            self.stdout.write(f"  {name}: {count}")
