"""A server's latest games and the hand-by-hand scores of one of them."""

from __future__ import annotations

from bot.stats import HISTORY_SIZE, game_hands, recent_games
from bot.store import Store
from tests.stats.builders import Hand, person, store_game

FOUR = [person(n, name) for n, name in enumerate("ABCD", start=1)]


async def test_latest_games_first_with_sides_scores_and_status(store: Store, clock):
    first = await store_game(store, FOUR, winner=0, final_scores=[52, 40])
    clock.advance(hours=2)
    second = await store_game(
        store, FOUR[:3], winner=None, status="abandoned", final_scores=[10, 20, 5]
    )
    await store_game(store, FOUR, winner=1, guild=2)

    games = await recent_games(store, 1)

    assert [game.game_id for game in games] == [second, first]
    assert not games[0].finished and games[1].finished
    assert [side.names for side in games[1].sides] == [("A", "C"), ("B", "D")]
    assert [(side.score, side.won) for side in games[1].sides] == [(52, True), (40, False)]
    assert [side.names for side in games[0].sides] == [("A",), ("B",), ("C",)]
    assert games[0].ended_at > games[1].ended_at


async def test_only_the_latest_games_are_listed(store: Store, clock):
    for _ in range(HISTORY_SIZE + 2):
        clock.advance(minutes=1)
        await store_game(store, FOUR[:2], winner=0)

    assert len(await recent_games(store, 1)) == HISTORY_SIZE


async def test_hand_by_hand_scores(store: Store):
    hands = [
        Hand(maker=0, contract=7, points=(9, 5)),
        Hand(maker=3, contract=8, points=(6, 8)),
        Hand(maker=1, contract=10, points=(7, 7)),
    ]
    game = await store_game(store, FOUR, winner=0, hands=hands)

    detail = await game_hands(store, 1, game)

    assert detail.target == 51
    lines = detail.hands
    assert [(line.number, line.maker, line.contract, line.made) for line in lines] == [
        (1, "A", 7, True),
        (2, "D", 8, True),
        (3, "B", 10, False),
    ]
    assert [line.changes for line in lines] == [(9, 5), (6, 8), (7, -10)]
    assert [line.totals for line in lines] == [(9, 5), (15, 13), (22, 3)]


async def test_a_game_of_another_server_or_still_playing_is_not_shown(store: Store):
    game = await store_game(store, FOUR, winner=0, guild=2)
    table = await store.tables.create(guild_id=1, channel_id=9, creator_id=1, house_rules={})
    playing = await store.games.start(table.id, seed=1, rules={}, player_count=4)

    assert await game_hands(store, 1, game) is None
    assert await game_hands(store, 1, playing.id) is None
