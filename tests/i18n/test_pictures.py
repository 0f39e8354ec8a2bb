"""The words drawn in table pictures come from the catalogue, for every field the renderer has."""

from __future__ import annotations

from dataclasses import fields

import pytest

from bot.i18n import PICTURE_WORD_KEYS, SUPPORTED_LOCALES, picture_words
from bot.i18n.messages import placeholders
from bot.presentation.scenes import words as scene_words
from bot.render.words import ENGLISH, Words


def test_every_picture_word_has_a_catalogue_key() -> None:
    assert set(PICTURE_WORD_KEYS) == {field.name for field in fields(Words)}


def test_the_english_catalogue_matches_the_renderers_defaults() -> None:
    assert Words(**picture_words("en")) == ENGLISH


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_translated_words_keep_the_renderers_fields(locale: str) -> None:
    words = picture_words(locale)
    for field in fields(Words):
        assert placeholders(words[field.name]) == placeholders(getattr(ENGLISH, field.name))


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        ("fr", "fr"),
        ("pt-BR", "pt_BR"),
        ("pt_BR", "pt_BR"),
        ("NL", "nl"),
        ("de", "en"),
        (None, "en"),
    ],
)
def test_the_scenes_words_are_the_catalogues_in_the_readers_language(
    asked: str | None, language: str
) -> None:
    """Looked up once a language and kept: a Discord code, ours, or one the bot does not speak
    (English) gives the same words as the catalogue, asked once or again."""
    assert scene_words(asked) == Words(**picture_words(language))
    assert scene_words(asked) == Words(**picture_words(language))
