"""What one seat knows during the play of a hand, read from its `SeatView` only.

Cinch reveals a lot after the draw (docs/rules.md A6): the plain discards are face up, each
non-dealer's number of kept trumps is public, surplus trumps are shown, and with four players the
dealer robs every trump left in the pack, so no unseen trump is out of play. Play adds voids: a
player who does not follow a trump lead has no trumps; one who plays another plain suit on a
plain lead has none of the suit led (trumping is optional, so a trump says nothing).

How the others played says more, read as a sound player would have played (a rare mistake
only costs some worlds' weight, since the sampler drops these inferences when no deal fits):
- the last seat to a trick already holding points that the other side won holds nothing that
  beats the winning card, or it would have taken the points;
- with partners (four players), a seat that opens the hand with a trump scoring nothing while a
  higher one is still out does not hold the highest trump left, or it would have led it to pull
  trumps (only the opening lead, which `normal` and `hard` make by the rules: their later leads
  are searched, and a searched lead may keep the top trump back);
- a seat whose partner's card was sure to win a trump trick and that played no Pedro to it
  holds no Pedro, or it would have dropped it there.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.ai.bits import LAYOUTS, TRUMP_BLOCK, BitLayout
from bot.engine import Card, SeatView
from bot.engine.seating import seat_sides

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


def read_knowledge(
    view: SeatView, *, read_play: bool = True, memo: ReadingMemo | None = None
) -> Knowledge:
    """Everything the seat to play knows about where the cards are; without `read_play`, only
    the voids shown and the trumps counted (the `baseline` player's reading). With a `memo`
    kept across the views of one hand in play order, each completed trick is read only once."""
    if view.trump is None or view.seat is None:
        raise ValueError("knowledge of the cards needs a seat's view after trumps are named")
    layout = LAYOUTS[view.trump]
    me, players = view.seat, view.players
    side_of = seat_sides(view.sides)
    memo = memo or ReadingMemo()
    gone = memo.out_of_play(view, layout)
    reading = memo.completed(view, _Reading(layout, side_of, gone, read_play))
    if view.trick:
        reading.read(view.trick, complete=False)
    hand = layout.mask(view.hand)
    seen = hand | reading.played | gone
    min_trumps = tuple(
        0
        if kept is None or reading.excluded[seat] & layout.trump_mask
        else max(0, kept - reading.trumps_played[seat])
        for seat, kept in enumerate(view.kept_trumps)
    )
    first_trick_open = not view.tricks
    bonus = sum(layout.points[layout.bit[c]] for _, c in view.thrown) if first_trick_open else 0
    return Knowledge(
        layout=layout,
        me=me,
        players=players,
        side_of=side_of,
        hand=hand,
        played=reading.played,
        unseen=FULL_MASK & ~seen,
        hand_sizes=view.hand_sizes,
        excluded=tuple(reading.excluded),
        min_trumps=min_trumps,
        trumps_all_held=players >= 4,
        trick=tuple((seat, layout.bit[card]) for seat, card in view.trick),
        leader=view.leader if view.leader is not None else me,
        bonus=bonus,
    )


class ReadingMemo:
    """The reading of the completed tricks, kept while one hand is played out card by card (the
    playouts' rule-based players): every view then reads only the tricks completed since the
    last view that started from the same cards out of play, instead of the whole hand again.
    A reading depends on those cards and the tricks, not on the seat reading them, so when every
    seat sees the same cards out of play (discards face up, the default) each trick is read once
    for all the seats. Each seat's cards out of play are kept too (`out_of_play`)."""

    __slots__ = ("_by_start", "_out_of_play")

    def __init__(self) -> None:
        self._by_start: dict[tuple[object, ...], tuple[int, _Reading]] = {}
        self._out_of_play: dict[int, int] = {}

    def out_of_play(self, view: SeatView, layout: BitLayout) -> int:
        """The cards `view`'s seat sees out of play (discarded, set aside, thrown), read once
        for each seat: they are settled when the draw ends, before the first card is played, and
        a memo reads the play of one hand."""
        seat = view.seat
        assert seat is not None
        gone = self._out_of_play.get(seat)
        if gone is None:
            gone = self._out_of_play[seat] = _out_of_play(view, layout)
        return gone

    def completed(self, view: SeatView, fresh: _Reading) -> _Reading:
        """A reading of `view`'s completed tricks that the caller may go on with: `fresh`
        brought up to date, or a copy of an earlier reading from the same start carried on."""
        start = fresh.start()
        count, reading = self._by_start.get(start, (0, fresh))
        if count > len(view.tricks):
            count, reading = 0, fresh
        for trick in view.tricks[count:]:
            reading.read(trick.cards, complete=True)
        self._by_start[start] = (len(view.tricks), reading)
        return reading.copy()


def _out_of_play(view: SeatView, layout: BitLayout) -> int:
    """The cards `view`'s seat sees out of play: the discards it may see, the cards set aside
    or thrown face up at the draw, and those it put out of play face down itself."""
    gone = layout.mask(view.known_out) | layout.mask(c for _, c in view.thrown)
    for pile in (*view.discards, *view.dead):
        if pile:
            gone |= layout.mask(pile)
    return gone


class _Reading:
    """What the tricks read so far say: the cards played, each seat's exclusions and trumps
    played."""

    __slots__ = ("excluded", "gone", "layout", "played", "read_play", "side_of", "trumps_played")

    def __init__(
        self, layout: BitLayout, side_of: tuple[int, ...], gone: int, read_play: bool
    ) -> None:
        self.layout, self.side_of, self.gone, self.read_play = layout, side_of, gone, read_play
        self.played = 0
        self.excluded = [0] * len(side_of)
        self.trumps_played = [0] * len(side_of)

    def start(self) -> tuple[object, ...]:
        """What the reading starts from: the cards out of play and how it reads."""
        return (self.layout.trump, self.gone, self.read_play, self.side_of)

    def copy(self) -> _Reading:
        twin = _Reading(self.layout, self.side_of, self.gone, self.read_play)
        twin.played = self.played
        twin.excluded = list(self.excluded)
        twin.trumps_played = list(self.trumps_played)
        return twin

    def read(self, cards: tuple[tuple[int, Card], ...], *, complete: bool) -> None:
        """Read one trick's cards in order (`complete`: the whole trick, won)."""
        layout, excluded = self.layout, self.excluded
        trick = _TrickSoFar(layout, cards)
        for seat, card in cards:
            bit = layout.bit[card]
            block = layout.block[bit]
            if block == TRUMP_BLOCK:
                if self.read_play:
                    _read_trump(
                        layout,
                        excluded,
                        self.played | self.gone,
                        trick,
                        seat,
                        bit,
                        self.side_of,
                        opening=not self.played,
                    )
                self.trumps_played[seat] += 1
            elif trick.led_block == TRUMP_BLOCK:
                excluded[seat] |= layout.trump_mask
            self.played |= 1 << bit
            if block not in (trick.led_block, TRUMP_BLOCK):
                excluded[seat] |= layout.block_mask[trick.led_block]
            trick.add(seat, bit, block)
        if complete and self.read_play:
            _read_last_seat(layout, excluded, trick, self.side_of)


def _above(bit: int) -> int:
    return ~((1 << (bit + 1)) - 1)


def _pedros(layout: BitLayout) -> int:
    """The two Pedros, the scoring cards worth most."""
    top = max(layout.points)
    return sum(1 << bit for bit, value in enumerate(layout.points) if value == top)


#: The Pedros of each trump suit's layout.
_PEDROS = {trump: _pedros(layout) for trump, layout in LAYOUTS.items()}
#: Points of a Pedro, the most any card scores.
_PEDRO_POINTS = max(next(iter(LAYOUTS.values())).points)


class _TrickSoFar:
    """The cards of one trick as they are read in order: which is winning, and by whom."""

    __slots__ = ("best", "cards", "count", "last_bit", "last_seat", "led_block", "winner")

    def __init__(self, layout: BitLayout, cards: tuple[tuple[int, Card], ...]) -> None:
        #: The whole trick's cards, read or not.
        self.cards = layout.mask(card for _, card in cards)
        self.led_block = layout.block_of_card(cards[0][1])
        self.best = -1
        self.winner = -1
        self.count = 0
        self.last_seat = -1
        self.last_bit = -1

    def add(self, seat: int, bit: int, block: int) -> None:
        if self.best == -1 or (block in (self.led_block, TRUMP_BLOCK) and bit > self.best):
            self.best, self.winner = bit, seat
        self.count += 1
        self.last_seat, self.last_bit = seat, bit


def _read_trump(
    layout: BitLayout,
    excluded: list[int],
    played: int,
    trick: _TrickSoFar,
    seat: int,
    bit: int,
    side_of: tuple[int, ...],
    *,
    opening: bool,
) -> None:
    """What `seat`'s trump `bit`, the next card of `trick`, says about its other trumps;
    `played` holds the cards played before it or seen out of play, `opening` whether `trick` is
    the hand's first."""
    out = layout.trump_mask & ~played & ~(1 << bit)
    if trick.count == 0:
        if layout.points[bit] or len(side_of) < 4 or not opening:
            return  # cashing a scoring trump says nothing; nor does a lead with no partner or a
            # later lead, which may be searched
        higher = out & _above(bit)
        if higher:
            excluded[seat] |= 1 << (higher.bit_length() - 1)
        return
    if trick.led_block != TRUMP_BLOCK or layout.points[bit] == _PEDRO_POINTS:
        return
    # `out` holds the cards the seat could not see played yet, those played later in the trick
    # included: a card that took the trick after it was still out when it played.
    best = trick.best
    if side_of[trick.winner] == side_of[seat] and not (out & _above(best)):
        excluded[seat] |= _PEDROS[layout.trump]


def _read_last_seat(
    layout: BitLayout, excluded: list[int], trick: _TrickSoFar, side_of: tuple[int, ...]
) -> None:
    """The last seat to a completed trick that held points before it played, won by the other
    side, could not beat the winning card."""
    if side_of[trick.winner] == side_of[trick.last_seat]:
        return
    if not trick.cards & ~(1 << trick.last_bit) & layout.point_mask:
        return
    above = _above(trick.best)
    beaters = layout.trump_mask & above
    if layout.block[trick.best] != TRUMP_BLOCK:
        beaters |= layout.block_mask[trick.led_block] & above
    excluded[trick.last_seat] |= beaters
