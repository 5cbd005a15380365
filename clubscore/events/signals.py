"""Signals of an evening's life that other apps may act on (imports run one way)."""

from django.dispatch import Signal

# Sent with sender=Event, event=<Event>, after the evening is made final (committed).
event_finished = Signal()
# Sent with sender=Event, event=<Event>, after a final evening is reopened (committed).
event_reopened = Signal()
