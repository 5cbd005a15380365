from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "clubscore.ratings"
    label = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        # The events app says when an evening is finished or reopened; ratings follow.
        from clubscore.events.signals import event_finished, event_reopened, provide_ratings

        from . import receivers

        event_finished.connect(receivers.evening_changed, dispatch_uid="ratings.finished")
        event_reopened.connect(receivers.evening_changed, dispatch_uid="ratings.reopened")
        # The draw balances teams by rating: it asks through the events app's hook.
        provide_ratings(receivers.player_means)
