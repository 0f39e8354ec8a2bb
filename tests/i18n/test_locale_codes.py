"""Discord's locale codes mapped onto the four catalogues."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import DEFAULT_LOCALE, DISCORD_LOCALES, SUPPORTED_LOCALES, normalise_locale


@pytest.mark.parametrize(
    ("code", "ours"),
    [("en-US", "en"), ("en-GB", "en"), ("fr", "fr"), ("pt-BR", "pt_BR"), ("nl", "nl")],
)
def test_the_translated_discord_locales(code: str, ours: str) -> None:
    assert DISCORD_LOCALES[code] == ours
    assert normalise_locale(code) == ours
    assert normalise_locale(discord.Locale(code)) == ours


def test_every_other_discord_locale_gets_english() -> None:
    for locale in discord.Locale:
        assert normalise_locale(locale) == DISCORD_LOCALES.get(locale.value, DEFAULT_LOCALE)
    assert {normalise_locale(locale) for locale in discord.Locale} == set(SUPPORTED_LOCALES)


@pytest.mark.parametrize("code", SUPPORTED_LOCALES)
def test_our_own_codes_in_any_spelling(code: str) -> None:
    assert normalise_locale(code) == code
    assert normalise_locale(code.upper()) == code
    assert normalise_locale(f" {code.replace('_', '-').lower()} ") == code


@pytest.mark.parametrize("value", [None, "", "xx", "pt", "fr_CA", 42, object()])
def test_anything_else_is_english(value: object) -> None:
    assert normalise_locale(value) == "en"
