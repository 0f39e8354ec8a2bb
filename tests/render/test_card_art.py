"""The committed card art: complete, distinct, the right size, and what the script draws."""

from __future__ import annotations

import hashlib

import pytest
from PIL import Image

from bot.engine.cards import FULL_DECK, Card, Suit
from bot.render import deck
from bot.render.card_art import ART_SIZE, draw_back, draw_face

#: Darker than the grey card edge: the black and red of the indices.
INK = 100


def _pixels(image: Image.Image) -> bytes:
    return image.convert("RGBA").tobytes()


def _load(path) -> Image.Image:
    with Image.open(path) as image:
        return image.convert("RGBA")


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_face_is_present_at_twice_display_size_and_distinct(four_colour: bool) -> None:
    digests = set()
    for card in FULL_DECK:
        image = _load(deck.card_path(card, four_colour))
        assert image.size == ART_SIZE
        digests.add(hashlib.sha256(_pixels(image)).hexdigest())
    digests.add(hashlib.sha256(_pixels(_load(deck.BACK_FILE))).hexdigest())
    assert len(digests) == len(FULL_DECK) + 1


def test_the_four_colour_deck_recolours_only_diamonds_and_clubs() -> None:
    for card in FULL_DECK:
        same = _pixels(_load(deck.card_path(card, False))) == _pixels(
            _load(deck.card_path(card, True))
        )
        assert same == (card.suit in (Suit.HEARTS, Suit.SPADES)), card


def test_card_corners_are_transparent_and_the_middle_opaque() -> None:
    image = _load(deck.card_path(Card.parse("QS"), False))
    width, height = image.size
    assert image.getpixel((0, 0))[3] == 0
    assert image.getpixel((width - 1, height - 1))[3] == 0
    assert image.getpixel((width // 2, height // 2))[3] == 255


@pytest.mark.parametrize(
    ("code", "four_colour"),
    [("AS", False), ("10H", False), ("QD", True), ("JC", True), ("5D", False), ("KC", True)],
)
def test_the_script_draws_exactly_the_committed_faces(code: str, four_colour: bool) -> None:
    card = Card.parse(code)
    committed = _load(deck.card_path(card, four_colour))
    assert _pixels(draw_face(card, four_colour)) == _pixels(committed)


def test_the_script_draws_exactly_the_committed_back() -> None:
    assert _pixels(draw_back()) == _pixels(_load(deck.BACK_FILE))


def test_scaled_cards_are_cached_per_process() -> None:
    first = deck.pieces(Card.parse("7S"), 60, False, False)
    assert deck.pieces(Card.parse("7S"), 60, False, False) is first
    assert deck.scaled(deck.card_path(Card.parse("7S"), False), 60).width == 60


@pytest.mark.parametrize("code", ["10D", "QS", "AH", "7C"])
def test_the_corner_rank_is_a_fifth_of_the_card_high_so_it_reads_at_60_pixels(code: str) -> None:
    """At 60 pixels wide (84 high) a rank a fifth of the card high is about 17 pixels tall."""
    image = _load(deck.card_path(Card.parse(code), False))
    on_white = Image.alpha_composite(Image.new("RGBA", image.size, "white"), image).convert("L")
    column = on_white.crop((6, 6, image.width // 4, image.height // 2))  # the index column
    rows_with_ink = [
        any(column.getpixel((x, y)) < INK for x in range(column.width))
        for y in range(column.height)
    ]
    first = rows_with_ink.index(True)
    rank_height = rows_with_ink[first:].index(False)  # down to the gap above the suit
    assert rank_height >= image.height / 5
