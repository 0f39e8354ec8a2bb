"""Every request the bot makes to Discord's API, counted by route, and each 429 logged.

discord.py sends every call (REST, the answers to interactions, the edits of their messages)
through the one aiohttp session of the client, and the client's ``http_trace`` hears each
request that gets an answer. A route is the request's path with its ids and tokens replaced by
placeholders (``/channels/{id}/messages``), so the counts are per kind of call, never per
channel, and a token never reaches a log line or a label. A 429 (rate limited) is logged with
the scope Discord gives it (``X-RateLimit-Scope``: ``user``, ``global`` or ``shared``) and
counted; discord.py waits and tries again by itself.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from types import SimpleNamespace

import aiohttp

from bot.metrics import Metrics

log = logging.getLogger(__name__)

#: How the API's paths begin (``/api/v10``); the gateway and the CDN are not the API.
API_PREFIX = re.compile(r"/api/v\d+(?=/)")
#: A word of a route, kept as it is (``channels``, ``messages``, ``@original``, ``bulk-delete``).
ROUTE_WORD = re.compile(r"[a-z@_-]+")
#: Segments after which a path holds a token: ``/webhooks/{id}/{token}``,
#: ``/interactions/{id}/{token}/callback``.
TOKEN_AFTER = frozenset({"webhooks", "interactions"})
#: The scopes Discord names; anything else is counted as ``unknown``.
SCOPES = frozenset({"user", "global", "shared"})


def route_of(path: str) -> str | None:
    """The API route of a request's path (None: not a call to the API)."""
    prefix = API_PREFIX.match(path)
    if prefix is None:
        return None
    route: list[str] = []
    for segment in path[prefix.end() + 1 :].split("/"):
        if segment.isdigit():
            route.append("{id}")
        elif len(route) >= 2 and route[-2] in TOKEN_AFTER and route[-1] == "{id}":
            route.append("{token}")
        elif ROUTE_WORD.fullmatch(segment):
            route.append(segment)
        else:
            route.append("{value}")
    return "/" + "/".join(route)


def scope_of(headers: Mapping[str, str]) -> str:
    """The scope of a 429 as Discord names it, or ``unknown`` (the header is Discord's word,
    and a label takes only the few it uses)."""
    scope = headers.get("X-RateLimit-Scope", "").lower()
    return scope if scope in SCOPES else "unknown"


def discord_trace(metrics: Metrics) -> aiohttp.TraceConfig:
    """The client's ``http_trace``: counts each answered API request, logs and counts 429s."""
    trace = aiohttp.TraceConfig()

    async def request_ended(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        route = route_of(params.url.path)
        if route is None:
            return
        metrics.discord_request(params.method, route)
        if params.response.status != 429:
            return
        headers = params.response.headers
        scope = scope_of(headers)
        log.warning(
            "Discord rate limited %s %s (scope %s, retry after %s s)",
            params.method,
            route,
            scope,
            headers.get("Retry-After", "?"),
        )
        metrics.rate_limited(params.method, route, scope)

    trace.on_request_end.append(request_ended)
    return trace
