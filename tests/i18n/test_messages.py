"""t() and tn(): lookups, plurals and every fallback."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from babel import Locale

from bot.i18n import (
    SUPPORTED_LOCALES,
    MessageFormatError,
    UnknownMessageKey,
    t,
    template,
    tn,
)
from bot.i18n import messages as messages_module
from bot.i18n.catalogue import Catalogue, catalogue, load_catalogue


def test_a_message_in_each_language() -> None:
    assert t("errors.not_your_turn", "en", player="Bob") == "It is Bob's turn."
    assert t("errors.not_your_turn", "fr", player="Bob") == "C'est à Bob de jouer."
    assert t("errors.not_your_turn", "pt_BR", player="Bob") == "É a vez de Bob."
    assert t("errors.not_your_turn", "nl", player="Bob") == "Bob is aan de beurt."


def test_discord_codes_and_locale_objects_choose_the_language() -> None:
    french = t("lobby.show_hand", "fr")
    assert t("lobby.show_hand", discord.Locale.french) == french
    assert t("lobby.show_hand", "pt-BR") == t("lobby.show_hand", "pt_BR")
    assert french != t("lobby.show_hand", "en")


@pytest.mark.parametrize("locale", [None, "ja", "es-ES", discord.Locale.german, "klingon"])
def test_other_locales_get_english(locale: object) -> None:
    assert t("errors.table_full", locale) == t("errors.table_full", "en") == "The table is full."


def test_parameters_are_filled_in_and_extra_ones_ignored() -> None:
    text = t("errors.bid_out_of_range", "nl", min_bid=3, max_bid=14, unused="x")
    assert text == "Een bod gaat van 3 tot 14."


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_plural_forms_follow_the_language(locale: str) -> None:
    """CLDR: French and Brazilian Portuguese treat 0 like 1, English and Dutch do not."""
    singular, plural = catalogue(locale).plurals["count.cards"]
    rules = Locale.parse(locale)
    for count in (0, 1, 2, 6, 21):
        form = singular if rules.plural_form(count) == "one" else plural
        assert tn("count.cards", count, locale) == form.format(count=count)


def test_plural_examples() -> None:
    assert [tn("count.points", n, "en") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert [tn("count.points", n, "fr") for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]
    assert tn("count.tricks", 1, "pt_BR") == "1 vaza"
    assert tn("count.tricks", 0, "nl") == "0 slagen"
    assert tn("errors.wrong_count", 3, "fr") == "Choisissez exactement 3 cartes."


def test_unknown_key_is_returned_as_is_and_logged(lenient: None, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.i18n.messages"):
        assert t("no.such.key", "fr") == "no.such.key"
        assert tn("no.such.plural", 2, "fr") == "no.such.plural"
    assert "no.such.key" in caplog.text and "no.such.plural" in caplog.text


def test_unknown_key_raises_in_strict_mode() -> None:
    with pytest.raises(UnknownMessageKey, match=r"no\.such\.key"):
        t("no.such.key")


def test_plain_and_plural_messages_are_not_interchangeable() -> None:
    with pytest.raises(UnknownMessageKey):
        t("count.cards", "en", count=2)
    with pytest.raises(UnknownMessageKey):
        tn("lobby.join", 2, "en")


def test_a_missing_parameter_stays_visible(lenient: None) -> None:
    assert t("errors.not_your_turn", "fr") == "C'est à {player} de jouer."
    assert t("errors.bid_out_of_range", "en", min_bid=1) == "Bids go from 1 to {max_bid}."


def test_a_missing_parameter_raises_in_strict_mode() -> None:
    with pytest.raises(MessageFormatError, match="player"):
        t("errors.not_your_turn", "fr")


def test_template_gives_the_unfilled_text() -> None:
    assert template("picture.hand_title", "fr") == "Donne {number}"
    assert template("picture.hand_title", "xx") == "Hand {number}"


@pytest.mark.slow
def test_strict_mode_can_be_set_from_the_environment() -> None:
    script = "from bot.i18n import is_strict; print(is_strict())"
    root = Path(__file__).resolve().parents[2]
    for value, expected in (("1", "True"), ("", "False")):
        environment = {**os.environ, "CINCH_I18N_STRICT": value}
        result = subprocess.run(
            [sys.executable, "-c", script],
            cwd=root,
            env=environment,
            capture_output=True,
            text=True,
            check=True,
        )
        assert result.stdout.strip() == expected


# ---- fallbacks between languages, on small catalogues written for the test -------------------

HEADER = """msgid ""
msgstr ""
"Language: {locale}\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

"""

ENGLISH_PO = """
msgid "greet"
msgstr "Hello {name}"

msgid "bye"
msgstr "Goodbye"

msgid "late"
msgstr "Late"

msgid "apples"
msgid_plural "apples"
msgstr[0] "{count} apple"
msgstr[1] "{count} apples"
"""

FRENCH_PO = """
#, fuzzy
msgid "bye"
msgstr "Au revoir"

msgid "greet"
msgstr "Bonjour {nom}"

msgid "late"
msgstr ""

msgid "apples"
msgid_plural "apples"
msgstr[0] "{count} pomme"
msgstr[1] ""
"""


@pytest.fixture
def small_catalogues(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Catalogue]:
    loaded = {}
    for locale, body in (("en", ENGLISH_PO), ("fr", FRENCH_PO)):
        path = tmp_path / f"{locale}.po"
        path.write_text(HEADER.replace("{locale}", locale) + body, "utf-8")
        loaded[locale] = load_catalogue(path, locale)
    monkeypatch.setattr(messages_module, "catalogue", loaded.__getitem__)
    return loaded


def test_fuzzy_and_empty_translations_count_as_missing(small_catalogues) -> None:
    french = small_catalogues["fr"]
    assert set(french.messages) == {"greet"}
    assert french.plurals == {}


def test_untranslated_messages_fall_back_to_english(small_catalogues, lenient: None) -> None:
    assert t("bye", "fr") == "Goodbye"
    assert t("late", "fr") == "Late"
    assert tn("apples", 3, "fr") == "3 apples"


def test_a_broken_translation_falls_back_to_english(small_catalogues, lenient: None) -> None:
    assert t("greet", "fr", name="Ana") == "Hello Ana"


def test_a_broken_translation_raises_in_strict_mode(small_catalogues) -> None:
    with pytest.raises(MessageFormatError, match="fr message 'greet'"):
        t("greet", "fr", name="Ana")
