"""The game state: deal, auction, trumps, the draw, six tricks, scoring, until a side wins.

`Game` is the one object the rest of the project asks what may be done and tells what was done.
Every action goes through `apply`, which either raises `IllegalAction` with the state untouched
or changes the state and returns the public events it caused. Steps with nothing to choose (the
discard of plain cards, the draw, a forced rob) happen inside `apply` on their own.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from operator import itemgetter
from typing import Any

from bot.engine import exchange
from bot.engine.actions import (
    Action,
    Bid,
    Discard,
    Keep,
    NameTrump,
    Pass,
    Play,
    action_from_dict,
    action_to_dict,
)
from bot.engine.cards import FULL_DECK, Card, Suit, deck_order
from bot.engine.decisions import (
    BidDecision,
    Decision,
    DiscardDecision,
    KeepDecision,
    PlayDecision,
    TrumpDecision,
)
from bot.engine.events import (
    AllPassed,
    BidMade,
    CardPlayed,
    Discarded,
    Drew,
    Event,
    GameWon,
    HandDealt,
    HandScored,
    Passed,
    Robbed,
    TrickWon,
    TrumpNamed,
    redeals_in_a_row,
)
from bot.engine.exchange import HAND_SIZE
from bot.engine.handscore import score_finished_hand
from bot.engine.illegal_actions import IllegalAction, Reason
from bot.engine.randomness import new_seed, shuffled
from bot.engine.rules import MAX_BID, AllPass, DealerRob, ExcessTrumps, HouseRules
from bot.engine.scoring import game_winner
from bot.engine.seating import (
    SUPPORTED_PLAYER_COUNTS,
    SeatDraw,
    cards_dealt,
    default_sides,
    draw_for_seats,
    validate_sides,
)
from bot.engine.serialize import state_from_dict, state_to_dict
from bot.engine.state import GameState
from bot.engine.tricks import legal_in_hand_order, trick_winner
from bot.engine.trumps import TRUMP_TABLES
from bot.engine.view import CompletedTrick, Phase, SeatView

_DEAL_PACKET = 3

# Enum members looked up on their class cost a slow attribute access each time; the hot paths
# below run them dozens of times a hand, so they use these module-level names instead.
_BIDDING, _TRUMP, _DISCARD = Phase.BIDDING, Phase.TRUMP, Phase.DISCARD
_ROB, _PLAY, _GAME_OVER = Phase.ROB, Phase.PLAY, Phase.GAME_OVER
_SURPLUS_TO_FIRST_TRICK = ExcessTrumps.DUMP_ON_FIRST_TRICK

#: Each seat's clockwise order of the table starting from it, per number of players.
_ROTATIONS: dict[int, tuple[tuple[int, ...], ...]] = {
    players: tuple(
        tuple((first + step) % players for step in range(players)) for first in range(players)
    )
    for players in SUPPORTED_PLAYER_COUNTS
}


def _dealt_positions(players: int, turn: int) -> list[int]:
    """Where in the deck the cards of the `turn`-th player served lie (packets of three)."""
    packets = cards_dealt(players) // _DEAL_PACKET
    return [
        (packet * players + turn) * _DEAL_PACKET + card
        for packet in range(packets)
        for card in range(_DEAL_PACKET)
    ]


#: For each number of players, one getter per turn of the deal that picks that player's cards
#: out of the deck in one call, as dealing three at a time around the table would give them.
_DEALT_TO: dict[int, tuple[itemgetter[Any], ...]] = {
    players: tuple(itemgetter(*_dealt_positions(players, turn)) for turn in range(players))
    for players in SUPPORTED_PLAYER_COUNTS
}


def deck_dealing(
    hands: Sequence[Sequence[Card]], stock: Sequence[Card], dealer: int
) -> list[Card]:
    """The deck, top first, whose deal gives each seat `hands[seat]` and leaves `stock` undealt.

    `Game.from_deck` of it plays that deal: how the computer players play sampled deals out.
    """
    players = len(hands)
    size = cards_dealt(players)
    if any(len(hand) != size for hand in hands):
        raise ValueError(f"each of {players} hands must hold {size} cards")
    placed: dict[int, Card] = {}
    for seat, hand in enumerate(hands):
        positions = _dealt_positions(players, (seat - dealer - 1) % players)
        placed.update(zip(positions, hand, strict=True))
    return [placed[position] for position in range(players * size)] + list(stock)


def _is_full_deck(deck: Sequence[object]) -> bool:
    """Whether `deck` holds each of the 52 cards exactly once (and nothing else)."""
    cards = [card for card in deck if isinstance(card, Card)]
    return len(cards) == len(deck) and sorted(cards, key=deck_order) == list(FULL_DECK)


#: Every seat of the largest table, for the shared values built once below.
_SEATS = range(max(SUPPORTED_PLAYER_COUNTS))

#: One `CardPlayed` event per (seat, card), built once: events are immutable values, and a hand
#: announces 24 or more of them, so sharing them saves building each one again.
_CARD_PLAYED: tuple[dict[Card, CardPlayed], ...] = tuple(
    {card: CardPlayed(seat, card) for card in FULL_DECK} for seat in _SEATS
)

#: The log's entry for each (seat, action) of the few actions a hand is mostly made of (every
#: card played, bid, pass and trump named) and the trick's for each (seat, card), built once as
#: the events above are. A log lives as long as its game: entries of their own were some 45,000
#: objects a thousand busy tables held, each walked by every full pass of Python's cycle
#: collector while the process waits (see docs/benchmarks.md). Cards set aside or kept are
#: logged as they come.
_PLAY_LOGGED: tuple[dict[Card, tuple[int, Action]], ...] = tuple(
    {card: (seat, Play(card)) for card in FULL_DECK} for seat in _SEATS
)
_CARD_AT: tuple[dict[Card, tuple[int, Card]], ...] = tuple(
    {card: (seat, card) for card in FULL_DECK} for seat in _SEATS
)
_AUCTION_ACTIONS: tuple[Action, ...] = (
    Pass(),
    *(Bid(amount) for amount in range(1, MAX_BID + 1)),
    *(NameTrump(suit) for suit in Suit),
)
_AUCTION_LOGGED: dict[tuple[int, Action], tuple[int, Action]] = {
    (seat, action): (seat, action) for seat in _SEATS for action in _AUCTION_ACTIONS
}


class Game(GameState):
    """A whole game of Cinch, from the first deal to the winning side.

    Its state is `GameState`'s fields; a game adds the rules that move that state on, and two
    answers worked out from it and kept until it changes.
    """

    __slots__ = ("_decision", "_rob_offer")
    #: What the seat to act may do: asked for by every action, so worked out once per change.
    _decision: Decision | None
    #: The robbing dealer's choice, worked out when the rob starts (see `_rob_decision`).
    _rob_offer: KeepDecision | None

    def __post_init__(self) -> None:
        super().__post_init__()
        self._rob_offer = None
        self._decision = self._compute_decision()

    # ----------------------------------------------------------------- construction

    @classmethod
    def _start(
        cls,
        rules: HouseRules,
        players: int,
        seed: int,
        first_dealer: int,
        *,
        sides: Sequence[Sequence[int]] | None = None,
        deck: Sequence[Card] | None = None,
        scores: Sequence[int] | None = None,
        seat_draw: SeatDraw | None = None,
    ) -> Game:
        """A game from its start, its first hand dealt: every way of beginning one comes here."""
        if players not in SUPPORTED_PLAYER_COUNTS:
            raise ValueError(f"{players} players are not supported")
        if not 0 <= first_dealer < players:
            raise ValueError(f"no seat {first_dealer} among {players}")
        if deck is not None and not _is_full_deck(deck):
            raise ValueError("an explicit deck must hold each of the 52 cards once")
        checked_sides = validate_sides(players, sides or default_sides(players))
        initial_scores = tuple(scores) if scores is not None else (0,) * len(checked_sides)
        if len(initial_scores) != len(checked_sides):
            raise ValueError("one starting score per side is needed")
        game = cls(
            rules=rules,
            players=players,
            sides=checked_sides,
            seed=seed,
            first_dealer=first_dealer,
            first_deck=tuple(deck) if deck is not None else None,
            initial_scores=initial_scores,
            seat_draw=seat_draw,
            scores=list(initial_scores),
            history=[],
            log=[],
            winner=None,
            hand_number=0,
            dealer=first_dealer,
        )
        game._deal(first_dealer)
        return game

    @classmethod
    def new(
        cls,
        rules: HouseRules | None = None,
        players: int = 4,
        seed: int | None = None,
        first_dealer: int | None = None,
        *,
        sides: Sequence[Sequence[int]] | None = None,
    ) -> Game:
        """A new game. Without `first_dealer`, the seats draw cards for it as the rules say."""
        rules = rules or HouseRules()
        seed = new_seed() if seed is None else seed
        seat_draw = None
        if first_dealer is None:
            seat_draw = draw_for_seats(players, seed, rules.first_dealer)
            first_dealer = seat_draw.first_dealer_seat
        return cls._start(rules, players, seed, first_dealer, sides=sides, seat_draw=seat_draw)

    @classmethod
    def from_deck(
        cls,
        deck: Sequence[Card],
        dealer: int,
        rules: HouseRules | None = None,
        players: int = 4,
        *,
        seed: int = 0,
        sides: Sequence[Sequence[int]] | None = None,
        scores: Sequence[int] | None = None,
    ) -> Game:
        """A game whose first deal is `deck` (52 cards, top first); later deals come from `seed`."""
        return cls._start(
            rules or HouseRules(), players, seed, dealer, sides=sides, deck=deck, scores=scores
        )

    def restarted(self) -> Game:
        """A new game with this one's start (rules, seats, seed, first deal) and no action yet."""
        return Game._start(
            self.rules,
            self.players,
            self.seed,
            self.first_dealer,
            sides=self.sides,
            deck=self.first_deck,
            scores=self.initial_scores,
            seat_draw=self.seat_draw,
        )

    def replayed(self) -> Game:
        """A new game built from this one's start and action log; it must equal this one."""
        game = self.restarted()
        for seat, action in self.log:
            game.apply(seat, action)
        return game

    # ----------------------------------------------------------------- public questions

    @property
    def is_over(self) -> bool:
        return self.phase is _GAME_OVER

    def decision(self) -> Decision | None:
        """What the seat to act may do now (None when the game is over)."""
        return self._decision

    def decision_for(self, seat: int) -> Decision | None:
        return self._decision if self.to_act == seat else None

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def points_taken(self) -> list[int]:
        """Points each side has captured in tricks so far this hand (public)."""
        points = [0] * len(self.sides)
        for trick in self.tricks:
            points[self.side_of[trick.winner]] += trick.points
        return points

    def view(self, seat: int) -> SeatView:
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat}")
        return self._view(seat)

    def public_view(self) -> SeatView:
        return self._view(None)

    # ----------------------------------------------------------------- applying actions

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply `seat`'s action. Raise `IllegalAction` (state unchanged) if it is not allowed."""
        decision = self._decision
        if decision is None:
            raise IllegalAction(Reason.GAME_OVER, "the game is over")
        if seat != self.to_act:
            raise IllegalAction(
                Reason.NOT_YOUR_TURN, f"it is seat {self.to_act}'s turn", to_act=self.to_act
            )
        if type(action) is Play and type(decision) is PlayDecision:
            # Most actions are plays, so they take this short path, written out in one place.
            card = action.card
            if card not in decision.cards:
                self._refuse_play(seat, card, decision)
            self.hands[seat].remove(card)
            self.log.append(_PLAY_LOGGED[seat][card])
            trick = self.trick
            trick.append(_CARD_AT[seat][card])
            events: list[Event] = [_CARD_PLAYED[seat][card]]
            played = len(trick)
            if played < len(self.trick_seats):
                self.to_act = self.trick_seats[played]
                self._decision = self._play_decision()
            else:
                self._complete_trick(events)
                self._decision = (
                    self._play_decision() if self.phase is _PLAY else self._compute_decision()
                )
            return events
        handler = _HANDLERS.get((type(decision), type(action)))
        if handler is None:
            raise IllegalAction(
                Reason.WRONG_ACTION,
                f"{type(action).__name__} is not possible now ({self.phase})",
                phase=self.phase,
            )
        events = []
        handler(self, decision, action, events)
        entry = (seat, action)
        self.log.append(_AUCTION_LOGGED.get(entry, entry))
        self._decision = self._compute_decision()
        return events

    def _bid(self, decision: BidDecision, action: Bid, events: list[Event]) -> None:
        self._check_bid(decision, action.amount)
        self.bids.append((decision.seat, action.amount))
        events.append(BidMade(decision.seat, action.amount))
        self._after_bid(events)

    def _pass_bid(self, decision: BidDecision, action: Pass, events: list[Event]) -> None:
        self.bids.append((decision.seat, None))
        events.append(Passed(decision.seat))
        self._after_bid(events)

    def _choose_trump(
        self, decision: TrumpDecision, action: NameTrump, events: list[Event]
    ) -> None:
        if not isinstance(action.suit, Suit):
            raise IllegalAction(Reason.BAD_ACTION, f"not a suit: {action.suit!r}")
        self._name_trump(action.suit, events)

    def _decline_trump(self, decision: TrumpDecision, action: Pass, events: list[Event]) -> None:
        if not decision.can_pass:
            raise IllegalAction(Reason.CANNOT_PASS, "you must name the trump suit")
        events.append(AllPassed(self.dealer, "redeal"))
        self._next_deal(self.left_of(self.dealer), events)

    def _discard(self, decision: DiscardDecision, action: Discard, events: list[Event]) -> None:
        chosen = exchange.check_choice(action.cards, decision.options, (), decision.count)
        self._discard_and_draw(decision.seat, chosen, events)
        self._continue_exchange(events)

    def _keep(self, decision: KeepDecision, action: Keep, events: list[Event]) -> None:
        kept = exchange.check_choice(
            action.cards, decision.options, decision.required, decision.count
        )
        self._rob(kept, events)

    # ----------------------------------------------------------------- the deal and the auction

    def _deal(self, dealer: int) -> list[Event]:
        self.hand_number += 1
        self.dealer = dealer
        if self.hand_number == 1 and self.first_deck is not None:
            deck = list(self.first_deck)
        else:
            deck = shuffled(FULL_DECK, self.seed, f"deck-{self.hand_number}")
        n = self.players
        dealt_to = _DEALT_TO[n]  # by turn in the deal, which starts at the dealer's left
        self.hands = [list(dealt_to[(seat - dealer - 1) % n](deck)) for seat in range(n)]
        self.stock = deck[n * cards_dealt(n) :]
        self.bids = []
        self.maker = None
        self.contract = None
        self.trump = None
        self.trump_may_pass = False
        self.discards = [[] for _ in range(n)]
        self.hidden_discards = [[] for _ in range(n)]
        self.dead = [[] for _ in range(n)]
        self.thrown = []
        self.drawn = [None] * n
        self.kept_trumps = [None] * n
        self.exchange_queue = []
        self.trick = []
        self.trick_seats = []
        self.leader = None
        self.tricks = []
        self._rob_offer = None
        self.phase = _BIDDING
        self.to_act = self.left_of(dealer)
        self._decision = self._compute_decision()
        return [HandDealt(self.hand_number, dealer)]

    def _next_deal(self, dealer: int, events: list[Event]) -> None:
        events.extend(self._deal(dealer))

    def _high_bid(self) -> tuple[int | None, int]:
        best_seat, best = None, 0
        for seat, amount in self.bids:
            if amount is not None and amount > best:
                best_seat, best = seat, amount
        return best_seat, best

    def _check_bid(self, decision: BidDecision, amount: object) -> None:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalAction(
                Reason.BID_OUT_OF_RANGE,
                "a bid is a whole number",
                lowest=self.rules.min_bid,
                highest=MAX_BID,
            )
        if not self.rules.min_bid <= amount <= MAX_BID:
            raise IllegalAction(
                Reason.BID_OUT_OF_RANGE,
                f"bids go from {self.rules.min_bid} to {MAX_BID}",
                lowest=self.rules.min_bid,
                highest=MAX_BID,
            )
        if amount < decision.lowest:
            raise IllegalAction(
                Reason.BID_TOO_LOW,
                f"a bid must be higher than {decision.lowest - 1}",
                high_bid=decision.lowest - 1,
            )

    def _after_bid(self, events: list[Event]) -> None:
        if len(self.bids) < self.players:
            self.to_act = self.left_of(self.to_act or 0)
            return
        maker, high = self._high_bid()
        if maker is not None:
            self._open_trump_choice(maker, high, may_pass=False)
            return
        policy = self.rules.all_pass_after(redeals_in_a_row(self.hand_number, self.history))
        if policy is AllPass.DEALER_NO_CONTRACT:
            events.append(AllPassed(self.dealer, "dealer_names"))
            self._open_trump_choice(self.dealer, 0, may_pass=False)
        elif policy is AllPass.DEALER_STUCK_AT_MIN:
            events.append(AllPassed(self.dealer, "dealer_stuck"))
            self._open_trump_choice(self.dealer, self.rules.min_bid, may_pass=False)
        elif policy is AllPass.DEALER_MAY_PASS_THEN_REDEAL:
            events.append(AllPassed(self.dealer, "dealer_choice"))
            self._open_trump_choice(self.dealer, 0, may_pass=True)
        else:
            events.append(AllPassed(self.dealer, "redeal"))
            same = policy is AllPass.REDEAL_SAME_DEALER
            self._next_deal(self.dealer if same else self.left_of(self.dealer), events)

    def _open_trump_choice(self, maker: int, contract: int, *, may_pass: bool) -> None:
        self.maker, self.contract, self.trump_may_pass = maker, contract, may_pass
        self.phase = _TRUMP
        self.to_act = maker

    def _name_trump(self, suit: Suit, events: list[Event]) -> None:
        assert self.maker is not None and self.contract is not None
        self.trump = suit
        events.append(TrumpNamed(self.maker, suit, self.contract))
        dealer_robs = self.players >= 4
        rotation = _ROTATIONS[self.players][self.left_of(self.dealer)]
        self.exchange_queue = list(rotation[:-1] if dealer_robs else rotation)
        self.phase = _DISCARD
        self._continue_exchange(events)

    # ----------------------------------------------------------------- the draw

    def _continue_exchange(self, events: list[Event]) -> None:
        """Discard and draw for each player in turn until one has a choice to make."""
        assert self.trump is not None
        while self.exchange_queue:
            seat = self.exchange_queue[0]
            choice = exchange.excess_trump_choice(seat, self.hands[seat], self.trump, self.rules)
            if choice is None:
                self._discard_and_draw(seat, (), events)
            elif len(choice.options) == choice.count:
                self._discard_and_draw(seat, choice.options, events)
            else:
                self.to_act = seat
                return
        if self.players >= 4:
            self._start_rob(events)
        else:
            self._start_play()

    def _discard_and_draw(
        self, seat: int, chosen_trumps: Collection[Card], events: list[Event]
    ) -> None:
        assert self.trump is not None
        self.exchange_queue.remove(seat)
        hand = self.hands[seat]
        strength = TRUMP_TABLES[self.trump].strength
        plain = tuple([card for card in hand if not strength[card]])
        if chosen_trumps:
            chosen = set(chosen_trumps)
            kept = [card for card in hand if strength[card] and card not in chosen]
            set_aside = tuple([card for card in hand if card in chosen])
        else:  # the usual case: nothing to set aside
            kept = [card for card in hand if strength[card]]
            set_aside = ()
        to_first = self.rules.excess_trumps is _SURPLUS_TO_FIRST_TRICK
        self.discards[seat].extend(plain)
        if to_first:
            self.thrown.extend([(seat, card) for card in set_aside])
        else:
            self.dead[seat].extend(set_aside)
        self.kept_trumps[seat] = len(kept)
        self.hands[seat] = kept
        events.append(
            Discarded(
                seat,
                len(plain) + len(set_aside),
                plain if self.rules.discards_visible else None,
                () if to_first else set_aside,
                set_aside if to_first else (),
            )
        )
        need = max(0, HAND_SIZE - len(kept))
        taken = self.stock[:need]
        del self.stock[:need]
        kept.extend(taken)
        from_stock = len(taken)
        from_pile = 0
        if from_stock < need:  # the stock ran out (B-11)
            refill = exchange.refill_from_discards(self, seat, need - from_stock)
            for owner, card in refill:
                self.discards[owner].remove(card)
            kept.extend([card for _, card in refill])
            from_pile = len(refill)
        self.drawn[seat] = from_stock + from_pile
        events.append(Drew(seat, from_stock + from_pile, from_pile))

    def _start_rob(self, events: list[Event]) -> None:
        assert self.trump is not None
        self.phase = _ROB
        self.to_act = self.dealer
        choice = self._rob_decision()
        if choice.free_choices in (0, len(choice.options)):
            self._rob(set(choice.required) | set(choice.options[: choice.free_choices]), events)

    def _rob(self, kept: set[Card], events: list[Event]) -> None:
        assert self.trump is not None
        strength = TRUMP_TABLES[self.trump].strength
        dealer, stock = self.dealer, self.stock
        pool = self.hands[dealer] + stock
        taken = len(kept.intersection(stock))
        rejected = [card for card in pool if card not in kept]
        surplus_trumps = tuple([card for card in rejected if strength[card]])
        to_first = self.rules.dealer_rob is DealerRob.KEEP_ALL_DUMP_ON_FIRST_TRICK
        if to_first:
            self.thrown.extend([(dealer, card) for card in surplus_trumps])
        else:
            self.dead[dealer].extend(surplus_trumps)
        self.hidden_discards[dealer].extend([card for card in rejected if not strength[card]])
        self.hands[dealer] = [card for card in pool if card in kept]
        self.stock = []
        self.drawn[dealer] = taken
        events.append(
            Robbed(
                dealer,
                taken,
                () if to_first else surplus_trumps,
                surplus_trumps if to_first else (),
            )
        )
        self._start_play()

    # ----------------------------------------------------------------- play

    def _start_play(self) -> None:
        assert self.maker is not None
        self.phase = _PLAY
        self._start_trick(self.maker)

    def _start_trick(self, leader: int) -> None:
        """Open a trick: the seats still holding cards play to it clockwise from `leader` on.

        If the leader has no cards left (possible when hands were short), the next seat with
        cards leads in their place.
        """
        hands = self.hands
        rotation = _ROTATIONS[self.players][leader]
        self.trick_seats = (
            list(rotation) if all(hands) else [seat for seat in rotation if hands[seat]]
        )
        first = self.trick_seats[0]
        self.leader = first
        self.trick = []
        self.to_act = first

    def _refuse_play(self, seat: int, card: object, decision: PlayDecision) -> None:
        """Raise the `IllegalAction` that says why `card` (not among the legal cards) is refused."""
        assert self.trump is not None
        if not isinstance(card, Card) or card not in self.hands[seat]:
            raise IllegalAction(Reason.NOT_IN_HAND, f"{card} is not in your hand", card=card)
        led = TRUMP_TABLES[self.trump].effective_suit[self.trick[0][1]]
        if led is self.trump:
            raise IllegalAction(
                Reason.MUST_PLAY_TRUMP,
                "a trump was led: you must play a trump",
                must_play=decision.cards,
            )
        raise IllegalAction(
            Reason.MUST_FOLLOW_SUIT,
            f"you must follow suit ({led.name.lower()}) or trump",
            led=led,
            must_play=decision.cards,
        )

    def _complete_trick(self, events: list[Event]) -> None:
        """Give the full trick (and, on the first trick, the cards thrown to it) to its winner."""
        assert self.trump is not None
        value = TRUMP_TABLES[self.trump].points
        cards = tuple(self.trick)
        played = [card for _, card in cards]
        winner = cards[trick_winner(played, self.trump)][0]
        points = sum(map(value.__getitem__, played))
        if not self.tricks:
            points += sum([value[card] for _, card in self.thrown])
        completed = CompletedTrick(self.leader or 0, cards, winner, points)
        self.tricks.append(completed)
        events.append(TrickWon(winner, cards, points))
        self.trick = []
        if any(self.hands):
            self._start_trick(winner)
        else:
            self._finish_hand(events)

    def _finish_hand(self, events: list[Event]) -> None:
        assert self.maker is not None and self.contract is not None and self.trump is not None
        result = score_finished_hand(self)
        self.history.append(result)
        self.scores = list(result.totals)
        events.append(HandScored(result))
        winner = game_winner(self.scores, result.maker_side, self.rules)
        if winner is None:
            self._next_deal(self.left_of(self.dealer), events)
            return
        self.winner = winner
        self.phase = _GAME_OVER
        self.to_act = None
        events.append(GameWon(winner, tuple(self.scores)))

    # ----------------------------------------------------------------- decisions and views

    def _compute_decision(self) -> Decision | None:
        seat = self.to_act
        if seat is None or self.phase is _GAME_OVER:
            return None
        if self.phase is _PLAY:
            return self._play_decision()
        if self.phase is _BIDDING:
            _, high = self._high_bid()
            return BidDecision(seat, max(self.rules.min_bid, high + 1), MAX_BID)
        if self.phase is _TRUMP:
            return TrumpDecision(seat, self.contract or 0, self.trump_may_pass)
        assert self.trump is not None
        if self.phase is _DISCARD:
            choice = exchange.excess_trump_choice(seat, self.hands[seat], self.trump, self.rules)
            assert choice is not None
            return choice
        return self._rob_decision()

    def _rob_decision(self) -> KeepDecision:
        """The robbing dealer's choice, worked out once per hand.

        Nothing changes the dealer's cards or the stock while the rob waits, so the offer made
        when the rob starts is still the decision when `apply` asks for it.
        """
        if self._rob_offer is None:
            assert self.trump is not None
            pool = self.hands[self.dealer] + self.stock
            self._rob_offer = exchange.rob_choice(self.dealer, pool, self.trump, self.rules)
        return self._rob_offer

    def _play_decision(self) -> PlayDecision:
        """The legal cards of the seat to act, in hand order (the phase must be play)."""
        seat = self.to_act
        assert seat is not None and self.trump is not None
        trick, hand = self.trick, self.hands[seat]
        if not trick:  # the leader may play any card
            return PlayDecision(seat, tuple(hand))
        return PlayDecision(seat, tuple(legal_in_hand_order(hand, trick[0][1], self.trump)))

    def _view(self, seat: int | None) -> SeatView:
        visible = self.rules.discards_visible
        return SeatView(
            seat=seat,
            rules=self.rules,
            players=self.players,
            sides=self.sides,
            phase=self.phase,
            hand_number=self.hand_number,
            dealer=self.dealer,
            to_act=self.to_act,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            stock_size=len(self.stock),
            bids=tuple(self.bids),
            maker=self.maker if self.phase is not _BIDDING else None,
            contract=self.contract if self.phase is not _BIDDING else None,
            trump=self.trump,
            discards=tuple(
                tuple(pile) if visible or owner == seat else ()
                for owner, pile in enumerate(self.discards)
            ),
            discard_counts=tuple(len(pile) for pile in self.discards),
            dead=tuple(tuple(pile) for pile in self.dead),
            thrown=tuple(self.thrown),
            known_out=tuple(self.hidden_discards[seat]) if seat is not None else (),
            drawn=tuple(self.drawn),
            kept_trumps=tuple(self.kept_trumps),
            leader=self.leader,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            points_taken=tuple(self.points_taken()),
            scores=tuple(self.scores),
            history=tuple(self.history),
            winner=self.winner,
            decision=self._decision if seat is not None and seat == self.to_act else None,
            drawn_cards=self._drawn_cards(seat) if seat is not None else None,
        )

    # ----------------------------------------------------------------- JSON

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; `Game.from_dict` restores it exactly."""
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        return state_from_dict(cls, data)

    def _drawn_cards(self, seat: int) -> tuple[Card, ...] | None:
        """The cards `seat` drew, while it holds them all: the draw appends them after the
        trumps kept (`_discard_and_draw`), and play only removes cards."""
        drawn, kept, hand = self.drawn[seat], self.kept_trumps[seat], self.hands[seat]
        if drawn is None or kept is None or len(hand) != kept + drawn:
            return None
        return tuple(hand[kept:])

    def log_to_dicts(self) -> list[dict[str, Any]]:
        return [{"seat": seat, **action_to_dict(action)} for seat, action in self.log]

    @staticmethod
    def action_from_dict(data: dict[str, Any]) -> tuple[int, Action]:
        return data["seat"], action_from_dict({k: v for k, v in data.items() if k != "seat"})


#: What `Game.apply` does with each kind of action a decision allows (plays have their own path).
_HANDLERS: dict[tuple[type, type], Callable[[Game, Any, Any, list[Event]], None]] = {
    (BidDecision, Bid): Game._bid,
    (BidDecision, Pass): Game._pass_bid,
    (TrumpDecision, NameTrump): Game._choose_trump,
    (TrumpDecision, Pass): Game._decline_trump,
    (DiscardDecision, Discard): Game._discard,
    (KeepDecision, Keep): Game._keep,
}
