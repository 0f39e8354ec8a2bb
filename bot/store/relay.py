"""Messages between bot processes through PostgreSQL itself (``LISTEN``/``NOTIFY``).

Several processes share one PostgreSQL database, each running some of the bot's shards. A
process sometimes receives what another must handle: Discord delivers every direct-message
interaction on shard 0, whoever owns the table the hand belongs to. The database every process
already depends on carries those messages, so no other server is needed: each process listens
on one channel per shard it runs and one of its own for replies, and ``NOTIFY`` reaches
whoever listens when the sending transaction commits.

A notification is not stored: one sent while nobody listens (the owner is restarting) is lost.
Senders therefore wait for a reply and give up after a few seconds (see
``bot/service/routing.py``); nothing is applied without an answer to say so.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import asyncpg

from .locations import check_postgres_url, redact
from .store_errors import StoreError

log = logging.getLogger(__name__)

#: PostgreSQL refuses a notification payload of 8,000 bytes or more.
MAX_PAYLOAD = 7_999

Message = dict[str, Any]
Receiver = Callable[[Message], Awaitable[None]]


def shard_channel(shard: int) -> str:
    return f"cinch_shard_{shard}"


class Relay:
    """One process's end: it listens for its shards and its replies, and sends to others."""

    def __init__(self, connection: asyncpg.Connection, reply_channel: str) -> None:
        self._connection = connection
        #: Where other processes send their replies to this one.
        self.reply_channel = reply_channel
        self._handling: set[asyncio.Task[None]] = set()

    @classmethod
    async def open(cls, url: str, shards: Iterable[int], receive: Receiver) -> Relay:
        """Connect to ``url`` and listen for the messages of ``shards`` and for replies;
        ``receive`` is called with each message, in the order they arrive."""
        try:
            connection = await asyncpg.connect(check_postgres_url(url))
        except (OSError, asyncpg.PostgresError) as error:
            raise StoreError(
                f"could not listen on the PostgreSQL database: {redact(str(error))}"
            ) from None
        relay = cls(connection, f"cinch_reply_{uuid.uuid4().hex}")
        loop = asyncio.get_running_loop()

        def heard(_connection: object, _pid: int, _channel: str, payload: str) -> None:
            task = loop.create_task(_receive_safely(receive, payload))
            relay._handling.add(task)
            task.add_done_callback(relay._handling.discard)

        for channel in (*(shard_channel(shard) for shard in shards), relay.reply_channel):
            await connection.add_listener(channel, heard)
        return relay

    async def send(self, channel: str, message: Message) -> None:
        """Notify whoever listens on ``channel`` (committed at once: no transaction is open)."""
        payload = json.dumps(message, separators=(",", ":"))
        if len(payload.encode()) > MAX_PAYLOAD:
            raise ValueError(f"a relayed message of {len(payload)} characters is too long")
        await self._connection.execute("SELECT pg_notify($1, $2)", channel, payload)

    async def close(self) -> None:
        for task in list(self._handling):
            task.cancel()
        await self._connection.close()


async def _receive_safely(receive: Receiver, payload: str) -> None:
    """One message, handled on its own: a bad one is logged, never stops the listening."""
    try:
        await receive(json.loads(payload))
    except Exception:
        log.exception("A message from another bot process could not be handled")
