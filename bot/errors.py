"""Errors meant for the player's eyes, raised by any layer and shown by the Discord layer.

The service and the cogs raise :class:`UserFacingError` for anything a player did wrong ("It is
Bob's turn", "Bids must be higher than 7"). The app-command and component error handlers in
``cogs/error_replies.py`` answer it with an ephemeral message in the player's language and leave the
game untouched; anything else is an unexpected failure, logged with an id.

The message is a catalogue key plus parameters rather than finished text, so it is rendered
in the language of whoever sees it, not of whoever raised it.
"""

from __future__ import annotations

from bot.i18n import t


class UserFacingError(Exception):
    """An expected mistake by a user, explained to them by a catalogue message.

    ``raise UserFacingError("play.not_your_turn", player="Bob")`` is shown as
    ``t("play.not_your_turn", locale, player="Bob")``. Subclass it to let callers tell
    kinds of refusal apart; the handler only needs the key and parameters.
    """

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self, locale: str | None = None) -> str:
        """The text for a user whose language is ``locale`` (``None``: the default)."""
        return t(self.key, locale, **self.params)

    def __str__(self) -> str:
        return self.message()
