"""A hand put together from kept strips in the hand palette is the very PNG of the hand painted
whole in true colour and then reduced to the palette: any cards, trumps, cards to play, deck and
language."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.cards import FULL_DECK, Card, Suit
from bot.i18n.picture_words import picture_words
from bot.render import HandScene, Words, examples, render_hand
from bot.render import hand as hand_picture
from bot.render.canvas import to_png
from bot.render.hand import hand_palette, paint_hand

LANGUAGES = ("en", "fr", "pt-BR", "nl")


def _painted_whole(scene: HandScene) -> bytes:
    """The plain way: the whole hand painted in true colour, then reduced to the palette."""
    return to_png(paint_hand(scene), hand_palette())


@st.composite
def hands(draw: st.DrawFn) -> HandScene:
    cards: list[Card] = draw(st.lists(st.sampled_from(FULL_DECK), max_size=9, unique=True))
    playable = draw(st.none() | st.sets(st.sampled_from(cards)) if cards else st.none())
    return HandScene(
        tuple(cards),
        draw(st.sampled_from([None, *Suit])),
        None if playable is None else frozenset(playable),
        draw(st.booleans()),
        Words(**picture_words(draw(st.sampled_from(LANGUAGES)))),
    )


@settings(max_examples=150, deadline=None)
@given(hands())
def test_a_hand_put_together_from_strips_is_the_hand_painted_whole(scene: HandScene) -> None:
    assert render_hand(scene) == _painted_whole(scene)


def test_the_examples_and_a_robbing_dealers_pack_are_the_hands_painted_whole() -> None:
    for scene in (
        examples.hand_to_play(),
        examples.hand_to_play(True),
        examples.hand_before_draw(),
        dataclasses.replace(examples.hand_to_play(), cards=(), playable=frozenset()),
    ):
        assert render_hand(scene) == _painted_whole(scene)


def _made() -> int:
    """How many pieces of hands were painted (not found kept)."""
    return hand_picture._strip.painted + hand_picture._edge.painted


def test_a_hand_shown_again_after_a_card_is_played_reuses_its_pieces() -> None:
    """What makes a hand cheap: the pieces of the cards that kept their neighbours are kept,
    and only where a card left is a piece made anew (the edge of the card that now follows
    another)."""
    hand_picture._strip.kept.clear()
    hand_picture._edge.kept.clear()
    cards = tuple(FULL_DECK[:7])
    render_hand(HandScene(cards, Suit.SPADES))
    made = _made()
    after = tuple(card for card in cards if card is not cards[3])
    render_hand(HandScene(after, Suit.SPADES))
    assert _made() - made == 1


def test_beyond_its_edge_a_cards_strip_is_kept_once_whatever_card_is_before_it() -> None:
    """Two hands that differ only in the card before the last: the last card's strip is
    the same piece, only its edge differs."""
    hand_picture._strip.kept.clear()
    hand_picture._edge.kept.clear()
    edges, strips = hand_picture._edge.painted, hand_picture._strip.painted
    last = FULL_DECK[12]
    for before in FULL_DECK[:4]:
        scene = HandScene((before, last))
        assert render_hand(scene) == _painted_whole(scene)
    assert hand_picture._edge.painted - edges == 4
    assert hand_picture._strip.painted - strips == 4 + 1  # each first card, and the last
