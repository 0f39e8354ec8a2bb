"""Recording a finished game: the figures each seat gets, ratings, and what does not count."""

from __future__ import annotations

import pytest

from bot.stats import (
    board_settings,
    player_card,
    record_game,
    update_board_settings,
    user_key,
)
from bot.stats.ratings import NEW_PLAYER
from bot.store import NotFoundError, ResultPlayer, Store
from tests.stats.builders import Hand, computer, person, store_game

ALICE, BOB, CAROL, DAVE = (person(n, name) for n, name in enumerate("ABCD", start=1))
FOUR = [ALICE, BOB, CAROL, DAVE]  # Alice & Carol (side 0) against Bob & Dave (side 1)


async def _rating(store: Store, user_id: int, guild: int = 1) -> float:
    card = await player_card(store, guild, user_key(user_id))
    assert card is not None
    return card.rating


async def test_every_figure_of_a_game(store: Store):
    hands = [
        Hand(maker=0, contract=7, points=(9, 5), bids={1: None, 2: 5, 3: 6, 0: 7}, pedros={0: 2}),
        Hand(maker=1, contract=8, points=(6, 8), bids={2: None, 3: None, 0: None, 1: 8}),
        Hand(
            maker=0,
            contract=9,
            points=(5, 9),
            bids={3: None, 0: 9, 1: None, 2: None},
            pedros={1: 1},
        ),
    ]
    game = await store_game(store, FOUR, winner=0, hands=hands)

    assert await record_game(store, game)

    alice = await player_card(store, 1, user_key(ALICE.user_id))
    assert (alice.games, alice.wins, alice.hands) == (1, 1, 3)
    assert (alice.hands_as_maker, alice.contracts_made, alice.contracts_set) == (2, 1, 1)
    assert alice.points == 9 + 6 + 5
    assert alice.pedros == 2
    assert alice.bids == ((7, 1), (9, 1))
    assert alice.longest_streak == 1
    bob = await player_card(store, 1, user_key(BOB.user_id))
    assert (bob.wins, bob.hands_as_maker, bob.contracts_made) == (0, 1, 1)
    assert (bob.points, bob.pedros, bob.bids) == (5 + 8 + 9, 1, ((8, 1),))
    carol = await player_card(store, 1, user_key(CAROL.user_id))
    assert carol.pedros == 2 and carol.bids == ((5, 1),) and carol.hands_as_maker == 0
    assert alice.best_partner.name == "C" and alice.best_partner.wins == 1


async def test_a_best_partner_is_someone_the_player_won_with(store: Store):
    await record_game(store, await store_game(store, FOUR, winner=1))

    alice = await player_card(store, 1, user_key(ALICE.user_id))
    assert alice.games == 1 and alice.best_partner is None  # lost her only game with Carol
    bob = await player_card(store, 1, user_key(BOB.user_id))
    assert bob.best_partner.name == "D" and bob.best_partner.wins == 1


async def test_winners_rise_losers_fall_and_partners_move_together(store: Store):
    game = await store_game(store, FOUR, winner=1)
    await record_game(store, game)

    alice, bob, carol, dave = [await _rating(store, p.user_id) for p in FOUR]
    assert bob > NEW_PLAYER.rating and dave > NEW_PLAYER.rating
    assert alice < NEW_PLAYER.rating
    assert bob == pytest.approx(dave) and alice == pytest.approx(carol)


async def test_a_game_counts_once(store: Store):
    game = await store_game(store, FOUR, winner=0, hands=[Hand(0, 7, (8, 6))])
    await record_game(store, game)
    before = await player_card(store, 1, user_key(ALICE.user_id))

    assert await record_game(store, game)

    assert await player_card(store, 1, user_key(ALICE.user_id)) == before
    assert before.games == 1


async def test_a_game_without_a_result_cannot_be_recorded(store: Store):
    table = await store.tables.create(guild_id=1, channel_id=5, creator_id=1, house_rules={})
    game = await store.games.start(table.id, seed=1, rules={}, player_count=2)
    with pytest.raises(NotFoundError):
        await record_game(store, game.id)


async def test_abandoned_games_count_only_when_the_server_says_so(store: Store):
    abandoned = await store_game(store, FOUR, winner=None, status="abandoned", final_scores=[20, 9])

    assert not await record_game(store, abandoned)
    assert await player_card(store, 1, user_key(ALICE.user_id)) is None

    settings = await update_board_settings(store, 1, count_abandoned=True)

    assert settings.count_abandoned and (await board_settings(store, 1)).count_abandoned
    alice = await player_card(store, 1, user_key(ALICE.user_id))
    assert alice.games == 1 and alice.wins == 0
    # Ahead when the game stopped: ranked above the other side.
    assert alice.rating > (await _rating(store, BOB.user_id))


async def test_servers_keep_separate_boards(store: Store):
    await record_game(store, await store_game(store, FOUR, winner=0, guild=1))
    await record_game(store, await store_game(store, FOUR, winner=1, guild=2))

    assert await _rating(store, ALICE.user_id, guild=1) > NEW_PLAYER.rating
    assert await _rating(store, ALICE.user_id, guild=2) < NEW_PLAYER.rating


async def test_computer_players_have_a_rating_of_their_own(store: Store):
    game = await store_game(store, [computer("hard"), ALICE, BOB, computer("easy")], winner=0)
    await record_game(store, game)

    hard = await player_card(store, 1, "computer:hard")
    easy = await player_card(store, 1, "computer:easy")
    assert hard.is_computer and hard.rating > easy.rating
    assert hard.rating == pytest.approx(await _rating(store, BOB.user_id))
    assert hard.name == "Computer (hard)"


async def test_longest_winning_streak(store: Store, clock):
    for winner in (0, 0, 1, 0, 0, 0, 1, 0):
        clock.advance(minutes=30)
        await record_game(store, await store_game(store, FOUR, winner=winner))

    alice = await player_card(store, 1, user_key(ALICE.user_id))
    bob = await player_card(store, 1, user_key(BOB.user_id))
    assert (alice.longest_streak, bob.longest_streak) == (3, 1)
    assert len(alice.rating_history) == 8


async def test_the_latest_name_is_shown(store: Store, clock):
    await record_game(store, await store_game(store, FOUR, winner=0))
    clock.advance(hours=1)
    renamed = [person(ALICE.user_id, "Alice the Great"), BOB, CAROL, DAVE]
    await record_game(store, await store_game(store, renamed, winner=0))

    assert (await player_card(store, 1, user_key(ALICE.user_id))).name == "Alice the Great"


async def test_hand_points_without_captured_cards_count_no_pedros(store: Store):
    table = await store.tables.create(guild_id=1, channel_id=77, creator_id=1, house_rules={})
    game = await store.games.start(table.id, seed=1, rules={}, player_count=2)
    await store.games.record_hand(
        game.id,
        number=1,
        dealer=0,
        bids=[[1, 5], [0, None]],
        contract=5,
        maker=1,
        trump="S",
        points=[3, 11],
        score_change=[3, 11],
    )
    await store.games.finish(
        game.id,
        status="finished",
        winners=[1],
        final_scores=[3, 51],
        players=[
            ResultPlayer(0, 0, "A", False, user_id=1),
            ResultPlayer(1, 1, "B", True, user_id=2),
        ],
    )
    await record_game(store, game.id)

    b = await player_card(store, 1, user_key(2))
    assert (b.pedros, b.points, b.contracts_made, b.bids) == (0, 11, 1, ((5, 1),))
