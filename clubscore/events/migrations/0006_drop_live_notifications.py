"""The live listener is gone (docs/decisions.md): drop the triggers that announced
changed cards (0003). A tablet's poll reads one fingerprint row instead."""

import importlib

from django.db import migrations

live = importlib.import_module("clubscore.events.migrations.0003_live_notifications")


class Migration(migrations.Migration):
    dependencies = [("events", "0005_idempotencykey_fingerprint")]

    operations = [migrations.RunPython(live.drop, live.create, elidable=True)]
