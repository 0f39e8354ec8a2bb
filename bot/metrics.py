"""The bot's metrics for Prometheus: what they are, and where each is counted.

Each bot has a registry of its own (a process may run several bots, as the tests do, and
Prometheus' default registry would hold one set of names for them all). The same object hears
the table service (:class:`~bot.service.observer.ServiceObserver`), the computer players' pool
(:class:`~bot.ai.pool.PoolObserver`) and the Discord layer (each call to Discord, each click
answered); ``bot/monitor.py`` serves it at ``/metrics``. What each series means and what to
watch is in docs/operations.md.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

#: Discord wants an answer to a click within 3 seconds.
ANSWER_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0)
#: Table edits are paced (a second apart at least, up to 5 s while computer players move).
TABLE_BUCKETS = (0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 7.5, 10.0, 20.0, 60.0)
#: A search takes up to a few hundred milliseconds; waiting longer means the workers are behind.
WAIT_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: The process that sent a move gives its owner 4 seconds to answer.
RELAY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


class Metrics:
    """One bot's series, in a registry of its own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self._open_tables = Gauge(
            "cinch_open_tables",
            "Tables open in this process, lobbies included.",
            registry=registry,
        )
        self._updates_waiting = Gauge(
            "cinch_updates_waiting",
            "Changes at this process's tables not shown in their channels yet.",
            registry=registry,
        )
        self._actions = Counter(
            "cinch_actions",
            "Actions applied and stored: people's, computer players' and timed out.",
            registry=registry,
        )
        self._click_to_answer = Histogram(
            "cinch_click_to_answer_seconds",
            "From a move's click (or command) to the bot's answer to it.",
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self._action_to_table = Histogram(
            "cinch_action_to_table_seconds",
            "From an action applied to the table message showing it.",
            buckets=TABLE_BUCKETS,
            registry=registry,
        )
        self._decisions_waiting = Gauge(
            "cinch_decision_queue_length",
            "Computer players' searches waiting for a worker process.",
            registry=registry,
        )
        self._decision_wait = Histogram(
            "cinch_decision_wait_seconds",
            "How long a search waited before a worker process began it.",
            buckets=WAIT_BUCKETS,
            registry=registry,
        )
        self._discord_requests = Counter(
            "cinch_discord_requests",
            "Requests Discord answered, by method and route.",
            ["method", "route"],
            registry=registry,
        )
        self._rate_limited = Counter(
            "cinch_discord_rate_limited",
            "Requests Discord answered 429 (rate limited), by method, route and scope.",
            ["method", "route", "scope"],
            registry=registry,
        )
        self._relay_round_trip = Histogram(
            "cinch_relay_round_trip_seconds",
            "From a move sent to the process owning its table to that process's answer.",
            buckets=RELAY_BUCKETS,
            registry=registry,
        )
        self._restored = Gauge(
            "cinch_tables_restored",
            "Open tables brought back at the last start.",
            registry=registry,
        )
        self._set_aside = Gauge(
            "cinch_tables_set_aside",
            "Open tables that could not be read back at the last start, and were closed.",
            registry=registry,
        )

    def count_open_tables(self, count: Callable[[], int]) -> None:
        """Read the open tables from ``count`` at each scrape."""
        self._open_tables.set_function(count)

    def count_updates_waiting(self, count: Callable[[], int]) -> None:
        """Read the changes not shown yet from ``count`` at each scrape."""
        self._updates_waiting.set_function(count)

    # ------------------------------------------------------------------ the table service

    def action_applied(self) -> None:
        self._actions.inc()

    def table_shown_after(self, seconds: float) -> None:
        self._action_to_table.observe(seconds)

    def tables_restored(self, restored: int, set_aside: int) -> None:
        self._restored.set(restored)
        self._set_aside.set(set_aside)

    def relay_round_trip(self, seconds: float) -> None:
        self._relay_round_trip.observe(seconds)

    # ------------------------------------------------------------------ the computer players

    def decisions_waiting(self, count: int) -> None:
        self._decisions_waiting.set(count)

    def decision_waited(self, seconds: float) -> None:
        self._decision_wait.observe(seconds)

    # ------------------------------------------------------------------ Discord

    def discord_request(self, method: str, route: str) -> None:
        """Discord answered a request to ``route`` (ids replaced by placeholders)."""
        self._discord_requests.labels(method, route).inc()

    def rate_limited(self, method: str, route: str, scope: str) -> None:
        """Discord answered 429 to a request to ``route``; ``scope`` is its limit's scope."""
        self._rate_limited.labels(method, route, scope).inc()

    def click_answered(self, seconds: float) -> None:
        """A move's click was answered this long after Discord created it."""
        self._click_to_answer.observe(seconds)
