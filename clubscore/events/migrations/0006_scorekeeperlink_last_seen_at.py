"""When each scorekeeper link was last heard from (the dashboard's quiet tablets).

On PostgreSQL, a change of `last_seen_at` alone is not announced to the live listener
(migration 0003): it changes nothing a card shows, and tablets write it once a minute.
"""

from django.db import migrations, models

QUIET = (
    "(to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at')"
)


NOTIFY = "FOR EACH ROW {} EXECUTE FUNCTION clubscore_live_notify('t', 'table_id')"


def _table(apps) -> str:
    return apps.get_model("events", "ScorekeeperLink")._meta.db_table


def quiet(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    table = _table(apps)
    # A WHEN clause may not read NEW on a delete: one trigger each.
    schema_editor.execute(f"DROP TRIGGER IF EXISTS clubscore_live_link ON {table}")
    schema_editor.execute(
        f"CREATE TRIGGER clubscore_live_link AFTER UPDATE ON {table} "
        + NOTIFY.format(f"WHEN ({QUIET})")
    )
    schema_editor.execute(
        f"CREATE TRIGGER clubscore_live_link_deleted AFTER DELETE ON {table} "
        + NOTIFY.format("")
    )


def loud(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    table = _table(apps)
    schema_editor.execute(f"DROP TRIGGER IF EXISTS clubscore_live_link_deleted ON {table}")
    schema_editor.execute(f"DROP TRIGGER IF EXISTS clubscore_live_link ON {table}")
    schema_editor.execute(
        f"CREATE TRIGGER clubscore_live_link AFTER UPDATE OR DELETE ON {table} "
        + NOTIFY.format("")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0005_idempotencykey_fingerprint"),
    ]

    operations = [
        migrations.AddField(
            model_name="scorekeeperlink",
            name="last_seen_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="last heard from"),
        ),
        migrations.RunPython(quiet, loud),
    ]
