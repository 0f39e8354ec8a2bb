"""Driving a Cinch table through SimCord the way people do: slash commands and buttons.

The game's state is read from the bot's own table service only to decide *what* a simulated
player does next (like a person looking at their cards); every action goes through Discord.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable
from typing import Any

import simcord

from bot.engine import (
    BidDecision,
    Card,
    Discard,
    DiscardDecision,
    Game,
    KeepDecision,
    Play,
    PlayDecision,
    TrumpDecision,
)
from bot.i18n import suit_name
from bot.service import TableService
from bot.service.tables.table import Table

#: The bot's shortest waits in these tests (between two edits of a table, a computer player's
#: pause), and how long a step lets the table catch up. SimCord waits in real time for sleeps
#: shorter than its settle timeout and parks longer ones for virtual time, so tests run with
#: ``SETTLE_TIMEOUT`` below this; it leaves the real work of a step (pictures, database) eight
#: seconds to finish on a busy machine. The pause is the longest a table allows
#: (``MAX_COMPUTER_PAUSE``), so it cannot grow further.
SETTLE = 10.0
SETTLE_TIMEOUT = 8.0


def buttons(message: Any) -> list[dict[str, Any]]:
    """Every button and select of a message (a SimCord response or a ``discord.Message``),
    as Discord's component dicts."""
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    return [item for row in rows for item in row["components"]]


def enabled(message: Any) -> list[dict[str, Any]]:
    return [item for item in buttons(message) if not item.get("disabled")]


class TableDriver:
    """One channel's table, seen from the test."""

    def __init__(
        self,
        env: simcord.Env,
        channel: simcord.ChannelHandle,
        members: list[simcord.MemberActor],
        seed: int = 1,
    ) -> None:
        self.env = env
        self.channel = channel
        self.members = {member.user.id: member for member in members}
        self.rng = random.Random(seed)
        self.hand_messages: dict[int, Any] = {}
        self.pace()

    def pace(self) -> None:
        """Give the running bot's edit coalescer the test's timings (again after a restart)."""
        coalescer = self.service.showing.edits
        coalescer.min_interval = SETTLE
        coalescer.max_delay = 2 * SETTLE

    @property
    def service(self) -> TableService:
        return self.env.bot.tables

    @property
    def table(self) -> Table:
        table = self.service.registry.find_in_channel(self.channel.id)
        assert table is not None
        return table

    @property
    def game(self) -> Game:
        game = self.table.game
        assert game is not None
        return game

    def member_at(self, seat: int) -> simcord.MemberActor | None:
        user = self.table.user_at(seat)
        return self.members.get(user) if user is not None else None

    def messages(self) -> list[Any]:
        """The channel's messages, oldest first."""
        return list(self.channel.history())

    def table_message(self) -> Any:
        message_id = self.table.record.message_id
        return next(m for m in self.channel.history() if m.id == message_id)

    async def settle(self) -> None:
        await self.env.advance_time(SETTLE)

    async def open_and_fill(self, creator: simcord.MemberActor, **options: Any) -> None:
        """``/cinch new`` by ``creator``, then every other member joins with the button."""
        await creator.slash(self.channel, "cinch new", **options)
        for member in self.members.values():
            if member is not creator:
                await member.click(self.table_message(), label="Join")
                await self.settle()

    async def hand_message(self, member: simcord.MemberActor) -> Any:
        """The member's private hand message with live buttons, asking for it if needed."""
        message = self.hand_messages.get(member.user.id)
        if message is None or not enabled(message):
            result = await member.click(self.table_message(), label="Show my hand")
            message = result.response
            self.hand_messages[member.user.id] = message
        return message

    async def play_first_hand(self, creator: simcord.MemberActor) -> Game:
        """``creator`` opens a table, the other members join, two easy computer players fill
        it, and the people play until the first hand is over (its result posted)."""
        channel = self.channel
        await creator.slash(channel, "cinch new", target=51, pause=10.0, timer=0)
        for member in self.members.values():
            if member is not creator:
                await member.slash(channel, "cinch join")
        for _ in range(4 - len(self.members)):
            await creator.slash(channel, "cinch addbot", level="easy")
        await creator.slash(channel, "cinch start")
        await self.settle()
        store = self.env.bot.store
        for _ in range(400):
            if await store.games.hands(self.table.game_id):
                return self.game
            if self.member_at(self.game.to_act) is not None:
                await self.take_turn()
            await self.settle()
        raise AssertionError("the first hand never ended")

    async def take_turn(self, *, use_commands: bool = False) -> simcord.InteractionResult:
        """The person to act makes a random legal move, with buttons or slash commands."""
        game = self.game
        seat = game.to_act
        member = self.member_at(seat)
        assert member is not None, "a computer player is to act"
        decision = game.decision()
        if use_commands:
            result = await self._command(member, decision)
        else:
            result = await self._click(member, decision)
        if result.response is not None and result.ephemeral:
            self.hand_messages[member.user.id] = result.response
        return result

    async def _command(self, member: simcord.MemberActor, decision: Any) -> Any:
        channel = self.channel
        match decision:
            case BidDecision() if decision.amounts and self.rng.random() < 0.4:
                return await member.slash(
                    channel, "cinch bid", amount=self.rng.choice(decision.amounts)
                )
            case BidDecision():
                return await member.slash(channel, "cinch pass")
            case TrumpDecision():
                suit = self.rng.choice(decision.suits)
                return await member.slash(channel, "cinch trump", suit=suit.value)
            case DiscardDecision():
                cards = self.rng.sample(decision.options, decision.count)
                return await member.slash(
                    channel, "cinch discard", cards=" ".join(card.code for card in cards)
                )
            case KeepDecision():
                cards = self.rng.sample(decision.options, decision.free_choices)
                return await member.slash(
                    channel, "cinch keep", cards=" ".join(card.code for card in cards)
                )
            case PlayDecision():
                card = self.rng.choice(decision.cards)
                return await member.slash(channel, "cinch play", card=card.display)
        raise AssertionError(f"no command for {decision!r}")

    async def _click(self, member: simcord.MemberActor, decision: Any) -> Any:
        message = await self.hand_message(member)
        match decision:
            case BidDecision() if decision.amounts and self.rng.random() < 0.4:
                amount = self.rng.choice(decision.amounts)
                return await member.click(message, label=f"Bid {amount}")
            case BidDecision():
                return await member.click(message, label="Pass")
            case TrumpDecision():
                suit = self.rng.choice(decision.suits)
                return await member.click(message, label=f"{suit.symbol} {suit_name(suit)}")
            case DiscardDecision() | KeepDecision():
                count = (
                    decision.count
                    if isinstance(decision, DiscardDecision)
                    else (decision.free_choices)
                )
                cards = self.rng.sample(decision.options, count)
                select = next(item for item in buttons(message) if item["type"] == 3)
                await member.select(
                    message, [card.code for card in cards], custom_id=select["custom_id"]
                )
                return await member.click(message, label="Confirm")
            case PlayDecision():
                card = self.rng.choice(decision.cards)
                return await member.click(message, label=f"Play {card.display}")
        raise AssertionError(f"no button for {decision!r}")


CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def hidden_cards(game: Game) -> set[Card]:
    """Cards nobody has seen face up: every hand, the stock, the dealer's hidden discards."""
    hidden = {card for hand in game.hands for card in hand} | set(game.stock)
    return hidden | {card for pile in game.hidden_discards for card in pile}


def public_texts(requests: list[Any], channel_id: int) -> list[str]:
    """The text of every public message the bot posted or edited in the channel."""
    texts = []
    for request in requests:
        body = request.json if isinstance(request.json, dict) else {}
        if request.method in ("POST", "PATCH") and request.path.startswith(
            f"/channels/{channel_id}/messages"
        ):
            texts.append(body.get("content") or "")
        elif request.path.endswith("/callback") and body.get("type") == 4:
            data = body.get("data", {})
            if not data.get("flags", 0) & 64:
                texts.append(data.get("content") or "")
    return texts


def sent_messages(requests: list[Any]) -> list[dict[str, Any]]:
    """Every message the bot sent or edited, anywhere: posts and edits in channels and DMs,
    answers to interactions, their follow-ups and edits (Discord's message bodies)."""
    bodies = []
    for request in requests:
        body = request.json if isinstance(request.json, dict) else None
        if body is None or request.method not in ("POST", "PATCH"):
            continue
        path = request.path
        if path.endswith("/callback"):
            bodies.append(body.get("data") or {})
        elif path.startswith("/webhooks/") or (
            path.startswith("/channels/") and "/messages" in path
        ):
            bodies.append(body)
    return bodies


def message_texts(body: dict[str, Any]) -> list[str]:
    """The texts of a message that Discord shows with markdown: its content and its embeds'."""
    texts = [body.get("content") or ""]
    for embed in body.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [field[part] for field in embed.get("fields", []) for part in ("name", "value")]
    return texts


class HiddenCardWatch:
    """Checks that a step's public messages name no card that stayed hidden through it."""

    def __init__(self, driver: TableDriver) -> None:
        self.driver = driver
        self.checked = 0

    async def step(self, action: Awaitable[Any]) -> Any:
        """Await ``action`` (a coroutine not started yet) and check what it published."""
        driver = self.driver
        table = driver.service.registry.find_in_channel(driver.channel.id)
        game = table.game if table is not None else None
        hidden_before = hidden_cards(game) if game is not None else set()
        hand = game.hand_number if game is not None else None
        moves = len(game.log) if game is not None else 0
        start = len(driver.env.http_requests)
        result = await action
        await driver.settle()
        revealed: set[Card] = set()
        hidden_after: set[Card] = set()
        if game is not None:
            for _, done in game.log[moves:]:
                if isinstance(done, Play):
                    revealed.add(done.card)
                elif isinstance(done, Discard):
                    revealed.update(done.cards)
            if table is not None and table.game is game and game.hand_number == hand:
                hidden_after = hidden_cards(game)
                revealed |= {card for pile in game.dead for card in pile}
                revealed |= {card for _, card in game.thrown}
        secret = (hidden_before - revealed) | hidden_after
        for text in public_texts(driver.env.http_requests[start:], driver.channel.id):
            named = {Card.parse(token) for token in CARD_TEXT.findall(text)}
            assert not named & secret, f"hidden card in a public message: {text!r}"
            self.checked += 1
        return result


async def computers_table_in_thread(
    env: simcord.Env, channel: Any, member: simcord.MemberActor
) -> tuple[Any, TableDriver]:
    """``member`` opens a table to 1 point in a new thread of ``channel``, seats three easy
    computer players and starts: the thread, and a driver of its table."""
    await member.slash(channel, "cinch new", thread=True, target=1, pause=10.0, timer=0)
    [thread] = channel.threads
    for _ in range(3):
        await member.slash(thread, "cinch addbot", level="easy")
    await member.slash(thread, "cinch start")
    driver = TableDriver(env, thread, [member])
    driver.service.seeds = random.Random(5)
    return thread, driver


async def play_to_the_end(driver: TableDriver, table_id: int) -> None:
    """The people seated play (the computers on their own) until the table's game is over."""
    service = driver.service
    for _ in range(600):
        table = service.registry.get(table_id)
        if table is None or table.game is None:
            break
        if driver.member_at(table.game.to_act) is not None:
            await driver.take_turn()
        await driver.settle()
    await driver.settle()
