"""Exact open-hand ("double-dummy") values of the rest of a hand, over bitmask hands.

The value of a position is the number of points the maximising side will still capture when
everybody plays perfectly knowing every card (what each card scores for the trick's winner is the
fixed scoring cards' points, or the hand's own under house rules, see `Solver`). Sampling the
hidden hands and averaging these exact values over the samples (PIMC) is how the `hard` level
plays.

Search: alpha-beta over single card plays, a transposition table at trick boundaries holding
bounds, zero-point cards that no other live card separates searched once, moves ordered so the
likely best come first, and an early stop when the points left cannot change the outcome. With
three sides the other two are assumed to play against the maximising one.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai.bits import TRUMP_BLOCK, BitLayout
from bot.engine.cards import FULL_DECK

_UNSET = -1
#: Nodes searched between checks of the node limit.
_CHECK_EVERY = 128


class SearchTimeout(Exception):
    """The node limit was reached before the search finished."""


#: Distinct moves in order, per trump layout and card points, keyed by what decides them (shared
#: by all worlds). A key is one int and its moves one `bytes` (a bit a byte): 108 bytes an entry
#: with its place in the dict, where a tuple of four ints and a list of ints took 248.
_MOVE_CACHES: dict[tuple[int, tuple[int, ...]], dict[int, bytes]] = {}
#: Bits of each card mask in a move key (a bit a card of the deck).
_MASK_BITS = len(FULL_DECK)
#: Bits below a move key's masks: the relation to the winning card, or past it that card.
_RELATION_BITS = 6
#: Entries a layout's cache may hold before a new solver starts it afresh. A decision worker
#: reviewing hands fills the four trump layouts' caches: at 100,000 they held 280,000 entries and
#: the worker 147 MB after 80 reviews, at 20,000 it held 87 MB, reviews and `hard`'s decisions
#: as quick; at 10,000 a review took 1.08 of the time, for the bot with 1,000 busy tables to stay
#: within 300 MB with its reviewing worker (`docs/benchmarks.md`, "Spared memory for tables of
#: their own people"; those figures were taken with the larger entries of before).
_MOVE_CACHE_LIMIT = 10_000


def _move_cache(layout: BitLayout, points: tuple[int, ...]) -> dict[int, bytes]:
    cache = _MOVE_CACHES.setdefault((id(layout), points), {})
    if len(cache) > _MOVE_CACHE_LIMIT:
        cache.clear()
    return cache


def _position_key(hands: list[int], leader: int) -> int:
    """A position at a trick boundary as one int, the leader above each hand's bits: 52 bytes
    at four seats where a tuple of the hands and the leader took 232, in transposition tables
    of up to some 20,000 positions a hand's review (and quicker to hash)."""
    key = leader
    for hand in hands:
        key = key << _MASK_BITS | hand
    return key


class Solver:
    """Solves positions of one deal's play for one maximising side; reuse it within one world."""

    def __init__(
        self,
        layout: BitLayout,
        side_of: Sequence[int],
        max_side: int,
        node_limit: int | None = None,
        *,
        points: Sequence[int] | None = None,
    ) -> None:
        """The search gives up (`SearchTimeout`) after `node_limit` nodes: a count, never a
        clock, so a search stops at the same point on any machine.

        `points` gives what each card (by bit) scores for the side winning the trick it falls
        in, when house rules make that differ from the fixed scoring cards (`layout.points`):
        High and Low in play, Low scored for its holder. Every scoring card must be a trump.
        """
        self.layout = layout
        self.points = layout.points if points is None else tuple(points)
        self.node_limit = node_limit
        self.players = len(side_of)
        self.maximising = tuple(side == max_side for side in side_of)
        #: Bounds on positions' values at trick boundaries, by `_position_key`.
        self.table: dict[int, tuple[int, int]] = {}
        self._move_cache = _move_cache(layout, self.points)
        self._full_orders = [
            [(leader + step) % self.players for step in range(self.players)]
            for leader in range(self.players)
        ]
        self.nodes = 0
        self._block = layout.block
        self._block_mask = layout.block_mask
        self._trump_mask = layout.trump_mask
        self._our_seats = tuple(seat for seat, ours in enumerate(self.maximising) if ours)
        self._their_seats = tuple(seat for seat, ours in enumerate(self.maximising) if not ours)
        self._bounds_cache: dict[tuple[int, int], tuple[int, int]] = {}
        self._point_bits = [(1 << bit, value) for bit, value in enumerate(self.points) if value]

    # ------------------------------------------------------------------ public

    def move_values(
        self,
        hands: Sequence[int],
        trick: Sequence[tuple[int, int]],
        leader: int,
        bonus: int = 0,
        *,
        judged: int | None = None,
        value: int | None = None,
    ) -> dict[int, int]:
        """Exact value of each legal move (by bit) of the seat to play next.

        `trick` holds the (seat, bit) cards already in the current trick, `leader` is the seat
        that led it (or leads it, if empty) and `bonus` counts points going to this trick's winner
        besides its cards (cards thrown to the first trick).

        With `judged` (a legal move), only that move and the moves that may be better for the
        seat to play (worth more to the maximising side if the seat is on it, less otherwise)
        are valued: each other move is first tested with a null window against the judged
        move's value, then against the best found, which costs far less than finding its
        value. A best move (with its equivalent cards) is always among those returned, which
        is the hand review's question; another move only as good is not looked for, since
        proving that it equals the best costs as much as the whole rest of the search.
        With the position's exact `value` known as well, one null window tells whether the
        judged move keeps it; if so it is the best, and nothing else is searched. If not, the
        best is worth `value`: the judged move's own value is closed in from the bound that
        window gave, and the other moves, the likely best first, are tested with the same
        window until one keeps it; it alone is returned besides the judged move (the same best
        the search without `value` names: the first in that order of the best value).
        """
        position = self._position(hands, trick, leader, bonus)
        hands, _, _, seat, led, best_seat, best_bit, pts = position
        total = pts + self.points_left(hands)
        groups = self._root_moves(hands, seat, led, best_bit)
        values: dict[int, int] = {}
        floor = -1
        maximising = self.maximising[seat]
        if judged is not None:
            bit, twins = next(group for group in groups if judged in group[1])
            # The likely best first (the search's own order): the sooner the best is found,
            # the fewer other moves pass the test against it.
            likely = self._moves(hands, seat, led, best_seat, best_bit)
            rank = {bit: place for place, bit in enumerate(likely)}
            groups = sorted(
                (group for group in groups if judged not in group[1]),
                key=lambda group: min(rank.get(bit, len(rank)) for bit in group[1]),
            )
            if value is not None:
                alpha = value - 1 if maximising else value
                test = self._after(*position[:4], bit, *position[4:], alpha, alpha + 1)
                if (test >= value) if maximising else (test <= value):
                    return dict.fromkeys(twins, value)
                # The test failed: `test` bounds the judged move's value from the side of
                # `value`.
                lower, upper = (0, test) if maximising else (test, total)
                values = dict.fromkeys(twins, self._value(position, bit, lower, upper, test))
                for other, others in groups:
                    test = self._after(*position[:4], other, *position[4:], alpha, alpha + 1)
                    if (test >= value) if maximising else (test <= value):
                        values.update(dict.fromkeys(others, value))
                        return values
                raise ValueError(f"no move keeps the value {value}")
            floor = self._value(position, bit, 0, total, total // 2)
            values.update(dict.fromkeys(twins, floor))
        guess = total // 2
        # Judging, a move is valued only if it is strictly better than the judged one and than
        # the best found so far.
        bar = floor + 1 if maximising else floor - 1
        for bit, twins in groups:
            lower, upper = 0, total
            if judged is not None:
                alpha = bar - 1 if maximising else bar
                test = self._after(*position[:4], bit, *position[4:], alpha, alpha + 1)
                if (test < bar) if maximising else (test > bar):
                    continue
                guess = test
                lower, upper = (test, total) if maximising else (0, test)
            guess = self._value(position, bit, lower, upper, guess)
            values.update(dict.fromkeys(twins, guess))
            bar = max(bar, guess + 1) if maximising else min(bar, guess - 1)
        return values

    def move_groups(
        self, hands: Sequence[int], trick: Sequence[tuple[int, int]], leader: int, bonus: int = 0
    ) -> list[list[int]]:
        """The legal moves (by bit) of the seat to play next, in runs of equivalent cards that
        always share a value (neither scores, same suit, no live card between them)."""
        hands, _, _, seat, led, _, best_bit, _ = self._position(hands, trick, leader, bonus)
        return [twins for _, twins in self._root_moves(hands, seat, led, best_bit)]

    def best_move(
        self,
        hands: Sequence[int],
        trick: Sequence[tuple[int, int]],
        leader: int,
        bonus: int,
        value: int,
    ) -> int:
        """A move (by bit) of the seat to play that keeps the position's exact `value`: each
        legal move, the likely best first, is tested with one null window until one does."""
        position = self._position(hands, trick, leader, bonus)
        hands, _, _, seat, led, best_seat, best_bit, _ = position
        for bit in self._moves(hands, seat, led, best_seat, best_bit):
            if self.maximising[seat]:
                if self._after(*position[:4], bit, *position[4:], value - 1, value) >= value:
                    return bit
            elif self._after(*position[:4], bit, *position[4:], value, value + 1) <= value:
                return bit
        raise ValueError(f"no move keeps the value {value}")

    def line(
        self,
        hands: Sequence[int],
        trick: Sequence[tuple[int, int]],
        leader: int,
        bonus: int,
        value: int,
    ) -> list[tuple[int, list[tuple[int, int]]]]:
        """One perfect continuation of a position whose exact value is `value`: the tricks to
        the end of the hand, each as its winner and its (seat, bit) cards, the current trick
        first (with the cards already in it)."""
        hands, trick = list(hands), list(trick)
        tricks: list[tuple[int, list[tuple[int, int]]]] = []
        while any(hands) or trick:
            order = self._order(hands, leader, trick)
            if len(trick) < len(order):
                bit = self.best_move(hands, trick, leader, bonus, value)
                seat = order[len(trick)]
                hands[seat] ^= 1 << bit
                trick.append((seat, bit))
                continue
            _, winner, _, points = self._trick_state(trick, bonus)
            if self.maximising[winner]:
                value -= points
            tricks.append((winner, trick))
            leader, trick, bonus = winner, [], 0
        return tricks

    def _position(
        self, hands: Sequence[int], trick: Sequence[tuple[int, int]], leader: int, bonus: int
    ) -> tuple[list[int], list[int], int, int, int, int, int, int]:
        """The search's view of a position: hands, the seats playing to the trick, how many
        have played, the seat to play, the suit led, who is winning with which card, and the
        points in the trick (with `bonus`)."""
        hands = list(hands)
        order = self._order(hands, leader, trick)
        if len(order) <= len(trick):
            raise ValueError("nobody is left to play to this trick")
        led, best_seat, best_bit, pts = self._trick_state(trick, bonus)
        index = len(trick)
        return (hands, order, index, order[index], led, best_seat, best_bit, pts)

    def _trick_state(
        self, trick: Sequence[tuple[int, int]], bonus: int
    ) -> tuple[int, int, int, int]:
        """The suit led, the seat winning so far and its card, and the points at stake."""
        led, best_seat, best_bit, pts = _UNSET, _UNSET, _UNSET, bonus
        for seat, bit in trick:
            if led == _UNSET:
                led, best_seat, best_bit = self._block[bit], seat, bit
            elif self._beats(bit, best_bit, led):
                best_seat, best_bit = seat, bit
            pts += self.points[bit]
        return led, best_seat, best_bit, pts

    def _value(
        self,
        position: tuple[list[int], list[int], int, int, int, int, int, int],
        bit: int,
        lower: int,
        upper: int,
        guess: int,
    ) -> int:
        """The exact value of playing `bit` (known to lie in [lower, upper]), by null-window
        searches closing in from `guess` (MTD(f))."""
        hands, order, index, seat, led, best_seat, best_bit, pts = position
        while lower < upper:
            beta = max(guess, lower + 1)
            guess = self._after(
                hands, order, index, seat, bit, led, best_seat, best_bit, pts, beta - 1, beta
            )
            if guess < beta:
                upper = guess
            else:
                lower = guess
        return guess

    # ------------------------------------------------------------------ search

    def _check_limit(self) -> None:
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchTimeout

    def _order(
        self, hands: list[int], leader: int, trick: Sequence[tuple[int, int]] = ()
    ) -> list[int]:
        """Seats playing to the trick led by `leader`: those who played its cards so far
        (`trick`), then every other seat still holding cards, clockwise from `leader`.

        As in the engine, a seat with no cards left (hands are uneven when the stock ran short,
        B-11) is skipped, and when it won the last trick the next seat holding cards leads.
        """
        seats = self._full_orders[leader]
        if all(hands):
            return seats
        played = [seat for seat, _ in trick]
        return played + [seat for seat in seats if hands[seat] and seat not in played]

    def _beats(self, bit: int, best_bit: int, led: int) -> bool:
        block = self._block[bit]
        return block in (TRUMP_BLOCK, led) and bit > best_bit

    def points_left(self, hands: Sequence[int]) -> int:
        """Points still in the hands."""
        union = 0
        for hand in hands:
            union |= hand
        return self._points_in(union)

    def _points_in(self, cards: int) -> int:
        return sum(value for mask, value in self._point_bits if cards & mask)

    def _legal(self, hand: int, led: int) -> int:
        if led == _UNSET:
            return hand
        follow = hand & self._block_mask[led]
        if not follow:
            return hand
        if led == TRUMP_BLOCK:
            return follow
        return follow | (hand & self._trump_mask)

    def _root_moves(
        self, hands: list[int], seat: int, led: int, best_bit: int
    ) -> list[tuple[int, list[int]]]:
        """Distinct moves, each with the equivalent cards that share its value."""
        live = 0
        for other, hand in enumerate(hands):
            if other != seat:
                live |= hand
        if best_bit != _UNSET:
            live |= 1 << best_bit
        return self._groups(self._legal(hands[seat], led), live)

    def _groups(self, legal: int, live: int) -> list[tuple[int, list[int]]]:
        """The legal cards in runs of equivalent ones, lowest first.

        Two cards are equivalent when neither scores, they are of the same suit and no live card
        (another hand's, or the one winning the trick) lies between them.
        """
        points, block = self.points, self._block
        groups: list[tuple[int, list[int]]] = []
        previous = _UNSET
        # The bits are walked inline rather than through `bits.bits_of`: this runs at every node
        # of the search, and the intermediate list costs about a third more here.
        while legal:
            low = legal & -legal
            bit = low.bit_length() - 1
            legal ^= low
            if (
                previous != _UNSET
                and not points[previous]
                and not points[bit]
                and block[previous] == block[bit]
                and not live & ((1 << bit) - (1 << (previous + 1)))
            ):
                groups[-1][1].append(bit)
            else:
                groups.append((bit, [bit]))
            previous = bit
        return groups

    def _moves(self, hands: list[int], seat: int, led: int, best_seat: int, best_bit: int) -> bytes:
        """Legal distinct moves of `seat` (a bit a byte), the likely best first (cached: they
        recur a lot)."""
        legal = self._legal(hands[seat], led)
        if legal & (legal - 1) == 0:
            return bytes((legal.bit_length() - 1,))
        live = (hands[0] | hands[1] | hands[-1] | hands[self.players // 2]) & ~hands[seat]
        if best_bit == _UNSET:
            relation = 0
        else:
            live |= 1 << best_bit
            relation = 1 if self.maximising[best_seat] == self.maximising[seat] else 2
        # The order depends only on the live cards lying between the lowest and the highest
        # legal card (those that may separate two of them), and on the winning card itself
        # only when an opponent's: the key holds no more, so that positions differing
        # elsewhere share it (the same orders, found in the cache far more often).
        live &= (1 << legal.bit_length()) - (legal & -legal)
        relation_bits = best_bit + 2 if relation == 2 else relation
        key = (legal << _MASK_BITS | live) << _RELATION_BITS | relation_bits
        moves = self._move_cache.get(key)
        if moves is None:
            moves = bytes(self._order_moves(legal, live, best_bit, relation))
            self._move_cache[key] = moves
        return moves

    def _order_moves(self, legal: int, live: int, best_bit: int, relation: int) -> list[int]:
        """One card per equivalent run, ordered by `relation` to the card winning the trick:
        0 leading (highest first), 1 partner winning, 2 opponent winning."""
        points, block = self.points, self._block
        distinct = [bit for bit, _ in self._groups(legal, live)]
        if relation == 0:
            distinct.reverse()
            return distinct
        if relation == 1:
            # Partner winning: give points first, then the cheapest cards.
            distinct.sort(key=lambda b: -points[b] * 64 + b)
            return distinct
        led_block = block[best_bit]
        winners = []
        losers = []
        for b in distinct:
            if b > best_bit and block[b] in (TRUMP_BLOCK, led_block):
                winners.append(b)
            else:
                losers.append(b)
        losers.sort(key=lambda b: points[b] * 64 + b)
        return winners + losers

    def _after(
        self,
        hands: list[int],
        order: list[int],
        index: int,
        seat: int,
        bit: int,
        led: int,
        best_seat: int,
        best_bit: int,
        pts: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Value after `seat` plays `bit` as the `index`-th card of the trick."""
        self.nodes += 1
        if not self.nodes % _CHECK_EVERY:
            self._check_limit()
        block = self._block[bit]
        if led == _UNSET:
            led, best_seat, best_bit = block, seat, bit
        elif bit > best_bit and block in (led, TRUMP_BLOCK):
            # `_beats`, written out: this runs at every node of the search.
            best_seat, best_bit = seat, bit
        pts += self.points[bit]
        hands[seat] ^= 1 << bit
        if index + 1 == len(order):
            gain = pts if self.maximising[best_seat] else 0
            value = gain + self._trick(hands, best_seat, alpha - gain, beta - gain)
        else:
            value = self._play(hands, order, index + 1, led, best_seat, best_bit, pts, alpha, beta)
        hands[seat] ^= 1 << bit
        return value

    def _play(
        self,
        hands: list[int],
        order: list[int],
        index: int,
        led: int,
        best_seat: int,
        best_bit: int,
        pts: int,
        alpha: int,
        beta: int,
    ) -> int:
        seat = order[index]
        moves = self._moves(hands, seat, led, best_seat, best_bit)
        after = self._after
        if self.maximising[seat]:
            best = -1
            for bit in moves:
                value = after(
                    hands, order, index, seat, bit, led, best_seat, best_bit, pts, alpha, beta
                )
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            return best
        best = 1 << 20
        for bit in moves:
            value = after(
                hands, order, index, seat, bit, led, best_seat, best_bit, pts, alpha, beta
            )
            if value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best

    def _trick(self, hands: list[int], leader: int, alpha: int, beta: int) -> int:
        """Value of the tricks still to play, `leader` leading the next one."""
        ours = theirs = 0
        for seat in self._our_seats:
            ours |= hands[seat]
        for seat in self._their_seats:
            theirs |= hands[seat]
        trumps = self._trump_mask
        ours &= trumps
        theirs &= trumps
        bounds = self._bounds_cache.get((ours, theirs)) or self._bounds(ours, theirs)
        lower, upper = bounds
        if alpha >= upper or lower == upper:
            return upper
        if beta <= lower:
            return lower
        key = _position_key(hands, leader)
        stored = self.table.get(key)
        if stored is not None:
            lower, upper = stored
            if lower >= beta or lower == upper:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        order = self._order(hands, leader)
        value = self._play(hands, order, 0, _UNSET, _UNSET, _UNSET, 0, alpha, beta)
        if value <= alpha:
            upper = min(upper, value)
        elif value >= beta:
            lower = max(lower, value)
        else:
            lower = upper = value
        self.table[key] = (lower, upper)
        return value

    def _bounds(self, ours: int, theirs: int) -> tuple[int, int]:
        """Bounds on the maximising side's points, from the trumps each side holds.

        All scoring cards are trumps. The highest trump left wins whatever trick it falls in,
        and so does each next one while the same side holds every trump above it: their points
        are that side's for sure.
        """
        key = (ours, theirs)
        bounds = self._bounds_cache.get(key)
        if bounds is not None:
            return bounds
        trumps = ours | theirs
        remaining = self._points_in(trumps)
        sure = 0
        ours_on_top = False
        if trumps:
            top = 1 << (trumps.bit_length() - 1)
            ours_on_top = bool(ours & top)
            holder = ours if ours_on_top else theirs
            while trumps and holder & top:
                sure += self.points[top.bit_length() - 1]
                trumps ^= top
                top = 1 << (trumps.bit_length() - 1) if trumps else 0
        bounds = (sure, remaining) if ours_on_top else (0, remaining - sure)
        self._bounds_cache[key] = bounds
        return bounds
