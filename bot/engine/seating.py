"""Seats, sides and the draw for partners and the first dealer (docs/rules.md A2, B-15, C)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bot.engine.cards import ACE, FULL_DECK, Card
from bot.engine.randomness import SeededStream, shuffled
from bot.engine.rules import FirstDealer

SUPPORTED_PLAYER_COUNTS = (2, 3, 4)


def default_sides(players: int) -> tuple[tuple[int, ...], ...]:
    """Two partnerships sitting opposite each other with four players; everyone alone otherwise."""
    if players == 4:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(players))


def validate_sides(players: int, sides: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Check that the sides split the seats exactly once each, and return them as tuples."""
    flat = sorted(seat for side in sides for seat in side)
    if flat != list(range(players)) or len(sides) < 2:
        raise ValueError(f"sides {sides!r} do not split {players} seats into 2 or more sides")
    return tuple(tuple(side) for side in sides)


@cache
def seat_sides(sides: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each seat's side, by seat; cached because the computer players ask for every card."""
    players = sum(len(side) for side in sides)
    return tuple(
        next(index for index, side in enumerate(sides) if seat in side) for seat in range(players)
    )


def cards_dealt(players: int) -> int:
    """Nine cards each for up to four players, six for five or six (docs/rules.md C)."""
    return 9 if players <= 4 else 6


@dataclass(frozen=True, slots=True)
class SeatDraw:
    """The result of everyone drawing a card: who sits where, and who deals first."""

    #: The first card each player drew, in the order players were given.
    first_cards: tuple[Card, ...]
    #: Players' indices (as given) from the highest draw to the lowest, ties broken by redraws.
    ranking: tuple[int, ...]
    #: seat -> index of the player (as given) who sits there.
    seating: tuple[int, ...]
    first_dealer_seat: int


def _cut_value(card: Card) -> int:
    """A card's value when cutting for the deal: the Ace counts low."""
    return 1 if card.rank == ACE else card.rank


def draw_for_seats(players: int, seed: int, first_dealer: FirstDealer) -> SeatDraw:
    """Everyone draws from a spread pack; the two highest play against the two lowest.

    Partners are always chosen with the Ace high; ties are broken by the tied players drawing
    again. The highest card deals first unless the house rule says the lowest (counted with
    the Ace low, as when cutting; of two equally low cards, the one ranked lower by the
    redraw) or a random player: the option chooses only who deals.
    """
    round_number = 0

    def rank_group(group: list[int]) -> list[int]:
        nonlocal round_number
        round_number += 1
        deck = shuffled(FULL_DECK, seed, f"seat-draw-{round_number}")
        drawn = {player: deck[i] for i, player in enumerate(group)}
        if round_number == 1:
            first.update(drawn)
        values = sorted({card.rank for card in drawn.values()}, reverse=True)
        ordered: list[int] = []
        for value in values:
            tied = [p for p in group if drawn[p].rank == value]
            ordered.extend(tied if len(tied) == 1 else rank_group(tied))
        return ordered

    first: dict[int, Card] = {}
    ranking = rank_group(list(range(players)))
    # With four, the two highest sit opposite each other against the two lowest.
    seating = (ranking[0], ranking[2], ranking[1], ranking[3]) if players == 4 else tuple(ranking)
    if first_dealer is FirstDealer.RANDOM:
        dealer_player = SeededStream(seed, "first-dealer").below(players)
    elif first_dealer is FirstDealer.LOWEST:
        dealer_player = min(ranking, key=lambda p: (_cut_value(first[p]), -ranking.index(p)))
    else:
        dealer_player = ranking[0]
    return SeatDraw(
        first_cards=tuple(first[p] for p in range(players)),
        ranking=tuple(ranking),
        seating=seating,
        first_dealer_seat=seating.index(dealer_player),
    )
