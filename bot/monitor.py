"""What an operator's tools read from a running bot: ``GET /health`` and ``GET /metrics``.

A small HTTP server (aiohttp, which discord.py already brings) on ``METRICS_HOST`` and
``METRICS_PORT``. ``/health`` answers 200 when the bot is connected to Discord (every shard this
process runs), its tables are restored, its store answers and (with shards split over several
processes) it listens for the moves the others relay to it, and 503 otherwise, with the same
short JSON either way: container health checks and load balancers read the status, people the
body. ``/metrics`` is the bot's own registry in Prometheus' text format (``bot/metrics.py``).
Requests are not logged: a scrape every few seconds would drown the bot's own lines.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from aiohttp import web
from prometheus_client import CollectorRegistry
from prometheus_client.aiohttp import make_aiohttp_handler

from bot.store import Store

log = logging.getLogger(__name__)

#: A store slower than this to answer one small query counts as not answering.
STORE_ANSWERS_WITHIN = 3.0


class AddressUnusable(Exception):
    """``METRICS_HOST`` and ``METRICS_PORT`` name no address this machine can listen on; the
    message says which setting to change."""


def check_listen_address(host: str, port: int) -> None:
    """Resolve ``host`` and try every address it names on ``port``, as the server will, so that
    a wrong host or a port in use stops the bot with one line before it logs in rather than
    with a traceback after. Port 0 (any free port) is always free."""
    try:
        addresses = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (socket.gaierror, UnicodeError) as error:
        reason = (error.strerror if isinstance(error, socket.gaierror) else None) or str(error)
        raise AddressUnusable(_not_an_address(host, reason)) from None
    for family, kind, protocol, _, address in addresses:
        with socket.socket(family, kind, protocol) as probe:
            # As the server itself does, so that a port left in TIME_WAIT is not "in use".
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as error:
                raise AddressUnusable(_cannot_listen(host, port, str(address[0]), error)) from None


def _not_an_address(host: str, reason: str) -> str:
    return (
        f"METRICS_HOST {host!r} is not an address of this machine ({reason}): set it to"
        " 127.0.0.1 (this machine only) or 0.0.0.0 (every network), or leave it unset."
    )


def _cannot_listen(host: str, port: int, address: str, error: OSError) -> str:
    """What keeps the server from listening on ``address``, and which setting to change."""
    if error.errno == errno.EADDRINUSE:
        return (
            f"METRICS_PORT {port} is already in use on {address}: stop the program using it,"
            " or choose another METRICS_PORT."
        )
    if error.errno == errno.EACCES:
        return (
            f"METRICS_PORT {port} may not be opened by this user (ports below 1024 need"
            " privileges): choose another METRICS_PORT, such as 8000."
        )
    if error.errno == errno.EADDRNOTAVAIL:
        return _not_an_address(host, error.strerror or str(error))
    return (
        f"METRICS_PORT {port} cannot be opened on {address} ({error.strerror or error}):"
        " check METRICS_HOST and METRICS_PORT."
    )


@dataclass(frozen=True)
class Health:
    """How the bot is doing, as ``/health`` says it."""

    #: Connected to Discord and ready (every shard of ``shards`` connected).
    ready: bool
    #: Each shard this process runs, and whether its connection is open.
    shards: Mapping[int, bool]
    #: The tables open in this process; None until they are restored at start.
    open_tables: int | None
    #: The store answered a query just now.
    store: bool
    #: Listening for the moves other processes relay to this one (False while its connection
    #: is being replaced); None when this process relays nothing (it runs every shard).
    relay: bool | None = None

    @property
    def healthy(self) -> bool:
        return (
            self.ready and self.open_tables is not None and self.store and self.relay is not False
        )

    def to_json(self) -> dict[str, object]:
        return {
            "status": "ok" if self.healthy else "unavailable",
            "ready": self.ready,
            "shards": {
                str(shard): "connected" if open_ else "disconnected"
                for shard, open_ in sorted(self.shards.items())
            },
            "open_tables": self.open_tables,
            "store": "ok" if self.store else "unreachable",
            "relay": None if self.relay is None else "listening" if self.relay else "reconnecting",
        }


async def store_answers(store: Store | None) -> bool:
    """Whether the store is open and answers a small query in time."""
    if store is None or store.closed:
        return False
    try:
        await asyncio.wait_for(store.schema_version(), STORE_ANSWERS_WITHIN)
    except Exception:  # whatever keeps it from answering, it does not answer
        log.warning("The store did not answer the health check", exc_info=True)
        return False
    return True


class Monitor:
    """The HTTP server of ``/health`` and ``/metrics``, started and closed with the bot."""

    def __init__(
        self, registry: CollectorRegistry, health: Callable[[], Awaitable[Health]]
    ) -> None:
        self._health = health
        app = web.Application()
        app.router.add_get("/health", self._answer_health)
        app.router.add_get("/metrics", make_aiohttp_handler(registry))
        self._runner = web.AppRunner(app, access_log=None)

    async def start(self, host: str, port: int) -> None:
        """Listen on ``host``:``port`` (port 0: any free port, see :attr:`port`)."""
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        log.info("Serving /health and /metrics on %s:%s", host, self.port)

    @property
    def port(self) -> int:
        """The port it listens on."""
        address = self._runner.addresses[0]
        return int(address[1])

    async def close(self) -> None:
        await self._runner.cleanup()

    async def _answer_health(self, request: web.Request) -> web.Response:
        health = await self._health()
        return web.json_response(health.to_json(), status=200 if health.healthy else 503)
