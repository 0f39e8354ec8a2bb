"""What a hand is worth as maker, measured by playing sampled deals of it out.

The bid table (`handvalue`) knows a hand only by a few features shared with thousands of others,
measured under the default house rules. `hard` measures its own nine cards instead (see "Bidding
by playing deals out" in docs/computer-players.md): the cards it cannot see are dealt at random
into the other hands and the stock, each fitting what its owner said in the auction, each deal
is played to the end by the engine under the table's rules with this seat naming each candidate
suit and the rule-based players drawing and playing every seat, and the points its side takes
make the distribution.

The work is a count of deals, never a time, so the same view and seed give the same bid on any
machine. The same deals serve every suit, so suits are compared on equal luck. The table's
figures for the hand count as `PRIOR_DEALS` deals more, so that a few deals cannot swing a bid
far from what thousands of similar hands made; suits the table rates far below the best are not
played out at all.

`hard` also measures what passing is worth when someone holds a bid (`pass_value`): the holder,
its hand fitting its bid, plays its contract out, and the score and the game decide, instead of
one fixed figure for every hand (a hand that can defend sets contracts that another cannot).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.ai.bidding import (
    Seat,
    SuitValues,
    best_suit,
    bid_threshold,
    choose_bid,
    choose_trump,
    high_bid,
    must_pass,
    passing_is_free,
    table_values,
)
from bot.ai.cardplay import play_by_rules
from bot.ai.draw_choices import choose_discard, choose_keep
from bot.ai.handvalue import PointsDistribution, weakened
from bot.ai.knowledge import ReadingMemo
from bot.ai.utility import result_net
from bot.engine import (
    FULL_DECK,
    Action,
    Bid,
    BidDecision,
    Card,
    DiscardDecision,
    Game,
    HandResult,
    HandScored,
    KeepDecision,
    NameTrump,
    Pass,
    Phase,
    Play,
    PlayDecision,
    SeatView,
    Suit,
    TrumpDecision,
    deck_dealing,
)
from bot.engine.rules import MAX_BID
from bot.engine.seating import cards_dealt
from bot.engine.trumps import TOTAL_POINTS

#: How many deals the bid table's figures for the hand count as.
PRIOR_DEALS = 16
#: Suits whose mean points in the table are this far below the best suit's are not played out.
SUIT_SPREAD = 2.0
#: At most this many suits are played out.
MAX_SUITS = 3
#: Deals drawn at most to find one whose other hands fit the auction.
AUCTION_ATTEMPTS = 30
#: How far a call may stray from the `normal` bidder's and still fit a hand.
BID_SLACK = 1
#: A pass is read as "not worth this bid" at least.
TYPICAL_OPENING = 5


def choose_call(
    view: SeatView,
    decision: BidDecision | TrumpDecision,
    rng: random.Random,
    playouts: int,
    pass_deals: int = 0,
    defence: float = 0.0,
    opposed: float = 0.0,
) -> Action:
    """Bid, pass or name trumps with the hand valued by `playouts` deals played out, its side
    taking `opposed` points a hand fewer than there (`played_values`); with `pass_deals`, what
    passing is worth is measured too (`pass_value`, with `defence`) when someone holds a bid.
    """
    if isinstance(decision, BidDecision):
        if must_pass(view, decision):
            return Pass()
        values = played_values(view, rng, playouts, opposed)
        if_passing = pass_value(view, rng, pass_deals, defence) if pass_deals else None
        return choose_bid(view, decision, values, if_passing)
    return choose_trump(view, decision, played_values(view, rng, playouts, opposed))


def played_values(
    view: SeatView, rng: random.Random, playouts: int, opposed: float = 0.0
) -> SuitValues:
    """The hand's worth as maker with each suit as trumps, from `playouts` sampled deals.

    The deals are defended by the rule-based players; `opposed` is how many points a hand
    fewer the maker's side takes against the defenders it will meet (defenders that search
    worlds dealt by the learned odds set contracts the rules let through), taken off every
    suit's points.
    """
    assert view.seat is not None
    seat = Seat.of(view)
    prior = table_values(view.hand, seat)
    suits = candidate_suits(prior)
    deals = max(1, playouts // len(suits))
    counts = {suit: [0] * (TOTAL_POINTS + 1) for suit in suits}
    others = {suit: [0, 0] for suit in suits}
    auction = AuctionDeals(view)
    for _ in range(deals):
        deck = deck_dealing(*auction.deal(rng), view.dealer)
        seed = rng.getrandbits(32)
        for suit in suits:
            result = play_out(view, deck, view.seat, view.rules.min_bid, suit, seed)
            mine = result.points[result.maker_side]
            counts[suit][mine] += 1
            others[suit][0] += sum(result.points) - mine
            others[suit][1] += TOTAL_POINTS - mine
    values = dict(prior)
    for suit in suits:
        values[suit] = _blend(prior[suit], counts[suit], *others[suit])
    return {suit: weakened(value, opposed) for suit, value in values.items()}


def pass_value(
    view: SeatView, rng: random.Random, deals: int, defence: float = 0.0
) -> float | None:
    """Expected net score for this seat's side if it passes and the holder of the high bid plays
    it, from `deals` deals: the holder's hand fits its bid, and it names the suit the bid table
    rates best for it. None when nobody holds a bid, or with more than two sides.

    The deals are played by the rule-based players; `defence` is what this seat's side gains over
    them when it defends an opponent's contract (a player that searches its card play sets
    contracts the rules would let through), added when the holder is an opponent.
    """
    assert view.seat is not None
    holder, amount = high_bid(view)
    if holder is None or len(view.sides) != 2:
        return None
    mine = view.side_of(view.seat)
    where = Seat.at(view, holder)
    total = 0.0
    auction = AuctionDeals(view)
    for _ in range(deals):
        hands, stock = auction.deal(rng)
        suit = best_suit(table_values(hands[holder], where), where, amount).suit
        deck = deck_dealing(hands, stock, view.dealer)
        result = play_out(view, deck, holder, amount, suit, rng.getrandbits(32))
        total += result_net(result, mine, view.rules)
    edge = defence if view.side_of(holder) != mine else 0.0
    return total / deals + edge


def candidate_suits(prior: SuitValues) -> list[Suit]:
    """The suits worth playing out: near the table's best, best first."""
    ranked = sorted(prior, key=lambda suit: prior[suit].mean, reverse=True)
    best = prior[ranked[0]].mean
    return [suit for suit in ranked[:MAX_SUITS] if prior[suit].mean >= best - SUIT_SPREAD]


class AuctionDeals:
    """Deals of the cards this seat cannot see, each other hand fitting what its owner said in
    the auction (`CallReading`).

    The hands are dealt one at a time, those who bid first: each is drawn again until it fits, at
    most `AUCTION_ATTEMPTS` times (a count, so the deck stays a function of the seed), and the
    last draw is kept if none does. What each call asks of a hand is read once, when the deals
    are set up, not once per hand drawn: a bid decision draws a few thousand hands.
    """

    def __init__(self, view: SeatView) -> None:
        assert view.seat is not None
        self._view = view
        mine = set(view.hand)
        self._unseen = [card for card in FULL_DECK if card not in mine]
        self._size = cards_dealt(view.players)
        calls = {seat: index for index, (seat, _) in enumerate(view.bids) if seat != view.seat}
        silent = [seat for seat in range(view.players) if seat != view.seat and seat not in calls]
        bidders_first = sorted(calls, key=lambda seat: view.bids[calls[seat]][1] is None)
        self._order: list[tuple[int, CallReading | None]] = [
            (seat, read_call(view, calls[seat])) for seat in bidders_first
        ] + [(seat, None) for seat in silent]

    def deal(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """Every seat's hand and the stock in one deal: this seat's own hand, the unseen cards at
        random everywhere else."""
        view = self._view
        assert view.seat is not None
        unseen = list(self._unseen)
        rng.shuffle(unseen)
        hands: list[list[Card]] = [[] for _ in range(view.players)]
        hands[view.seat] = list(view.hand)
        for seat, reading in self._order:
            for _ in range(AUCTION_ATTEMPTS if reading is not None else 1):
                rng.shuffle(unseen)
                hands[seat] = unseen[: self._size]
                if reading is None or reading.fits(hands[seat]):
                    break
            unseen = unseen[self._size :]
        return hands, unseen


@dataclass(frozen=True)
class CallReading:
    """What one call says about its caller's hand, give or take `BID_SLACK`, as the `normal`
    bidder reads hands: a bid of n says the hand is worth bidding n - `BID_SLACK`, a pass that it
    is not worth `BID_SLACK` over the lowest bid then open or over `TYPICAL_OPENING` if that is
    higher (a low bid is worth making with almost any hand, yet players pass such hands). The
    dealer's pass says nothing when passing costs it nothing."""

    where: Seat
    asked: int
    threshold: float
    bid: bool
    says_nothing: bool

    def fits(self, hand: Sequence[Card]) -> bool:
        """Whether `hand` agrees with the call."""
        if self.says_nothing:
            return True
        value = best_suit(table_values(hand, self.where), self.where, self.asked).value
        return (value >= self.threshold) == self.bid


def read_call(view: SeatView, index: int) -> CallReading:
    """What the `index`-th call of the auction asks of its caller's hand."""
    seat, amount = view.bids[index]
    their_view = replace(view, seat=seat, to_act=seat, bids=view.bids[:index])
    if amount is None:
        lowest = max(view.rules.min_bid, high_bid(their_view)[1] + 1)
        asked = max(lowest, TYPICAL_OPENING) + BID_SLACK
    else:
        asked = max(view.rules.min_bid, amount - BID_SLACK)
    says_nothing = amount is None and (asked > MAX_BID or passing_is_free(their_view))
    return CallReading(
        where=Seat.at(view, seat),
        asked=asked,
        threshold=bid_threshold(their_view),
        bid=amount is not None,
        says_nothing=says_nothing,
    )


def play_out(
    view: SeatView, deck: list[Card], maker: int, contract: int, suit: Suit, seed: int
) -> HandResult:
    """How the deal `deck` ends when `maker` bids `contract`, everybody else passes, it names
    `suit` and the rule-based players draw and play every seat."""
    rules = view.rules
    game = Game.from_deck(
        deck, view.dealer, rules, view.players, seed=seed, sides=view.sides, scores=view.scores
    )
    while game.phase is Phase.BIDDING:
        game.apply(_to_act(game), Bid(contract) if game.to_act == maker else Pass())
    game.apply(maker, NameTrump(suit))
    return finish_by_rules(game)


def finish_by_rules(game: Game) -> HandResult:
    """Play the hand in progress to its end, every seat drawing and playing by the rules.

    A card that is the only legal one is played straight away (more than a quarter of the cards
    of a hand played out: the last trick's, and some that must follow suit): the rules would
    play it too, and the seat's view, what the seat reads from it and the rules' weighing are
    most of a played-out card's time."""
    memo = ReadingMemo()
    while True:
        seat = _to_act(game)
        decision = game.decision()
        if isinstance(decision, PlayDecision) and len(decision.cards) == 1:
            action: Action = Play(decision.cards[0])
        else:
            action = rule_action(game.view(seat), memo)
        for event in game.apply(seat, action):
            if isinstance(event, HandScored):
                return event.result


def _to_act(game: Game) -> int:
    seat = game.to_act
    assert seat is not None, "a hand in progress always has a seat to act"
    return seat


def rule_action(view: SeatView, memo: ReadingMemo) -> Action:
    """The rule-based draw and card play, without `normal`'s late search: playouts must stay
    cheap."""
    decision = view.decision
    if isinstance(decision, PlayDecision):
        return play_by_rules(view, decision, memo=memo)
    assert view.trump is not None
    if isinstance(decision, DiscardDecision):
        return choose_discard(decision, view.trump)
    if isinstance(decision, KeepDecision):
        return choose_keep(decision, view.trump)
    raise TypeError(f"not a decision of the draw or the play: {decision!r}")


def _blend(
    prior: PointsDistribution, counts: list[int], others_taken: int, others_left: int
) -> PointsDistribution:
    """The played deals' distribution with the table's counted as `PRIOR_DEALS` more deals."""
    deals = sum(counts)
    total = deals + PRIOR_DEALS
    chances = tuple(
        (count + PRIOR_DEALS * chance) / total
        for count, chance in zip(counts, prior.chances, strict=True)
    )
    played_share = others_taken / others_left if others_left else prior.others_share
    share = (deals * played_share + PRIOR_DEALS * prior.others_share) / total
    return PointsDistribution(chances, share)
