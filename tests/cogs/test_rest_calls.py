"""What one move costs in Discord calls, counted through the real discord.py over SimCord.

Four people play a hand by clicks, each taking their time (so every turn notifies). A move's
floor is the mover's reply, one showing of the table and the next player's hand. The table is
edited in place, or posted anew to notify the next player: the old message then goes, or,
when it notified the last player, shrinks to a bare line that stays (deleting a message that
notified someone is a "ghost ping"). A new hand adds
its result and everyone's new cards, naming trumps the auction's result and everyone's drawn
cards. Nothing else may be spent: no separate ping, no lookups.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from typing import Any

import pytest

from bot.engine import DiscardDecision, KeepDecision, PlayDecision, TrumpDecision
from cogs.tables.delivery import MENTION_REMOVED
from tests.cogs.table_driver import SETTLE, SETTLE_TIMEOUT, TableDriver

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]


def _kind(call: Any) -> str:
    """A Discord call by what it does for the players."""
    body = call.json if isinstance(call.json, dict) else {}
    if call.path.startswith("/interactions/"):
        return "reply"
    if call.path.startswith("/webhooks/"):
        return "hand"
    if call.method == "POST" and "/messages" in call.path:
        return "table posted" if "cinch:show:" in str(body.get("components")) else "announcement"
    if call.method == "PATCH" and "/messages/" in call.path:
        return "table edited"
    if call.method == "DELETE" and "/messages/" in call.path:
        return "deleted"
    return f"{call.method} {call.path}"


async def test_a_move_costs_its_reply_one_table_and_the_hands_that_changed(
    simcord_env, channel, players
):
    driver = TableDriver(simcord_env, channel, players)
    driver.service.seeds = random.Random(21)
    await driver.open_and_fill(players[0], timer=0)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()

    cards: list[int] = []
    while driver.game.hand_number < 2:
        game = driver.game
        decision, hand = game.decision(), game.hand_number
        await driver.hand_message(driver.member_at(game.to_act))  # "Show my hand" is not the move
        before = len(driver.env.http_requests)
        await driver.take_turn()
        await driver.env.advance_time(2 * SETTLE)  # past the edit coalescer's longest wait
        calls = Counter(_kind(call) for call in driver.env.http_requests[before:])

        # A discard or a rob is two interactions, each answered: the select, then Confirm.
        two_steps = isinstance(decision, DiscardDecision | KeepDecision)
        assert calls.pop("reply") == (2 if two_steps else 1)
        shown = tuple(calls.pop(kind, 0) for kind in ("table edited", "table posted", "deleted"))
        # Edited in place; or posted anew, the old message deleted or, when it notified
        # someone, shrunk to a bare line.
        assert shown in ((1, 0, 0), (0, 1, 1), (1, 1, 0)), calls
        new_hand = driver.game.hand_number != hand
        named_trumps = isinstance(decision, TrumpDecision)
        assert calls.pop("announcement", 0) == int(new_hand or named_trumps)
        assert calls.pop("hand", 0) <= (3 if new_hand or named_trumps else 1)
        assert not calls, f"calls no move needs: {calls}"
        if isinstance(decision, PlayDecision):
            cards.append(len(driver.env.http_requests) - before)

    # Every turn notifies here, so each card's table also shrinks the message that notified
    # the player before to a bare line, instead of deleting it.
    assert statistics.median(cards) == 4
    assert max(cards) <= 8  # the last card of a hand: result, new table and three new hands
    assert not [call for call in driver.env.http_requests if call.path.endswith("/bulk-delete")]
    bare = [m for m in driver.messages() if m.content == MENTION_REMOVED]
    assert bare and not any(m.attachments or m.mentions or m.components for m in bare)
