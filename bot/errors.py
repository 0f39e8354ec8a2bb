"""Errors meant for the player's eyes, raised by any layer and shown by the Discord layer.

The service and the cogs raise :class:`UserFacingError` for anything a player did wrong ("It is
Bob's turn", "Bids must be higher than 7"). The app-command and component error handlers in
``cogs/shared/error_replies.py`` answer it with an ephemeral message in the player's language and
leave the game untouched; anything else is an unexpected failure, logged with an id.

The message is a catalogue key plus parameters rather than finished text, so it is rendered
in the language of whoever sees it, not of whoever raised it.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

from bot.i18n import t

ChoiceT = TypeVar("ChoiceT", bound=Enum)


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


class OptionRefused(UserFacingError):
    """A value an option does not take, refused with the option named in the reader's
    language (``option`` is the catalogue key of its name) and what it takes.

    Discord offers only the values and ranges a command declares, but anything can reach the
    bot through its API, so the layer that uses an option checks it too.
    """

    def __init__(self, key: str, option: str, /, **params: object) -> None:
        super().__init__(key, **params)
        self.option = option

    def message(self, locale: str | None = None) -> str:
        return t(self.key, locale, option=t(self.option, locale), **self.params)


def choice_of(choices: type[ChoiceT], value: object, option: str) -> ChoiceT:
    """``value`` as one of ``choices`` (an enumeration), or a refusal naming ``option``."""
    try:
        return choices(value)
    except ValueError:
        raise OptionRefused("errors.option_choice", option) from None


def require_number(
    value: object, lowest: float, highest: float, option: str, *, whole: bool = True
) -> None:
    """Refuse ``value``, naming ``option`` and the range, unless it is a number from ``lowest``
    to ``highest`` (a whole one unless ``whole`` is False)."""
    refusal = OptionRefused(
        "errors.option_range", option, lowest=f"{lowest:g}", highest=f"{highest:g}"
    )
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise refusal
    if (whole and not isinstance(value, int)) or not lowest <= value <= highest:
        raise refusal
