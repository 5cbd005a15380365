"""When each scorekeeper link was last heard from (the dashboard's quiet tablets)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0006_drop_live_notifications"),
    ]

    operations = [
        migrations.AddField(
            model_name="scorekeeperlink",
            name="last_seen_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="last heard from"),
        ),
    ]
