"""The one exception the draw raises for anything it cannot do."""


class DrawError(ValueError):
    """The draw cannot be made as asked; the message tells the organizer why and what to do."""

    @property
    def message(self) -> str:
        """The message as it was raised: a ``clubscore.messages.Message`` when the draw made
        it, so the pages can translate it (``str(error)`` is only its English text)."""
        if self.args and isinstance(self.args[0], str):
            return self.args[0]
        return str(self)
