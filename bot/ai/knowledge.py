"""What one seat knows during the play of a hand, read from its `SeatView` only.

Cinch reveals a lot after the draw (docs/rules.md A6): the plain discards are face up, each
non-dealer's number of kept trumps is public, surplus trumps are shown, and with four players the
dealer robs every trump left in the pack, so no unseen trump is out of play. Play adds voids: a
player who does not follow a trump lead has no trumps; one who plays another plain suit on a
plain lead has none of the suit led (trumping is optional, so a trump says nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.ai.bits import LAYOUTS, TRUMP_BLOCK, BitLayout
from bot.engine import SeatView

FULL_MASK = (1 << 52) - 1


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge of the cards, as bitmasks in the trump suit's layout."""

    layout: BitLayout
    me: int
    players: int
    side_of: tuple[int, ...]
    hand: int
    #: Cards played to completed tricks and to the current trick.
    played: int
    #: Cards whose place is unknown to this seat: in another hand or out of play unseen.
    unseen: int
    hand_sizes: tuple[int, ...]
    #: Per seat, the cards it cannot hold because it showed out of their suit.
    excluded: tuple[int, ...]
    #: Per seat, the fewest trumps it can hold (trumps kept at the draw minus trumps played).
    min_trumps: tuple[int, ...]
    #: Every unseen trump is in some hand (four players: the dealer robs the rest of the pack).
    trumps_all_held: bool
    #: Cards played to the trick in progress: (seat, bit).
    trick: tuple[tuple[int, int], ...]
    leader: int
    #: Points going to the first trick's winner besides its cards (cards thrown to it).
    bonus: int

    @property
    def trump_mask(self) -> int:
        return self.layout.trump_mask

    def partners(self, seat: int) -> bool:
        return self.side_of[seat] == self.side_of[self.me]

    def can_hold(self, seat: int) -> int:
        """Unseen cards `seat` might hold."""
        if seat == self.me or self.hand_sizes[seat] == 0:
            return 0
        return self.unseen & ~self.excluded[seat]


def read_knowledge(view: SeatView) -> Knowledge:
    """Everything the seat to play knows about where the cards are."""
    if view.trump is None or view.seat is None:
        raise ValueError("knowledge of the cards needs a seat's view after trumps are named")
    layout = LAYOUTS[view.trump]
    me, players = view.seat, view.players
    played = 0
    excluded = [0] * players
    trumps_played = [0] * players
    tricks = [trick.cards for trick in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    for cards in tricks:
        led_block = layout.block_of_card(cards[0][1])
        for seat, card in cards:
            bit = layout.bit[card]
            played |= 1 << bit
            block = layout.block[bit]
            if block == TRUMP_BLOCK:
                trumps_played[seat] += 1
            elif led_block == TRUMP_BLOCK:
                excluded[seat] |= layout.trump_mask
            if block not in (led_block, TRUMP_BLOCK):
                excluded[seat] |= layout.block_mask[led_block]
    hand = layout.mask(view.hand)
    seen = hand | played | layout.mask(view.known_out) | layout.mask(c for _, c in view.thrown)
    for pile in (*view.discards, *view.dead):
        seen |= layout.mask(pile)
    min_trumps = tuple(
        0
        if kept is None or excluded[seat] & layout.trump_mask
        else max(0, kept - trumps_played[seat])
        for seat, kept in enumerate(view.kept_trumps)
    )
    first_trick_open = not view.tricks
    bonus = sum(layout.points[layout.bit[c]] for _, c in view.thrown) if first_trick_open else 0
    return Knowledge(
        layout=layout,
        me=me,
        players=players,
        side_of=tuple(view.side_of(seat) for seat in range(players)),
        hand=hand,
        played=played,
        unseen=FULL_MASK & ~seen,
        hand_sizes=view.hand_sizes,
        excluded=tuple(excluded),
        min_trumps=min_trumps,
        trumps_all_held=players >= 4,
        trick=tuple((seat, layout.bit[card]) for seat, card in view.trick),
        leader=view.leader if view.leader is not None else me,
        bonus=bonus,
    )
