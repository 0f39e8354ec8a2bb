"""The draw (docs/rules.md A6, B-8 to B-11): what a player with too many trumps or the robbing
dealer may choose, checking such a choice, and which discards make up a hand when the stock runs
out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine.cards import Card, Suit, deck_order
from bot.engine.decisions import DiscardDecision, KeepDecision
from bot.engine.illegal_actions import IllegalAction, Reason
from bot.engine.randomness import shuffled
from bot.engine.rules import DealerRob, ExcessTrumps, HouseRules, StockShortage
from bot.engine.state import GameState
from bot.engine.trumps import TRUMP_TABLES

#: Cards held after the draw.
HAND_SIZE = 6


def _by_strength(cards: Iterable[Card], trump: Suit) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=TRUMP_TABLES[trump].sort_key.__getitem__))


def excess_trump_choice(
    seat: int, hand: Sequence[Card], trump: Suit, rules: HouseRules
) -> DiscardDecision | None:
    """The choice of a player holding more than six trumps, or None when there is nothing to choose.

    By default the surplus is shown and dead, and only trumps that score nothing may go: a player
    with n > 6 trumps always has at least n - 6 of them (there are only six point cards).
    """
    table = TRUMP_TABLES[trump]
    excess = len(table.suit_cards[trump].intersection(hand)) - HAND_SIZE
    if excess <= 0:  # nearly every hand: answered without building any list
        return None
    trumps = [card for card in hand if table.strength[card] > 0]
    to_first = rules.excess_trumps is ExcessTrumps.DUMP_ON_FIRST_TRICK
    if to_first or rules.allow_counting_discard:
        options = trumps
    else:
        options = [card for card in trumps if table.points[card] == 0]
    return DiscardDecision(seat, _by_strength(options, trump), excess, to_first)


def rob_choice(seat: int, pool: Sequence[Card], trump: Suit, rules: HouseRules) -> KeepDecision:
    """What the dealer may keep from their own cards and the rest of the stock (B-8)."""
    table = TRUMP_TABLES[trump]
    ordered = _by_strength(pool, trump)  # the trumps first, so every list below is in order too
    strength, points = table.strength, table.points
    trumps = [card for card in ordered if strength[card]]
    plain = ordered[len(trumps) :]
    protected = () if rules.allow_counting_discard else tuple([c for c in trumps if points[c]])
    mode = rules.dealer_rob
    to_first = mode is DealerRob.KEEP_ALL_DUMP_ON_FIRST_TRICK
    if mode is DealerRob.FREE_CHOICE:
        required = protected
        options = tuple([card for card in ordered if card not in protected])
    elif len(trumps) > HAND_SIZE:
        required = () if to_first else protected
        options = tuple([card for card in trumps if card not in required])
    else:
        required, options = tuple(trumps), plain
    return KeepDecision(seat, required, options, HAND_SIZE, to_first)


_COLLECTIONS = (tuple, list, set, frozenset)


def check_choice(
    cards: object, options: Sequence[Card], required: Sequence[Card], count: int
) -> set[Card]:
    """Check a choice: `count` distinct cards, all of `required`, the rest from `options`."""
    if not isinstance(cards, _COLLECTIONS):
        raise IllegalAction(Reason.BAD_ACTION, "choose cards")
    if not all(isinstance(card, Card) for card in cards):
        raise IllegalAction(Reason.BAD_ACTION, "choose cards")
    chosen = set(cards)
    if len(chosen) != len(cards):
        raise IllegalAction(Reason.DUPLICATE_CARDS, "each card can be chosen once")
    if len(chosen) != count:
        raise IllegalAction(
            Reason.WRONG_COUNT, f"choose exactly {count} cards", count=count, chosen=len(chosen)
        )
    if not chosen.issuperset(required):
        missing = tuple([card for card in required if card not in chosen])
        raise IllegalAction(Reason.MUST_KEEP, "these cards must be kept", cards=missing)
    refused = sorted(chosen.difference(options, required), key=deck_order)
    if refused:
        raise IllegalAction(
            Reason.NOT_ALLOWED_CARD,
            "these cards cannot be chosen: " + " ".join(card.code for card in refused),
            cards=tuple(refused),
        )
    return chosen


def refill_from_discards(state: GameState, seat: int, count: int) -> list[tuple[int, Card]]:
    """The face-up plain discards that make up `seat`'s hand when the stock is empty (B-11), each
    with the seat whose pile it lies on: `count` of them, from all the piles shuffled together.

    With the `playShort` house rule the player keeps fewer cards instead, and none are taken.
    """
    if count <= 0 or state.rules.stock_shortage is StockShortage.PLAY_SHORT:
        return []
    pile = [(owner, card) for owner, cards in enumerate(state.discards) for card in cards]
    return shuffled(pile, state.seed, f"refill-{state.hand_number}-{seat}")[:count]
