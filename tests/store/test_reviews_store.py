"""Hand reviews in the store, on SQLite and PostgreSQL: kept per hand, replaced when saved again."""

from __future__ import annotations

from pathlib import Path

from bot.store import Store


async def _finished_hand(store: Store) -> int:
    table = await store.tables.create(guild_id=1, channel_id=2, creator_id=3, house_rules={})
    game = await store.games.start(table.id, seed=1, rules={}, player_count=4)
    await store.games.record_hand(
        game.id,
        number=1,
        dealer=0,
        bids=[],
        contract=7,
        maker=1,
        trump="H",
        points=[9, 5],
        score_change=[9, -7],
    )
    return game.id


async def test_a_review_is_kept_per_hand_and_replaced_when_saved_again(database: str | Path):
    async with await Store.open(database) as store:
        game_id = await _finished_hand(store)
        assert await store.reviews.get(game_id, 1) is None
        await store.reviews.save(game_id, 1, {"version": 2, "verdicts": [], "worth": 7})
        await store.reviews.save(game_id, 1, {"version": 2, "verdicts": [[0]], "worth": 8})
        assert await store.reviews.get(game_id, 1) == {
            "version": 2,
            "verdicts": [[0]],
            "worth": 8,
        }
        assert await store.reviews.get(game_id, 2) is None
