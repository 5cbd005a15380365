"""Today's JSON parts and drafts move into `TeamPart` and `Draft` rows, and back.

Forwards, each `{"data", "state", "version", "by"}` of `ScoreEntry.parts` becomes a
`TeamPart` (a player no longer in the club leaves `entered_by` empty), each side's typed
fields of `ScoreEntry.drafts` a `Draft`. Backwards, the rows become the JSON again.
"""

from itertools import groupby

from django.db import migrations


def json_to_rows(apps, schema_editor):
    ScoreEntry = apps.get_model("events", "ScoreEntry")
    TeamPart = apps.get_model("events", "TeamPart")
    Draft = apps.get_model("events", "Draft")
    Player = apps.get_model("club", "Player")
    players = set(Player.objects.values_list("pk", flat=True))
    parts, drafts = [], []
    entries = ScoreEntry.objects.order_by("pk").values_list("pk", "parts_json", "drafts_json")
    for entry_id, entry_parts, entry_drafts in entries.iterator():
        for team, part in (entry_parts or {}).items():
            parts.append(
                TeamPart(
                    entry_id=entry_id,
                    team=int(team),
                    data=part.get("data") or {},
                    state=part.get("state") or "entered",
                    version=max(1, part.get("version") or 1),
                    entered_by_id=part.get("by") if part.get("by") in players else None,
                )
            )
        for side, typed in (entry_drafts or {}).items():
            drafts.append(Draft(entry_id=entry_id, side=int(side), data=typed or {}))
    TeamPart.objects.bulk_create(parts, batch_size=500)
    Draft.objects.bulk_create(drafts, batch_size=500)


def rows_to_json(apps, schema_editor):
    ScoreEntry = apps.get_model("events", "ScoreEntry")
    TeamPart = apps.get_model("events", "TeamPart")
    Draft = apps.get_model("events", "Draft")
    parts = TeamPart.objects.order_by("entry_id", "team").iterator()
    for entry_id, rows in groupby(parts, key=lambda part: part.entry_id):
        ScoreEntry.objects.filter(pk=entry_id).update(
            parts_json={
                str(part.team): {
                    "data": part.data,
                    "state": part.state,
                    "version": part.version,
                    "by": part.entered_by_id,
                }
                for part in rows
            }
        )
    drafts = Draft.objects.order_by("entry_id", "side").iterator()
    for entry_id, rows in groupby(drafts, key=lambda draft: draft.entry_id):
        ScoreEntry.objects.filter(pk=entry_id).update(
            drafts_json={str(draft.side): draft.data for draft in rows}
        )


class Migration(migrations.Migration):
    dependencies = [("events", "0009_teampart_draft")]

    operations = [migrations.RunPython(json_to_rows, rows_to_json)]
