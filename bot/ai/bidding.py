"""Bidding and naming trumps by expected score (docs/computer-players.md#bidding-and-naming-trumps).

A bid only buys the right to name trumps and lead, paid for with the risk of a set; the contract
does not change what a made hand scores. So the player compares, for each bid it may make, the
expected score of winning the auction there (`handvalue`) with the expected score of letting
somebody else have it, which depends on who holds the bid now and who deals (everybody passing
hands the dealer trumps at no contract). Opponents still to speak may outbid it, with chances
from the same table, so a strong hand bids higher to shut them out while a partner is left room.
Near the end of the game a hand's outcomes count whether they win or lose the game, and letting
a side that is a few points from the target name trumps costs its chance of winning there, so a
hand that can make a contract contests it, while a hand that would be set (giving the game away
just the same) still passes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.ai.handvalue import (
    BidTable,
    PointsDistribution,
    bid_table,
    contract_value,
    position_of,
)
from bot.ai.utility import GAME_VALUE
from bot.engine import (
    Action,
    AllPass,
    Bid,
    BidDecision,
    Card,
    HouseRules,
    NameTrump,
    Pass,
    SeatView,
    Suit,
    TrumpDecision,
    redeals_in_a_row,
)
from bot.engine.rules import MAX_BID

#: Expected net score for our side when a partner holds the contract, or the other side does.
PARTNER_CONTRACT = 2.5
OPPONENT_CONTRACT = -3.0
#: ... when nobody has bid yet, by whether the dealer (who gets trumps if all pass) is ours.
DEALER_OURS = 2.0
DEALER_THEIRS = -2.0
#: A bid must beat letting the others have it by this much.
MARGIN = 1.5
#: Extra caution before taking the contract from a partner.
OVER_PARTNER = 1.5
#: Chance that the other side wins the game by naming trumps, by the points it still needs.
WIN_CHANCE_BY_NEED = ((4, 0.45), (7, 0.3), (10, 0.15))


@dataclass(frozen=True, slots=True)
class SuitChoice:
    suit: Suit
    value: float


@dataclass(frozen=True, slots=True)
class Seat:
    """Where a hand sits and under which rules, for valuing it."""

    position: int
    players: int
    sides: int
    rules: HouseRules
    #: This seat's side's score and the other side's, when there are two sides.
    scores: tuple[int, int] | None = None

    @classmethod
    def of(cls, view: SeatView) -> Seat:
        assert view.seat is not None
        return cls.at(view, view.seat)

    @classmethod
    def at(cls, view: SeatView, seat: int) -> Seat:
        """Any `seat` of the table `view` shows."""
        position = position_of(seat, view.dealer, view.players)
        scores = None
        if len(view.sides) == 2:
            mine = view.side_of(seat)
            scores = (view.scores[mine], view.scores[1 - mine])
        return cls(position, view.players, len(view.sides), view.rules, scores)


#: What the hand is worth as maker with each suit as trumps.
SuitValues = Mapping[Suit, PointsDistribution]


def table_values(hand: Sequence[Card], seat: Seat, table: BidTable | None = None) -> SuitValues:
    """The hand's worth with each suit as trumps, looked up in the bid table."""
    table = table or bid_table()
    return {suit: table.distribution(hand, suit, seat.position, seat.players) for suit in Suit}


def best_suit(values: SuitValues, seat: Seat, contract: int) -> SuitChoice:
    """The trump suit worth most at `contract`, and its expected net score."""
    choices = [
        SuitChoice(
            suit,
            contract_value(distribution, contract, seat.rules, seat.sides, seat.scores),
        )
        for suit, distribution in values.items()
    ]
    return max(choices, key=lambda choice: choice.value)


def hand_worth(values: SuitValues, seat: Seat) -> int:
    """The highest contract at which taking trumps beats leaving them to an opponent (0: none)."""
    worth = 0
    for amount in range(seat.rules.min_bid, MAX_BID + 1):
        if best_suit(values, seat, amount).value < OPPONENT_CONTRACT + MARGIN:
            break
        worth = amount
    return worth


def high_bid(view: SeatView) -> tuple[int | None, int]:
    """Who holds the highest bid so far and how much (None, 0: nobody has bid)."""
    seat, best = None, 0
    for bidder, amount in view.bids:
        if amount is not None and amount > best:
            seat, best = bidder, amount
    return seat, best


def value_if_others_make(view: SeatView) -> float:
    """Expected net score for this seat's side when someone else ends up naming trumps."""
    assert view.seat is not None
    holder, _ = high_bid(view)
    if holder is not None:
        value = PARTNER_CONTRACT if _partners(view, holder) else OPPONENT_CONTRACT
    else:
        value = DEALER_OURS if _partners(view, view.dealer) else DEALER_THEIRS
    if value < 0:
        value -= _others_win_chance(view) * GAME_VALUE
    return value


def _others_win_chance(view: SeatView) -> float:
    """Rough chance that the other side wins the game this hand if it names trumps."""
    assert view.seat is not None
    mine = view.side_of(view.seat)
    need = min(
        view.rules.target_score - score for side, score in enumerate(view.scores) if side != mine
    )
    return next((chance for most, chance in WIN_CHANCE_BY_NEED if need <= most), 0.0)


def game_at_stake(view: SeatView) -> bool:
    """Some side is close enough to the target that this hand may decide the game."""
    most = WIN_CHANCE_BY_NEED[-1][0]
    return any(view.rules.target_score - score <= most for score in view.scores)


def _partners(view: SeatView, seat: int) -> bool:
    assert view.seat is not None
    return view.side_of(seat) == view.side_of(view.seat)


def _later_opponents(view: SeatView) -> int:
    assert view.seat is not None
    later = view.players - len(view.bids) - 1
    seats = [(view.seat + step) % view.players for step in range(1, later + 1)]
    return sum(1 for seat in seats if not _partners(view, seat))


def passing_is_free(view: SeatView) -> bool:
    """The dealer after everybody passed names trumps anyway at no worse a contract."""
    holder, _ = high_bid(view)
    return (
        view.seat == view.dealer
        and holder is None
        and view.rules.all_pass_after(redeals_in_a_row(view.hand_number, view.history))
        in (
            AllPass.DEALER_NO_CONTRACT,
            AllPass.DEALER_STUCK_AT_MIN,
            AllPass.DEALER_MAY_PASS_THEN_REDEAL,
        )
    )


def must_pass(view: SeatView, decision: BidDecision) -> bool:
    """No bid is open to this seat, or passing costs it nothing."""
    return decision.lowest > decision.highest or passing_is_free(view)


def bid_threshold(view: SeatView, if_passing: float | None = None) -> float:
    """The expected net score a bid must promise before this seat makes it: letting the others
    have the contract (`if_passing`, worked out when not given) plus a margin, and more to take it
    from a partner."""
    if if_passing is None:
        if_passing = value_if_others_make(view)
    holder, _ = high_bid(view)
    if holder is not None and _partners(view, holder):
        return if_passing + MARGIN + OVER_PARTNER
    return if_passing + MARGIN


def choose_bid(
    view: SeatView,
    decision: BidDecision,
    values: SuitValues | None = None,
    if_passing: float | None = None,
) -> Action:
    """Bid the amount with the best expected score, or pass.

    `values` is what the hand is worth with each suit as trumps (None: the bid table's figures);
    `if_passing` what passing is worth (None: `value_if_others_make`).
    """
    if must_pass(view, decision):
        return Pass()
    if if_passing is None:
        if_passing = value_if_others_make(view)
    needed = bid_threshold(view, if_passing)
    opponents_after = _later_opponents(view)
    overbid = bid_table().overbid_chances(view.players)
    seat = Seat.of(view)
    values = values or table_values(view.hand, seat)
    best_action: Action = Pass()
    best_value = if_passing
    for amount in decision.amounts:
        made = best_suit(values, seat, amount).value
        if made < needed:
            break
        keeps = (1.0 - overbid[amount + 1]) ** opponents_after
        value = keeps * made + (1.0 - keeps) * if_passing
        if value > best_value:
            best_action, best_value = Bid(amount), value
    return best_action


def choose_trump(
    view: SeatView, decision: TrumpDecision, values: SuitValues | None = None
) -> Action:
    """Name the suit worth most; decline only when the house rule allows it and the hand is poor.

    `values` as for `choose_bid`.
    """
    seat = Seat.of(view)
    choice = best_suit(values or table_values(view.hand, seat), seat, decision.contract)
    if decision.can_pass and choice.value < 0:
        return Pass()
    return NameTrump(choice.suit)
