"""Deal the unseen cards into the other hands, consistently with everything public.

A sample ("world") respects hand sizes, voids shown in play, the trumps each player is known to
hold since the draw, and (with four players) that no unseen trump is out of play. Cards are
placed one at a time, each to a random place that may take it, weighted by the room left there,
which is close to uniform over the consistent deals; a dead end is simply retried. With the
learned odds of `inference`, each place's room is weighed by how likely the card is there.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate
from typing import TypeVar

from bot.ai.bits import bits_of
from bot.ai.inference import Odds, share
from bot.ai.knowledge import Knowledge

T = TypeVar("T")

_ATTEMPTS = 40
_OUT = -1


def sample_hands(
    knowledge: Knowledge, rng: random.Random, odds: Odds | None = None
) -> list[int]:
    """Every seat's hand (this seat's own included) in one world consistent with `knowledge`,
    each card's places weighed by `odds` (`inference.place_odds`) if given.

    If the constraints cannot be met in a few attempts (they are always satisfiable for real
    games, but rare combinations make the greedy fill stumble), voids are dropped so that a world
    still comes out.
    """
    for attempt in range(_ATTEMPTS):
        hands = _try_sample(knowledge, rng, odds, constrained=attempt < _ATTEMPTS - 1)
        if hands is not None:
            return hands
    raise RuntimeError("no deal matches what this seat has seen")


def _try_sample(
    knowledge: Knowledge, rng: random.Random, odds: Odds | None, *, constrained: bool
) -> list[int] | None:
    k = knowledge
    others = [seat for seat in range(k.players) if seat != k.me and k.hand_sizes[seat] > 0]
    need = {seat: k.hand_sizes[seat] for seat in others}
    hands = [0] * k.players
    hands[k.me] = k.hand
    excluded = k.excluded if constrained else (0,) * k.players
    trumps_held = k.trumps_all_held and constrained
    trumps = bits_of(k.unseen & k.trump_mask)
    plains = bits_of(k.unseen & ~k.trump_mask)
    rng.shuffle(trumps)
    rng.shuffle(plains)
    out_room = len(trumps) + len(plains) - sum(need.values())
    if out_room < 0:
        return None
    for seat in others:
        required = k.min_trumps[seat] if constrained else 0
        for _ in range(min(required, need[seat])):
            if not trumps:
                return None
            if odds is None:
                trump = trumps.pop()
            else:
                trump = weighed(rng, trumps, [share(odds[bit], seat) for bit in trumps])
                trumps.remove(trump)
            hands[seat] |= 1 << trump
            need[seat] -= 1
    for bit, may_go_out in [(b, not trumps_held) for b in trumps] + [(b, True) for b in plains]:
        card = 1 << bit
        places = [seat for seat in others if need[seat] and not excluded[seat] & card]
        weights: list[float] = [need[seat] for seat in places]
        if may_go_out and out_room:
            places.append(_OUT)
            weights.append(out_room)
        if not places:
            return None
        if odds is not None and len(places) > 1:
            weights = [
                weight * odds[bit][place] for weight, place in zip(weights, places, strict=True)
            ]
        place = weighed(rng, places, weights) if len(places) > 1 else places[0]
        if place == _OUT:
            out_room -= 1
        else:
            hands[place] |= card
            need[place] -= 1
    return hands


def weighed(rng: random.Random, choices: list[T], weights: Sequence[float]) -> T:
    """One of `choices` at random by `weights`, evenly if every weight is zero.

    The very draw `random.Random.choices` makes for one choice (one number from `rng` against
    the running totals of the weights), without its checks and its list of results: a world
    takes some fifteen draws, and `choices` cost twice the draw itself."""
    if not any(weights):
        return rng.choice(choices)
    running = list(accumulate(weights))
    return choices[bisect(running, rng.random() * (running[-1] + 0.0), 0, len(running) - 1)]
