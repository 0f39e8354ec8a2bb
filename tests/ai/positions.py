"""Hand-made positions for the computer players, as the `SeatView` the engine would give.

A position names every seat's remaining cards, the trump suit and the trick so far; every other
card is shown as already out of play (plain cards as face-up discards, trumps as dead), so the
only unknown cards for the deciding seat are exactly the other hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import (
    FULL_DECK,
    BidDecision,
    Card,
    CompletedTrick,
    HouseRules,
    Phase,
    PlayDecision,
    SeatView,
    Suit,
    is_trump,
    legal_plays,
    parse_cards,
    trick_winner,
)
from bot.engine.trumps import TRUMP_TABLES

SIDES = ((0, 2), (1, 3))


def play_position(
    trump: Suit,
    hands: Sequence[str],
    trick: Sequence[tuple[int, str]] = (),
    *,
    leader: int | None = None,
    maker: int = 0,
    contract: int = 7,
    dealer: int = 3,
    earlier: Sequence[Sequence[tuple[int, str]]] = (),
    scores: tuple[int, int] = (0, 0),
) -> SeatView:
    """The view of the seat to play next, with `hands[seat]` its cards still held; `earlier`
    lists the completed tricks, each as (seat, card) in the order played."""
    held = [parse_cards(text) for text in hands]
    played = [(seat, parse_cards(code)[0]) for seat, code in trick]
    done = [[(seat, parse_cards(code)[0]) for seat, code in cards] for cards in earlier]
    completed = tuple(
        CompletedTrick(
            leader=cards[0][0],
            cards=tuple(cards),
            winner=cards[trick_winner([card for _, card in cards], trump)][0],
            points=sum(TRUMP_TABLES[trump].points[card] for _, card in cards),
        )
        for cards in done
    )
    first = leader if leader is not None else (played[0][0] if played else 0)
    seat = (first + len(played)) % len(held)
    in_play = {card for hand in held for card in hand} | {card for _, card in played}
    in_play |= {card for cards in done for _, card in cards}
    out = [card for card in FULL_DECK if card not in in_play]
    plain_out = tuple(card for card in out if not is_trump(card, trump))
    trumps_out = tuple(card for card in out if is_trump(card, trump))
    legal = legal_plays(held[seat], [card for _, card in played], trump)
    empty: tuple[tuple[Card, ...], ...] = tuple(() for _ in held)
    return SeatView(
        seat=seat,
        rules=HouseRules(),
        players=len(held),
        sides=SIDES,
        phase=Phase.PLAY,
        hand_number=1,
        dealer=dealer,
        to_act=seat,
        hand=tuple(held[seat]),
        hand_sizes=tuple(len(hand) for hand in held),
        stock_size=0,
        bids=tuple((s, contract if s == maker else None) for s in range(len(held))),
        maker=maker,
        contract=contract,
        trump=trump,
        discards=(plain_out, *empty[1:]),
        discard_counts=(len(plain_out), *(0 for _ in held[1:])),
        dead=(trumps_out, *empty[1:]),
        thrown=(),
        known_out=(),
        drawn=tuple(None for _ in held),
        kept_trumps=tuple(None for _ in held),
        leader=first,
        trick=tuple(played),
        tricks=completed,
        points_taken=(0, 0),
        scores=scores,
        history=(),
        winner=None,
        decision=PlayDecision(seat, tuple(card for card in held[seat] if card in legal)),
    )


def bid_position(
    hand: str, bids: Sequence[int | None], *, dealer: int = 3, scores: tuple[int, int] = (0, 0)
) -> SeatView:
    """The view of the next seat to bid after `bids` (from the dealer's left) holding `hand`."""
    seat = (dealer + 1 + len(bids)) % 4
    made = [amount for amount in bids if amount is not None]
    lowest = max(made, default=0) + 1
    return SeatView(
        seat=seat,
        rules=HouseRules(),
        players=4,
        sides=SIDES,
        phase=Phase.BIDDING,
        hand_number=1,
        dealer=dealer,
        to_act=seat,
        hand=tuple(parse_cards(hand)),
        hand_sizes=(9, 9, 9, 9),
        stock_size=16,
        bids=tuple(((dealer + 1 + i) % 4, amount) for i, amount in enumerate(bids)),
        maker=None,
        contract=None,
        trump=None,
        discards=((), (), (), ()),
        discard_counts=(0, 0, 0, 0),
        dead=((), (), (), ()),
        thrown=(),
        known_out=(),
        drawn=(None, None, None, None),
        kept_trumps=(None, None, None, None),
        leader=None,
        trick=(),
        tricks=(),
        points_taken=(0, 0),
        scores=scores,
        history=(),
        winner=None,
        decision=BidDecision(seat, lowest, 14),
    )
