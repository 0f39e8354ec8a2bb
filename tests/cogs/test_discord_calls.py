"""Every answered request to Discord's API is counted by route, and a 429 is logged with its
scope and route and counted.

SimCord replaces discord.py's HTTP client, so no aiohttp trace runs under it: here the bot's own
trace config rides a real aiohttp session to a small server on the loopback address that
answers as Discord would, 429s included."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiohttp import web

from bot.metrics import Metrics
from cogs.shared.discord_calls import discord_trace, route_of, scope_of

LOOPBACK = "127.0.0.1"
TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5.secret-Token_42"


@pytest.mark.parametrize(
    ("path", "route"),
    [
        ("/api/v10/channels/123456789012345678/messages", "/channels/{id}/messages"),
        ("/api/v10/channels/1/messages/22", "/channels/{id}/messages/{id}"),
        (f"/api/v10/interactions/9/{TOKEN}/callback", "/interactions/{id}/{token}/callback"),
        (
            f"/api/v10/webhooks/8/{TOKEN}/messages/@original",
            "/webhooks/{id}/{token}/messages/@original",
        ),
        ("/api/v10/users/@me/channels", "/users/@me/channels"),
        ("/api/v9/channels/1/messages/bulk-delete", "/channels/{id}/messages/bulk-delete"),
        (
            "/api/v10/channels/1/messages/2/reactions/🂡/@me",
            "/channels/{id}/messages/{id}/reactions/{value}/@me",
        ),
        ("/", None),  # the gateway
        ("/avatars/1/abc.png", None),  # the CDN
        ("/api/v10x/channels", None),
    ],
)
def test_a_route_is_the_path_with_ids_and_tokens_replaced(path: str, route: str | None) -> None:
    assert route_of(path) == route


async def answer(request: web.Request) -> web.Response:
    """Like Discord: sending in that channel is rate limited for now (shared scope)."""
    if request.method == "POST":
        headers = {"X-RateLimit-Scope": "shared", "Retry-After": "1.5"}
        body = {"message": "You are being rate limited."}
        return web.json_response(body, status=429, headers=headers)
    return web.json_response({})


@pytest.fixture
async def discord_like() -> AsyncIterator[str]:
    """A server on a free loopback port answering the API's paths; its base URL."""
    app = web.Application()
    app.router.add_route("*", "/api/v10/{path:.*}", answer)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, LOOPBACK, 0).start()
    try:
        yield f"http://{LOOPBACK}:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def call(trace: aiohttp.TraceConfig, base: str, method: str, path: str) -> int:
    async with (
        aiohttp.ClientSession(trace_configs=[trace]) as session,
        session.request(method, base + path) as response,
    ):
        return response.status


async def test_calls_are_counted_by_route_and_a_429_is_logged_with_its_scope(discord_like, caplog):
    metrics = Metrics()
    trace = discord_trace(metrics)
    with caplog.at_level(logging.WARNING, logger="cogs.shared.discord_calls"):
        assert await call(trace, discord_like, "GET", "/api/v10/channels/11/messages/12") == 200
        assert await call(trace, discord_like, "GET", "/api/v10/channels/13/messages/14") == 200
        assert await call(trace, discord_like, "POST", "/api/v10/channels/11/messages") == 429
        patch = f"/api/v10/webhooks/5/{TOKEN}/messages/@original"
        assert await call(trace, discord_like, "PATCH", patch) == 200

    count = metrics.registry.get_sample_value
    requests = "cinch_discord_requests_total"
    route = "/channels/{id}/messages"
    assert count(requests, {"method": "GET", "route": route + "/{id}"}) == 2
    assert count(requests, {"method": "POST", "route": route}) == 1
    webhook = {"method": "PATCH", "route": "/webhooks/{id}/{token}/messages/@original"}
    assert count(requests, webhook) == 1
    limited = {"method": "POST", "route": route, "scope": "shared"}
    assert count("cinch_discord_rate_limited_total", limited) == 1
    assert count("cinch_discord_rate_limited_total", {**limited, "method": "GET"}) is None

    (logged,) = caplog.records
    assert logged.getMessage() == (
        "Discord rate limited POST /channels/{id}/messages (scope shared, retry after 1.5 s)"
    )


async def test_the_bots_client_counts_its_calls_into_the_bots_metrics(make_bot, discord_like):
    bot = make_bot()
    trace = bot.http.http_trace
    assert trace is not None
    await call(trace, discord_like, "GET", "/api/v10/users/@me")
    count = bot.metrics.registry.get_sample_value
    assert count("cinch_discord_requests_total", {"method": "GET", "route": "/users/@me"}) == 1


def test_a_scope_discord_does_not_name_is_counted_as_unknown() -> None:
    assert scope_of({"X-RateLimit-Scope": "user"}) == "user"
    assert scope_of({"X-RateLimit-Scope": "Global"}) == "global"
    assert scope_of({"X-RateLimit-Scope": "a" * 200}) == "unknown"
    assert scope_of({}) == "unknown"
