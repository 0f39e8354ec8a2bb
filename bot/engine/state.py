"""Everything a game holds, declared once.

`GameState`'s fields are at once its slots, its constructor's parameters and its saved form:
`bot/engine/serialize.py` writes and reads exactly the fields the constructor takes, each by its
declared type. A field added here is therefore kept, saved and restored with the rest, and
cannot be forgotten in one of them; it does change the saved form, so games stored without it
need a new `FORMAT_VERSION` to be read. `Game` (bot/engine/game.py) is this state with the rules
that move it on; the rules' helpers that only read it (`handscore.py`, `exchange.py`) take a
`GameState`, so nothing below `Game` needs `Game` itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.actions import Action
from bot.engine.cards import Card, Suit
from bot.engine.events import HandResult
from bot.engine.rules import HouseRules
from bot.engine.seating import SeatDraw, seat_sides
from bot.engine.view import CompletedTrick, Phase


# Slots: a game has more attributes than CPython shares keys for in an instance dictionary (30),
# which would send every attribute access in the engine's hot paths down the slow lookup. No
# generated equality (two games dealt alike are still two tables' games, and a game stays
# hashable) and no generated repr (every card of the game in one line).
@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class GameState:
    """A game of Cinch at one moment: its start, the hands so far, and the hand being played."""

    # The start, fixed for the whole game: `Game.restarted` begins again from it.
    rules: HouseRules
    players: int
    #: The seats of each side.
    sides: tuple[tuple[int, ...], ...]
    #: The secret every deck and shuffle of the game derives from (bot/engine/randomness.py).
    seed: int
    first_dealer: int
    #: The first hand's deck when it was chosen rather than shuffled from the seed.
    first_deck: tuple[Card, ...] | None
    initial_scores: tuple[int, ...]
    #: The draw for seats and the first deal, when the seats drew for it.
    seat_draw: SeatDraw | None

    # The game so far.
    scores: list[int]
    history: list[HandResult]
    #: Every action applied, with its seat: replayed from the start, it gives this state.
    log: list[tuple[int, Action]]
    #: The winning side, once the game is over.
    winner: int | None
    hand_number: int
    dealer: int

    # The hand being played. Each deal starts all of it afresh (`Game._deal`); the defaults are
    # a game's state before its first deal.
    phase: Phase = Phase.BIDDING
    to_act: int | None = None
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    #: (seat, amount) in bidding order; amount None for a pass.
    bids: list[tuple[int, int | None]] = field(default_factory=list)
    maker: int | None = None
    #: 0 when everybody passed and the dealer named trumps without a contract.
    contract: int | None = None
    trump: Suit | None = None
    #: Whether the dealer naming trumps after everybody passed may pass as well (a redeal).
    trump_may_pass: bool = False
    #: Each seat's plain cards discarded in the draw, face up.
    discards: list[list[Card]] = field(default_factory=list)
    #: The robbing dealer's plain cards left out: nobody else saw them.
    hidden_discards: list[list[Card]] = field(default_factory=list)
    #: Each seat's trumps set aside and shown: out of play for the hand.
    dead: list[list[Card]] = field(default_factory=list)
    #: Trumps set aside for the winner of the first trick, with the seat that set them aside.
    thrown: list[tuple[int, Card]] = field(default_factory=list)
    #: Cards each seat drew (None before its draw).
    drawn: list[int | None] = field(default_factory=list)
    #: Trumps each seat kept before drawing (None before its draw).
    kept_trumps: list[int | None] = field(default_factory=list)
    #: The seats still to discard and draw, in order.
    exchange_queue: list[int] = field(default_factory=list)
    #: The trick being played: (seat, card) in the order played.
    trick: list[tuple[int, Card]] = field(default_factory=list)
    #: The seats playing to this trick, from its leader (seats out of cards sit it out).
    trick_seats: list[int] = field(default_factory=list)
    leader: int | None = None
    tricks: list[CompletedTrick] = field(default_factory=list)

    # Worked out from the fields above whenever a state is built; never saved.
    #: Each seat's side, by seat.
    side_of: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.side_of = seat_sides(self.sides)
