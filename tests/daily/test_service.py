"""The daily deal's service on a real store (SQLite, then PostgreSQL): a deal begun at the
player's turn, each move stored, the computers moving, a restart in the middle, a whole day
compared with par and with the other players, and what may be seen before the day is played."""

from __future__ import annotations

import random

import pytest

from bot.daily import DEALS_PER_DAY, PLAYER_SEAT, DailyDeals, DayShown, DealShown
from bot.daily.days import ONE_DAY
from bot.daily.deals import Deal, deal_start
from bot.engine import Bid, Keep, KeepDecision, Pass, Play
from bot.errors import UserFacingError
from bot.i18n import t
from bot.service.pacing import DAILY_REQUESTS
from bot.stats.forgetting import forget_person
from tests.daily.play import computer_choice, play_deal, random_choice
from tests.stats.builders import Clock

GUILD, OTHER_GUILD = 10, 11
ANN, BOB = 1, 2


@pytest.mark.slow
async def test_the_first_deal_opens_at_the_players_turn_after_the_computers_before_them(
    daily: DailyDeals,
):
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown) and shown.over is None
    assert (shown.deal, shown.day, shown.guild_id) == (0, daily.today(), GUILD)
    assert shown.view.seat == PLAYER_SEAT and shown.view.decision is not None
    assert shown.table.seat is None and shown.table.hand == ()
    # West deals the first deal: North and East bid before the player, and nobody else moved.
    assert [seat for seat, _ in shown.since] == [0, 1] and shown.moves == 2
    again = await daily.open(GUILD, ANN, "ann")
    assert again == shown


@pytest.mark.slow
async def test_every_move_is_kept_and_a_new_service_goes_on_where_the_deal_was(
    daily: DailyDeals, store, decisions
):
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown)
    shown = await daily.act(ANN, shown.day, 0, shown.moves, Pass())
    assert isinstance(shown, DealShown)
    play = await daily.records.play(shown.day, ANN)
    assert play is not None
    stored = await daily.records.actions(play.id, 0)
    assert len(stored) == shown.moves and (PLAYER_SEAT, Pass()) in stored
    restarted = DailyDeals(store, decisions)
    assert await restarted.open(GUILD, ANN, "ann") == shown


@pytest.mark.slow
async def test_a_deal_stopped_before_the_computers_moved_is_brought_up_to_date(
    daily: DailyDeals, store, decisions
):
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown)
    play = await daily.records.play(shown.day, ANN)
    assert play is not None
    # The player's pass was kept, and the process stopped before the computers' answers.
    await daily.records.append(play.id, 0, shown.moves, PLAYER_SEAT, Pass())
    after = await DailyDeals(store, decisions).open(GUILD, ANN, "ann")
    assert isinstance(after, DealShown)
    assert after.moves > shown.moves + 1 and after.since[0][0] != PLAYER_SEAT
    expected = await daily.act(ANN, shown.day, 0, shown.moves, Pass())
    assert expected == after  # the same computers made the same moves


@pytest.mark.slow
async def test_a_click_on_an_older_picture_changes_nothing(daily: DailyDeals):
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown)
    moved = await daily.act(ANN, shown.day, 0, shown.moves, Pass())
    stale = await daily.act(ANN, shown.day, 0, shown.moves, Bid(14))
    assert stale == moved


@pytest.mark.slow
async def test_an_action_the_rules_refuse_is_explained(daily: DailyDeals):
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown)
    with pytest.raises(UserFacingError) as refused:
        await daily.act(ANN, shown.day, 0, shown.moves, Play(shown.view.hand[0]))
    assert refused.value.key == "errors.wrong_action"
    assert await daily.open(GUILD, ANN, "ann") == shown


@pytest.mark.slow
async def test_a_deal_of_a_day_that_ended_takes_no_more_moves(daily: DailyDeals, clock: Clock):
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown)
    clock.advance(days=1)
    with pytest.raises(UserFacingError) as refused:
        await daily.act(ANN, shown.day, 0, shown.moves, Pass())
    assert refused.value.key == "daily.day_over"


async def test_a_board_asked_for_away_from_its_server_is_only_the_members_own(
    daily: DailyDeals,
):
    await daily.open(GUILD, ANN, "ann")
    today = daily.today()
    await daily.check_played_in(ANN, today, GUILD)
    for user, guild in ((ANN, OTHER_GUILD), (BOB, GUILD)):
        with pytest.raises(UserFacingError) as refused:
            await daily.check_played_in(user, today, guild)
        assert refused.value.key == "daily.not_played"


@pytest.mark.slow
async def test_the_day_is_played_once_wherever_it_is_opened(daily: DailyDeals):
    first = await daily.open(GUILD, ANN, "ann")
    elsewhere = await daily.open(OTHER_GUILD, ANN, "ann")
    assert isinstance(elsewhere, DealShown) and elsewhere.guild_id == GUILD
    assert elsewhere == first


async def test_todays_results_board_and_replays_wait_until_every_deal_is_played(
    daily: DailyDeals,
):
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown)
    today = daily.today()
    for attempt in (
        daily.day(ANN),
        daily.board(GUILD, today, ANN),
        daily.board(GUILD, today, BOB),
        daily.board(GUILD, today, None),
        daily.replay(ANN, today, 0, None),
    ):
        with pytest.raises(UserFacingError) as refused:
            await attempt
        assert refused.value.key == "daily.play_first"
    with pytest.raises(ValueError):
        await daily.ended_day_board(GUILD, today)


@pytest.mark.slow
async def test_the_end_of_day_post_goes_to_the_chosen_channel_once(daily: DailyDeals, clock: Clock):
    records = daily.records
    day = daily.today()
    await daily.post_in(GUILD, 500)
    await daily.post_in(OTHER_GUILD, 600)
    assert await records.posts_due(day) == []  # nobody played yet
    await daily.open(GUILD, ANN, "ann")
    assert await records.posts_due(day) == [(GUILD, 500)]
    await daily.post_in(GUILD, 501)
    assert await daily.post_channel(GUILD) == 501
    assert await records.claim_post(GUILD, day, 501)
    assert not await records.claim_post(GUILD, day, 501)
    assert await records.posts_due(day) == []
    await daily.post_in(GUILD, None)
    assert await daily.post_channel(GUILD) is None


@pytest.mark.slow
async def test_a_whole_day_is_compared_with_par_and_with_the_servers_other_players(
    daily: DailyDeals, clock: Clock
):
    rng = random.Random(5)
    days: dict[int, DayShown] = {}
    for user, name in ((ANN, "ann"), (BOB, "bob")):
        shown = await daily.open(GUILD, user, name)
        for number in range(DEALS_PER_DAY):
            assert isinstance(shown, DealShown) and shown.deal == number
            shown = await play_deal(daily, user, shown, rng)
            assert isinstance(shown, DealShown) and shown.over is not None
            assert shown.over.last == (number == DEALS_PER_DAY - 1)
            shown = await daily.open(GUILD, user, name)
        assert isinstance(shown, DayShown) and shown.finished
        days[user] = shown
    ann, bob = await daily.day(ANN), await daily.day(BOB)
    assert bob == days[BOB]
    for number in range(DEALS_PER_DAY):
        mine, theirs = ann.deals[number], bob.deals[number]
        assert mine.players == theirs.players == 2
        assert mine.par == theirs.par is not None
        assert mine.score is not None and theirs.score is not None
        expected = 1.0 if mine.score > theirs.score else 0.5 if mine.score == theirs.score else 0.0
        assert mine.matchpoints == expected
        assert theirs.matchpoints == 1.0 - expected
    assert ann.share + bob.share == pytest.approx(1.0)
    assert {ann.rank, bob.rank} in ({1, 2}, {1})
    assert ann.streak.current == 1 and ann.players == 2
    board = await daily.board(GUILD, daily.today(), ANN)
    assert {line.user_id: line.share for line in board.lines} == {
        ANN: ann.share,
        BOB: bob.share,
    }
    assert [line.share for line in board.lines] == sorted((ann.share, bob.share), reverse=True)
    assert [line.is_viewer for line in board.lines].count(True) == 1
    replay = await daily.replay(ANN, daily.today(), 2, None)
    assert replay.review is not None and replay.stored.names[PLAYER_SEAT] == "ann"
    assert (await daily.replay(ANN, daily.today(), 2, None)).review == replay.review
    clock.advance(days=1)
    ended = await daily.ended_day_board(GUILD, ann.day)
    assert [(line.user_id, line.share) for line in ended.lines] == [
        (line.user_id, line.share) for line in board.lines
    ]
    assert not any(line.is_viewer for line in ended.lines)
    assert ended.widest == board.widest


@pytest.mark.slow
@pytest.mark.one_engine
async def test_a_player_who_plays_as_the_computers_do_scores_par_on_every_deal(
    daily: DailyDeals,
):
    shown = await daily.open(GUILD, ANN, "ann")
    for _ in range(DEALS_PER_DAY):
        assert isinstance(shown, DealShown)
        while shown.over is None:
            action = await computer_choice(daily, ANN, shown)
            shown = await daily.act(ANN, shown.day, shown.deal, shown.moves, action)
            assert isinstance(shown, DealShown)
        assert shown.over.score == shown.over.par
        par = await daily.records.par(shown.day, shown.deal)
        play = await daily.records.play(shown.day, ANN)
        assert par is not None and play is not None
        assert par.actions == await daily.records.actions(play.id, shown.deal)
        shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DayShown)
    assert all(outcome.score == outcome.par for outcome in shown.deals)


@pytest.mark.slow
async def test_a_robbing_dealer_who_names_only_the_free_choices_keeps_the_trumps_too(
    daily: DailyDeals,
):
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown)
    play = await daily.records.play(shown.day, ANN)
    assert play is not None
    for number in range(DEALS_PER_DAY - 1):  # the first three deals over, as far as the store says
        await daily.records.finish_deal(play.id, number, 0, last=False)
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown) and shown.deal == DEALS_PER_DAY - 1
    while not isinstance(shown.view.decision, KeepDecision):
        shown = await daily.act(ANN, shown.day, shown.deal, shown.moves, Pass())
        assert isinstance(shown, DealShown)
    decision = shown.view.decision
    assert decision.required and decision.free_choices
    chosen = decision.options[: decision.free_choices]
    shown = await daily.act(ANN, shown.day, shown.deal, shown.moves, Keep(chosen))
    assert isinstance(shown, DealShown)
    assert set(shown.view.hand) == set(decision.required) | set(chosen)


@pytest.mark.slow
async def test_a_stored_deal_rebuilds_exactly_from_its_seed_and_actions(daily: DailyDeals):
    shown = await daily.open(GUILD, ANN, "ann")
    assert isinstance(shown, DealShown)
    shown = await daily.act(ANN, shown.day, 0, shown.moves, random_choice(shown, random.Random(1)))
    assert isinstance(shown, DealShown)
    play = await daily.records.play(shown.day, ANN)
    assert play is not None
    deal = Deal.replayed(
        deal_start(await daily.secret(), shown.day, 0), await daily.records.actions(play.id, 0)
    )
    assert deal.game.view(PLAYER_SEAT) == shown.view


@pytest.mark.slow
async def test_someone_forgotten_keeps_their_days_for_the_others_under_a_pseudonym(
    daily: DailyDeals, store, clock: Clock
):
    await daily.open(GUILD, ANN, "ann")
    await daily.open(GUILD, BOB, "bob")
    forgotten = await forget_person(store, ANN)
    assert forgotten.daily_plays == 1
    assert await daily.records.play(daily.today(), ANN) is None
    clock.advance(days=1)
    board = await daily.ended_day_board(GUILD, daily.today() - ONE_DAY)
    # Still counted (bob's matchpoints do not change), kept off the board like anyone hidden.
    assert [line.name for line in board.lines] == ["bob"] and board.players == 2
    play = await daily.records.play(daily.today() - ONE_DAY, forgotten.pseudonym)
    assert play is not None and play.display_name == t("player.former", None)


@pytest.mark.slow
async def test_a_member_opening_their_day_again_and_again_is_asked_to_slow_down(
    daily: DailyDeals, clock: Clock
):
    for _ in range(1 + DAILY_REQUESTS.burst):  # the first, then the allowance of repeats
        await daily.open(GUILD, ANN, "ann")
    with pytest.raises(UserFacingError) as refused:
        await daily.open(GUILD, ANN, "ann")
    assert refused.value.key == "errors.slow_down"
    await daily.open(GUILD, BOB, "bob")  # another member is not held up
    clock.advance(seconds=DAILY_REQUESTS.every.total_seconds())
    await daily.open(GUILD, ANN, "ann")


@pytest.mark.slow
async def test_forgetting_oneself_gives_no_second_go_at_the_day(
    daily: DailyDeals, store, clock: Clock
):
    first = await daily.open(GUILD, ANN, "ann")
    assert isinstance(first, DealShown)
    await forget_person(store, ANN)
    # The deals are known now: a fresh play of the same day is refused, from any server.
    for guild in (GUILD, OTHER_GUILD):
        with pytest.raises(UserFacingError) as refused:
            await daily.open(guild, ANN, "ann")
        assert refused.value.key == "daily.played_before_forgetting"
    assert await daily.records.play(daily.today(), ANN) is None
    # Nothing in the kept row names them: only the key tells a person's play of a day.
    rows = await store.database.fetch_all("SELECT * FROM daily_plays")
    assert len(rows) == 1 and rows[0]["user_id"] < 0
    clock.advance(days=1)
    tomorrow = await daily.open(GUILD, ANN, "ann")
    assert isinstance(tomorrow, DealShown) and tomorrow.day == daily.today()
