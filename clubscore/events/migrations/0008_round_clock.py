"""Each round gets its own clock: the event's clock fields move to its rounds.

Regular rounds take the event's clock as it was. A play-off round used to run on the
event's clock; it gets a clock of its own, started when it was drawn (only if the
event's clock had started), so it keeps its own time limit from now on. Backwards, the
event takes the clock of its first regular round.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def clock_to_rounds(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    Round = apps.get_model("events", "Round")
    for event in Event.objects.exclude(clock_started_at=None).iterator():
        Round.objects.filter(event=event, kind="regular").update(
            clock_started_at=event.clock_started_at,
            time_called_at=event.time_called_at,
            extra_minutes=event.extra_minutes,
        )
        for round_ in Round.objects.filter(event=event, kind="playoff"):
            round_.clock_started_at = round_.drawn_at or event.clock_started_at
            round_.save(update_fields=["clock_started_at"])


def clock_to_event(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    Round = apps.get_model("events", "Round")
    for round_ in Round.objects.filter(kind="regular").exclude(clock_started_at=None):
        Event.objects.filter(pk=round_.event_id, clock_started_at=None).update(
            clock_started_at=round_.clock_started_at,
            time_called_at=round_.time_called_at,
            extra_minutes=round_.extra_minutes,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0007_scorekeeperlink_last_seen_at"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="clock_started_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="clock started"),
        ),
        migrations.AddField(
            model_name="round",
            name="extra_minutes",
            field=models.PositiveIntegerField(default=0, verbose_name="extra minutes"),
        ),
        migrations.AddField(
            model_name="round",
            name="time_called_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="time called"),
        ),
        migrations.CreateModel(
            name="ClockAction",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "action",
                    models.CharField(
                        choices=[
                            ("start", "Clock started"),
                            ("call", "Time called"),
                            ("extend", "Clock extended"),
                            ("finish", "Evening finished"),
                            ("reopen", "Evening reopened"),
                        ],
                        max_length=16,
                        verbose_name="action",
                    ),
                ),
                (
                    "minutes",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="minutes"),
                ),
                (
                    "at",
                    models.DateTimeField(default=django.utils.timezone.now, verbose_name="when"),
                ),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="clock_actions",
                        to="events.event",
                    ),
                ),
                (
                    "round",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="clock_actions",
                        to="events.round",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "clock action",
                "verbose_name_plural": "clock actions",
                "ordering": ["-at", "-id"],
            },
        ),
        migrations.RunPython(clock_to_rounds, clock_to_event),
        migrations.RemoveField(
            model_name="event",
            name="clock_started_at",
        ),
        migrations.RemoveField(
            model_name="event",
            name="extra_minutes",
        ),
        migrations.RemoveField(
            model_name="event",
            name="time_called_at",
        ),
    ]
