"""Build `bot/ai/bid_table.json`: what a hand is worth as maker, measured by playing deals out.

For each random deal every seat in turn is made the maker (it bids the minimum, the others pass)
with each suit as trumps, and the hand is played to the end by the rule-based players (`normal`).
The maker's side's points are counted per feature cell of the maker's nine cards (see
`bot/ai/handvalue.py`). Then the chance that a hand is worth outbidding a contract is read off
random hands valued with the new table. Deterministic from `--seed`; uses every core by default.

Run from the repository root: python scripts/ai_bid_table.py --deals 12000
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import time
from collections import defaultdict

from bot.ai.bidding import Seat, hand_worth, table_values
from bot.ai.handvalue import TABLE_PATH, BidTable, feature_keys, position_of
from bot.ai.normal import decide_normal
from bot.engine import FULL_DECK, Bid, Game, HandScored, HouseRules, NameTrump, Pass, Phase, Suit
from bot.engine.rules import MAX_BID
from bot.engine.trumps import TOTAL_POINTS

PLAYER_COUNTS = (2, 3, 4)


def play_as_maker(
    deck: list, players: int, maker: int, suit: Suit, seed: int
) -> tuple[tuple[str, ...], int, int]:
    """Play one deal with `maker` naming `suit`; return its feature keys and the points taken."""
    rules = HouseRules()
    dealer = players - 1
    game = Game.from_deck(deck, dealer, rules, players, seed=seed)
    keys = feature_keys(game.view(maker).hand, suit, position_of(maker, dealer, players))
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        game.apply(seat, Bid(rules.min_bid) if seat == maker else Pass())
    game.apply(maker, NameTrump(suit))
    rng = random.Random(seed)
    while True:
        seat = game.to_act
        view = game.view(seat)
        for event in game.apply(seat, decide_normal(view, view.decision, rng)):
            if isinstance(event, HandScored):
                result = event.result
                mine = result.points[result.maker_side]
                return keys, mine, sum(result.points) - mine


def play_deal(job: tuple[int, int]) -> list[tuple[int, tuple[str, ...], int, int]]:
    players, seed = job
    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    return [
        (players, *play_as_maker(deck, players, maker, suit, seed))
        for maker in range(players)
        for suit in Suit
    ]


def build_cells(samples) -> dict[str, dict[str, list[float]]]:
    """Per player count and key: counts of the maker side's points 0..14, then the others' share."""
    counts: dict[tuple[int, str], list[int]] = defaultdict(lambda: [0] * (TOTAL_POINTS + 1))
    others: dict[tuple[int, str], list[int]] = defaultdict(lambda: [0, 0])
    for players, keys, mine, theirs in samples:
        for key in keys:
            counts[players, key][mine] += 1
            others[players, key][0] += theirs
            others[players, key][1] += TOTAL_POINTS - mine
    cells: dict[str, dict[str, list[float]]] = defaultdict(dict)
    for (players, key), row in sorted(counts.items()):
        taken, left = others[players, key]
        cells[str(players)][key] = [*row, round(taken / left, 3) if left else 1.0]
    return dict(cells)


def overbid_curve(table: BidTable, players: int, hands: int, seed: int) -> list[float]:
    """Chance that a random non-dealer's hand is worth a bid of at least 0..14."""
    rng = random.Random(seed)
    worth_counts = [0] * (MAX_BID + 1)
    sides = 2 if players == 4 else players
    for _ in range(hands):
        hand = rng.sample(FULL_DECK, 9)
        seat = Seat(rng.randrange(players - 1), players, sides, HouseRules())
        worth_counts[hand_worth(table_values(hand, seat, table), seat)] += 1
    at_least, running = [], hands
    for count in worth_counts:
        at_least.append(round(running / hands, 4))
        running -= count
    return at_least


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=12000, help="deals for four players")
    parser.add_argument("--small-deals", type=int, default=3000, help="deals for two and three")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    jobs = [(4, args.seed + i) for i in range(args.deals)]
    jobs += [(p, args.seed + 10_000_000 * p + i) for p in (2, 3) for i in range(args.small_deals)]
    start = time.perf_counter()
    samples = []
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for number, result in enumerate(pool.imap_unordered(play_deal, jobs, chunksize=20), 1):
            samples.extend(result)
            if number % 1000 == 0:
                print(
                    f"{number}/{len(jobs)} deals, {time.perf_counter() - start:.0f} s", flush=True
                )
    samples.sort()
    data = {
        "version": 1,
        "seed": args.seed,
        "deals": {"4": args.deals, "2": args.small_deals, "3": args.small_deals},
        "cells": build_cells(samples),
        "overbid": {},
    }
    table = BidTable(data)
    for players in PLAYER_COUNTS:
        data["overbid"][str(players)] = overbid_curve(table, players, 4000, args.seed + players)
    TABLE_PATH.parent.mkdir(parents=True, exist_ok=True)
    TABLE_PATH.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
    print(
        f"wrote {TABLE_PATH} ({TABLE_PATH.stat().st_size} bytes) "
        f"in {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
