"""``/cinch daily puzzle``: the day's puzzle privately, a button per legal card, the answer with
the line's picture, the next puzzle in the same message, the board; buttons that outlive a
restart; nothing in the channel."""

from __future__ import annotations

import pytest

from bot.daily.records import SECRET_MARK
from bot.i18n import t
from tests.cogs.table_driver import buttons

#: A puzzle may have to be found first, in dealt hands played out by the computer players'
#: worker processes (a few seconds, more for the first, which starts the workers): no table
#: runs here, so the bot's short waits cost nothing in real time.
pytestmark = pytest.mark.simcord(settle_timeout=30.0)
#: The bot's secret here: its puzzle of the tests' day is in the first hand it deals, so each
#: test finds it in about a second of play, not several (the hands dealt for one label until one
#: holds a puzzle number one to a dozen and more; these tests are about the messages).
SECRET = "test-puzzles-8"

EN = "en"


@pytest.fixture(autouse=True)
async def known_puzzles(simcord_env):
    await simcord_env.bot.store.marks.put(SECRET_MARK, SECRET)


async def daily_puzzle(simcord_env):
    puzzles = simcord_env.bot.puzzles
    puzzle = await puzzles.records.puzzle(await puzzles.records.day_puzzle(puzzles.today()))
    assert puzzle is not None
    return puzzle


def card_buttons(message) -> dict[str, str]:
    return {
        item["label"]: item["custom_id"]
        for item in buttons(message)
        if item.get("custom_id", "").startswith("cinch:pz:")
    }


@pytest.mark.slow
async def test_the_daily_puzzle_comes_privately_with_a_button_per_legal_card(
    simcord_env, channel, players
):
    alice = players[0]
    result = await alice.slash(channel, "cinch puzzle")

    assert result.ephemeral
    message = result.response
    assert message.content.startswith("**Daily puzzle** · January 1, 2026")
    puzzle = await daily_puzzle(simcord_env)
    labels = {t("action.play_card", EN, card=card.display) for card in puzzle.position.legal}
    assert set(card_buttons(message)) == labels
    assert message.attachments[0].filename == "puzzle.png"
    assert list(channel.history()) == []


@pytest.mark.slow
async def test_the_answer_shows_the_line_and_the_next_puzzle_follows_in_the_same_message(
    simcord_env, channel, players
):
    alice = players[0]
    message = (await alice.slash(channel, "cinch puzzle")).response
    puzzle = await daily_puzzle(simcord_env)
    best = puzzle.position.best[0]
    answered = await alice.click(
        message, custom_id=card_buttons(message)[t("action.play_card", EN, card=best.display)]
    )

    content = answered.response.content
    assert "✅ Right:" in content and "Your puzzle rating: 1500 → 1516" in content
    assert answered.response.attachments[0].filename == "puzzle.png"
    labels = [item["label"] for item in buttons(answered.response)]
    assert labels == [t("puzzle.button.next", EN), t("puzzle.button.board", EN)]

    board = await alice.click(answered.response, label=t("puzzle.button.board", EN))
    assert board.ephemeral and board.response.attachments[0].filename == "board.png"
    following = await alice.click(answered.response, label=t("puzzle.button.next", EN))
    shown = following.response or answered.response
    assert shown.id == message.id and shown.content.startswith("**Puzzle** · ")
    assert card_buttons(shown)
    assert list(channel.history()) == []


@pytest.mark.slow
async def test_an_answer_button_sent_before_a_restart_still_answers(
    simcord_env, channel, players, restart
):
    alice = players[0]
    message = (await alice.slash(channel, "cinch puzzle")).response
    puzzle = await daily_puzzle(simcord_env)
    wrong = next(card for card in puzzle.position.legal if card not in puzzle.position.best)

    await restart()

    answered = await alice.click(
        message, custom_id=card_buttons(message)[t("action.play_card", EN, card=wrong.display)]
    )
    assert "❌ Not this one:" in answered.response.content


@pytest.mark.slow
async def test_the_puzzle_board_can_be_posted_in_the_channel(simcord_env, channel, players):
    alice, bob = players[:2]
    message = (await alice.slash(channel, "cinch puzzle")).response
    first = next(iter(card_buttons(message).values()))
    await alice.click(message, custom_id=first)

    posted = await bob.slash(channel, "cinch-boards puzzles")

    assert not posted.ephemeral
    assert posted.response.content == f"**{t('puzzle.board.title', EN)}**"
    assert posted.response.attachments[0].filename == "board.png"


def first_call_answers(simcord_env, before: int) -> int:
    """The type of the interaction callback that was the bot's first call since ``before``:
    an acknowledgement (5, or 6 for a deferred update) comes before any work is shown."""
    first = simcord_env.http_requests[before]
    assert first.path.endswith("/callback"), first.path
    return first.json["type"]


@pytest.mark.slow
async def test_an_answer_and_a_board_are_acknowledged_before_they_are_worked_out(
    simcord_env, channel, players
):
    alice = players[0]
    message = (await alice.slash(channel, "cinch puzzle")).response
    before = len(simcord_env.http_requests)
    answered = await alice.click(message, custom_id=next(iter(card_buttons(message).values())))
    assert first_call_answers(simcord_env, before) == 6
    assert answered.response.attachments[0].filename == "puzzle.png"

    before = len(simcord_env.http_requests)
    board = await alice.click(answered.response, label=t("puzzle.button.board", EN))
    assert first_call_answers(simcord_env, before) == 5
    assert board.ephemeral and board.response.attachments[0].filename == "board.png"

    before = len(simcord_env.http_requests)
    posted = await alice.slash(channel, "cinch-boards puzzles")
    assert first_call_answers(simcord_env, before) == 5
    assert not posted.ephemeral
