"""Replays through SimCord: a hand played in Discord, its replay opened from the hand's result,
clicked through step by step (the same message edited in place), and still working after a
restart. Every picture's input is compared with the engine's own replay of the game's log.
"""

from __future__ import annotations

import io
import random
from typing import Any

import discord
import pytest
from PIL import Image

import cogs.records.replay
from bot.engine import Card, Game, Phase, TrickWon
from bot.i18n import t
from bot.render.replay_picture import ReplayScene, render_replay
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, buttons, enabled

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

EN = "en-US"


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players[:2])
    table_driver.service.seeds = random.Random(11)
    return table_driver


@pytest.fixture
def drawn_replays(monkeypatch: pytest.MonkeyPatch) -> list[ReplayScene]:
    """Every replay scene the bot draws."""
    drawn: list[ReplayScene] = []

    def recording(scene: ReplayScene) -> bytes:
        drawn.append(scene)
        return render_replay(scene)

    monkeypatch.setattr(cogs.records.replay, "render_replay", recording)
    return drawn


class EngineHand:
    """Hand `number` as the engine's own log replays it: the hands as dealt, at each trick's
    start, and the tricks."""

    def __init__(self, game: Game, number: int) -> None:
        replay = game.restarted()
        self.dealt: list[list[Card]] = []
        self.at_trick: list[list[list[Card]]] = []
        self.tricks: list[tuple[tuple[int, Card], ...]] = []
        for seat, action in game.log:
            if replay.hand_number > number:
                break
            if replay.hand_number < number:
                replay.apply(seat, action)
                continue
            if not self.dealt:
                self.dealt = [list(hand) for hand in replay.hands]
            if replay.phase is Phase.PLAY and not replay.trick:
                self.at_trick.append([list(hand) for hand in replay.hands])
            events = replay.apply(seat, action)
            self.tricks.extend(event.cards for event in events if isinstance(event, TrickWon))


def _replay_button(message: Any) -> dict[str, Any] | None:
    return next(
        (b for b in buttons(message) if b.get("custom_id", "").startswith("cinch:replay-open:")),
        None,
    )


def _rows_cards(scene: ReplayScene) -> list[set[Card]]:
    return [set(row.cards) for row in scene.rows]


async def test_a_finished_hand_replays_step_by_step_and_after_a_restart(
    driver, players, drawn_replays, restart
):
    alice, bob = players[:2]
    game = await driver.play_first_hand(alice)
    [result] = [m for m in driver.channel.history() if _replay_button(m) is not None]
    number = game.history[0].hand_number
    engine = EngineHand(game, number)
    names = [driver.table.seats[seat].display_name for seat in range(4)]

    opened = await bob.click(result, custom_id=_replay_button(result)["custom_id"])
    assert opened.ephemeral
    message = opened.response
    steps = 3 + len(engine.tricks) + 1
    assert message.content == t("replay.heading", EN, number=number, step=1, steps=steps)
    assert [a.filename for a in message.attachments] == ["replay.png"]
    share = t("replay.button.share", EN)
    labels = {b["label"] for b in enabled(message)}
    assert labels == {t("replay.button.next", EN), t("replay.button.last", EN), share}

    for step in range(1, steps):
        clicked = await bob.click(message, label=t("replay.button.next", EN))
        assert clicked.response.id == message.id  # edited in place
        assert clicked.response.content.endswith(f"{step + 1}/{steps}")
    assert {b["label"] for b in enabled(message)} == {
        t("replay.button.first", EN),
        t("replay.button.previous", EN),
        share,
    }

    scenes = drawn_replays[-steps:]
    assert [row.name for row in scenes[0].rows] == names
    computers = [driver.table.seats[seat].is_computer for seat in range(4)]
    assert [seat.is_computer for seat in scenes[0].table.seats] == computers == [
        name.startswith("Computer") for name in names
    ]
    # The auction and the trump show the hands as dealt; each trick shows the hands at its
    # start and the cards played to it, as the engine played them.
    assert _rows_cards(scenes[0]) == [set(hand) for hand in engine.dealt]
    assert _rows_cards(scenes[1]) == [set(hand) for hand in engine.dealt]
    tricks = scenes[3:-1]
    assert len(tricks) == len(engine.tricks) == len(engine.at_trick)
    for scene, trick, hands in zip(tricks, engine.tricks, engine.at_trick, strict=True):
        assert tuple((play.seat, play.card) for play in scene.table.trick) == trick
        assert _rows_cards(scene) == [set(hand) for hand in hands]
        assert {row.played for row in scene.rows} == {card for _, card in trick}
    # The draw step shows the hands the first trick started from.
    assert _rows_cards(scenes[2]) == [set(hand) for hand in engine.at_trick[0]]
    # The last step closes with each player's points lost by card play, and the contract.
    result = game.history[0]
    for row in scenes[-1].rows:
        assert row.notes[0].startswith(row.name + ":")
    outcome = "picture.contract_made" if result.made else "picture.contract_set"
    maker = names[result.maker]
    assert scenes[-1].footer[0] == t(outcome, EN, name=maker, bid=result.contract)

    # The review is stored once computed: the replay reads it back.
    store = driver.env.bot.store
    assert await store.reviews.get(driver.table.game_id, number) is not None

    # Shared, the whole hand is one animated picture in the channel, small enough for a phone.
    before = len(driver.channel.history())
    await bob.click(message, label=share)
    [posted] = [m for m in driver.channel.history()[before:] if m.attachments]
    assert posted.content == t("replay.shared", EN, name="bob", number=number)
    [attachment] = posted.attachments
    animation = await attachment.read()
    assert len(animation) <= 2 * 1024 * 1024
    assert Image.open(io.BytesIO(animation)).n_frames == steps

    # After a restart the old replay's buttons still work.
    await restart()
    back = await bob.click(message, label=t("replay.button.first", EN))
    assert back.response.id == message.id
    assert back.response.content.endswith(f"1/{steps}")


async def test_the_hand_being_played_cannot_be_replayed(driver, players):
    alice, bob = players[:2]
    game = await driver.play_first_hand(alice)
    running = game.hand_number
    # A "Replay hand" button naming the hand still in play (as an old or forged message could).
    view = discord.ui.View(timeout=None)
    view.add_item(cogs.records.replay.ReplayOpenButton(driver.table.game_id, running))
    channel = driver.env.bot.get_channel(driver.channel.id)
    await channel.send("replay", view=view)
    message = driver.channel.last_message

    refused = await bob.click(message, custom_id=_replay_button(message)["custom_id"])

    assert refused.ephemeral
    assert refused.response.content == t("replay.in_play", EN)
    assert not refused.response.attachments
