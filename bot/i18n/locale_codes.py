"""Which languages the bot speaks, and how Discord's locale codes map onto them.

Our codes are gettext's (`pt_BR`, with an underscore), because they name the catalogue folders.
Discord's are BCP 47 (`pt-BR`, `en-GB`). Every other Discord locale falls back to English: a
reply in English is better than one in a language the player may not read.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

DEFAULT_LOCALE = "en"

#: The languages with a catalogue, in the order they are offered to players.
SUPPORTED_LOCALES: tuple[str, ...] = ("en", "fr", "pt_BR", "nl")

#: Discord locale code → our locale code, for the locales we translate.
DISCORD_LOCALES: Mapping[str, str] = MappingProxyType(
    {"en-US": "en", "en-GB": "en", "fr": "fr", "pt-BR": "pt_BR", "nl": "nl"}
)

_SPELLINGS: tuple[tuple[str, str], ...] = (
    *DISCORD_LOCALES.items(),
    *((ours, ours) for ours in SUPPORTED_LOCALES),
)
#: The codes as Discord and we spell them: most texts of a table ask for one of these, a few
#: dozen times an action, and find it without folding.
_BY_CODE: dict[str, str] = dict(_SPELLINGS)
_BY_FOLDED_CODE: dict[str, str] = {
    code.lower().replace("_", "-"): ours for code, ours in _SPELLINGS
}


def normalise_locale(locale: object) -> str:
    """Our locale code for a Discord locale, one of ours, or anything else (→ English).

    Accepts `discord.Locale` members (via their `.value`, so this module needs no discord
    import), Discord codes such as `pt-BR`, our codes such as `pt_BR`, in any letter case, and
    None (an interaction without a guild has no `guild_locale`).
    """
    if locale is None:
        return DEFAULT_LOCALE
    if type(locale) is str and (ours := _BY_CODE.get(locale)) is not None:
        return ours
    code = getattr(locale, "value", locale)
    if not isinstance(code, str):
        return DEFAULT_LOCALE
    return _BY_FOLDED_CODE.get(code.strip().lower().replace("_", "-"), DEFAULT_LOCALE)
