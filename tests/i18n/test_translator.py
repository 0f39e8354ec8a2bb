"""The slash-command Translator and the helpers cog authors use to declare commands."""

from __future__ import annotations

import discord
import pytest
from discord import Locale, app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

from bot.i18n import lookup
from cogs.shared.translator import (
    CatalogueTranslator,
    catalogue_str,
    command_strings,
    localised_choices,
    localised_options,
)

TRANSLATED = {Locale.french: "fr", Locale.brazil_portuguese: "pt_BR", Locale.dutch: "nl"}
OTHER = TranslationContext(TranslationContextLocation.other, None)


@pytest.mark.parametrize(("locale", "ours"), TRANSLATED.items())
async def test_command_names_are_translated(locale: Locale, ours: str) -> None:
    translator = CatalogueTranslator()
    name = catalogue_str("cmd.cinch.trump.name")
    assert str(name) == "trump"
    translated = await translator.translate(name, locale, OTHER)
    assert translated == lookup("cmd.cinch.trump.name", ours) != "trump"


async def test_the_french_dutch_and_portuguese_words() -> None:
    translator = CatalogueTranslator()
    name = catalogue_str("cmd.cinch.play.name")
    assert [await translator.translate(name, locale, OTHER) for locale in TRANSLATED] == [
        "jouer",
        "jogar",
        "spelen",
    ]


@pytest.mark.parametrize("locale", [Locale.american_english, Locale.british_english, Locale.german])
async def test_english_and_untranslated_locales_keep_discords_default(locale: Locale) -> None:
    translator = CatalogueTranslator()
    assert await translator.translate(catalogue_str("cmd.cinch.new.name"), locale, OTHER) is None


async def test_strings_without_a_key_are_left_alone() -> None:
    translator = CatalogueTranslator()
    assert await translator.translate(locale_str("new"), Locale.french, OTHER) is None


def test_a_helper_refuses_a_key_that_is_not_in_the_catalogue() -> None:
    with pytest.raises(KeyError, match=r"cmd\.cinch\.nonexistent\.name"):
        command_strings("cinch.nonexistent")


def _group() -> app_commands.Group:
    """A /cinch group declared the way cogs do."""
    group = app_commands.Group(**command_strings("cinch"))

    @group.command(**command_strings("cinch.trump"))
    @localised_options("cinch.trump", "suit")
    @app_commands.choices(suit=localised_choices({"suit.hearts": "H", "suit.spades": "S"}))
    async def trump(interaction: discord.Interaction, suit: app_commands.Choice[str]) -> None:
        """Not run by this test."""

    return group


async def test_a_whole_command_tree_is_translated_for_discord() -> None:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    translator = CatalogueTranslator()
    await tree.set_translator(translator)
    payload = await _group().get_translated_payload(tree, translator)

    assert payload["name"] == "cinch"
    assert payload["description_localizations"]["fr"] == lookup("cmd.cinch.description", "fr")
    [command] = payload["options"]
    assert (command["name"], command["description"]) == (
        "trump",
        lookup("cmd.cinch.trump.description", "en"),
    )
    assert command["name_localizations"] == {"fr": "atout", "pt-BR": "trunfo", "nl": "troef"}
    [option] = command["options"]
    assert option["name"] == "suit"
    assert option["name_localizations"] == {"fr": "couleur", "pt-BR": "naipe", "nl": "kleur"}
    assert option["description_localizations"]["nl"] == lookup(
        "cmd.cinch.trump.suit.description", "nl"
    )
    hearts = option["choices"][0]
    assert (hearts["name"], hearts["value"]) == ("Hearts", "H")
    assert hearts["name_localizations"] == {"fr": "Cœur", "pt-BR": "Copas", "nl": "Harten"}
    await client.close()
