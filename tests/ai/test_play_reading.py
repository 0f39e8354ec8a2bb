"""`hard`'s worlds follow what the others' first plays say about their hands."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import decide
from bot.ai.bits import LAYOUTS
from bot.ai.cardplay import play_by_rules
from bot.ai.knowledge import read_knowledge
from bot.ai.play_reading import PlayReading, early_plays
from bot.ai.sampler import sample_hands
from bot.ai.search import search_play
from bot.engine import (
    FULL_DECK,
    Card,
    Game,
    HouseRules,
    Phase,
    Play,
    PlayDecision,
    Suit,
    parse_cards,
)
from tests.ai.positions import play_position

H = Suit.HEARTS
# Each seat's five cards; East (1) leads the first trick.
START = ["JH 4H 8S 7D 2C", "QC 5C 9D 2S 9C", "KH 6C 7C 3D 8C", "AH 3C 4D 6S 10C"]


def _after_a_trick_by_the_rules() -> tuple[list[list[str]], list[tuple[int, str]]]:
    """The hands after East's trick played by the rules, and the trick."""
    hands = [text.split() for text in START]
    trick: list[tuple[int, str]] = []
    for seat in (1, 2, 3, 0):
        view = play_position(H, [" ".join(hand) for hand in hands], trick, leader=1)
        assert isinstance(view.decision, PlayDecision)
        card = play_by_rules(view, view.decision).card
        trick.append((seat, str(card)))
        hands[seat].remove(str(card))
    return hands, trick


def test_a_world_where_the_leader_held_the_top_trump_does_not_explain_a_plain_lead() -> None:
    hands, trick = _after_a_trick_by_the_rules()
    assert trick[0] == (1, "2S")  # East, without a trump, led a small plain card
    view = play_position(H, [" ".join(hand) for hand in hands], earlier=[trick], leader=0)
    assert [play.seat for play in early_plays(view)] == [1, 3]  # the opponents' (North plays)
    reading, k = PlayReading(view), read_knowledge(view)

    def world(cards: list[list[str]]) -> list[int]:
        return [k.layout.mask(parse_cards(" ".join(hand))) for hand in cards]

    assert reading.misfits(k, world(hands)) == 0
    # With the Ace of trumps East would have led it to pull trumps.
    swapped = [list(hand) for hand in hands]
    swapped[1][0], swapped[3][0] = "AH", "QC"
    assert reading.misfits(k, world(swapped)) == 1


def test_the_reading_seldom_gives_the_top_trump_to_the_seat_whose_lead_denies_it() -> None:
    hands, trick = _after_a_trick_by_the_rules()
    view = play_position(H, [" ".join(hand) for hand in hands], earlier=[trick], leader=0)
    k = read_knowledge(view)
    ace = 1 << k.layout.bit[Card.parse("AH")]
    rng = random.Random(1)
    uniform = sum(bool(sample_hands(k, rng)[1] & ace) for _ in range(60))
    reading = PlayReading(view)
    read = sum(bool(reading(k, rng)[1] & ace) for _ in range(60))
    assert uniform >= 15  # East or West, about even, as far as voids and counts go
    assert read <= 3


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_true_deal_explains_every_play_of_players_who_follow_the_rules(seed: int) -> None:
    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    game = Game.from_deck(deck, seed % 4, HouseRules(), 4, seed=seed)
    while game.phase is not Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, decide(game.view(seat), "normal", random.Random(seed)))
    read = 0
    while game.phase is Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        assert view.trump is not None and isinstance(view.decision, PlayDecision)
        reading, layout = PlayReading(view), LAYOUTS[view.trump]
        hands = [layout.mask(hand) for hand in game.hands]
        assert reading.misfits(read_knowledge(view), hands) == 0
        read += len(reading.plays)
        game.apply(seat, play_by_rules(view, view.decision))
    assert read > 0


def test_the_search_leads_as_the_worlds_that_explain_the_first_trick_advise() -> None:
    # East led a small plain card: with the Ace of trumps it would have led it. Worlds that put
    # the Ace with East as often as with West advise the low trump; worlds that explain East's
    # lead by the rules put it with West and advise the Seven of Diamonds.
    hands, trick = _after_a_trick_by_the_rules()
    view = play_position(H, [" ".join(hand) for hand in hands], earlier=[trick], leader=0)
    assert isinstance(view.decision, PlayDecision)
    for seed in range(3):
        unread = search_play(view, view.decision, random.Random(seed), 20_000)
        assert unread == Play(Card.parse("4H"))
        read = search_play(view, view.decision, random.Random(seed), 20_000, read_plays="first")
        assert read == Play(Card.parse("7D"))
