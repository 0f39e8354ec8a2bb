"""Cards, suits and ranks.

There are exactly 52 `Card` objects per process: `Card(rank, suit)` and `Card.parse` always
return the same interned instance, so cards compare and hash by identity (fast in the hot loops
of the computer players) and survive pickling between processes.
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar


class Suit(Enum):
    """The four suits; the value is the one-letter code used in text and JSON."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    # Members are singletons compared by identity; the default Enum hash is a slow Python call
    # in the hottest loops of the engine and the computer players.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def same_colour(self) -> Suit:
        """The other suit of the same colour (whose 5 is this suit's Left Pedro)."""
        return _SAME_COLOUR[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Accept a letter (`H`/`h`), a symbol (`♥`/`♡`) or an English name (`hearts`)."""
        suit = _SUIT_BY_TEXT.get(text.strip().lower())
        if suit is None:
            raise ValueError(f"not a suit: {text!r}")
        return suit


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SAME_COLOUR = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.value.lower()] = _suit
    _SUIT_BY_TEXT[_suit.name.lower()] = _suit
    _SUIT_BY_TEXT[_suit.name.lower().rstrip("s")] = _suit
    _SUIT_BY_TEXT[_SUIT_SYMBOLS[_suit]] = _suit
_SUIT_BY_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})

#: Ranks 2..14 (11 = Jack, 12 = Queen, 13 = King, 14 = Ace).
RANKS: tuple[int, ...] = tuple(range(2, 15))
ACE, KING, QUEEN, JACK, TEN, FIVE, TWO = 14, 13, 12, 11, 10, 5, 2
_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_BY_TEXT = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}
_RANK_BY_TEXT.update({str(rank): rank for rank in range(2, 11)})


def rank_text(rank: int) -> str:
    """The short English rank: `2`..`10`, `J`, `Q`, `K`, `A`."""
    return _RANK_TEXT.get(rank, str(rank))


class Card:
    """A playing card. Immutable and interned: use `Card(rank, suit)` or `Card.parse("10H")`.

    Cards have no ordering operators; sort them with `key=deck_order`. Any comparison method
    written in Python would send every `==` between cards, and so every `in` and `remove` on a
    hand, through a slow lookup instead of CPython's identity check.
    """

    __slots__ = ("code", "index", "rank", "suit")
    _interned: ClassVar[dict[tuple[int, Suit], Card]] = {}
    rank: int
    suit: Suit
    #: Position in `FULL_DECK` (0..51), handy for bitmasks.
    index: int
    #: The ASCII form used in JSON and commands, e.g. `10H`.
    code: str

    def __new__(cls, rank: int, suit: Suit) -> Card:
        try:
            return cls._interned[(rank, suit)]
        except KeyError:
            raise ValueError(f"no such card: rank {rank!r} of {suit!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: Suit, index: int) -> Card:
        card = object.__new__(cls)
        for name, value in (("rank", rank), ("suit", suit), ("index", index)):
            object.__setattr__(card, name, value)
        object.__setattr__(card, "code", rank_text(rank) + suit.value)
        cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"

    @property
    def display(self) -> str:
        """The form shown to players, e.g. `10♥`."""
        return rank_text(self.rank) + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `10H`, `10h`, `10♥`, `TH` or `th`; raise `ValueError` on anything else."""
        cleaned = text.strip() if isinstance(text, str) else ""
        rank = _RANK_BY_TEXT.get(cleaned[:-1].upper())
        suit = _SUIT_BY_TEXT.get(cleaned[-1:].lower())
        if rank is None or suit is None:
            raise ValueError(f"not a card: {text!r}")
        return cls._interned[(rank, suit)]


def deck_order(card: Card) -> int:
    """Sort key putting cards in `FULL_DECK` order (suits C, D, H, S; ranks 2..A)."""
    return card.index


#: The 52 cards in a fixed canonical order (suits C, D, H, S; ranks 2..A).
FULL_DECK: tuple[Card, ...] = tuple(
    Card._make(rank, suit, i * 13 + (rank - 2)) for i, suit in enumerate(Suit) for rank in RANKS
)


def parse_cards(text: str) -> list[Card]:
    """Read several cards separated by spaces or commas, e.g. `"10H, 5d QS"`."""
    return [Card.parse(part) for part in text.replace(",", " ").split()]
