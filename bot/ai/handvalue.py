"""What a hand is worth as maker: the distribution of the points its side takes, by lookup.

The distributions come from `bot/ai/bid_table.json`, built by `scripts/ai_bid_table.py`, which
plays many deals out with the rule-based players, each seat in turn making each suit trumps, and
counts the maker's side's points by a few features of the maker's nine cards: seat relative to
the dealer (the dealer robs the pack), trump length, which of the Ace, King and Queen are held,
how many Pedros, how many of the Jack, Ten and Two. Sparse cells fall back on coarser keys.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from bot.ai.utility import GAME_VALUE
from bot.engine import Card, HouseRules, Suit
from bot.engine.scoring import score_hand, score_individual
from bot.engine.trumps import TOTAL_POINTS, TRUMP_TABLES
from bot.package_data import shipped

TABLE_PATH = shipped(__package__, "bid_table.json")
#: Samples a cell needs before its own distribution is trusted over a coarser one.
MIN_SAMPLES = 40
_ACE, _KING, _QUEEN = 14, 13, 12
_SMALL_POINTS = (11, 10, 2)


@dataclass(frozen=True, slots=True)
class PointsDistribution:
    """Chances of the maker's side taking 0..14 points, and the others' mean share of the rest."""

    chances: tuple[float, ...]
    #: Mean points taken by everybody else as a share of those the maker's side did not take.
    others_share: float

    @property
    def mean(self) -> float:
        return sum(points * chance for points, chance in enumerate(self.chances))


def weakened(distribution: PointsDistribution, points: float) -> PointsDistribution:
    """The distribution with the maker's side taking `points` fewer (a fraction of a point as
    that chance of one point fewer, never below 0): the same hands against a stronger defence
    than the one that played the deals out."""
    if points <= 0:
        return distribution
    whole = int(points)
    part = points - whole
    chances = [0.0] * len(distribution.chances)
    for taken, chance in enumerate(distribution.chances):
        chances[max(0, taken - whole)] += chance * (1.0 - part)
        chances[max(0, taken - whole - 1)] += chance * part
    return PointsDistribution(tuple(chances), distribution.others_share)


def feature_keys(hand: Iterable[Card], trump: Suit, position: int) -> tuple[str, ...]:
    """Keys from the most detailed to the coarsest for this hand with `trump` named."""
    table = TRUMP_TABLES[trump]
    trumps = [card for card in hand if table.strength[card]]
    ranks = {card.rank for card in trumps if card.suit is trump}
    length = min(len(trumps), 7)
    pedros = sum(1 for card in trumps if table.points[card] == 5)
    top = "".join("1" if rank in ranks else "0" for rank in (_ACE, _KING, _QUEEN))
    small = min(2, sum(1 for rank in _SMALL_POINTS if rank in ranks))
    base = f"r{position} n{length}"
    return (
        f"{base} t{top} p{pedros} s{small}",
        f"{base} t{top} p{pedros}",
        f"{base} a{top[0]} p{pedros}",
        base,
        f"n{length}",
    )


def position_of(seat: int, dealer: int, players: int) -> int:
    """0 for the first to bid (left of the dealer) up to players - 1 for the dealer."""
    return (seat - dealer - 1) % players


class BidTable:
    """Points distributions per feature cell and player count, and the chances of an overbid."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        #: Distributions already looked up, by feature keys and player count: the playouts ask
        #: for the same few cells many thousand times a decision.
        self._looked_up: dict[tuple[tuple[str, ...], int], PointsDistribution] = {}

    def _players_key(self, players: int) -> str:
        return str(players) if str(players) in self.data["cells"] else "4"

    def distribution(
        self, hand: Iterable[Card], trump: Suit, position: int, players: int
    ) -> PointsDistribution:
        """The points the maker's side can expect with this hand and trump suit."""
        keys = feature_keys(hand, trump, position)
        known = self._looked_up.get((keys, players))
        if known is not None:
            return known
        cells = self.data["cells"][self._players_key(players)]
        found = [cells[key] for key in keys if key in cells]
        if not found:
            raise ValueError("the bid table has no cell for this hand")
        cell = next((cell for cell in found if sum(cell[:-1]) >= MIN_SAMPLES), found[-1])
        counts, share = cell[:-1], cell[-1]
        total = sum(counts)
        distribution = PointsDistribution(tuple(count / total for count in counts), share)
        self._looked_up[keys, players] = distribution
        return distribution

    def overbid_chances(self, players: int) -> tuple[float, ...]:
        """Chance that one other player's hand is worth a bid of at least 0..15 (15: never)."""
        return (*self.data["overbid"][self._players_key(players)], 0.0)


@cache
def bid_table(path: Path = TABLE_PATH) -> BidTable:
    """The shipped table, read once per process."""
    with path.open(encoding="utf-8") as handle:
        return BidTable(json.load(handle))


def maker_net(
    rules: HouseRules,
    sides: int,
    contract: int,
    points: int,
    others_share: float,
    scores: tuple[int, int] | None = None,
) -> float:
    """The maker side's score change minus the others' (their mean) when it takes `points`.

    With `scores` (the maker's side's, then the other side's) a hand that ends the game also
    counts `GAME_VALUE` for the winner.
    """
    others = (TOTAL_POINTS - points) * others_share
    if sides == 2:
        mine, theirs = score_hand(contract, points, others, rules)
        net = mine - theirs
        if scores is not None:
            if scores[0] + mine >= rules.target_score:
                net += GAME_VALUE
            elif scores[1] + theirs >= rules.target_score:
                net -= GAME_VALUE
        return net
    each = others / (sides - 1)
    changes = score_individual(contract, 0, [points] + [each] * (sides - 1))
    return changes[0] - sum(changes[1:]) / (sides - 1)


@lru_cache(maxsize=1 << 14)
def contract_value(
    distribution: PointsDistribution,
    contract: int,
    rules: HouseRules,
    sides: int,
    scores: tuple[int, int] | None = None,
) -> float:
    """Expected net score change of making trumps at `contract` with this distribution (kept
    for the many hands of a decision's sampled deals that share a distribution)."""
    return sum(
        chance * maker_net(rules, sides, contract, points, distribution.others_share, scores)
        for points, chance in enumerate(distribution.chances)
        if chance
    )
