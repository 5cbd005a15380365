"""A player is in at most one couple, guarded by the database.

Each of the two columns is unique already; these triggers also refuse a player who
is `player_a` of one couple and `player_b` of another, which no declarative
constraint can express across two columns. The error is an IntegrityError, like
any other constraint.
"""

from django.db import migrations

SQLITE = [
    f"""
    CREATE TRIGGER club_couple_member_once_{event.lower()}
    BEFORE {event} ON club_couple
    WHEN EXISTS (
        SELECT 1 FROM club_couple
        WHERE id != NEW.id
          AND (player_a_id IN (NEW.player_a_id, NEW.player_b_id)
               OR player_b_id IN (NEW.player_a_id, NEW.player_b_id))
    )
    BEGIN
        SELECT RAISE(ABORT, 'UNIQUE constraint failed: a player is in at most one couple');
    END;
    """
    for event in ("INSERT", "UPDATE")
]
SQLITE_REVERSE = [
    "DROP TRIGGER IF EXISTS club_couple_member_once_insert;",
    "DROP TRIGGER IF EXISTS club_couple_member_once_update;",
]

POSTGRES = """
CREATE FUNCTION club_couple_member_once() RETURNS trigger AS $$
BEGIN
    -- Serialise couple changes so two concurrent inserts cannot both pass the check.
    LOCK TABLE club_couple IN SHARE ROW EXCLUSIVE MODE;
    IF EXISTS (
        SELECT 1 FROM club_couple
        WHERE id IS DISTINCT FROM NEW.id
          AND (player_a_id IN (NEW.player_a_id, NEW.player_b_id)
               OR player_b_id IN (NEW.player_a_id, NEW.player_b_id))
    ) THEN
        RAISE EXCEPTION 'a player is in at most one couple' USING ERRCODE = 'unique_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER club_couple_member_once BEFORE INSERT OR UPDATE ON club_couple
FOR EACH ROW EXECUTE FUNCTION club_couple_member_once();
"""
POSTGRES_REVERSE = """
DROP TRIGGER IF EXISTS club_couple_member_once ON club_couple;
DROP FUNCTION IF EXISTS club_couple_member_once();
"""


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for statement in SQLITE:
            schema_editor.execute(statement)
    elif vendor == "postgresql":
        schema_editor.execute(POSTGRES)


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for statement in SQLITE_REVERSE:
            schema_editor.execute(statement)
    elif vendor == "postgresql":
        schema_editor.execute(POSTGRES_REVERSE)


class Migration(migrations.Migration):
    dependencies = [("club", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
