"""The boards' service: a board's page with why its reader is not on it, a season's board by
its number, a player's card and who may see it, the games played, and the boards' upkeep, each
asked for by intention and refused in one line when it cannot be shown (``bot/boards/``, on the
statistics' store and clock)."""

from __future__ import annotations

import pytest

from bot.boards import Absence, Boards
from bot.errors import UserFacingError
from bot.league.seasons import change_season_settings
from bot.league.windows import SeasonLength
from bot.stats import MIN_GAMES, Metric, Period, record_game
from bot.store import Store
from tests.stats.builders import Clock, Hand, Player, computer, person, store_game

GUILD, OTHER_GUILD, CHANNEL = 1, 2, 50
ALICE, BOB, CAROL = (person(n, name) for n, name in ((11, "alice"), (12, "bob"), (13, "carol")))


@pytest.fixture
def boards(store: Store) -> Boards:
    return Boards(store)


async def play(store: Store, clock: Clock, players: list[Player], winner: int = 0, **game) -> int:
    clock.advance(minutes=20)
    game_id = await store_game(store, players, winner=winner, guild=GUILD, **game)
    await record_game(store, game_id)
    return game_id


async def board(boards: Boards, reader: Player, metric=Metric.RATING, covered=Period.ALL):
    assert reader.user_id is not None
    return await boards.leaderboard(
        GUILD, metric, covered, page=0, viewer_id=reader.user_id, locale="en"
    )


async def refusal(asking) -> str:
    with pytest.raises(UserFacingError) as refused:
        await asking
    return refused.value.key


async def test_a_reader_off_the_board_is_told_why(boards: Boards, store: Store, clock: Clock):
    await play(store, clock, [ALICE, BOB])
    shown = await board(boards, ALICE)
    assert shown.page.entries == ()
    assert (shown.absence, shown.games_missing) == (Absence.TOO_FEW_GAMES, MIN_GAMES - 1)
    assert shown.covered_name == "All time" and shown.scene.period == "All time"

    for _ in range(MIN_GAMES - 1):
        await play(store, clock, [ALICE, BOB])
    shown = await board(boards, ALICE)
    assert shown.page.viewer is not None and shown.page.viewer.name == "alice"
    assert (shown.absence, shown.games_missing) == (None, 0)
    # Enough games, and never the maker of a contract: no figure for contracts made.
    contracts = await board(boards, ALICE, Metric.CONTRACTS)
    assert (contracts.absence, contracts.games_missing) == (Absence.NOT_RANKED, 0)

    await store.preferences.update(ALICE.user_id, hidden_from_boards=True)
    shown = await board(boards, ALICE)
    assert [entry.name for entry in shown.page.entries] == ["bob"]
    assert (shown.absence, shown.games_missing) == (Absence.HIDDEN, 0)


async def test_a_seasons_board_is_asked_for_by_its_number(
    boards: Boards, store: Store, clock: Clock
):
    assert await refusal(boards.season(GUILD, None)) == "errors.no_season"
    await change_season_settings(store, GUILD, channel_id=CHANNEL, length=SeasonLength.MONTH)
    await play(store, clock, [ALICE, BOB], winner=1)

    [running] = await boards.seasons(GUILD)
    assert (await boards.season(GUILD, None)) == running
    assert await refusal(boards.season(GUILD, running.number + 1)) == "errors.no_such_season"
    shown = await board(boards, BOB, Metric.WINS, covered=running.number)
    assert [entry.name for entry in shown.page.entries] == ["bob", "alice"]
    assert shown.covered_name.startswith("Season 1") and shown.scene.period == shown.covered_name
    assert await refusal(board(boards, BOB, covered=running.number + 1)) == (
        "errors.no_such_season"
    )


async def test_a_card_of_someone_hidden_is_theirs_alone_and_charts_the_channels_given(
    boards: Boards, store: Store, clock: Clock
):
    assert ALICE.user_id is not None and BOB.user_id is not None
    assert not await boards.card_is_private(ALICE.user_id, "alice", BOB.user_id)
    key = await refusal(boards.player_card(GUILD, ALICE.user_id, "alice", set()))
    assert key == "stats.no_games"

    hands = [Hand(maker=0, contract=5, points=(6, 2))]
    await play(store, clock, [ALICE, BOB], channel=CHANNEL, hands=hands)
    await play(store, clock, [ALICE, BOB], hands=hands)
    assert CHANNEL in await boards.game_channels(GUILD)
    card = await boards.player_card(GUILD, ALICE.user_id, "alice", {CHANNEL})
    assert card.games == 2  # the figures count every game; the chart, the channel's alone
    assert len(card.rating_history) == 1
    scene = await boards.card_picture(GUILD, card, ALICE.user_id, {CHANNEL}, "en")
    assert scene.name == "alice" and scene.games == 2

    await store.preferences.update(ALICE.user_id, hidden_from_boards=True)
    assert await refusal(boards.card_is_private(ALICE.user_id, "alice", BOB.user_id)) == (
        "stats.hidden"
    )
    assert await boards.card_is_private(ALICE.user_id, "alice", ALICE.user_id)


async def test_the_games_played_keep_to_the_channels_given_and_the_server(
    boards: Boards, store: Store, clock: Clock
):
    assert await refusal(boards.recent_games(GUILD, set())) == "history.empty"
    game_id = await play(store, clock, [ALICE, BOB], channel=CHANNEL)
    assert await refusal(boards.recent_games(GUILD, {CHANNEL + 1})) == "history.empty"
    [game] = await boards.recent_games(GUILD, {CHANNEL})
    assert game.game_id == game_id and game.channel_id == CHANNEL
    assert (await boards.game(GUILD, game_id)).game == game
    assert await refusal(boards.game(OTHER_GUILD, game_id)) == "history.not_found"
    assert await refusal(boards.game(GUILD, game_id + 1)) == "history.not_found"


async def test_the_upkeep_changes_what_the_boards_count(boards: Boards, store: Store, clock: Clock):
    for _ in range(MIN_GAMES):
        await play(store, clock, [ALICE, computer()], channel=CHANNEL)
    settings = await boards.settings(GUILD)
    assert settings.show_computers
    assert await boards.change_settings(GUILD) == settings
    hidden = await boards.change_settings(GUILD, show_computers=False)
    assert not hidden.show_computers and hidden.count_abandoned == settings.count_abandoned
    assert [entry.name for entry in (await board(boards, ALICE)).page.entries] == ["alice"]

    await boards.reset(GUILD)
    shown = await board(boards, ALICE, Metric.WINS)
    assert shown.page.entries == () and shown.absence is Absence.TOO_FEW_GAMES
    assert len(await boards.recent_games(GUILD, {CHANNEL})) == MIN_GAMES
    assert await boards.rebuild(GUILD) == 0  # the games before the reset stay uncounted
    await play(store, clock, [ALICE, BOB], channel=CHANNEL)
    assert await boards.rebuild(GUILD) == 1
