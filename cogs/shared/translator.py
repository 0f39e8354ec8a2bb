"""Slash commands in every language, from the same catalogues as the bot's messages.

Convention. Every translatable command string is a `locale_str` whose message is the English
text and whose `key` extra names its catalogue entry:

    cmd.<command path>.name / .description             command or group ("cmd.cinch.bid.name")
    cmd.<command path>.<option>.name / .description    option; <option> is the Python parameter
    <any key>                                          choice, e.g. "suit.hearts", "language.fr"

The command path is the qualified name with dots (`/cinch bid` → `cinch.bid`). Cog authors do
not write these by hand; the helpers below read the English text from the `en` catalogue, so
the code holds no English at all:

    cinch = app_commands.Group(**command_strings("cinch"))

    @cinch.command(**command_strings("cinch.trump"))
    @localised_options("cinch.trump", "suit")
    @app_commands.choices(suit=localised_choices(
        {"suit.clubs": "C", "suit.diamonds": "D", "suit.hearts": "H", "suit.spades": "S"}))
    async def trump(interaction: discord.Interaction, suit: app_commands.Choice[str]) -> None:
        ...

    await bot.tree.set_translator(CatalogueTranslator())   # before bot.tree.sync()

A helper given a key missing from the English catalogue raises KeyError at import time: a
command must never reach Discord named after its key. The Translator answers None (Discord
shows the English default) for English locales, for locales we do not translate, and for strings
without a key; names must follow Discord's rules in every language (tests/i18n checks the
catalogues for that).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypedDict, TypeVar

from discord import Locale, app_commands
from discord.app_commands import Choice, TranslationContextTypes, locale_str

from bot.i18n import DEFAULT_LOCALE, lookup, normalise_locale, t

#: The `locale_str` extra that carries the catalogue key.
KEY_EXTRA = "key"

ChoiceT = TypeVar("ChoiceT", str, int, float)
Decorated = TypeVar("Decorated")


class CatalogueTranslator(app_commands.Translator):
    """Gives Discord the French, Brazilian Portuguese and Dutch names and descriptions."""

    async def translate(
        self, string: locale_str, locale: Locale, context: TranslationContextTypes
    ) -> str | None:
        key = string.extras.get(KEY_EXTRA)
        ours = normalise_locale(locale)
        if key is None or ours == DEFAULT_LOCALE:
            return None
        return lookup(key, ours)


def catalogue_str(key: str) -> locale_str:
    """A `locale_str` with the English text of `key` and the key itself for the Translator."""
    english = lookup(key, DEFAULT_LOCALE)
    if english is None:
        raise KeyError(f"{key!r} is missing from bot/i18n/locales/en/LC_MESSAGES/cinch.po")
    return locale_str(english, **{KEY_EXTRA: key})


class CommandStrings(TypedDict):
    """The keywords ``app_commands.command`` and ``Group`` take for their name and description."""

    name: locale_str
    description: locale_str


def command_strings(path: str) -> CommandStrings:
    """`name=` and `description=` for the command or group at `path` (e.g. `cinch.new`)."""
    return {
        "name": catalogue_str(f"cmd.{path}.name"),
        "description": catalogue_str(f"cmd.{path}.description"),
    }


def group_cog_strings(path: str) -> dict[str, locale_str]:
    """``group_name=`` and ``group_description=`` for the ``GroupCog`` of the command at `path`
    (``class Boards(..., commands.GroupCog, **group_cog_strings("cinch-boards"))``)."""
    strings = command_strings(path)
    return {"group_name": strings["name"], "group_description": strings["description"]}


def localised_options(path: str, *options: str) -> Callable[[Decorated], Decorated]:
    """Rename and describe the options of the command at `path` from the catalogue.

    Put it under the command decorator, like `app_commands.rename` and `describe` themselves.
    """
    rename = app_commands.rename(
        **{option: catalogue_str(f"cmd.{path}.{option}.name") for option in options}
    )
    describe = app_commands.describe(
        **{option: catalogue_str(f"cmd.{path}.{option}.description") for option in options}
    )

    def decorate(command: Decorated) -> Decorated:
        return describe(rename(command))

    return decorate


def in_language(text: locale_str | str, locale: str | None) -> str:
    """A command's name, option or choice as Discord shows it in ``locale``: from the
    catalogue when the text came from it, as written otherwise."""
    key = text.extras.get(KEY_EXTRA) if isinstance(text, locale_str) else None
    return str(text) if key is None else t(key, locale)


def localised_choices(values_by_key: Mapping[str, ChoiceT]) -> list[Choice[ChoiceT]]:
    """Choices named from the catalogue: `{"suit.hearts": "H", ...}`."""
    return [Choice(name=catalogue_str(key), value=value) for key, value in values_by_key.items()]
