"""Moves for tables another process owns: sent to their owner, applied there once, answered here.

With shards split over several processes, a server's tables live in the process that runs its
shard. Discord delivers direct-message interactions on shard 0, so a click on a hand sent by DM
can reach a process that does not hold the table. That process acknowledges the click to
Discord at once (so the 3 s limit is never at risk), then sends the move to the owner through
the database (:class:`~bot.store.relay.Relay`) and waits for its answer: applied, or the
refusal to show the player. The owner applies it under the table's lock with the interaction's
id, so a move relayed twice (or also delivered to the owner) is applied once, and refreshes the
player's hand message itself.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from bot.engine import Action
from bot.engine.actions import action_from_dict, action_to_dict
from bot.errors import UserFacingError
from bot.service.people import Person
from bot.service.service import TableService
from bot.sharding import ShardPlan, shard_of
from bot.store import Store
from bot.store.relay import Message, Relay, shard_channel

log = logging.getLogger(__name__)

#: How long the process that received a click waits for the owner's answer. The owner applies
#: a move in milliseconds; one that stays silent this long is restarting.
ANSWER_WITHIN = 4.0


@dataclass(frozen=True, slots=True)
class Move:
    """A person's move at a table, as a click asked for it."""

    table_id: int
    person: Person
    action: Action
    game_id: int | None
    hand_number: int | None
    #: The Discord interaction: a move is applied once per request.
    request_id: int


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the owner did not apply a move: a catalogue key and its parameters."""

    key: str
    params: dict[str, Any]

    def error(self) -> UserFacingError:
        return UserFacingError(self.key, **self.params)


class MoveRouter:
    """Sends moves to the process that owns their table, and applies those sent to this one."""

    def __init__(
        self,
        tables: TableService,
        store: Store,
        plan: ShardPlan,
        *,
        answer_within: float = ANSWER_WITHIN,
    ) -> None:
        self._tables = tables
        self._store = store
        self._plan = plan
        self._answer_within = answer_within
        self._relay: Relay | None = None
        self._answers: dict[int, asyncio.Future[Refusal | None]] = {}

    async def start(self, url: str) -> None:
        """Listen, on the database at ``url``, for the moves of this process's shards."""
        self._relay = await Relay.open(url, self._plan.ids, self._receive)

    async def close(self) -> None:
        if self._relay is not None:
            await self._relay.close()

    def is_elsewhere(self, table_id: int) -> bool:
        """The table is not open in this process: its owner runs another shard."""
        return not self._tables.holds(table_id)

    async def forward(self, move: Move) -> None:
        """Have the owner apply ``move``; raises :class:`UserFacingError` with its refusal, or
        when no owner answers in time (the move was then not applied)."""
        assert self._relay is not None, "start() the router first"
        record = await self._store.tables.get(move.table_id)
        if record is None or record.ended_at is not None:
            raise UserFacingError("errors.table_closed")
        answer: asyncio.Future[Refusal | None] = asyncio.get_running_loop().create_future()
        self._answers[move.request_id] = answer
        owner = shard_of(record.guild_id, self._plan.count)
        try:
            await self._relay.send(shard_channel(owner), _move_message(move, self._relay))
            refusal = await asyncio.wait_for(answer, self._answer_within)
        except TimeoutError:
            raise UserFacingError("errors.owner_unavailable") from None
        finally:
            self._answers.pop(move.request_id, None)
        if refusal is not None:
            raise refusal.error()

    async def _receive(self, message: Message) -> None:
        if message["kind"] == "answer":
            waiting = self._answers.get(message["request"])
            if waiting is not None and not waiting.done():
                refusal = message.get("refusal")
                waiting.set_result(None if refusal is None else Refusal(**refusal))
            return
        move = _move_from(message)
        refusal = await self._apply(move)
        answer = {
            "kind": "answer",
            "request": move.request_id,
            "refusal": None if refusal is None else {"key": refusal.key, "params": refusal.params},
        }
        assert self._relay is not None
        await self._relay.send(message["reply_to"], answer)

    async def _apply(self, move: Move) -> Refusal | None:
        try:
            await self._tables.act(
                move.table_id,
                move.person,
                move.action,
                game_id=move.game_id,
                hand_number=move.hand_number,
                request_id=move.request_id,
                answered=False,
            )
        except UserFacingError as error:
            return Refusal(error.key, {name: str(value) for name, value in error.params.items()})
        return None


def _move_message(move: Move, relay: Relay) -> Message:
    return {
        "kind": "move",
        "table": move.table_id,
        "user": move.person.user_id,
        "name": move.person.name,
        "locale": move.person.locale,
        "action": action_to_dict(move.action),
        "game": move.game_id,
        "hand": move.hand_number,
        "request": move.request_id,
        "reply_to": relay.reply_channel,
    }


def _move_from(message: Message) -> Move:
    return Move(
        table_id=message["table"],
        person=Person(message["user"], message.get("name", ""), message.get("locale")),
        action=action_from_dict(message["action"]),
        game_id=message["game"],
        hand_number=message["hand"],
        request_id=message["request"],
    )
