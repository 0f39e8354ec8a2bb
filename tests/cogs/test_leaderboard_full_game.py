"""A game played to its end through Discord, then the boards, the player cards and the history.

Unlike ``test_leaderboard.py``, nothing is written to the store by the test: people open the
table, seat computer players and play with buttons and slash commands, and the table service
counts the game on the boards when it ends. What the boards must show is worked out from the
engine's own record of the game (who sat where, who won, every hand's bids and scores).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
import simcord

from bot.engine import Game
from bot.i18n import t, tn
from bot.render.board import render_board
from bot.render.player_card import render_player_card
from bot.stats import (
    MIN_GAMES,
    Metric,
    Period,
    card_play_losses,
    leaderboard,
    player_card,
    user_key,
)
from bot.stats.board_scenes import board_scene, card_scene
from tests.cogs.table_driver import SETTLE, SETTLE_TIMEOUT, TableDriver
from tests.pictures import assert_same_picture, picture_difference, sent_png

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

EN = "en-US"
TARGET = 31


@dataclass(frozen=True)
class PlayedGame:
    """A finished game as the engine saw it, with the names at its seats."""

    game: Game
    names: dict[int, str]

    @property
    def winners(self) -> set[str]:
        return {name for seat, name in self.names.items() if self.side(seat) == self.game.winner}

    def side(self, seat: int) -> int:
        return self.game.side_of[seat]

    def seat_of(self, name: str) -> int:
        return next(seat for seat, seated in self.names.items() if seated == name)


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(5)
    return table_driver


async def play_to_the_end(
    driver: TableDriver,
    creator: simcord.MemberActor,
    people: list[simcord.MemberActor],
    computers: tuple[str, ...],
    **options: object,
) -> PlayedGame:
    """``/cinch new`` by ``creator``, the other ``people`` ``/cinch join``, the creator seats a
    computer player of each level in ``computers`` with ``/cinch addbot`` and runs
    ``/cinch start``; then everyone plays, by hand buttons and slash commands in turn, until the
    game is won."""
    channel = driver.channel
    await creator.slash(channel, "cinch new", target=TARGET, pause=SETTLE, timer=0, **options)
    for member in people:
        if member is not creator:
            await member.slash(channel, "cinch join")
    for level in computers:
        await creator.slash(channel, "cinch addbot", level=level)
    started = await creator.slash(channel, "cinch start")
    assert started.ephemeral and started.response.content.startswith("**Your hand**")
    await driver.settle()
    game = driver.game
    names = {seat: record.display_name for seat, record in driver.table.seats.items()}
    steps = 0
    while driver.table.playing:
        if driver.member_at(driver.game.to_act) is not None:
            await driver.take_turn(use_commands=steps % 3 == 0)
        await driver.settle()
        steps += 1
        assert steps < 2_000
    assert game.is_over and max(game.scores) >= TARGET
    return PlayedGame(game, names)


def _button_labels(message) -> set[str]:
    return {button["label"] for row in message.components for button in row["components"]}


async def test_a_game_played_through_discord_reaches_the_boards_cards_and_history(
    driver, guild, channel, players
):
    alice, bob = players[:2]
    store = driver.env.bot.store
    before = await alice.slash(channel, "cinch-boards leaderboard", by="wins")
    assert before.response.content == tn("board.viewer_needs_games", 1, EN, name="alice")

    played = await play_to_the_end(driver, alice, [alice, bob], computers=("easy", "normal"))
    game = played.game
    assert len(played.names) == 4 and {"alice", "bob"} <= set(played.names.values())

    # By wins (one game is enough): all four, the winners with a win, the others with none.
    after = await alice.slash(channel, "cinch-boards leaderboard", by="wins")
    assert not after.response.content  # alice is on the board: nothing to explain
    board = await leaderboard(store, guild.id, Metric.WINS, viewer=user_key(alice.id))
    shown = {entry.name: (entry.value, entry.games) for entry in board.entries}
    assert shown == {name: (int(name in played.winners), 1) for name in played.names.values()}
    assert [entry.value for entry in board.entries] == sorted(
        (entry.value for entry in board.entries), reverse=True
    )
    picture = await sent_png(after.response)
    assert picture_difference(picture, await sent_png(before.response)) is not None
    assert_same_picture(picture, render_board(board_scene(board, EN)))

    # By rating the game counts too, but nobody is ranked before their fifth game.
    rating = await bob.slash(channel, "cinch-boards leaderboard")
    assert rating.response.content == tn("board.viewer_needs_games", MIN_GAMES - 1, EN, name="bob")

    # Bob's card counts the game, its hands and his bids, as the engine recorded them.
    stats = await alice.slash(channel, "cinch-boards stats", player=bob)
    assert not stats.ephemeral
    card = await player_card(store, guild.id, user_key(bob.id))
    seat = played.seat_of("bob")
    made = [hand for hand in game.history if hand.maker == seat]
    bids = Counter(amount for hand in game.history for s, amount in hand.bids if s == seat)
    bids.pop(None, None)
    assert (card.games, card.wins) == (1, int("bob" in played.winners))
    assert card.hands == len(game.history)
    assert (card.hands_as_maker, card.contracts_made) == (
        len(made),
        sum(hand.made for hand in made),
    )
    assert dict(card.bids) == dict(bids)
    assert len(card.rating_history) == 1
    # On the card, the points Bob's cards lost per hand, from every hand's review.
    losses = await card_play_losses(store, guild.id, bob.id)
    assert len(losses) == 1
    assert_same_picture(
        await sent_png(stats.response), render_player_card(card_scene(card, EN, losses))
    )
    assert render_player_card(card_scene(card, EN, losses)) != render_player_card(
        card_scene(card, EN)
    )

    # The history lists the game with its sides and final scores, the winners in bold.
    history = await bob.slash(channel, "cinch-boards history")
    assert not history.ephemeral
    joiner = t("picture.names_joiner", EN)
    sides = []
    for side, score in enumerate(game.scores):
        names = joiner.join(
            name for seat, name in sorted(played.names.items()) if played.side(seat) == side
        )
        sides.append(f"**{names} {score}**" if side == game.winner else f"{names} {score}")
    lines = history.response.content.splitlines()
    assert lines[0] == f"**{t('history.title', EN)}**"
    assert len(lines) == 2 and lines[1].startswith("1. ")
    assert lines[1].endswith(" · " + " – ".join(sides))
    assert _button_labels(history.response) == {"1"}

    detail = await alice.click(history.response, label="1")
    assert detail.ephemeral
    [embed] = detail.response.embeds
    hand_lines = embed.description.splitlines()[1:]
    assert len(hand_lines) == len(game.history)
    for line, hand in zip(hand_lines, game.history, strict=True):
        scores = " / ".join(
            f"{change:+d} → {total}"
            for change, total in zip(hand.changes, hand.totals, strict=True)
        )
        assert line.startswith(f"{hand.hand_number}. ") and line.endswith(f" · {scores}")
    assert [attachment.filename for attachment in detail.response.attachments] == ["game.png"]

    # Any hand of the game can be replayed from there.
    [select] = [item for row in detail.response.components for item in row["components"]]
    numbers = [hand.hand_number for hand in game.history]
    assert [option["value"] for option in select["options"]] == [str(n) for n in numbers[:25]]
    last = numbers[-1]
    replay = await alice.select(detail.response, [str(last)], custom_id=select["custom_id"])
    assert replay.ephemeral
    # Four players: the auction, the trump, the draw, six tricks and the result.
    assert replay.response.content == t("replay.heading", EN, number=last, step=1, steps=10)
    assert [attachment.filename for attachment in replay.response.attachments] == ["replay.png"]


async def test_a_player_hidden_from_the_boards_never_appears_after_a_game(
    driver, guild, channel, players
):
    alice, carol = players[0], players[2]
    store = driver.env.bot.store
    hidden = await carol.slash(channel, "cinch settings", hide_from_leaderboards=True)
    assert hidden.ephemeral

    played = await play_to_the_end(driver, carol, [carol, alice], computers=(), players=2)
    assert set(played.names.values()) == {"alice", "carol"}

    for period in Period:
        board = await leaderboard(store, guild.id, Metric.WINS, period, viewer=user_key(carol.id))
        assert [entry.name for entry in board.entries] == ["alice"]
        assert board.viewer is None
    seen_by_alice = await alice.slash(channel, "cinch-boards leaderboard", by="wins")
    board = await leaderboard(store, guild.id, Metric.WINS, viewer=user_key(alice.id))
    assert_same_picture(
        await sent_png(seen_by_alice.response), render_board(board_scene(board, EN))
    )
    seen_by_carol = await carol.slash(channel, "cinch-boards leaderboard", by="wins")
    assert seen_by_carol.response.content == t("board.viewer_hidden", EN, name="carol")

    # Her own card still counts the game, shown to her alone.
    own = await carol.slash(channel, "cinch-boards stats")
    assert own.ephemeral
    card = await player_card(store, guild.id, user_key(carol.id))
    assert (card.games, card.wins) == (1, int("carol" in played.winners))
    losses = await card_play_losses(store, guild.id, carol.id)
    assert_same_picture(
        await sent_png(own.response), render_player_card(card_scene(card, EN, losses))
    )
