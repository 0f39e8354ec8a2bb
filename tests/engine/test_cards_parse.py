"""Reading and writing cards: `Card.parse`, `parse_cards`, the code and the display form."""

from __future__ import annotations

import copy
import pickle

import pytest

from bot.engine import FULL_DECK, Card, Suit, parse_cards

TEN_OF_HEARTS = Card(10, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10H", "10h", "10♥", "TH", "th", " 10H "])
def test_accepted_forms_of_the_ten_of_hearts(text: str) -> None:
    assert Card.parse(text) is TEN_OF_HEARTS


@pytest.mark.parametrize(
    "text",
    ["1H", "11H", "H", "", "10X", "010H", "10", "10 H", "10HH", "0H", "1", "AHS", "KK", "♥10"],
)
def test_rejected_forms(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 10, b"10H"])
def test_non_text_is_rejected(value: object) -> None:
    with pytest.raises(ValueError):
        Card.parse(value)  # type: ignore[arg-type]


def test_every_card_round_trips_through_its_code_and_display() -> None:
    for card in FULL_DECK:
        assert Card.parse(card.code) is card
        assert Card.parse(card.code.lower()) is card
        assert Card.parse(card.display) is card
        assert str(card) == card.code


def test_codes_and_display_forms() -> None:
    assert str(TEN_OF_HEARTS) == "10H" and TEN_OF_HEARTS.display == "10♥"
    assert [Card.parse(code).rank for code in ("2S", "JS", "QS", "KS", "AS")] == [2, 11, 12, 13, 14]
    assert Card.parse("ac").display == "A♣" and Card.parse("qd").display == "Q♦"


def test_the_deck_has_52_distinct_interned_cards() -> None:
    assert len(FULL_DECK) == len(set(FULL_DECK)) == 52
    assert [card.index for card in FULL_DECK] == list(range(52))
    assert Card(14, Suit.SPADES) is Card.parse("AS")
    assert copy.deepcopy(TEN_OF_HEARTS) is TEN_OF_HEARTS
    assert pickle.loads(pickle.dumps(TEN_OF_HEARTS)) is TEN_OF_HEARTS
    with pytest.raises(AttributeError):
        TEN_OF_HEARTS.rank = 3  # type: ignore[misc]
    with pytest.raises(ValueError):
        Card(1, Suit.SPADES)


def test_parse_cards_reads_lists() -> None:
    assert parse_cards("10H, 5d QS") == [
        TEN_OF_HEARTS,
        Card(5, Suit.DIAMONDS),
        Card(12, Suit.SPADES),
    ]
    assert parse_cards("") == []
    with pytest.raises(ValueError):
        parse_cards("10H 1S")
