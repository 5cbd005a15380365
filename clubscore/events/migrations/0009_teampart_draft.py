"""Each team's part of a hand and each draft become rows (`TeamPart`, `Draft`).

The JSON fields step aside first (`parts_json`, `drafts_json`) so the new rows can take
the names `entry.parts` and `entry.drafts`; 0010 moves the JSON into the rows, 0011
removes the JSON fields.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0002_couple_member_once_trigger"),
        ("events", "0008_round_clock"),
    ]

    operations = [
        migrations.RenameField(model_name="scoreentry", old_name="parts", new_name="parts_json"),
        migrations.RenameField(model_name="scoreentry", old_name="drafts", new_name="drafts_json"),
        migrations.CreateModel(
            name="Draft",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("side", models.PositiveSmallIntegerField(verbose_name="side")),
                ("data", models.JSONField(default=dict, verbose_name="typed")),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "entry",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="drafts",
                        to="events.scoreentry",
                    ),
                ),
            ],
            options={
                "verbose_name": "draft",
                "verbose_name_plural": "drafts",
                "ordering": ["entry", "side"],
                "constraints": [
                    models.UniqueConstraint(fields=("entry", "side"), name="draft_once_per_side")
                ],
            },
        ),
        migrations.CreateModel(
            name="TeamPart",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("team", models.PositiveSmallIntegerField(verbose_name="team")),
                ("data", models.JSONField(default=dict, verbose_name="the team's part")),
                (
                    "state",
                    models.CharField(
                        choices=[
                            ("entered", "Waiting for confirmation"),
                            ("confirmed", "Confirmed"),
                            ("disputed", "Disputed"),
                        ],
                        default="entered",
                        max_length=16,
                        verbose_name="status",
                    ),
                ),
                ("version", models.PositiveIntegerField(default=1)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "entered_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="club.player",
                    ),
                ),
                (
                    "entry",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="parts",
                        to="events.scoreentry",
                    ),
                ),
            ],
            options={
                "verbose_name": "team's part",
                "verbose_name_plural": "teams' parts",
                "ordering": ["entry", "team"],
                "constraints": [
                    models.UniqueConstraint(fields=("entry", "team"), name="part_once_per_team"),
                    models.CheckConstraint(
                        condition=models.Q(("team__gte", 1)), name="part_team_positive"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("version__gte", 1)), name="part_version_positive"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("state__in", ["entered", "confirmed", "disputed"])),
                        name="part_state_known",
                    ),
                ],
            },
        ),
    ]
