"""The end of each day, from the store: posted once the day is over, once, by the process that
owns the server, for the servers that chose a channel and had players; and its text."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.daily import DailyDeals
from bot.daily.day_end import AFTER_MIDNIGHT, DayEnd, DayEndPosts
from bot.daily.scenes import day_end_text
from bot.daily.shown import BoardLine, DayBoard
from bot.i18n import t
from tests.daily.play import DAY_START
from tests.stats.builders import Clock

GUILD, OTHER_GUILD, QUIET_GUILD = 10, 11, 12
ANN, BOB = 1, 2


class Posted:
    def __init__(self) -> None:
        self.ends: list[DayEnd] = []

    async def __call__(self, end: DayEnd) -> None:
        self.ends.append(end)


async def someone_played(daily: DailyDeals) -> None:
    await daily.records.set_post_channel(GUILD, 500)
    await daily.records.set_post_channel(OTHER_GUILD, 600)
    await daily.records.set_post_channel(QUIET_GUILD, 700)  # nobody plays there
    await daily.open(GUILD, ANN, "ann")
    await daily.open(OTHER_GUILD, BOB, "bob")


@pytest.mark.slow
async def test_nothing_is_posted_while_the_day_runs(daily: DailyDeals):
    await someone_played(daily)
    posted = Posted()
    assert await DayEndPosts(daily, posted).post_due() == []
    assert posted.ends == []


@pytest.mark.slow
async def test_once_the_day_is_over_each_server_with_players_gets_its_board_once(
    daily: DailyDeals, clock: Clock
):
    await someone_played(daily)
    clock.advance(days=1)
    posted = Posted()
    posts = DayEndPosts(daily, posted)
    assert sorted(await posts.post_due()) == [GUILD, OTHER_GUILD]
    assert sorted((end.guild_id, end.channel_id) for end in posted.ends) == [
        (GUILD, 500),
        (OTHER_GUILD, 600),
    ]
    board = next(end.board for end in posted.ends if end.guild_id == GUILD)
    assert [line.user_id for line in board.lines] == [ANN] and board.players == 1
    assert board.day == DAY_START.date()
    # Again, or by another process (a restart): nothing more.
    assert await posts.post_due() == []
    assert await DayEndPosts(daily, posted).post_due() == []
    assert len(posted.ends) == 2


@pytest.mark.slow
async def test_a_process_posts_only_for_the_servers_it_owns(daily: DailyDeals, clock: Clock):
    await someone_played(daily)
    clock.advance(days=1)
    mine, theirs = Posted(), Posted()
    assert await DayEndPosts(daily, mine, owns=lambda guild: guild == GUILD).post_due() == [GUILD]
    assert await DayEndPosts(daily, theirs, owns=lambda guild: guild != GUILD).post_due() == [
        OTHER_GUILD
    ]


@pytest.mark.slow
async def test_a_day_missed_by_more_than_a_day_is_not_posted(daily: DailyDeals, clock: Clock):
    await someone_played(daily)
    clock.advance(days=2)
    posted = Posted()
    assert await DayEndPosts(daily, posted).post_due() == []


@pytest.mark.slow
async def test_the_posts_wait_until_just_after_midnight(daily: DailyDeals, clock: Clock):
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        raise RuntimeError("stop")

    posts = DayEndPosts(daily, Posted(), sleep=sleep)
    with pytest.raises(RuntimeError):
        await posts.run()
    midnight = DAY_START.replace(hour=0) + timedelta(days=1)
    assert slept == [(midnight - clock.now).total_seconds() + AFTER_MIDNIGHT]


def test_the_post_names_the_first_three_escaped_and_the_deal_that_separated_them():
    lines = tuple(
        BoardLine(rank, user, name, share, 0, 4)
        for rank, user, name, share in (
            (1, 1, "**ann**", 0.75),
            (2, 2, "bob", 0.5),
            (3, 3, "cy", 0.25),
            (4, 4, "dee", 0.0),
        )
    )
    board = DayBoard(10, DAY_START.date(), lines, 5, 2, (-17, 9), 4)
    text = day_end_text(board, "fr")
    assert "\\*\\*ann\\*\\*" in text and "**ann**" not in text
    assert "bob" in text
    assert "dee" not in text
    assert t("daily.widest", "fr", number=3, low="-17", high="+9", par="+4") in text
