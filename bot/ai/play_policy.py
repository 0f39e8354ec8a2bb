"""How likely a player was to play a card with a given hand: a small policy fitted on play.

Which card a player chose says something about its hand. The rule-based card play
(`cardplay`) weighs each legal card by the points it wins or gives away; the computer players
follow it exactly in the hand's first two cards and search afterwards, where the searched card is
most often, but not always, the one the rules like best. So the chance of each legal card is a
softmax (a conditional logit) over a few facts about it as the rules see them: whether the rules
would play it, the points the rules expect it to win less what it is worth kept, and what it is
worth kept; and four plain facts the rules' weighing leaves out, which predict the searched
cards a little better (a twentieth off the log-loss, docs/computer-players.md): whether it is a
trump, its points, whether it would take the trick so far (a lead does), and whether no card the
others may hold is higher in its suit. One weight for each fact in each phase of the hand (the
first two cards, a later lead, a later card to a trick already led).
`scripts/fit_play_policy.py` fits the weights on deals played by `normal` (whose choices are
`hard`'s in the first two cards and much like them later) and writes `play_policy.json`.

`play_reading` weighs the worlds of `hard`'s search by the chance of every play the others made
under the hands each world gives them (policy-based inference, as Rebstock, Solinas, Buro and
Sturtevant, "Policy Based Inference in Trick-Taking Card Games", IEEE CoG 2019). The weights are
stored in thousandths and the facts rounded, and the log-chances rounded to 9 decimals, so a
decision stays a pure function of the seat's view and its seed on any machine.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache

from bot.ai.bits import TRUMP_BLOCK, bits_of
from bot.ai.cardplay import Weighing, is_boss, keep_value, preferred_cards
from bot.ai.knowledge import Knowledge
from bot.ai.trick_odds import beats
from bot.engine.tricks import legal_in_hand_order
from bot.package_data import shipped

MODEL_FILE = "play_policy.json"
#: The phases of the hand with weights of their own: the first two cards of the hand (more
#: cards than this in the hands, where the computer players play by the rules), a later lead,
#: a later card to a trick already led.
RULES_CARDS = 22
PHASES = ("opening", "lead", "follow")
#: The facts about a legal card, in the order of their weights within a phase. Whether a card
#: is the lowest of its suit in the hand predicted the plays better still and played no better
#: (docs/computer-players.md, "The middle tricks' nodes again, and one more fact").
FACTS = ("rules' choice", "value", "kept", "trump", "points", "winning", "boss")
#: Values (points) beyond this are cut: a trick is worth at most the 14 points of a hand.
VALUE_CAP = 14.0
#: A card's points as a fact: a Pedro's five are 1.
POINTS_UNIT = 5
SCALE = 1000


@dataclass(frozen=True, slots=True)
class Choice:
    """The legal cards of one play and each card's facts (`FACTS`), in one phase."""

    phase: int
    cards: tuple[int, ...]
    facts: tuple[tuple[float, ...], ...]


def phase_of(k: Knowledge) -> int:
    """Which of `PHASES` the seat of `k` plays in."""
    if sum(k.hand_sizes) > RULES_CARDS:
        return 0
    return 1 if not k.trick else 2


def legal_cards(k: Knowledge, hand: int) -> list[int]:
    """The cards of `hand` (bits) that may be played to the trick of `k`."""
    layout = k.layout
    cards = [layout.card[bit] for bit in bits_of(hand)]
    led = layout.card[k.trick[0][1]] if k.trick else None
    return [layout.bit[card] for card in legal_in_hand_order(cards, led, layout.trump)]


def choice(k: Knowledge, legal: list[int]) -> Choice:
    """The facts of each legal card for the seat of `k` (its own hand in `k.hand`)."""
    weighing = Weighing(k)
    layout, state = k.layout, weighing.state
    preferred = set(preferred_cards(weighing, legal))
    facts = tuple(
        (
            1.0 if bit in preferred else 0.0,
            round(max(-VALUE_CAP, min(VALUE_CAP, weighing.value(bit))), 3),
            round(keep_value(k, bit), 3),
            1.0 if layout.block[bit] == TRUMP_BLOCK else 0.0,
            layout.points[bit] / POINTS_UNIT,
            1.0 if state.led == -1 or beats(k, bit, state.best, state.led) else 0.0,
            1.0 if is_boss(k, bit) else 0.0,
        )
        for bit in legal
    )
    return Choice(phase_of(k), tuple(legal), facts)


@dataclass(frozen=True, slots=True)
class PlayPolicy:
    """The fitted weights, in thousandths, phase after phase (`PHASES` by `FACTS`)."""

    weights: tuple[int, ...]

    def log_chance(self, played: Choice, card: int) -> float:
        """The log of the chance that a player facing `played` plays `card`."""
        base = played.phase * len(FACTS)
        weights = self.weights[base : base + len(FACTS)]
        scores = [
            sum(w * fact for w, fact in zip(weights, facts, strict=True)) / SCALE
            for facts in played.facts
        ]
        top = max(scores)
        total = sum(math.exp(score - top) for score in scores)
        mine = scores[played.cards.index(card)]
        return round(mine - top - math.log(total), 9)


@cache
def load_policy() -> PlayPolicy:
    """The shipped policy (`scripts/fit_play_policy.py` writes it)."""
    return parse_policy(shipped(__package__, MODEL_FILE).read_text(encoding="utf-8"))


def parse_policy(text: str) -> PlayPolicy:
    data = json.loads(text)
    weights = tuple(int(value) for value in data["weights"])
    if data.get("phases") != list(PHASES) or data.get("facts") != list(FACTS):
        raise ValueError("the play policy does not fit this code's phases and facts")
    if len(weights) != len(PHASES) * len(FACTS):
        raise ValueError("the play policy has the wrong number of weights")
    return PlayPolicy(weights)
