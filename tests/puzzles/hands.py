"""Finished hands for the puzzle tests: played out by computer players from a seed, kept as the
engine left them, or stored as the table service stores a game (replayable from its actions)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.ai.pool import decide_seeded, decision_seed
from bot.engine import Game, HouseRules
from bot.engine.actions import action_to_dict
from bot.puzzles.finder import Found, find_puzzles
from bot.replays.steps import HandReplay, replay_hand
from bot.service.tables.game_records import record_hand
from bot.store import Store


@dataclass(frozen=True)
class PlayedHand:
    game: Game
    replay: HandReplay
    found: tuple[Found, ...]


@cache
def played_hand(seed: int, level: str = "easy") -> PlayedHand:
    """A four-player hand dealt from `seed` and played out by `level` computer players, with
    the puzzles found in it. Playing and solving it takes seconds, and it is the same every
    time, so it is kept for the session: callers read it and never change it."""
    game = Game.new(HouseRules(), 4, seed, seed % 4)
    while not game.history:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, decide_seeded(game.view(seat), level, decision_seed(game), None))
    replay = replay_hand(game.restarted(), game.log, 1)
    side_of = tuple(replay.side_of(seat) for seat in range(4))
    return PlayedHand(
        game, replay, find_puzzles(replay.plays, replay.trump, side_of, replay.capture_points)
    )


async def stored_hand(store: Store, guild_id: int, channel_id: int, seed: int) -> int:
    """A game at a table in `channel_id` whose first hand was played (as `played_hand(seed)`),
    stored action by action as the table service stores one, then the table closed; its id."""
    hand = played_hand(seed)
    table = await store.tables.create(
        guild_id=guild_id, channel_id=channel_id, creator_id=1, house_rules={}
    )
    start = hand.game.restarted()
    record = await store.games.start(
        table.id,
        seed=seed,
        rules=HouseRules().to_dict(),
        player_count=4,
        state=start.to_dict(),
    )
    for seat, action in hand.game.log:
        await store.games.append_action(record.id, action_to_dict(action), seat=seat)
    result = hand.game.history[0]
    await record_hand(store, record.id, result)
    await store.tables.end(table.id)
    return record.id
