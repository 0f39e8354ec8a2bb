"""Rule-based card play: weigh each legal card by the points it wins or gives away.

For each card the player estimates the chance that its side takes the trick once everyone after
it has played (the card's own strength, what the seats after it may still hold, a partner who may
still take it) and values the points in the trick at stake, minus what the card is worth kept
for later. Leads follow the old advice: pull trumps with the highest trump, never lead a scoring
card that can be caught, and cash the scoring cards when nobody else has a trump left. Without
the top trump, leading the highest trump that scores nothing still beats leading a plain card
(+0.9 points a deal in duplicate matches of the rule-based player against itself): it draws
the other trumps out while partner's Pedros stay hidden.
"""

from __future__ import annotations

from bot.ai.bits import TRUMP_BLOCK
from bot.ai.knowledge import Knowledge, ReadingMemo, read_knowledge
from bot.ai.trick_odds import TrickState, beats, chance_safe, chance_to_beat, trick_state
from bot.engine import Play, PlayDecision, SeatView

#: Chance that a partner's card taking the trick is not beaten by the seats after it (a rough
#: figure: they are not known when this seat plays).
_PARTNER_KEEPS = 0.8


def keep_value(k: Knowledge, bit: int) -> float:
    """What a card is worth kept for later tricks (high trumps win tricks, plain cards little)."""
    layout = k.layout
    if layout.block[bit] == TRUMP_BLOCK:
        return 0.5 + 0.1 * (bit - layout.block_base[TRUMP_BLOCK])
    return 0.02 * (bit - layout.block_base[layout.block[bit]])


def throw_cost(k: Knowledge, bit: int) -> float:
    """How much it hurts to give a card away: its points first, then what it is worth kept."""
    return 100 * k.layout.points[bit] + keep_value(k, bit)


def is_boss(k: Knowledge, bit: int) -> bool:
    """No card another player may hold is higher in this card's suit: for a trump, nothing
    beats it."""
    above = ~((1 << (bit + 1)) - 1)
    return not (k.unseen & k.layout.block_mask[k.layout.block[bit]] & above)


def others_may_hold_trumps(k: Knowledge) -> bool:
    return any(k.can_hold(seat) & k.trump_mask for seat in range(k.players) if seat != k.me)


class Weighing:
    """One seat's weighing of the cards it may play: the trick so far read once, and each
    card's value computed once however many rules ask for it (the sure take, the rules' choice
    and the play policy's facts weigh the same cards, and the play policy reads every play of a
    hand in many worlds, so the rules are asked very often)."""

    __slots__ = ("_values", "knowledge", "state")

    def __init__(self, k: Knowledge) -> None:
        self.knowledge = k
        self.state = trick_state(k)
        self._values: dict[int, float] = {}

    def value(self, bit: int) -> float:
        """The expected gain in trick points of playing `bit`, less the card's keep value."""
        value = self._values.get(bit)
        if value is None:
            k, state = self.knowledge, self.state
            chance = _chance_ours(k, state, bit)
            at_stake = state.points + k.layout.points[bit]
            value = self._values[bit] = (2 * chance - 1) * at_stake - keep_value(k, bit)
        return value


def card_values(k: Knowledge, legal: list[int]) -> dict[int, float]:
    """The expected gain in trick points, less the card's keep value, of each legal card."""
    weighing = Weighing(k)
    return {bit: weighing.value(bit) for bit in legal}


def _chance_ours(k: Knowledge, state: TrickState, bit: int) -> float:
    """Chance that this seat's side takes the trick if it plays `bit`."""
    if state.led == -1:
        led, best, winner = k.layout.block[bit], bit, k.me
    elif beats(k, bit, state.best, state.led):
        led, best, winner = state.led, bit, k.me
    else:
        led, best, winner = state.led, state.best, state.winner
    if k.partners(winner):
        return chance_safe(k, state, best, winner, led)
    chance_not = 1.0
    for seat in state.after:
        if k.partners(seat):
            chance_not *= 1.0 - chance_to_beat(k, seat, best, led)
    return (1.0 - chance_not) * _PARTNER_KEEPS


def sure_take(weighing: Weighing, legal: list[int]) -> int | None:
    """The card that takes the points of a trick for certain, or None if there is none.

    Only the last seat to play knows it takes the trick. With points in the trick and the other
    side winning it so far, taking is never wrong by much, while the open-hand search, which
    sees every card, would sometimes keep a high trump back to catch a Pedro it can only guess
    at in real play. (With no points in the trick, spending a scoring trump to win it rather
    than keeping it measured worse.)
    """
    k, state = weighing.knowledge, weighing.state
    if state.led == -1 or state.after or k.partners(state.winner):
        return None
    winners = [bit for bit in legal if beats(k, bit, state.best, state.led)]
    if not winners or not state.points:
        return None
    return max(winners, key=lambda bit: (weighing.value(bit), -throw_cost(k, bit)))


def sensible(weighing: Weighing, legal: list[int]) -> list[int]:
    """The legal cards less any Pedro thrown under the other side's winning card while another
    card of this seat would beat it.

    Such a Pedro is only saved if a partner still to play wins the trick; the open-hand search
    counts on that in every world where the partner can, which overrates the gamble.
    """
    k, state = weighing.knowledge, weighing.state
    if state.led == -1 or k.partners(state.winner):
        return legal
    winners = [bit for bit in legal if beats(k, bit, state.best, state.led)]
    if not winners:
        return legal
    pedro = max(k.layout.points)
    return [bit for bit in legal if bit in winners or k.layout.points[bit] < pedro]


def choose_card(weighing: Weighing, legal: list[int], *, careful: bool = True) -> int:
    """The rule-based choice among the legal cards (bits); `careful` adds `sure_take` and
    `sensible` (without them: the `baseline` player's choice)."""
    return preferred_cards(weighing, legal, careful=careful)[0]


def preferred_cards(weighing: Weighing, legal: list[int], *, careful: bool = True) -> list[int]:
    """The cards the rules like best, in `legal`'s order: more than one only when they weigh
    exactly the same (a Two of one plain suit or of another thrown away), and then the first
    is played. Another seat's hand order is unknown, so reading its play (`play_reading`) takes
    any of them for the rules' choice."""
    if len(legal) == 1:
        return legal
    if careful:
        take = sure_take(weighing, legal)
        if take is not None:
            return [take]
        legal = sensible(weighing, legal)
    k = weighing.knowledge
    if not k.trick:
        lead = _lead(k, legal)
        if lead is not None:
            return [lead]
    weights = {bit: (weighing.value(bit), -throw_cost(k, bit)) for bit in legal}
    best = max(weights.values())
    return [bit for bit in legal if weights[bit] == best]


def _lead(k: Knowledge, legal: list[int]) -> int | None:
    """A lead chosen by the pulling rules, or None to weigh the cards like any other play."""
    points = k.layout.points
    trumps = [bit for bit in legal if k.layout.block[bit] == TRUMP_BLOCK]
    if not trumps:
        return None
    if not others_may_hold_trumps(k):
        return max(trumps, key=lambda bit: (points[bit], bit))
    outstanding = k.unseen & k.layout.point_mask
    highest = max(trumps)
    if is_boss(k, highest) and (outstanding or any(points[bit] for bit in trumps)):
        return highest
    scoreless = [bit for bit in trumps if not points[bit]]
    return max(scoreless) if scoreless else None


def play_by_rules(
    view: SeatView,
    decision: PlayDecision,
    *,
    baseline: bool = False,
    memo: ReadingMemo | None = None,
) -> Play:
    """The rule-based card; `memo` as for `read_knowledge`."""
    knowledge = read_knowledge(view, read_play=not baseline, memo=memo)
    layout = knowledge.layout
    legal = [layout.bit[card] for card in decision.cards]
    return Play(layout.card[choose_card(Weighing(knowledge), legal, careful=not baseline)])
