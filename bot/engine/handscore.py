"""Counting a finished hand: who captured each scoring card, and the score changes.

docs/rules.md A8, B-5, B-6 and B-10.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import add
from types import MappingProxyType

from bot.engine.cards import Card, Suit
from bot.engine.events import HandResult
from bot.engine.rules import HighLow, HouseRules, LowGoesTo
from bot.engine.scoring import score_sides
from bot.engine.state import GameState
from bot.engine.trumps import TRUMP_TABLES, PointCard

#: The scoring cards with their values, listed once (iterating an Enum class is slow).
_KINDS: tuple[tuple[PointCard, int], ...] = tuple((kind, kind.points) for kind in PointCard)

# Enum members looked up on their class cost a slow attribute access; these names are quicker.
_LOW = PointCard.LOW
_LOW_TO_HOLDER, _HIGH_LOW_IN_PLAY = LowGoesTo.HOLDER, HighLow.IN_PLAY


def scoring_cards(
    trump: Suit, played: Iterable[Card], high_low: HighLow
) -> Mapping[PointCard, Card]:
    """Which card is each scoring card this hand.

    With High and Low "in play" (B-5) they are the highest and the lowest trump played, and
    neither exists when no trump was played; otherwise every scoring card is a fixed card.
    """
    table = TRUMP_TABLES[trump]
    if high_low is not _HIGH_LOW_IN_PLAY:
        return MappingProxyType(table.card_of)  # read-only: the table is shared
    cards = dict(table.card_of)
    del cards[PointCard.HIGH], cards[_LOW]
    played_trumps = sorted(
        (card for card in played if table.strength[card]), key=table.strength.__getitem__
    )
    if played_trumps:
        cards[PointCard.HIGH], cards[_LOW] = played_trumps[-1], played_trumps[0]
    return cards


def capture_points(trump: Suit, in_play: Iterable[Card], rules: HouseRules) -> dict[Card, int]:
    """What each scoring card scores this hand for the side that wins the trick it falls in.

    `in_play` is every card played this hand or thrown to the first trick: every card held when
    play starts is played, so it is known then, and with it which trumps are High and Low "in
    play" (B-5). Low scored for its holder (B-6) is left out, since no trick decides it; a card
    that is two scoring cards at once (the only trump in play is both High and Low) scores both.
    """
    points: dict[Card, int] = {}
    low_to_holder = rules.low_goes_to is _LOW_TO_HOLDER
    for kind, card in scoring_cards(trump, in_play, rules.high_low).items():
        if not (low_to_holder and kind is _LOW):
            points[card] = points.get(card, 0) + kind.points
    return points


def _player_of(state: GameState, card: Card) -> int:
    """The seat that played `card` this hand (or threw it to the first trick)."""
    played = [seat for trick in state.tricks for seat, played in trick.cards if played is card]
    return (played or [seat for seat, thrown in state.thrown if thrown is card])[0]


def score_finished_hand(state: GameState) -> HandResult:
    """Award the six scoring cards of the hand just played and score it."""
    assert state.trump is not None and state.maker is not None and state.contract is not None
    tricks = state.tricks
    capturer = {card: trick.winner for trick in tricks for _, card in trick.cards}
    if state.thrown:  # cards thrown to the first trick belong to its winner
        capturer.update([(card, tricks[0].winner) for _, card in state.thrown])
    low_to_holder = state.rules.low_goes_to is _LOW_TO_HOLDER
    cards_for = scoring_cards(state.trump, capturer, state.rules.high_low)
    maker_side = state.side_of[state.maker]
    discarder = {card: seat for seat, pile in enumerate(state.dead) for card in pile}
    captured: list[tuple[PointCard, int | None]] = []
    points = [0] * len(state.sides)
    for kind, value in _KINDS:
        card = cards_for.get(kind)
        side = None
        if card in capturer:
            holder_scores = low_to_holder and kind is _LOW
            side = state.side_of[_player_of(state, card) if holder_scores else capturer[card]]
        elif card in discarder and state.rules.allow_counting_discard:
            side = maker_side if state.side_of[discarder[card]] != maker_side else None
        captured.append((kind, side))
        if side is not None:
            points[side] += value
    changes = score_sides(state.contract, maker_side, points, state.rules)
    return HandResult(
        hand_number=state.hand_number,
        dealer=state.dealer,
        maker=state.maker,
        maker_side=maker_side,
        contract=state.contract,
        trump=state.trump,
        bids=tuple(state.bids),
        captured=tuple(captured),
        points=tuple(points),
        made=points[maker_side] >= state.contract,
        changes=tuple(changes),
        totals=tuple(map(add, state.scores, changes)),
    )
