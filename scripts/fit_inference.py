"""Fit `bot/ai/inference.json`: where hidden cards lie, learned from simulated deals.

Deals are played out by the rule-based players at a table of four (the bid table's bids and
trumps, `normal`'s draw and card play: the cheapest players whose choices are those of `normal`
and `hard` in the first tricks), each from a deck shuffled by the seed and the deal's number.
At about one play decision in four, the seat to play's view is read (`bot.ai.inference`: the
auction, trumps, each player's draw, the cards played, the voids shown) together with where each
card it cannot see really is. A conditional logit is fitted to them with numpy (Adam, full batch,
a fixed number of steps), the last tenth of the deals held out; the script prints the log-loss
and accuracy of the model's chances on the held-out deals against the even chances of the
uniform sampler, by trick, and writes the weights in thousandths, so the same seed and counts
give the same file.

    python scripts/fit_inference.py --seed 1 --deals 20000
    python scripts/fit_inference.py --seed 1 --deals 400 --out /tmp/model.json   # a quick look
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np

from bot.ai.bidding import choose_bid, choose_trump
from bot.ai.inference import (
    FEATURES,
    OUT,
    PLACES,
    SCALE,
    TABLES,
    WEIGHTS,
    CardPlaces,
    read_places,
    seat_at,
)
from bot.ai.knowledge import ReadingMemo, read_knowledge
from bot.ai.playouts import rule_action
from bot.engine import (
    FULL_DECK,
    Action,
    BidDecision,
    Game,
    HandScored,
    HouseRules,
    PlayDecision,
    SeatView,
    TrumpDecision,
)

#: Share of the play decisions whose view is recorded (the others' are much alike).
RECORD_SHARE = 0.25
PLAYERS = 4
HELD_OUT = 0.1
#: Adam over shuffled batches of rows: passes over the data, rows a step, step size.
EPOCHS = 4
BATCH = 65_536
LEARNING_RATE = 0.02
#: L2 penalty per weight (in the model's own units), so that rare cells stay near zero.
PENALTY = 1e-5

MODEL_PATH = Path(__file__).resolve().parent.parent / "bot" / "ai" / "inference.json"


class Rows:
    """The recorded cards, one row each: the weights each place adds up, the room there (0: the
    card cannot be there), the true place, the trick and the deal. Kept as numpy chunks: a
    Python tuple per card would not fit in memory."""

    CHUNK = 50_000

    def __init__(self) -> None:
        self._pending: list[tuple[int, ...]] = []
        self._chunks: list[np.ndarray] = []

    def add(self, card: CardPlaces, truth: int, trick: int, deal: int) -> None:
        row = [index for place in card.features for index in place]
        self._pending.append((*row, *card.room, truth, trick, deal))
        if len(self._pending) >= self.CHUNK:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            self._chunks.append(np.array(self._pending, dtype=np.int32))
            self._pending = []

    def table(self) -> np.ndarray:
        self._flush()
        return np.concatenate(self._chunks) if self._chunks else np.zeros((0, COLUMNS), np.int32)


#: Columns of a row: the weights of every place, the rooms, the truth, the trick, the deal.
COLUMNS = PLACES * FEATURES + PLACES + 3
ROOM = PLACES * FEATURES
TRUTH, TRICK, DEAL = COLUMNS - 3, COLUMNS - 2, COLUMNS - 1


def as_data(rows: np.ndarray, counts: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """The rows as the arrays the model reads; `counts`: how many times each row stands for."""
    room = rows[:, ROOM:TRUTH].astype(np.float64)
    return {
        "features": rows[:, :ROOM].reshape(-1, PLACES, FEATURES),
        "possible": room > 0,
        "log_room": np.log(np.maximum(room, 1.0)),
        "truth": rows[:, TRUTH],
        "trick": rows[:, TRICK],
        "count": np.ones(len(rows)) if counts is None else counts.astype(np.float64),
    }


def grouped(table: np.ndarray) -> dict[str, np.ndarray]:
    """Identical rows (but for the deal) counted once with their number."""
    rows, counts = np.unique(table[:, :DEAL], axis=0, return_counts=True)
    return as_data(rows, counts)


def table_action(view: SeatView, memo: ReadingMemo) -> Action:
    decision = view.decision
    if isinstance(decision, BidDecision):
        return choose_bid(view, decision)
    if isinstance(decision, TrumpDecision):
        return choose_trump(view, decision)
    return rule_action(view, memo)


def dealt_game(seed: int, number: int) -> tuple[Game, int]:
    """Deal ``number`` of a run seeded ``seed``, and that deal's own seed (for its players'
    choices): the dealer turns with the number."""
    deal_seed = seed * 1_000_003 + number
    deck = list(FULL_DECK)
    random.Random(deal_seed).shuffle(deck)
    return Game.from_deck(deck, number % PLAYERS, HouseRules(), PLAYERS, seed=deal_seed), deal_seed


def play_deal(seed: int, number: int, rows: Rows) -> None:
    """Play one deal out, recording some play decisions' views and the true places."""
    game, deal_seed = dealt_game(seed, number)
    chooser = random.Random(deal_seed + 1)
    memo = ReadingMemo()
    while True:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if isinstance(view.decision, PlayDecision) and chooser.random() < RECORD_SHARE:
            record(game, view, number, rows)
        events = game.apply(seat, table_action(view, memo))
        if any(isinstance(event, HandScored) for event in events):
            return


def record(game: Game, view: SeatView, number: int, rows: Rows) -> None:
    k = read_knowledge(view)
    layout = k.layout
    where = {
        layout.bit[card]: place
        for place in range(1, PLAYERS)
        for card in game.hands[seat_at(k.me, place)]
    }
    for hidden in read_places(view, k):
        truth = where.get(hidden.bit, OUT)
        if hidden.room[truth]:  # else an inference the play broke: rare, and nothing to learn
            rows.add(hidden, truth, len(view.tricks), number)


def chances(weights: np.ndarray, data: dict[str, np.ndarray]) -> np.ndarray:
    scores = data["log_room"] + weights[data["features"]].sum(axis=2)
    scores = np.where(data["possible"], scores, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    exp = np.exp(scores)
    return exp / exp.sum(axis=1, keepdims=True)


def fit(table: np.ndarray, seed: int) -> np.ndarray:
    """The weights (model units, not thousandths) minimising the mean log-loss plus a small L2
    penalty, by Adam over batches from zero, the rows shuffled by `seed`: deterministic for the
    same rows and seed."""
    weights = np.zeros(WEIGHTS)
    first, second = np.zeros(WEIGHTS), np.zeros(WEIGHTS)
    order = np.random.default_rng(seed)
    step = 0
    for _ in range(EPOCHS):
        shuffled = order.permutation(len(table))
        for start in range(0, len(table), BATCH):
            step += 1
            batch = as_data(table[shuffled[start : start + BATCH]])
            weights = adam_step(weights, first, second, step, batch)
    return weights


def adam_update(
    weights: np.ndarray,
    first: np.ndarray,
    second: np.ndarray,
    step: int,
    gradient: np.ndarray,
    learning_rate: float,
) -> np.ndarray:
    """One step of Adam: `first` and `second` (its moment estimates) are updated in place, the
    new weights returned."""
    first *= 0.9
    first += 0.1 * gradient
    second *= 0.999
    second += 0.001 * gradient**2
    step_size = learning_rate * np.sqrt(1 - 0.999**step) / (1 - 0.9**step)
    return weights - step_size * first / (np.sqrt(second) + 1e-8)


def adam_step(
    weights: np.ndarray,
    first: np.ndarray,
    second: np.ndarray,
    step: int,
    data: dict[str, np.ndarray],
) -> np.ndarray:
    """One step of Adam on one batch; `first` and `second` (its moment estimates) are updated
    in place, the new weights returned."""
    rows = len(data["truth"])
    target = np.zeros((rows, PLACES))
    target[np.arange(rows), data["truth"]] = 1.0
    counts = data["count"][:, None]
    error = (chances(weights, data) - target) * counts
    gradient = np.bincount(
        data["features"].reshape(-1),
        weights=np.repeat(error.reshape(-1), FEATURES),
        minlength=WEIGHTS,
    )
    gradient = gradient / counts.sum() + PENALTY * weights
    gradient[0] = 0.0
    return adam_update(weights, first, second, step, gradient, LEARNING_RATE)


def report(weights: np.ndarray, data: dict[str, np.ndarray]) -> list[str]:
    """Log-loss and accuracy by trick, the model against even chances."""
    model = chances(weights, data)
    even = chances(np.zeros(WEIGHTS), data)
    truth, counts = data["truth"], data["count"]
    rows = np.arange(len(truth))
    scores = {}
    for name, p in (("even", even), ("model", model)):
        scores[name] = (
            -np.log(np.maximum(p[rows, truth], 1e-12)),
            (p.argmax(axis=1) == truth).astype(np.float64),
        )
    lines = [
        f"{'trick':>6} {'cards':>8} {'log-loss even':>14} {'model':>8} "
        f"{'accuracy even':>14} {'model':>8}"
    ]
    for trick in [*range(6), None]:
        chosen = rows if trick is None else rows[data["trick"] == trick]
        if not len(chosen):
            continue
        weights_here = counts[chosen]
        loss = {name: np.average(s[0][chosen], weights=weights_here) for name, s in scores.items()}
        hits = {name: np.average(s[1][chosen], weights=weights_here) for name, s in scores.items()}
        label = "all" if trick is None else str(trick + 1)
        lines.append(
            f"{label:>6} {int(weights_here.sum()):>8} {loss['even']:>14.4f} {loss['model']:>8.4f} "
            f"{100 * hits['even']:>13.1f}% {100 * hits['model']:>7.1f}%"
        )
    return lines


def model_text(weights: np.ndarray, seed: int, deals: int) -> str:
    thousandths = [int(value) for value in np.rint(weights * SCALE).astype(np.int64)]
    document = {
        "about": "bot/ai/inference.py; rebuilt by scripts/fit_inference.py",
        "seed": seed,
        "deals": deals,
        "tables": [list(table) for table in TABLES],
        "weights": thousandths,
    }
    return json.dumps(document, separators=(",", ":")) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--data", type=Path, help="cache of the recorded cards (.npy)")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.data and args.data.exists():
        table = np.load(args.data)
    else:
        rows = Rows()
        for number in range(args.deals):
            play_deal(args.seed, number, rows)
        table = rows.table()
        if args.data:
            np.save(args.data, table)
    played = time.perf_counter() - start
    held_out = table[:, DEAL] >= int(args.deals * (1 - HELD_OUT))
    training = table[~held_out]
    weights = fit(training, args.seed)
    args.out.write_text(model_text(weights, args.seed, args.deals), encoding="utf-8")
    print(
        f"{args.deals} deals, {len(table)} hidden cards recorded ({held_out.sum()} held out, "
        f"{EPOCHS} passes over the rest); {played:.0f} s playing, "
        f"{time.perf_counter() - start - played:.0f} s fitting"
    )
    print("held-out deals: chance given to each card's true place")
    for line in report(weights, grouped(table[held_out])):
        print(line)


if __name__ == "__main__":
    main()
