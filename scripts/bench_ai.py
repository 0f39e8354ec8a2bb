"""Duplicate matches between computer-player levels: strength, contracts, speed and legality.

Each deal is played twice from the same deck (stock order included, so the draw matches) with
the partnerships swapped: level A sits North-South at the first table and East-West at the
second, so the luck of the cards cancels. A deal's net score is A's side's score change minus
B's, averaged over its two tables; the mean over all deals is printed with a 95% confidence
interval. Also printed: contracts taken, made and set per level, decision time p50/p95 per level
(wall clock, each process on one core; the machine may be shared: hard's search is bounded by
nodes, not time, so a busy machine slows it but never changes its moves), the same in processor
time (`time.process_time`, what the levels' time goals are set in: the load changes it far
less), and illegal actions
(any is a bug: it is replaced by a random legal action so the match can go on).

Levels: easy, normal, hard; baseline (the earlier rule-based `normal`, kept to measure the
current one against); baseline-normal and baseline-hard (`normal` and `hard` with their searched
worlds dealt evenly, without the learned odds of where the hidden cards lie; baseline-normal is
also the `normal` of before it searched from the first trick); hard-first-plays (`hard` reading
only the others' first plays, by the rules, as it did before it read every play by a fitted
policy); random (uniformly
random legal actions, bidding half the time, as the engine's random player does) and
random-pass (random cards, but always passing in the auction, which measures card play more
than bidding).
The oracle levels are not players but a ceiling: `hard`, except that some of its cards are
chosen by the open-hand solver on the true deal, every hidden card in sight. `oracle` chooses
every card so, `oracle-opening` only the first two cards of the hand (which `hard` plays by the
rules), `oracle-later` every card after them. Against `normal` they show how much a perfect
reading of the hidden cards would be worth, and where in the hand.
The same level twice seats it in all four places: the net score is then zero by construction,
and the contracts line gives the level's contracts made at a table of four computer players
(the second table, which would replay the first move for move, is counted without being played
again). The contracts made by bid show where a level over- or underbids.
``--compare REV`` times the same deals with the code of the git revision ``REV`` (a temporary
worktree) and with the code here, one run after the other in alternate order round after round
(``--rounds``), since two runs at once on this machine do not share its cores fairly: each
run's processor time a decision, each code's median over the rounds, and whether every action
chosen was the same.
Run from the repository root, e.g.
    python scripts/bench_ai.py normal random --deals 2000
    python scripts/bench_ai.py hard normal --deals 500 --budget 20000
    python scripts/bench_ai.py hard hard --deals 300
    python scripts/bench_ai.py hard baseline-hard --deals 300
    python scripts/bench_ai.py normal normal --deals 80 --compare 2de1f2d --rounds 4
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field, replace

from bot.ai import decide
from bot.ai.hard import SEARCH_CARDS, decide_hard
from bot.ai.knowledge import Knowledge
from bot.ai.search import search_play
from bot.engine import (
    FULL_DECK,
    Game,
    HandScored,
    HouseRules,
    IllegalAction,
    PlayDecision,
    SeatView,
)
from bot.engine.random_player import random_action

PLAYERS = 4


@dataclass
class TableResult:
    """One table of one deal: the net for A's side, the contract, and per-level timings."""

    net_a: int
    maker_level: str
    contract: int
    made: bool
    times: dict[str, list[float]] = field(default_factory=dict)
    #: The same decisions in processor time (`time.process_time`), which the machine's load
    #: hardly changes: the figure the time goals are set in.
    cpu: dict[str, list[float]] = field(default_factory=dict)
    illegal: int = 0
    #: Every action chosen, in order (for `--compare`: two codes' choices told apart).
    actions: tuple[str, ...] = ()


#: `hard` reading only the others' first plays, by the rules (what it read before the policy).
FIRST_PLAYS = "hard-first-plays"
RANDOM_LEVELS = {"random": 0.5, "random-pass": 0.0}
#: Which cards each oracle level sees through: (the hand's first two cards, the later ones).
ORACLE_LEVELS = {
    "oracle": (True, True),
    "oracle-opening": (True, False),
    "oracle-later": (False, True),
}
#: Enough solver nodes for any position of a hand, the opening lead's included.
ORACLE_NODES = 10**9


def choose(view, level: str, rng: random.Random, budget: int | None, game: Game):
    if level == FIRST_PLAYS:
        return decide_hard(view, view.decision, rng, budget, reading="first")
    if level in RANDOM_LEVELS:
        return random_action(view.decision, rng, bid_chance=RANDOM_LEVELS[level])
    if level in ORACLE_LEVELS:
        return oracle_choice(view, level, rng, budget, game)
    return decide(view, level, rng, budget=budget)


def oracle_choice(view: SeatView, level: str, rng: random.Random, budget: int | None, game: Game):
    """`hard`'s action, or the card the solver finds best on the true deal."""
    decision = view.decision
    opening, later = ORACLE_LEVELS[level]
    sees = opening if sum(view.hand_sizes) > SEARCH_CARDS else later
    if not (sees and isinstance(decision, PlayDecision) and len(decision.cards) > 1):
        return decide(view, "hard", rng, budget=budget)

    def true_deal(knowledge: Knowledge, _rng: random.Random) -> list[int]:
        return [knowledge.layout.mask(hand) for hand in game.hands]

    return search_play(view, decision, rng, ORACLE_NODES, worlds_from=true_deal, max_worlds=1)


def play_table(
    deck: list,
    dealer: int,
    levels: tuple[str, ...],
    a_side: int,
    seed: int,
    budget: int | None,
) -> TableResult:
    """Play one hand; `levels[seat]` chooses for each seat; level A plays side `a_side`."""
    game = Game.from_deck(deck, dealer, HouseRules(), PLAYERS, seed=seed)
    rng = random.Random(seed)
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    illegal = 0
    actions: list[str] = []
    while True:
        seat = game.to_act
        level = levels[seat]
        view = game.view(seat)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = choose(view, level, rng, budget, game)
        times[level].append((time.perf_counter() - start) * 1000)
        cpu[level].append((time.process_time() - start_cpu) * 1000)
        actions.append(repr(action))
        try:
            events = game.apply(seat, action)
        except IllegalAction:
            illegal += 1
            events = game.apply(seat, random_action(view.decision, rng))
        for event in events:
            if isinstance(event, HandScored):
                result = event.result
                net = result.changes[a_side] - result.changes[1 - a_side]
                return TableResult(
                    net,
                    levels[result.maker],
                    result.contract,
                    result.made,
                    dict(times),
                    dict(cpu),
                    illegal,
                    tuple(actions),
                )


def play_deal(job: tuple[int, str, str, float | None]) -> tuple[float, list[TableResult]]:
    """Both tables of one deal; returns A's net per deal and the tables."""
    seed, level_a, level_b, budget = job
    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    dealer = seed % PLAYERS
    first = play_table(deck, dealer, (level_a, level_b, level_a, level_b), 0, seed, budget)
    if level_a == level_b:
        # Four seats of one level: the second table would replay the first move for move.
        second = replace(first, net_a=-first.net_a)
    else:
        second = play_table(deck, dealer, (level_b, level_a, level_b, level_a), 1, seed, budget)
    return (first.net_a + second.net_a) / 2, [first, second]


def made_by_bid(contracts: list[TableResult]) -> str:
    """Contracts made out of taken, per bid: where a level over- or underbids."""
    bids = sorted({t.contract for t in contracts})
    return ", ".join(
        f"{bid}: {sum(t.made for t in contracts if t.contract == bid)}"
        f"/{sum(t.contract == bid for t in contracts)}"
        for bid in bids
    ) or "none"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("level_a")
    parser.add_argument("level_b")
    parser.add_argument("--deals", type=int, default=2000, help="deal pairs (two tables each)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed")
    parser.add_argument("--budget", type=int, default=None, help="hard's search nodes per decision")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--compare", metavar="REV", help="an earlier revision to time against")
    parser.add_argument("--rounds", type=int, default=2, help="with --compare (default 2)")
    parser.add_argument(
        "--json", action="store_true", help="processor times and the actions' digest as JSON"
    )
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.compare:
        options = [args.level_a, args.level_b, "--deals", str(args.deals), "--seed", str(args.seed)]
        options += ["--workers", str(args.workers)]
        options += ["--budget", str(args.budget)] if args.budget else []
        compare(args.compare, args.rounds, options)
        return
    jobs = [(args.seed + i, args.level_a, args.level_b, args.budget) for i in range(args.deals)]
    start = time.perf_counter()
    nets: list[float] = []
    tables: list[TableResult] = []
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        # In the deals' order, so that the actions' digest does not depend on the workers.
        for net, pair in pool.imap(play_deal, jobs, chunksize=4):
            nets.append(net)
            tables.extend(pair)
    elapsed = time.perf_counter() - start
    if args.json:
        print(json.dumps(timings(tables)))
        return
    report(args, nets, tables, elapsed)


def timings(tables: list[TableResult]) -> dict[str, object]:
    """Each level's processor time a decision, and a digest of every action chosen."""
    cpu: dict[str, list[float]] = defaultdict(list)
    digest = hashlib.sha256()
    for table in tables:
        for level, spent in table.cpu.items():
            cpu[level].extend(spent)
        digest.update("|".join(table.actions).encode())
    return {"cpu": cpu, "actions": digest.hexdigest()}


def cpu_summary(spent: list[float]) -> dict[str, float]:
    """One run's decisions summed up: the median, the 95th percentile and the longest."""
    return {
        "p50": percentile(spent, 0.5),
        "p95": percentile(spent, 0.95),
        "max": max(spent),
    }


def _ratio(after: float, before: float) -> str:
    """Today's figure as a multiple of the earlier code's (a time too short to measure has
    none)."""
    return f"x{after / before:.2f}" if before else "no ratio"


def compare(revision: str, rounds: int, options: list[str]) -> None:
    """The same deals played by ``revision``'s code and by the code here (this script run on
    each, a process of its own each round, one after the other); their processor times side
    by side."""
    # The worktree helpers, from the service benchmark (imported only here: a process
    # measuring an earlier revision imports only the computer players).
    from bench_service import alternating, compared_trees, json_in_tree

    measured: dict[str, list[dict[str, dict[str, float]]]] = {revision: [], "today": []}
    digests: set[str] = set()
    with compared_trees(revision) as trees:
        for round_number, name in alternating(list(trees), rounds):
            load = os.getloadavg()[0]
            figures = json_in_tree(__file__, trees[name], options)
            digests.add(figures["actions"])
            by_level = {level: cpu_summary(spent) for level, spent in figures["cpu"].items()}
            measured[name].append(by_level)
            shown = "; ".join(
                f"{level} p50 {f['p50']:.1f}, p95 {f['p95']:.1f}, max {f['max']:.0f} ms"
                for level, f in by_level.items()
            )
            print(
                f"round {round_number + 1}, {name}: load average {load:.1f} at the start; {shown}",
                flush=True,
            )
    print("processor time a decision, each figure's median over the rounds:")
    medians = {
        name: {
            level: {
                figure: statistics.median(run[level][figure] for run in runs)
                for figure in ("p50", "p95")
            }
            for level in runs[0]
        }
        for name, runs in measured.items()
    }
    for level in medians["today"]:
        before, after = medians[revision][level], medians["today"][level]
        print(
            f"  {level}: {revision} p50 {before['p50']:.1f}, p95 {before['p95']:.1f} ms;"
            f" today p50 {after['p50']:.1f}, p95 {after['p95']:.1f} ms"
            f" ({_ratio(after['p50'], before['p50'])} and {_ratio(after['p95'], before['p95'])})"
        )
    print("actions: " + ("the same in every run" if len(digests) == 1 else "DIFFERENT"))


def report(
    args: argparse.Namespace, nets: list[float], tables: list[TableResult], elapsed: float
) -> None:
    n = len(nets)
    mean = statistics.fmean(nets)
    half = 1.96 * statistics.stdev(nets) / math.sqrt(n) if n > 1 else float("nan")
    budget = f", hard budget {args.budget} nodes" if args.budget else ""
    print(
        f"{args.level_a} vs {args.level_b}: {n} deal pairs ({2 * n} hands){budget}, {elapsed:.0f} s"
    )
    print(
        f"  net score per deal for {args.level_a}: {mean:+.2f} "
        f"(95% CI {mean - half:+.2f} .. {mean + half:+.2f})"
    )
    levels = tuple(dict.fromkeys((args.level_a, args.level_b)))
    for level in levels:
        made = [t for t in tables if t.maker_level == level and t.contract > 0]
        free = sum(1 for t in tables if t.maker_level == level and t.contract == 0)
        count = len(made)
        wins = sum(1 for t in made if t.made)
        rate = f"{100 * wins / count:.1f}%" if count else "n/a"
        mean_bid = statistics.fmean(t.contract for t in made) if made else 0.0
        print(
            f"  {level}: contracts {count} (mean bid {mean_bid:.1f}), made {wins} ({rate}), "
            f"set {count - wins}; dealer's free contracts {free}"
        )
        print(f"  {level}: made by bid {made_by_bid(made)}")
    for level in levels:
        for kind, clock in (("decision time", "times"), ("processor time", "cpu")):
            spent = [ms for t in tables for ms in getattr(t, clock).get(level, [])]
            if spent:
                print(
                    f"  {level}: {kind} p50 {percentile(spent, 0.5):.2f} ms, "
                    f"p95 {percentile(spent, 0.95):.2f} ms, max {max(spent):.1f} ms "
                    f"({len(spent)} decisions)"
                )
    print(f"  illegal actions: {sum(t.illegal for t in tables)}")


if __name__ == "__main__":
    main()
