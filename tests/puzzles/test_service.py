"""The puzzles on a real store (SQLite, then PostgreSQL): the daily puzzle the same for
everyone, practice puzzles after it, first attempts only moving the ratings, the server's own
games once they hold enough puzzles (and only from channels open to everyone), the board."""

from __future__ import annotations

import pytest

from bot.errors import UserFacingError
from bot.puzzles import Puzzles
from bot.puzzles.ratings import START, rated
from bot.puzzles.scenes import board_scene
from bot.puzzles.service import ENOUGH
from bot.service.pacing import PUZZLE_REQUESTS
from bot.stats.forgetting import forget_person
from bot.store import Store
from tests.puzzles.hands import stored_hand
from tests.stats.builders import Clock

GUILD, OTHER_GUILD = 10, 11
OPEN, STAFF = 100, 101
ANN, BOB = 1, 2
#: Seeds of hands that hold puzzles (tests/puzzles/test_finder.py).
PUZZLE_SEEDS = (18, 20, 25, 27, 39, 42, 57, 58, 44, 49, 53)


def wrong_card(shown):
    return next(card for card in shown.position.legal if card not in shown.position.best)


@pytest.mark.slow
async def test_the_daily_puzzle_is_the_same_for_everyone_and_comes_first(puzzles: Puzzles):
    ann = await puzzles.first(GUILD, ANN, {OPEN})
    bob = await puzzles.first(OTHER_GUILD, BOB, set())
    assert ann.puzzle_id == bob.puzzle_id and ann.day == puzzles.today()
    assert ann.answer is None and ann.player_rating is None and ann.rating == START
    assert ann.game_hand is None


@pytest.mark.slow
async def test_after_the_daily_puzzle_come_practice_puzzles_never_tried(puzzles: Puzzles):
    daily = await puzzles.first(GUILD, ANN, set())
    answered = await puzzles.answer(
        GUILD, ANN, "ann", daily.puzzle_id, daily.position.best[0], set()
    )
    assert answered.answer is not None and answered.answer.solved and answered.answer.now
    practice = await puzzles.first(GUILD, ANN, set())
    assert practice.puzzle_id != daily.puzzle_id and practice.day is None
    again = await puzzles.practice(GUILD, ANN, set())
    assert again.puzzle_id == practice.puzzle_id  # not tried yet: still the nearest
    await puzzles.answer(GUILD, ANN, "ann", practice.puzzle_id, wrong_card(practice), set())
    third = await puzzles.practice(GUILD, ANN, set())
    assert third.puzzle_id not in (daily.puzzle_id, practice.puzzle_id)


@pytest.mark.slow
async def test_only_the_first_answer_moves_the_ratings(puzzles: Puzzles):
    shown = await puzzles.first(GUILD, ANN, set())
    missed = await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, wrong_card(shown), set())
    answer = missed.answer
    assert answer is not None and not answer.solved and answer.now
    person, puzzle = rated(START, START, False)
    assert (answer.rating_before, answer.rating_after) == (START, person)
    assert missed.rating == puzzle and missed.player_rating == person
    again = await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0], set())
    assert again.answer is not None and not again.answer.now and not again.answer.solved
    assert again.rating == puzzle and again.player_rating == person
    record = await puzzles.records.puzzle(shown.puzzle_id)
    assert record is not None and record.attempts == 1


@pytest.mark.slow
async def test_a_card_the_puzzle_does_not_allow_is_refused(puzzles: Puzzles):
    shown = await puzzles.first(GUILD, ANN, set())
    held = {card for hand in shown.position.hands for card in hand}
    other = next(card for card in held if card not in shown.position.legal)
    with pytest.raises(UserFacingError) as refused:
        await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, other, set())
    assert refused.value.key == "puzzle.not_legal"


@pytest.mark.slow
async def test_the_board_ranks_who_tried_puzzles_here_by_rating(puzzles: Puzzles, store: Store):
    shown = await puzzles.first(GUILD, ANN, set())
    await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0], set())
    await puzzles.answer(GUILD, BOB, "bob", shown.puzzle_id, wrong_card(shown), set())
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
    shown = await puzzles.first(GUILD, ANN, set())
    await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0], set())
    # Ann goes by another nickname in another server: her rating is one, her names are two.
    practice = await puzzles.practice(OTHER_GUILD, ANN, set())
    await puzzles.answer(
        OTHER_GUILD, ANN, "Secret alias", practice.puzzle_id, wrong_card(practice), set()
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
    shown = await puzzles.first(GUILD, ANN, set())
    await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0], set())
    forgotten = await forget_person(store, ANN)
    assert forgotten.puzzle_attempts == 1
    assert await puzzles.records.rating(ANN) is None
    assert (await puzzles.board(GUILD, None)).lines == ()


@pytest.mark.slow
async def test_a_new_day_brings_a_new_daily_puzzle(puzzles: Puzzles, clock: Clock):
    first = await puzzles.first(GUILD, ANN, set())
    clock.advance(days=1)
    second = await puzzles.first(GUILD, ANN, set())
    assert second.puzzle_id != first.puzzle_id and second.day == puzzles.today()


@pytest.mark.slow
async def test_the_servers_games_give_puzzles_once_they_hold_enough(
    puzzles: Puzzles, store: Store, clock: Clock
):
    daily = await puzzles.first(GUILD, ANN, {OPEN})
    await puzzles.answer(GUILD, ANN, "ann", daily.puzzle_id, daily.position.best[0], {OPEN})
    for seed in PUZZLE_SEEDS:
        await stored_hand(store, GUILD, OPEN, seed)
    staff = await stored_hand(store, GUILD, STAFF, PUZZLE_SEEDS[0])
    # Each ask searches a few more hands; until enough puzzles are found, dealt ones come.
    seen = []
    for _ in range(len(PUZZLE_SEEDS)):
        clock.advance(seconds=PUZZLE_REQUESTS.every.total_seconds())  # solving takes a while
        shown = await puzzles.practice(GUILD, ANN, {OPEN})
        seen.append(shown.game_hand)
        await puzzles.answer(GUILD, ANN, "ann", shown.puzzle_id, shown.position.best[0], {OPEN})
    assert await puzzles.records.server_puzzles(GUILD, {OPEN}) >= ENOUGH
    assert seen[0] is None and seen[-1] == 1  # a dealt hand first, the server's games after
    # Nothing was searched in the channel that is not open to everyone, nor shown from it.
    assert await puzzles.records.unscanned_hands(GUILD, {STAFF}, 10) == [(staff, 1)]
    server = await puzzles.practice(GUILD, BOB, {OPEN})
    assert server.game_hand == 1
    with pytest.raises(UserFacingError) as refused:
        await puzzles.show(GUILD, BOB, server.puzzle_id, set())
    assert refused.value.key == "puzzle.not_found"
    with pytest.raises(UserFacingError):
        await puzzles.show(OTHER_GUILD, BOB, server.puzzle_id, {OPEN})


@pytest.mark.slow
async def test_a_member_asking_for_puzzles_again_and_again_is_asked_to_slow_down(
    puzzles: Puzzles, clock: Clock
):
    for _ in range(1 + PUZZLE_REQUESTS.burst):  # the first, then the allowance of repeats
        await puzzles.first(GUILD, ANN, set())
    with pytest.raises(UserFacingError) as refused:
        await puzzles.practice(GUILD, ANN, set())
    assert refused.value.key == "errors.slow_down"
    await puzzles.first(GUILD, BOB, set())  # another member is not held up
    clock.advance(seconds=PUZZLE_REQUESTS.every.total_seconds())
    await puzzles.first(GUILD, ANN, set())
