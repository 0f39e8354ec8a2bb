"""Leaderboards: ranking by each figure, pages, the viewer's row, who may appear, periods."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.stats import (
    MIN_GAMES,
    PAGE_SIZE,
    Metric,
    Period,
    leaderboard,
    period_start,
    player_card,
    record_game,
    update_board_settings,
    user_key,
)
from bot.stats.board_scenes import board_scene
from bot.store import Store
from tests.stats.builders import Clock, Hand, Player, computer, person, store_game

ALICE, BOB, CAROL, DAVE = (person(n, name) for n, name in enumerate("ABCD", start=1))


async def _play(store: Store, clock: Clock, players: list[Player], winner: int, **game) -> None:
    clock.advance(minutes=20)
    await record_game(store, await store_game(store, players, winner=winner, **game))


async def _names(store: Store, metric: Metric = Metric.RATING, **options) -> list[str]:
    page = await leaderboard(store, 1, metric, **options)
    return [entry.name for entry in page.entries]


async def test_rating_needs_enough_games_and_ranks_the_strongest_first(store, clock):
    for _ in range(MIN_GAMES - 1):
        await _play(store, clock, [ALICE, BOB], winner=0)
    assert await _names(store) == []
    assert await _names(store, Metric.WINS) == ["A", "B"]

    await _play(store, clock, [ALICE, BOB], winner=0)

    page = await leaderboard(store, 1)
    assert [entry.name for entry in page.entries] == ["A", "B"]
    assert [entry.rank for entry in page.entries] == [1, 2]
    assert page.entries[0].value > page.entries[1].value
    assert page.entries[0].games == MIN_GAMES


async def test_each_figure_orders_the_board(store, clock):
    # Alice wins 4 of 5 with high points; Bob wins 1 of 5 but makes every contract.
    for winner in (0, 0, 0, 0, 1):
        hands = [
            Hand(maker=1, contract=5, points=(6, 8)),
            Hand(maker=0, contract=13, points=(12, 2)),
        ]
        await _play(store, clock, [ALICE, BOB], winner=winner, hands=hands)

    assert await _names(store, Metric.WINS) == ["A", "B"]
    assert await _names(store, Metric.WIN_RATE) == ["A", "B"]
    assert await _names(store, Metric.CONTRACTS) == ["B", "A"]
    assert await _names(store, Metric.POINTS) == ["A", "B"]
    page = await leaderboard(store, 1, Metric.WIN_RATE)
    assert [entry.value for entry in page.entries] == [pytest.approx(0.8), pytest.approx(0.2)]


async def test_hidden_players_never_appear(store, clock):
    for _ in range(MIN_GAMES):
        await _play(store, clock, [ALICE, BOB, CAROL, DAVE], winner=0)
    await store.preferences.update(ALICE.user_id, hidden_from_boards=True)

    for metric in Metric:
        assert "A" not in await _names(store, metric)
    page = await leaderboard(store, 1, viewer=user_key(ALICE.user_id))
    assert page.viewer is None and page.total == 3
    assert page.viewer_games == MIN_GAMES
    carol = await player_card(store, 1, user_key(CAROL.user_id))
    assert carol.best_partner is None  # her only partner is hidden

    await store.preferences.update(ALICE.user_id, hidden_from_boards=False)
    assert "A" in await _names(store)


async def test_computer_players_can_be_left_off_the_boards(store, clock):
    for _ in range(MIN_GAMES):
        await _play(store, clock, [ALICE, computer("hard")], winner=1)

    page = await leaderboard(store, 1)
    assert [(entry.name, entry.is_computer) for entry in page.entries] == [
        ("Computer (hard)", True),
        ("A", False),
    ]

    await update_board_settings(store, 1, show_computers=False)

    assert await _names(store) == ["A"]
    assert (await player_card(store, 1, "computer:hard")).games == MIN_GAMES


@pytest.mark.slow
async def test_pages_and_the_viewers_own_row(store, clock):
    players = [person(100 + n, f"P{n:02}") for n in range(2 * PAGE_SIZE + 4)]
    for n, player in enumerate(players):
        for _ in range(n + 1):  # P00 wins once, P01 twice, ...
            await _play(store, clock, [player, DAVE], winner=0)

    first = await leaderboard(store, 1, Metric.WINS, viewer=user_key(players[0].user_id))
    assert (first.page, first.pages, first.total) == (0, 3, len(players) + 1)
    assert [entry.name for entry in first.entries][:3] == ["P23", "P22", "P21"]
    assert len(first.entries) == PAGE_SIZE
    assert first.viewer.name == "P00" and first.viewer.rank == len(players)
    assert first.viewer not in first.entries

    last = await leaderboard(store, 1, Metric.WINS, page=2)
    assert [entry.rank for entry in last.entries] == [21, 22, 23, 24, 25][: len(last.entries)]
    past_the_end = await leaderboard(store, 1, Metric.WINS, page=99)
    assert past_the_end.page == 2 and past_the_end.entries == last.entries


async def test_equal_figures_share_a_rank(store, clock):
    await _play(store, clock, [ALICE, BOB], winner=0)
    await _play(store, clock, [CAROL, DAVE], winner=0)

    page = await leaderboard(store, 1, Metric.WINS)
    assert [(entry.name, entry.rank) for entry in page.entries][:2] in (
        [("A", 1), ("C", 1)],
        [("C", 1), ("A", 1)],
    )


async def test_an_empty_board(store):
    page = await leaderboard(store, 1, viewer=user_key(1))
    assert (page.entries, page.total, page.pages, page.viewer, page.viewer_games) == (
        (),
        0,
        1,
        None,
        0,
    )


def test_weeks_start_on_monday_and_months_on_the_first_at_midnight_utc():
    wednesday = datetime(2026, 3, 4, 12, 30, tzinfo=UTC)
    assert period_start(Period.WEEK, wednesday) == datetime(2026, 3, 2, tzinfo=UTC)
    assert period_start(Period.MONTH, wednesday) == datetime(2026, 3, 1, tzinfo=UTC)
    assert period_start(Period.ALL, wednesday) is None
    monday_midnight = datetime(2026, 3, 2, tzinfo=UTC)
    assert period_start(Period.WEEK, monday_midnight) == monday_midnight


async def test_periods_cut_at_the_right_dates(store, clock):
    # Feb 28 (a Saturday) 23:59:59, Mar 1 (Sunday) 00:00, Mar 2 (Monday) 00:00 exactly.
    moments = [
        datetime(2026, 2, 28, 23, 59, 59, tzinfo=UTC),
        datetime(2026, 3, 1, 0, 0, tzinfo=UTC),
        datetime(2026, 3, 1, 23, 59, 59, tzinfo=UTC),
        datetime(2026, 3, 2, 0, 0, tzinfo=UTC),
    ]
    for moment in moments:
        clock.now = moment
        await record_game(store, await store_game(store, [ALICE, BOB], winner=0))
    clock.now = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)

    async def wins(period: Period) -> int:
        page = await leaderboard(store, 1, Metric.WINS, period)
        return page.entries[0].value

    assert await wins(Period.ALL) == 4
    assert await wins(Period.MONTH) == 3
    assert await wins(Period.WEEK) == 1


async def test_partners_of_one_computer_level_count_as_one_game(store, clock):
    hands = [
        Hand(maker=1, contract=5, points=[4, 10], bids={1: 5}),
        Hand(maker=3, contract=6, points=[10, 4], bids={3: 6}),
    ]
    await _play(store, clock, [ALICE, computer("easy"), BOB, computer("easy")], 1, hands=hands)

    card = await player_card(store, 1, "computer:easy")
    assert (card.games, card.wins, card.hands) == (1, 1, 2)
    assert (card.hands_as_maker, card.contracts_made) == (2, 1)


async def test_a_computer_level_on_both_sides_of_a_game_is_one_player_named_by_its_level(
    store, clock
):
    """Two computer players of one level, one on each side of a game, are one rated player:
    it played that game once (and won it once), and the board names it by its level, never
    after the seat one of them sat in."""
    seats = [computer("easy", "Computer 2"), computer("easy", "Computer 3")]
    for _ in range(MIN_GAMES):
        await _play(store, clock, seats, winner=0)
    card = await player_card(store, 1, "computer:easy")
    assert (card.games, card.wins) == (MIN_GAMES, MIN_GAMES)
    page = await leaderboard(store, 1, Metric.WINS)
    assert [entry.games for entry in page.entries] == [MIN_GAMES]
    for locale, name in (("en", "Computer (easy)"), ("fr", "Ordinateur (facile)")):
        [row] = board_scene(page, locale).rows
        assert row.name == name and row.games == MIN_GAMES
