"""Card, suit and point-card names in each language."""

from __future__ import annotations

import pytest

from bot.engine.cards import FULL_DECK, Card, Suit
from bot.i18n import SUPPORTED_LOCALES, card_name, suit_name, t


@pytest.mark.parametrize(
    ("code", "locale", "name"),
    [
        ("QS", "en", "Queen of Spades"),
        ("10H", "en", "10 of Hearts"),
        ("QS", "fr", "Dame de pique"),
        ("JD", "fr", "Valet de carreau"),
        ("AH", "pt_BR", "Ás de copas"),
        ("KC", "pt_BR", "Rei de paus"),
        ("QS", "nl", "Schoppenvrouw"),
        ("AH", "nl", "Hartenaas"),
        ("10H", "nl", "Harten 10"),
        ("JC", "nl", "Klaverboer"),
        ("10C", "nl", "Klaver 10"),
    ],
)
def test_card_names_as_players_say_them(code: str, locale: str, name: str) -> None:
    assert card_name(Card.parse(code), locale) == name


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_every_card_has_its_own_name(locale: str) -> None:
    names = [card_name(card, locale) for card in FULL_DECK]
    assert len(set(names)) == 52
    assert not any("{" in name or "card." in name for name in names)
    for card, name in zip(FULL_DECK, names, strict=True):
        assert (str(card.rank) in name) == (card.rank <= 10)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_suit_names_are_distinct(locale: str) -> None:
    names = {suit_name(suit, locale) for suit in Suit}
    assert len(names) == 4


def test_suit_names_follow_the_language() -> None:
    assert [suit_name(Suit.HEARTS, locale) for locale in SUPPORTED_LOCALES] == [
        "Hearts",
        "Cœur",
        "Copas",
        "Harten",
    ]


@pytest.mark.parametrize(
    ("locale", "right", "left"),
    [
        ("en", "Right Pedro", "Left Pedro"),
        ("fr", "Pedro Droit", "Pedro Gauche"),
        ("pt_BR", "Pedro Direito", "Pedro Esquerdo"),
        ("nl", "Rechter Pedro", "Linker Pedro"),
    ],
)
def test_the_pedros_by_their_names_in_each_language(locale: str, right: str, left: str) -> None:
    assert (t("point.right_pedro", locale), t("point.left_pedro", locale)) == (right, left)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_six_point_cards_have_six_names(locale: str) -> None:
    points = ("high", "low", "jack", "game", "right_pedro", "left_pedro")
    assert len({t(f"point.{point}", locale) for point in points}) == 6
