"""The message catalogue: every text a player sees, in English, French, Brazilian Portuguese
and Dutch. No discord import, so every layer may use it. How to add a message: README.md here.
"""

from bot.i18n.card_names import card_name, suit_name
from bot.i18n.catalogue import lookup
from bot.i18n.locale_codes import (
    DEFAULT_LOCALE,
    DISCORD_LOCALES,
    SUPPORTED_LOCALES,
    normalise_locale,
)
from bot.i18n.messages import (
    MessageFormatError,
    UnknownMessageKey,
    is_strict,
    set_strict,
    t,
    template,
    tn,
)
from bot.i18n.picture_words import PICTURE_WORD_KEYS, picture_words

__all__ = [
    "DEFAULT_LOCALE",
    "DISCORD_LOCALES",
    "PICTURE_WORD_KEYS",
    "SUPPORTED_LOCALES",
    "MessageFormatError",
    "UnknownMessageKey",
    "card_name",
    "is_strict",
    "lookup",
    "normalise_locale",
    "picture_words",
    "set_strict",
    "suit_name",
    "t",
    "template",
    "tn",
]
