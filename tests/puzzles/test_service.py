"""The puzzles on a real store (SQLite, then PostgreSQL): the daily puzzle the same for
everyone, practice puzzles after it, all dealt (never cut from a server's game, whose replay
holds the answer), first attempts in time only moving the ratings, the board."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.engine import HouseRules
from bot.errors import UserFacingError
from bot.i18n import t
from bot.puzzles import Puzzles
from bot.puzzles.positions import puzzle_position
from bot.puzzles.ratings import START, rated
from bot.puzzles.scenes import board_scene, puzzle_text
from bot.puzzles.service import ANSWER_TIME
from bot.service.pacing import PUZZLE_REQUESTS
from bot.stats.forgetting import forget_person
from bot.store import Store
from bot.store.database import encode_json
from tests.puzzles.hands import played_hand, stored_hand
from tests.stats.builders import Clock

GUILD, OTHER_GUILD = 10, 11
OPEN = 100
ANN, BOB = 1, 2
#: Seeds of hands that hold puzzles (tests/puzzles/test_finder.py).
PUZZLE_SEEDS = (18, 20, 25, 27, 39, 42, 57, 58, 44, 49, 53)


def wrong_card(shown):
    return next(card for card in shown.position.legal if card not in shown.position.best)


@pytest.mark.slow
async def test_the_daily_puzzle_is_the_same_for_everyone_and_comes_first(puzzles: Puzzles):
    ann = await puzzles.first(ANN)
    bob = await puzzles.first(BOB)
    assert ann.puzzle_id == bob.puzzle_id and ann.day == puzzles.today()
    assert ann.answer is None and ann.player_rating is None and ann.rating == START


@pytest.mark.slow
async def test_after_the_daily_puzzle_come_practice_puzzles_never_tried(puzzles: Puzzles):
    daily = await puzzles.first(ANN)
    answered = await puzzles.answer(
        GUILD, ANN, "ann", daily.puzzle_id, daily.position.best[0]
    )
    assert answered.answer is not None and answered.answer.solved and answered.answer.now
    practice = await puzzles.first(ANN)
    assert practice.puzzle_id != daily.puzzle_id and practice.day is None
    again = await puzzles.practice(ANN)
    assert again.puzzle_id == practice.puzzle_id  # not tried yet: still the nearest
    await puzzles.answer(GUILD, ANN, "ann", practice.puzzle_id, wrong_card(practice))
    third = await puzzles.practice(ANN)
    assert third.puzzle_id not in (daily.puzzle_id, practice.puzzle_id)


@pytest.mark.slow
async def test_only_the_first_answer_moves_the_ratings(puzzles: Puzzles):
    shown = await puzzles.first(ANN)
    missed = await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, wrong_card(shown))
    answer = missed.answer
    assert answer is not None and not answer.solved and answer.now
    person, puzzle = rated(START, START, False)
    assert (answer.rating_before, answer.rating_after) == (START, person)
    assert missed.rating == puzzle and missed.player_rating == person
    again = await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0])
    assert again.answer is not None and not again.answer.now and not again.answer.solved
    assert again.rating == puzzle and again.player_rating == person
    record = await puzzles.records.puzzle(shown.puzzle_id)
    assert record is not None and record.attempts == 1


@pytest.mark.slow
async def test_a_card_the_puzzle_does_not_allow_is_refused(puzzles: Puzzles):
    shown = await puzzles.first(ANN)
    held = {card for hand in shown.position.hands for card in hand}
    other = next(card for card in held if card not in shown.position.legal)
    with pytest.raises(UserFacingError) as refused:
        await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, other)
    assert refused.value.key == "puzzle.not_legal"


@pytest.mark.slow
async def test_the_board_ranks_who_tried_puzzles_here_by_rating(puzzles: Puzzles, store: Store):
    shown = await puzzles.first(ANN)
    await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0])
    await puzzles.first(BOB)
    await puzzles.answer(GUILD, BOB, "bob", shown.puzzle_id, wrong_card(shown))
    board = await puzzles.board(GUILD, BOB)
    assert [(line.name, line.rank, line.is_viewer) for line in board.lines] == [
        ("ann", 1, False),
        ("bob", 2, True),
    ]
    assert (await puzzles.board(OTHER_GUILD, ANN)).lines == ()
    await store.preferences.update(ANN, hidden_from_boards=True)
    assert [line.name for line in (await puzzles.board(GUILD, BOB)).lines] == ["bob"]
    assert [line.name for line in (await puzzles.board(GUILD, ANN)).lines] == ["ann", "bob"]


@pytest.mark.slow
async def test_each_servers_board_names_people_as_that_server_knows_them(
    puzzles: Puzzles, store: Store
):
    shown = await puzzles.first(ANN)
    await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0])
    # Ann goes by another nickname in another server: her rating is one, her names are two.
    practice = await puzzles.practice(ANN)
    await puzzles.answer(
        OTHER_GUILD, ANN, "Secret alias", practice.puzzle_id, wrong_card(practice)
    )
    [here] = (await puzzles.board(GUILD, None)).lines
    [there] = (await puzzles.board(OTHER_GUILD, None)).lines
    assert (here.name, there.name) == ("ann", "Secret alias")
    assert here.rating == there.rating
    # An attempt from before attempts kept their name: a neutral name, not another server's.
    async with store.database.write() as tx:
        await tx.execute(
            "UPDATE puzzle_attempts SET display_name = NULL WHERE guild_id = ?", (GUILD,)
        )
    board = await puzzles.board(GUILD, None)
    assert [row.name for row in board_scene(board, "fr").rows] == ["Joueur"]


@pytest.mark.slow
async def test_someone_forgotten_leaves_no_attempt_and_no_rating(puzzles: Puzzles, store: Store):
    shown = await puzzles.first(ANN)
    await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0])
    await puzzles.practice(ANN)  # shown, not answered
    forgotten = await forget_person(store, ANN)
    assert forgotten.puzzle_attempts == 1
    assert await puzzles.records.rating(ANN) is None
    assert (await puzzles.board(GUILD, None)).lines == ()
    views = await store.database.fetch_all("SELECT * FROM puzzle_views WHERE user_id = ?", (ANN,))
    assert views == []


@pytest.mark.slow
async def test_a_new_day_brings_a_new_daily_puzzle(puzzles: Puzzles, clock: Clock):
    first = await puzzles.first(ANN)
    clock.advance(days=1)
    second = await puzzles.first(ANN)
    assert second.puzzle_id != first.puzzle_id and second.day == puzzles.today()


async def cut_from_games(store: Store, count: int) -> list[int]:
    """Puzzles cut from hands of the server's games, as the bot once kept them (enough that
    practice puzzles came from the games): their ids."""
    ids = []
    for seed in PUZZLE_SEEDS[:count]:
        game_id = await stored_hand(store, GUILD, OPEN, seed)
        hand = played_hand(seed)
        found = hand.found[0]
        position = puzzle_position(hand.replay, found, HouseRules().target_score)
        async with store.database.write() as tx:
            row = await tx.fetch_required(
                "INSERT INTO puzzles (source, guild_id, channel_id, game_id, hand_number, play,"
                " position, rating, created_at) VALUES ('game', ?, ?, ?, 1, ?, ?, ?, ?)"
                " RETURNING id",
                (GUILD, OPEN, game_id, found.play, encode_json(position.to_json()), START, "x"),
            )
        ids.append(row["id"])
    return ids


@pytest.mark.slow
async def test_practice_puzzles_are_dealt_never_cut_from_a_servers_games(
    puzzles: Puzzles, store: Store
):
    daily = await puzzles.first(ANN)
    await puzzles.answer(GUILD, ANN, "ann", daily.puzzle_id, daily.position.best[0])
    # The server's games hold puzzles (their answers are in the games' replays): none is given.
    cut = await cut_from_games(store, 10)
    practice = await puzzles.practice(ANN)
    record = await puzzles.records.puzzle(practice.puzzle_id)
    assert record is not None and record.source == "generated"
    assert record.label is not None and record.label.startswith("practice:")
    # Nor is one shown or answered, from a message of before.
    for puzzle_id in cut[:2]:
        with pytest.raises(UserFacingError) as refused:
            await puzzles.show(ANN, puzzle_id)
        assert refused.value.key == "puzzle.not_found"
        with pytest.raises(UserFacingError):
            await puzzles.answer(GUILD, ANN, "ann", puzzle_id, practice.position.legal[0])


@pytest.mark.slow
async def test_an_answer_after_the_time_allowed_moves_no_rating(puzzles: Puzzles, clock: Clock):
    """Looked up, or worked out with a solver, a right answer earns nothing once the time to
    answer (from when the puzzle was first shown) is over; showing it again does not restart
    it, and a second answer counts no more than the first."""
    shown = await puzzles.first(ANN)
    assert shown.answer_minutes == ANSWER_TIME // timedelta(minutes=1)
    clock.advance(seconds=ANSWER_TIME.total_seconds() * 3 / 4)
    again = await puzzles.first(ANN)
    assert again.puzzle_id == shown.puzzle_id
    clock.advance(seconds=ANSWER_TIME.total_seconds() / 2)
    late = await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0])
    answer = late.answer
    assert answer is not None and answer.solved and answer.now and not answer.counted
    assert (answer.rating_before, answer.rating_after) == (START, START)
    assert late.player_rating is None and late.rating == START
    assert t("puzzle.too_late", "en", rating=round(START)) in puzzle_text(late, "en")
    repeat = await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0])
    assert repeat.answer is not None and not repeat.answer.now and not repeat.answer.counted
    assert await puzzles.records.rating(ANN) is None
    record = await puzzles.records.puzzle(shown.puzzle_id)
    assert record is not None and (record.rating, record.attempts) == (START, 0)
    assert (await puzzles.board(GUILD, ANN)).lines == ()
    # Bob answers within the time: his rating and the puzzle's move.
    await puzzles.first(BOB)
    clock.advance(seconds=ANSWER_TIME.total_seconds() - 1)
    timely = await puzzles.answer(GUILD, BOB, "bob", shown.puzzle_id, shown.position.best[0])
    assert timely.answer is not None and timely.answer.counted
    assert timely.player_rating == rated(START, START, True)[0]


@pytest.mark.slow
async def test_an_answer_to_a_puzzle_never_shown_moves_no_rating(puzzles: Puzzles):
    """A button of a message the person was not shown (another's, forwarded) starts no time."""
    shown = await puzzles.first(ANN)
    answered = await puzzles.answer(GUILD, BOB, "bob", shown.puzzle_id, shown.position.best[0])
    assert answered.answer is not None and not answered.answer.counted
    assert await puzzles.records.rating(BOB) is None


@pytest.mark.slow
async def test_a_member_asking_for_puzzles_again_and_again_is_asked_to_slow_down(
    puzzles: Puzzles, clock: Clock
):
    for _ in range(1 + PUZZLE_REQUESTS.burst):  # the first, then the allowance of repeats
        await puzzles.first(ANN)
    with pytest.raises(UserFacingError) as refused:
        await puzzles.practice(ANN)
    assert refused.value.key == "errors.slow_down"
    await puzzles.first(BOB)  # another member is not held up
    clock.advance(seconds=PUZZLE_REQUESTS.every.total_seconds())
    await puzzles.first(ANN)
