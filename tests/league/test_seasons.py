"""A server's seasons in the store: the first one starts with the settings, each month is
followed by the next when it ends (once, even asked twice), dates never overlap a running
season, and a season's boards and awards count only its own games, rated from scratch."""

from __future__ import annotations

import contextlib
import itertools
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import UserFacingError
from bot.league.season_boards import best_partnership, season_board
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
from bot.league.windows import SeasonLength, Window, dates_window
from bot.stats import Metric, record_game, update_board_settings, user_key
from bot.stats.forgetting import forget_person
from bot.store import Store
from tests.examples import examples
from tests.stats.builders import Clock, computer, person, store_game

GUILD, CHANNEL, ROLE = 1, 50, 900
ALICE, BOB, CAROL, DAVE, ERIN = (
    person(n, name) for n, name in enumerate(("alice", "bob", "carol", "dave", "erin"), start=11)
)
MARCH = Window(datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC))


async def monthly(store: Store) -> None:
    await change_season_settings(store, GUILD, channel_id=CHANNEL, length=SeasonLength.MONTH)


async def dated(store: Store, first: date, last: date):
    """A season of dates, from ``first`` to ``last``: the settings and the seasons to come."""
    return await change_season_settings(
        store, GUILD, channel_id=CHANNEL, length=SeasonLength.DATES, dates=(first, last)
    )


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
        await dated(store, date(2026, 3, 20), date(2026, 4, 10))
    assert refused.value.until == MARCH.end
    _, coming = await dated(store, date(2026, 4, 5), date(2026, 4, 18))
    assert [season.number for season in coming] == [1, 2]
    # March ends; the season of dates is already planned, so no April season is made.
    clock.now = datetime(2026, 4, 2, tzinfo=UTC)
    [due] = await due_seasons(store)
    await end_season(store, due)
    assert [season.number for season in await seasons(store, GUILD)] == [1, 2]


async def end_due_seasons(store: Store, guild_id: int = GUILD) -> None:
    for season in await due_seasons(store):
        if season.guild_id == guild_id:
            await end_season(store, season)


def overlaps(windows: list[Window]) -> list[tuple[Window, Window]]:
    """Pairs of seasons, in the order they were made, where the later starts before the
    earlier ends."""
    return [(one, other) for one, other in itertools.pairwise(windows) if other.start < one.end]


async def test_months_switched_to_quarters_go_on_from_the_months_end(store: Store, clock: Clock):
    clock.now = datetime(2026, 1, 15, tzinfo=UTC)
    await monthly(store)
    await change_season_settings(store, GUILD, channel_id=CHANNEL, length=SeasonLength.QUARTER)
    clock.now = datetime(2026, 2, 1, 0, 0, 30, tzinfo=UTC)
    await end_due_seasons(store)
    january, rest_of_quarter = (season.window for season in await seasons(store, GUILD))
    assert rest_of_quarter == Window(january.end, datetime(2026, 4, 1, tzinfo=UTC))


async def test_months_after_a_season_of_dates_start_when_it_ends(store: Store, clock: Clock):
    clock.now = datetime(2026, 5, 2, tzinfo=UTC)
    dates = (date(2026, 5, 4), date(2026, 5, 17))
    await dated(store, *dates)
    clock.now = datetime(2026, 5, 19, tzinfo=UTC)
    await end_due_seasons(store)
    # Months chosen after the dates ended: the rest of May, from where the dates stopped.
    _, coming = await change_season_settings(
        store, GUILD, channel_id=CHANNEL, length=SeasonLength.MONTH
    )
    assert [season.window for season in coming] == [
        Window(dates_window(*dates).end, datetime(2026, 6, 1, tzinfo=UTC))
    ]


async def test_dates_never_reach_back_into_a_season_that_ended(store: Store, clock: Clock):
    clock.now = datetime(2026, 3, 4, tzinfo=UTC)
    await monthly(store)
    await change_season_settings(store, GUILD, channel_id=CHANNEL, length=SeasonLength.OFF)
    clock.now = datetime(2026, 4, 3, tzinfo=UTC)
    await end_due_seasons(store)
    [march] = await seasons(store, GUILD)
    assert march.ended and march.window == MARCH
    with pytest.raises(SeasonDatesRefused) as refused:
        await dated(store, date(2026, 3, 25), date(2026, 4, 10))
    assert refused.value.until == MARCH.end


_guilds = itertools.count(1000)
lengths = st.sampled_from(list(SeasonLength))
steps = st.lists(
    st.tuples(
        st.integers(0, 120),  # days the clock moves on, the league clock looking each day
        st.one_of(st.none(), lengths),  # what the admins choose then, if anything
        st.integers(-40, 60),  # dates chosen: the first day, from today
        st.integers(0, 50),  # and how many days after it the last one is
    ),
    min_size=1,
    max_size=8,
)


@settings(
    examples(30),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps)
async def test_seasons_never_overlap_whatever_the_admins_change(store: Store, clock: Clock, steps):
    """Any changes of settings at any time, with the bot ending seasons as they come due (a
    fresh server each time, on one store): no season ever starts before the last one ended."""
    guild_id = next(_guilds)
    clock.now = datetime(2026, 1, 15, 9, tzinfo=UTC)
    for days, length, first, span in steps:
        for _ in range(days):
            clock.advance(days=1)
            await end_due_seasons(store, guild_id)
        if length is None:
            continue
        today = clock.now.date()
        dates = (today + timedelta(days=first), today + timedelta(days=first + span))
        with contextlib.suppress(SeasonDatesRefused, UserFacingError):
            await change_season_settings(
                store, guild_id, channel_id=CHANNEL, length=length, dates=dates
            )
    made = [season.window for season in await seasons(store, guild_id)]
    assert overlaps(made) == []


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


async def test_no_best_partnership_when_partners_only_lost(store: Store, clock: Clock):
    await monthly(store)
    # Alice and bob partner each other against computer players, and lose every game.
    for _ in range(5):
        await counted_game(store, [ALICE, computer("hard"), BOB, computer("easy")], winner=1)
    clock.now = MARCH.end
    [season] = await due_seasons(store)
    await end_season(store, season)
    awards = await stored_awards(store, GUILD, 1)
    assert awards.partnership is None
    assert len(awards.champions) == 2  # the season still has its champions


players = st.sampled_from(["p:1", "p:2", "p:3", "p:4", "p:5"])
#: (games together, wins together): often none won, the case where no award is due.
records = st.integers(1, 9).flatmap(
    lambda games: st.tuples(st.just(games), st.one_of(st.just(0), st.integers(0, games)))
)


@given(
    st.dictionaries(
        st.tuples(players, players).filter(lambda pair: pair[0] < pair[1]).map(tuple), records
    ),
    st.sets(players),
)
def test_the_best_partnership_won_the_most_games_together_and_never_went_winless(
    partnerships, shown
):
    award = best_partnership(partnerships, shown)
    eligible = {pair: record for pair, record in partnerships.items() if set(pair) <= shown}
    most_wins = max((won for _, won in eligible.values()), default=0)
    if most_wins == 0:
        assert award is None
    else:
        assert award is not None and award.wins == most_wins > 0
        assert set(award.players) <= shown
        assert (award.games, award.wins) == eligible[award.players]


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
