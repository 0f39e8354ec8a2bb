"""Fit `bot/ai/play_policy.json`: how likely a player is to play each legal card, from play.

Deals are played out at a table of four: the bid table's bids and trumps and the rule-based
draw (cheap), and `normal`'s card play, which is `hard`'s in the first two cards of the hand and
searches afterwards as `hard` does, on a smaller budget: the players whose plays `hard` reads.
They read the others' plays by a policy fixed here (`RECORDING_POLICY`), not by the shipped
file, so that what they play, and so the file written, does not depend on the file it replaces.
Each deck is shuffled by the seed and the deal's number. At every play with a choice, the facts
of each legal card are read as `play_reading` reads them at the table (what the player knew
before it played, from the public view and its own hand; `play_policy.choice`), with the card
played. A softmax over the facts is fitted with numpy (Adam, full batch, a fixed number of
steps, a small L2 penalty), the last tenth of the deals held out; the script prints the
log-loss and accuracy of the policy on the held-out plays against a uniform choice among the
legal cards (and the rules' choice alone), by phase, and writes the weights in thousandths, so
the same seed and deal count give the same file.

    python scripts/fit_play_policy.py --seed 1 --deals 1200
    python scripts/fit_play_policy.py --seed 1 --deals 100 --out /tmp/policy.json   # a quick look
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from pathlib import Path

import numpy as np
from fit_inference import adam_update, dealt_game

from bot.ai.bidding import choose_bid, choose_trump
from bot.ai.knowledge import ReadingMemo, read_knowledge
from bot.ai.normal import decide_normal
from bot.ai.play_policy import FACTS, PHASES, SCALE, PlayPolicy, choice, legal_cards
from bot.ai.play_reading import holding
from bot.ai.playouts import rule_action
from bot.engine import (
    Action,
    BidDecision,
    HandScored,
    Play,
    PlayDecision,
    SeatView,
    TrumpDecision,
)

HELD_OUT = 0.1
#: Most legal cards a play can have (a hand of six after the draw).
MOST_CARDS = 6
STEPS = 3000
LEARNING_RATE = 0.05
#: L2 penalty per weight: the rules decide the first two cards, so their weight would grow
#: without end.
PENALTY = 1e-4

MODEL_PATH = Path(__file__).resolve().parent.parent / "bot" / "ai" / "play_policy.json"
#: The first policy fitted (800 deals, seed 1, of `normal` before it read the others' plays),
#: by phase: it weighed only the rules' choice, the value and the kept value. The players
#: recorded read the others' plays by it.
RECORDING_WEIGHTS = {
    "opening": (5804, 976, 1173, 0, 0, 0, 0),
    "lead": (2457, -53, -698, 0, 0, 0, 0),
    "follow": (2537, 102, 161, 0, 0, 0, 0),
}
RECORDING_POLICY = PlayPolicy(tuple(w for phase in PHASES for w in RECORDING_WEIGHTS[phase]))


@dataclasses.dataclass
class Plays:
    """The plays recorded: each card's facts, which cards are legal, the phase, the card
    played (its index), the trick and the deal."""

    facts: list[np.ndarray] = dataclasses.field(default_factory=list)
    legal: list[np.ndarray] = dataclasses.field(default_factory=list)
    rows: list[tuple[int, int, int, int]] = dataclasses.field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        rows = np.array(self.rows, dtype=np.int64).reshape(-1, 4)
        return {
            "facts": np.array(self.facts).reshape(-1, MOST_CARDS, len(FACTS)),
            "legal": np.array(self.legal).reshape(-1, MOST_CARDS),
            "phase": rows[:, 0],
            "played": rows[:, 1],
            "trick": rows[:, 2],
            "deal": rows[:, 3],
        }


def table_action(view: SeatView, memo: ReadingMemo, rng: random.Random) -> Action:
    decision = view.decision
    if isinstance(decision, BidDecision):
        return choose_bid(view, decision)
    if isinstance(decision, TrumpDecision):
        return choose_trump(view, decision)
    if isinstance(decision, PlayDecision):
        return decide_normal(view, decision, rng, reads_the_table=True, policy=RECORDING_POLICY)
    return rule_action(view, memo)


def play_deal(seed: int, number: int, plays: Plays) -> None:
    """Play one deal out, recording every play with a choice."""
    game, deal_seed = dealt_game(seed, number)
    rng = random.Random(deal_seed + 1)
    memo = ReadingMemo()
    while True:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        action = table_action(view, memo, rng)
        choosing = isinstance(view.decision, PlayDecision) and len(view.decision.cards) > 1
        if choosing and isinstance(action, Play):
            record(view, action, number, plays)
        events = game.apply(seat, action)
        if any(isinstance(event, HandScored) for event in events):
            return


def record(view: SeatView, action: Play, number: int, plays: Plays) -> None:
    """The play's facts as another seat reads them with the player's true hand (the robbing
    dealer's knowledge of the cards out of play left out, as `play_reading` leaves it)."""
    before = read_knowledge(dataclasses.replace(view, hand=(), known_out=(), decision=None))
    layout = before.layout
    hand = layout.mask(view.hand)
    knew = holding(before, hand, 0)
    legal = legal_cards(knew, hand)
    played = choice(knew, legal)
    facts = np.zeros((MOST_CARDS, len(FACTS)))
    facts[: len(legal)] = played.facts
    mask = np.zeros(MOST_CARDS, dtype=bool)
    mask[: len(legal)] = True
    plays.facts.append(facts)
    plays.legal.append(mask)
    card = layout.bit[action.card]
    plays.rows.append((played.phase, played.cards.index(card), len(view.tricks), number))


def chances(weights: np.ndarray, data: dict[str, np.ndarray]) -> np.ndarray:
    per_phase = weights.reshape(len(PHASES), len(FACTS))[data["phase"]]
    scores = np.einsum("ncf,nf->nc", data["facts"], per_phase)
    scores = np.where(data["legal"], scores, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    exp = np.exp(scores)
    return exp / exp.sum(axis=1, keepdims=True)


def fit(data: dict[str, np.ndarray]) -> np.ndarray:
    """The weights minimising the mean log-loss plus a small L2 penalty, by full-batch Adam from
    zero: deterministic for the same plays."""
    size = len(PHASES) * len(FACTS)
    weights, first, second = np.zeros(size), np.zeros(size), np.zeros(size)
    rows = np.arange(len(data["played"]))
    for step in range(1, STEPS + 1):
        error = chances(weights, data)
        error[rows, data["played"]] -= 1.0
        per_row = np.einsum("nc,ncf->nf", error, data["facts"])
        gradient = np.zeros((len(PHASES), len(FACTS)))
        np.add.at(gradient, data["phase"], per_row)
        gradient = gradient.reshape(-1) / len(rows) + PENALTY * weights
        weights = adam_update(weights, first, second, step, gradient, LEARNING_RATE)
    return weights


def report(weights: np.ndarray, data: dict[str, np.ndarray]) -> list[str]:
    """Log-loss and accuracy by phase: the policy, a uniform choice, the rules' choice alone."""
    rows = np.arange(len(data["played"]))
    model = chances(weights, data)
    uniform = data["legal"] / data["legal"].sum(axis=1, keepdims=True)
    rules = data["facts"][:, :, 0] > 0
    lines = [
        f"{'phase':>8} {'plays':>7} {'legal':>6} {'log-loss uniform':>17} {'policy':>7} "
        f"{'accuracy uniform':>17} {'rules':>6} {'policy':>7}"
    ]
    for phase in [*range(len(PHASES)), None]:
        chosen = rows if phase is None else rows[data["phase"] == phase]
        if not len(chosen):
            continue
        played = data["played"][chosen]
        loss_uniform = -np.log(uniform[chosen, played]).mean()
        loss_model = -np.log(np.maximum(model[chosen, played], 1e-12)).mean()
        hit_uniform = uniform[chosen, played].mean()
        hit_rules = (rules[chosen, played] / rules[chosen].sum(axis=1)).mean()
        hit_model = (model[chosen].argmax(axis=1) == played).mean()
        label = "all" if phase is None else PHASES[phase]
        lines.append(
            f"{label:>8} {len(chosen):>7} {data['legal'][chosen].sum(axis=1).mean():>6.2f} "
            f"{loss_uniform:>17.4f} {loss_model:>7.4f} {100 * hit_uniform:>16.1f}% "
            f"{100 * hit_rules:>5.1f}% {100 * hit_model:>6.1f}%"
        )
    return lines


def subset(data: dict[str, np.ndarray], rows: np.ndarray) -> dict[str, np.ndarray]:
    return {name: values[rows] for name, values in data.items()}


def model_text(weights: np.ndarray, seed: int, deals: int) -> str:
    thousandths = [int(value) for value in np.rint(weights * SCALE).astype(np.int64)]
    document = {
        "about": "bot/ai/play_policy.py; rebuilt by scripts/fit_play_policy.py",
        "seed": seed,
        "deals": deals,
        "phases": list(PHASES),
        "facts": list(FACTS),
        "weights": thousandths,
    }
    return json.dumps(document, separators=(",", ":")) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--data", type=Path, help="cache of the recorded plays (.npz)")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.data and args.data.exists():
        data = dict(np.load(args.data))
    else:
        plays = Plays()
        for number in range(args.deals):
            play_deal(args.seed, number, plays)
        data = plays.arrays()
        if args.data:
            np.savez(args.data, **data)
    played = time.perf_counter() - start
    held_out = data["deal"] >= int(args.deals * (1 - HELD_OUT))
    weights = fit(subset(data, np.flatnonzero(~held_out)))
    args.out.write_text(model_text(weights, args.seed, args.deals), encoding="utf-8")
    print(
        f"{args.deals} deals, {len(held_out)} plays with a choice recorded "
        f"({held_out.sum()} held out); {played:.0f} s playing, "
        f"{time.perf_counter() - start - played:.0f} s fitting"
    )
    print("weights (thousandths), by phase:", model_text(weights, args.seed, args.deals).strip())
    print("held-out plays: chance given to the card played")
    for line in report(weights, subset(data, np.flatnonzero(held_out))):
        print(line)


if __name__ == "__main__":
    main()
