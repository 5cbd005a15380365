from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "clubscore.events"
    label = "events"
    verbose_name = _("Events")

    def ready(self) -> None:
        # A finished evening is a quiet moment: the rows that only grow are pruned then too.
        from .housekeeping import prune_when_finished
        from .signals import event_finished

        event_finished.connect(prune_when_finished, dispatch_uid="events.prune")
