"""Moves for tables another process owns: sent to their owner, applied there once, answered here.

With shards split over several processes, a server's tables live in the process that runs its
shard. Discord delivers direct-message interactions on shard 0, so a click on a hand sent by DM
can reach a process that does not hold the table. That process acknowledges the click to
Discord at once (so the 3 s limit is never at risk), then hands the move to the owner through
the database (:class:`~bot.store.relay.Relay`) and waits for its answer: applied, or the
refusal to show the player. The owner applies it under the table's lock with the interaction's
id, so a move relayed twice (or also delivered to the owner) is applied once, and answers the
click itself, in the direct message that was clicked, before it says it is done: an owner that
stops right after storing the move leaves its sender waiting in vain, and the sender then
answers in that message (the move counts), so no stored move goes unanswered.

An owner that does not answer in time may have stored the move and then stopped: the move is
then withdrawn, unless it was stored, and the player is told which, never "not played" about a
move that counts (see :mod:`bot.store.relay` for why that answer is certain). Each round trip
is timed for the service's observer.
"""

from __future__ import annotations

import asyncio
import enum
import time
from dataclasses import dataclass

from bot.engine import Action
from bot.engine.actions import action_from_dict, action_to_dict
from bot.errors import UserFacingError
from bot.people import Person
from bot.service.service import TableService
from bot.service.shown import HandPlace
from bot.sharding import ShardPlan, shard_of
from bot.store import JSON, Store
from bot.store.relay import Relay, RelayedMove, Sleep

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
    #: The direct message clicked, which the owner edits to answer (None: none to edit).
    clicked: HandPlace | None = None


class Forwarded(enum.Enum):
    """A move its table's owner played."""

    #: The owner answered: the clicked message shows the hand (or the owner refreshes it).
    ANSWERED = enum.auto()
    #: The move is stored, so it counts, but the owner did not answer in time (it may have
    #: stopped right after): the player is to be told in the clicked message, as their hand
    #: waits for the owner.
    UNANSWERED = enum.auto()


class MoveRouter:
    """Sends moves to the process that owns their table, and applies those sent to this one."""

    def __init__(
        self,
        tables: TableService,
        store: Store,
        plan: ShardPlan,
        *,
        answer_within: float = ANSWER_WITHIN,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._tables = tables
        self._store = store
        self._plan = plan
        self._answer_within = answer_within
        self._sleep = sleep
        self._relay: Relay | None = None

    async def start(self) -> None:
        """Listen, on the store's PostgreSQL database, for the moves of this process's shards."""
        self._relay = await Relay.open(
            self._store.database, self._plan.ids, self._apply, sleep=self._sleep
        )

    async def close(self) -> None:
        if self._relay is not None:
            await self._relay.close()

    @property
    def listening(self) -> bool:
        """Moves sent to this process reach it now (its connection is not being restored)."""
        return self._relay is not None and self._relay.listening

    @property
    def pending_tasks(self) -> frozenset[asyncio.Task[None]]:
        return frozenset() if self._relay is None else self._relay.pending_tasks

    def is_elsewhere(self, table_id: int) -> bool:
        """The table is not open in this process: its owner runs another shard."""
        return not self._tables.holds(table_id)

    async def forward(self, move: Move) -> Forwarded:
        """Have the owner apply ``move``, and say whether it answered. Raises
        :class:`UserFacingError` with its refusal, or ``errors.owner_unavailable`` when the
        owner did not answer in time and the move was not played (nor ever will be)."""
        assert self._relay is not None, "start() the router first"
        record = await self._store.tables.get(move.table_id)
        if record is None or record.ended_at is not None:
            raise UserFacingError("errors.table_closed")
        owner = shard_of(record.guild_id, self._plan.count)
        sent = time.monotonic()
        outcome = await self._relay.send(
            owner, move.request_id, move.table_id, _move_body(move), within=self._answer_within
        )
        self._tables.observer.relay_round_trip(time.monotonic() - sent)
        relayed = outcome.move
        if relayed.state == "refused":
            assert isinstance(relayed.refusal, dict)
            raise UserFacingError(relayed.refusal["key"], **relayed.refusal["params"])
        if relayed.state != "applied":
            raise UserFacingError("errors.owner_unavailable")
        return Forwarded.ANSWERED if outcome.answered else Forwarded.UNANSWERED

    async def _apply(self, relayed: RelayedMove) -> JSON:
        """Apply a move sent to this process, and answer it in the message clicked; the
        refusal to keep, or ``None``."""
        move = _move_from(relayed)
        try:
            reply = await self._tables.act(
                move.table_id,
                move.person,
                move.action,
                game_id=move.game_id,
                hand_number=move.hand_number,
                request_id=move.request_id,
                answered=move.clicked is not None,
            )
        except UserFacingError as error:
            params = {name: str(value) for name, value in error.params.items()}
            return {"key": error.key, "params": params}
        if reply is not None and move.clicked is not None:
            await self._tables.answer_in_dm(reply, move.person.user_id, move.clicked)
        return None


def _move_body(move: Move) -> JSON:
    """What the row keeps of a move, besides its table and click."""
    return {
        "user": move.person.user_id,
        "name": move.person.name,
        "locale": move.person.locale,
        "action": action_to_dict(move.action),
        "game": move.game_id,
        "hand": move.hand_number,
        "message": None if move.clicked is None else move.clicked.message_id,
        "dm_channel": None if move.clicked is None else move.clicked.dm_channel_id,
    }


def _move_from(relayed: RelayedMove) -> Move:
    body = relayed.move
    assert isinstance(body, dict)
    message, dm_channel = body.get("message"), body.get("dm_channel")
    clicked = None if message is None else HandPlace(message, dm_channel_id=dm_channel)
    return Move(
        table_id=relayed.table_id,
        person=Person(body["user"], body["name"], body["locale"]),
        action=action_from_dict(body["action"]),
        game_id=body["game"],
        hand_number=body["hand"],
        request_id=relayed.request_id,
        clicked=clicked,
    )
