"""PostgreSQL announces each change a card's live part shows (clubscore.scorekeeping.live).

`t<id>` for a table: its entries (new, deleted, or changed in `version` or
`updated_at`; a draft changes neither), the table row itself, its scorekeeper links.
`e<id>` for an event: the event row (status, clock, options) and its rounds. `*` when
one of these tables is emptied. SQLite has no NOTIFY: nothing is made there.
"""

from django.db import migrations

FUNCTION = """
CREATE OR REPLACE FUNCTION clubscore_live_notify() RETURNS trigger AS $$
BEGIN
    IF TG_LEVEL = 'STATEMENT' THEN
        PERFORM pg_notify('clubscore_live', '*');
        RETURN NULL;
    END IF;
    -- TG_ARGV: the key's prefix ('t' or 'e') and the column holding its id.
    IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('clubscore_live', TG_ARGV[0] || (to_jsonb(OLD) ->> TG_ARGV[1]));
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('clubscore_live', TG_ARGV[0] || (to_jsonb(NEW) ->> TG_ARGV[1]));
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
"""

# (trigger name, model, what fires it, WHEN condition, key prefix, id column)
TRIGGERS = [
    ("entry_added", "scoreentry", "INSERT OR DELETE", "", "t", "table_id"),
    (
        "entry_changed",
        "scoreentry",
        "UPDATE",
        "OLD.version IS DISTINCT FROM NEW.version"
        " OR OLD.updated_at IS DISTINCT FROM NEW.updated_at"
        " OR OLD.table_id IS DISTINCT FROM NEW.table_id",
        "t",
        "table_id",
    ),
    ("table", "table", "UPDATE OR DELETE", "", "t", "id"),
    ("link", "scorekeeperlink", "UPDATE OR DELETE", "", "t", "table_id"),
    ("event", "event", "UPDATE OR DELETE", "", "e", "id"),
    ("round", "round", "UPDATE OR DELETE", "", "e", "event_id"),
]
EMPTIED = ["scoreentry", "table", "scorekeeperlink", "event", "round"]


def _postgresql(schema_editor) -> bool:
    return schema_editor.connection.vendor == "postgresql"


def create(apps, schema_editor):
    if not _postgresql(schema_editor):
        return
    schema_editor.execute(FUNCTION)
    for name, model, fires, when, prefix, column in TRIGGERS:
        table = apps.get_model("events", model)._meta.db_table
        condition = f"WHEN ({when})" if when else ""
        schema_editor.execute(
            f"CREATE TRIGGER clubscore_live_{name} AFTER {fires} ON {table} FOR EACH ROW"
            f" {condition} EXECUTE FUNCTION clubscore_live_notify('{prefix}', '{column}')"
        )
    for model in EMPTIED:
        table = apps.get_model("events", model)._meta.db_table
        schema_editor.execute(
            f"CREATE TRIGGER clubscore_live_{model}_emptied AFTER TRUNCATE ON {table}"
            " FOR EACH STATEMENT EXECUTE FUNCTION clubscore_live_notify()"
        )


def drop(apps, schema_editor):
    if not _postgresql(schema_editor):
        return
    for name, model, *_rest in TRIGGERS:
        table = apps.get_model("events", model)._meta.db_table
        schema_editor.execute(f"DROP TRIGGER IF EXISTS clubscore_live_{name} ON {table}")
    for model in EMPTIED:
        table = apps.get_model("events", model)._meta.db_table
        schema_editor.execute(f"DROP TRIGGER IF EXISTS clubscore_live_{model}_emptied ON {table}")
    schema_editor.execute("DROP FUNCTION IF EXISTS clubscore_live_notify()")


class Migration(migrations.Migration):
    dependencies = [("events", "0002_scoreentry_parts_drafts")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
