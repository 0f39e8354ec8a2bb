"""Playing the daily deal from a test: a person's choices, made as the computers would make
them or at random, sent through the service as a click would."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.ai.pool import decide_seeded, decision_seed
from bot.daily import DailyDeals, DayShown, DealShown
from bot.daily.deals import PLAYER_SEAT, Deal, deal_start
from bot.engine import Action, random_action

#: The secret the tests' deals are dealt from: on the last deal of 2026-01-01, the tests' day
#: (and SimCord's), the player who passes robs the pack, keeping three trumps and choosing
#: three more cards.
SECRET = "test-0"
DAY_START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def random_choice(shown: DealShown, rng: random.Random) -> Action:
    decision = shown.view.decision
    assert decision is not None
    return random_action(decision, rng)


async def computer_choice(daily: DailyDeals, user_id: int, shown: DealShown) -> Action:
    """What `hard` would do in the player's seat, seeded as the computers are: the deal is
    rebuilt from the store, as the service rebuilds it."""
    play = await daily.records.play(shown.day, user_id)
    assert play is not None
    start = deal_start(await daily.secret(), shown.day, shown.deal)
    game = Deal.replayed(start, await daily.records.actions(play.id, shown.deal)).game
    assert len(game.log) == shown.moves
    return decide_seeded(game.view(PLAYER_SEAT), "hard", decision_seed(game), None)


async def play_deal(
    daily: DailyDeals, user_id: int, shown: DealShown, rng: random.Random
) -> DealShown | DayShown:
    """Play the deal `shown` to its end with random legal choices."""
    while isinstance(shown, DealShown) and shown.over is None:
        action = random_choice(shown, rng)
        shown = await daily.act(user_id, shown.day, shown.deal, shown.moves, action)
    return shown
