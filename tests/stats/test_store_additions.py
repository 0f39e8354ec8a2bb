"""What migration 0002 adds to the store: captured cards kept with each hand."""

from __future__ import annotations

from bot.store import Store


async def _game(store: Store) -> int:
    table = await store.tables.create(guild_id=1, channel_id=2, creator_id=3, house_rules={})
    return (await store.games.start(table.id, seed=1, rules={}, player_count=4)).id


async def test_captured_cards_are_kept_with_the_hand(store: Store):
    game = await _game(store)
    captured = [
        ["high", 0],
        ["low", 1],
        ["jack", None],
        ["game", 0],
        ["right_pedro", 1],
        ["left_pedro", None],
    ]

    recorded = await store.games.record_hand(
        game,
        number=1,
        dealer=0,
        bids=[[1, 6], [2, None]],
        contract=6,
        maker=1,
        trump="D",
        points=[2, 6],
        score_change=[2, 6],
        captured=captured,
    )

    assert recorded.captured == captured
    assert (await store.games.hands(game))[0].captured == captured


async def test_a_hand_stored_without_captured_cards_reads_back_none(store: Store):
    game = await _game(store)
    await store.games.record_hand(
        game,
        number=1,
        dealer=0,
        bids=[],
        contract=6,
        maker=1,
        trump="D",
        points=[2, 6],
        score_change=[2, 6],
    )

    assert (await store.games.hands(game))[0].captured is None
