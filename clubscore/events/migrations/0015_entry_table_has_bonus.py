"""The table's bonus flag is named for what it records (the table took the bonus), not
for one game's option; the database keeps its data (a renamed column)."""

from django.db import migrations, models
from django.db.models import Q


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0014_draw_playoff_fillers_and_lot"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="table",
            name="one_first_table_bonus_per_round",
        ),
        migrations.RenameField(
            model_name="table",
            old_name="has_first_table_bonus",
            new_name="has_bonus",
        ),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.UniqueConstraint(
                condition=Q(has_bonus=True),
                fields=("round",),
                name="one_bonus_per_round",
            ),
        ),
    ]
