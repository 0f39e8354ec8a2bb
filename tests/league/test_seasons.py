"""A server's seasons in the store: the first one starts with the settings, each month is
followed by the next when it ends (once, even asked twice), dates never overlap a running
season, and a season's boards and awards count only its own games, rated from scratch."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from bot.league.season_boards import season_board
from bot.league.seasons import (
    RoleHolder,
    SeasonDatesRefused,
    change_season_settings,
    due_seasons,
    end_season,
    last_role_holders,
    mark_posted,
    seasons,
    stored_awards,
    unposted,
)
from bot.league.windows import SeasonLength, Window
from bot.stats import Metric, record_game, update_board_settings, user_key
from bot.stats.forgetting import forget_person
from bot.store import Store
from tests.stats.builders import Clock, computer, person, store_game

GUILD, CHANNEL, ROLE = 1, 50, 900
ALICE, BOB, CAROL, DAVE, ERIN = (
    person(n, name) for n, name in enumerate(("alice", "bob", "carol", "dave", "erin"), start=11)
)
MARCH = Window(datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC))


async def monthly(store: Store) -> None:
    await change_season_settings(store, GUILD, channel_id=CHANNEL, length=SeasonLength.MONTH)


async def counted_game(store: Store, players, winner: int) -> int:
    game_id = await store_game(store, players, winner=winner, guild=GUILD)
    await record_game(store, game_id)
    return game_id


async def test_monthly_seasons_start_with_the_month_and_follow_each_other(
    store: Store, clock: Clock
):
    await monthly(store)
    await monthly(store)
    [march] = await seasons(store, GUILD)
    assert (march.number, march.window, march.ended) == (1, MARCH, False)
    assert await due_seasons(store) == []

    clock.now = datetime(2026, 4, 1, 0, 0, 30, tzinfo=UTC)
    [due] = await due_seasons(store)
    assert await end_season(store, due)
    assert not await end_season(store, due)  # another process got there first: nothing twice
    first, april = await seasons(store, GUILD)
    assert first.ended and not first.posted
    assert april.number == 2 and april.window.start == MARCH.end
    assert [season.number for season in await unposted(store)] == [1]
    await mark_posted(store, first, [RoleHolder(ALICE.user_id, ROLE)])
    assert await unposted(store) == []
    assert await last_role_holders(store, GUILD, 2) == [RoleHolder(ALICE.user_id, ROLE)]


async def test_dates_come_after_the_running_season(store: Store, clock: Clock):
    await monthly(store)
    with pytest.raises(SeasonDatesRefused) as refused:
        await change_season_settings(
            store,
            GUILD,
            channel_id=CHANNEL,
            length=SeasonLength.DATES,
            dates=(date(2026, 3, 20), date(2026, 4, 10)),
        )
    assert refused.value.until == MARCH.end
    _, coming = await change_season_settings(
        store,
        GUILD,
        channel_id=CHANNEL,
        length=SeasonLength.DATES,
        dates=(date(2026, 4, 5), date(2026, 4, 18)),
    )
    assert [season.number for season in coming] == [1, 2]
    # March ends; the season of dates is already planned, so no April season is made.
    clock.now = datetime(2026, 4, 2, tzinfo=UTC)
    [due] = await due_seasons(store)
    await end_season(store, due)
    assert [season.number for season in await seasons(store, GUILD)] == [1, 2]


async def test_a_seasons_board_counts_its_games_alone_rated_from_scratch(
    store: Store, clock: Clock
):
    # Before the season, carol and dave win often: their all-time ratings rise.
    clock.now = datetime(2026, 2, 10, tzinfo=UTC)
    for _ in range(6):
        await counted_game(store, [CAROL, ALICE, DAVE, BOB], winner=0)
    clock.now = datetime(2026, 3, 4, tzinfo=UTC)
    await monthly(store)
    for _ in range(5):
        await counted_game(store, [ALICE, CAROL, BOB, DAVE], winner=0)
    board = await season_board(store, GUILD, MARCH, Metric.RATING, viewer=user_key(CAROL.user_id))
    assert [entry.name for entry in board.entries][:2] == ["alice", "bob"]
    assert {entry.games for entry in board.entries} == {5}
    assert board.viewer is not None and board.viewer.rank == 3
    # Everyone started the season level: winners' and losers' season ratings mirror each other.
    values = {entry.name: entry.value for entry in board.entries}
    assert values["alice"] == values["bob"] and values["carol"] == values["dave"]
    wins = await season_board(store, GUILD, MARCH, Metric.WINS)
    assert [(entry.name, entry.value) for entry in wins.entries][:2] == [
        ("alice", 5.0),
        ("bob", 5.0),
    ]


async def test_a_season_ends_with_its_champions_partnership_and_most_improved(
    store: Store, clock: Clock
):
    clock.now = datetime(2026, 2, 10, tzinfo=UTC)
    for _ in range(5):  # carol's all-time rating is high before the season
        await counted_game(store, [CAROL, ALICE, DAVE, BOB], winner=0)
    clock.now = datetime(2026, 3, 4, tzinfo=UTC)
    await monthly(store)
    for winner in (0, 0, 0, 0, 1, 0):
        await counted_game(store, [ALICE, CAROL, BOB, DAVE], winner=winner)
    await counted_game(store, [ERIN, computer("hard"), DAVE, computer("easy")], winner=0)
    clock.now = MARCH.end
    [season] = await due_seasons(store)
    await end_season(store, season)
    awards = await stored_awards(store, GUILD, 1)
    assert [award.players for award in awards.champions] == [
        (user_key(ALICE.user_id),),
        (user_key(BOB.user_id),),
        (user_key(DAVE.user_id),),  # carol's loser's record, and one more win with erin
    ]
    assert awards.champions[0].games == 6 and awards.champions[0].wins == 5
    assert awards.partnership is not None
    assert awards.partnership.players == (user_key(ALICE.user_id), user_key(BOB.user_id))
    assert (awards.partnership.wins, awards.partnership.games) == (5, 6)
    # Alice rose the most over the season (from a loser's rating before it).
    assert awards.improved is not None
    assert awards.improved.players == (user_key(ALICE.user_id),) and awards.improved.value > 0


async def test_a_forgotten_champion_keeps_the_award_under_a_pseudonym(store: Store, clock: Clock):
    await monthly(store)
    for _ in range(5):
        await counted_game(store, [ALICE, CAROL, BOB, DAVE], winner=0)
    clock.now = MARCH.end
    [season] = await due_seasons(store)
    await end_season(store, season)
    await mark_posted(store, season, [RoleHolder(ALICE.user_id, ROLE)])
    forgotten = await forget_person(store, ALICE.user_id)
    awards = await stored_awards(store, GUILD, 1)
    players = {player for award in awards.champions for player in award.players}
    assert user_key(ALICE.user_id) not in players
    assert user_key(forgotten.pseudonym) in players
    assert await last_role_holders(store, GUILD, 2) == [RoleHolder(forgotten.pseudonym, ROLE)]


async def test_a_computer_level_on_both_sides_of_a_game_played_it_once(store: Store, clock: Clock):
    """Two computer players of one level, one on each side: one rated player, who played
    each game once and won it once, on a season's board as on every board."""
    clock.now = datetime(2026, 3, 4, tzinfo=UTC)
    await monthly(store)
    await update_board_settings(store, GUILD, show_computers=True)
    seats = [computer("easy", "Computer 2"), computer("easy", "Computer 3")]
    for _ in range(5):
        await counted_game(store, seats, winner=0)
    wins = await season_board(store, GUILD, MARCH, Metric.WINS)
    assert [(entry.player, entry.value, entry.games) for entry in wins.entries] == [
        ("computer:easy", 5.0, 5)
    ]
