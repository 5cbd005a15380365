from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScorekeepingConfig(AppConfig):
    name = "clubscore.scorekeeping"
    label = "scorekeeping"
    verbose_name = _("Scorekeeping")
