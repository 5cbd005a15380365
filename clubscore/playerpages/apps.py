from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayerPagesConfig(AppConfig):
    name = "clubscore.playerpages"
    label = "playerpages"
    verbose_name = _("Players' phones")
