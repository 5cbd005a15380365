"""The one exception the draw raises for anything it cannot do."""


class DrawError(ValueError):
    """The draw cannot be made as asked; the message tells the organizer why and what to do."""
