"""The JSON parts and drafts are rows now (0010): their fields go."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("events", "0010_parts_and_drafts_to_rows")]

    operations = [
        migrations.RemoveField(model_name="scoreentry", name="parts_json"),
        migrations.RemoveField(model_name="scoreentry", name="drafts_json"),
    ]
