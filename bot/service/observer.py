"""What the table service tells whoever watches it run: the bot's metrics, or nobody.

The service says what happened, as it happens; it knows nothing of how it is counted (the bot
counts it for Prometheus, ``bot/metrics.py``). A service built without an observer tells
:class:`Unobserved`, which forgets it all.
"""

from __future__ import annotations

from typing import Protocol


class ServiceObserver(Protocol):
    def action_applied(self) -> None:
        """An action was applied and stored: a person's, a computer player's, or one a turn
        timer chose."""

    def table_shown_after(self, seconds: float) -> None:
        """The table message showed an applied action this long after it was applied."""

    def tables_restored(self, restored: int, set_aside: int) -> None:
        """At start, this many open tables came back from the store, and this many could not
        be read back and were set aside."""

    def relay_round_trip(self, seconds: float) -> None:
        """A move sent to the process that owns its table was answered (or given up on) after
        this long."""


class Unobserved:
    """Nobody watches: the offline demo, the benchmarks, most tests."""

    def action_applied(self) -> None:
        """Nobody counts."""

    def table_shown_after(self, seconds: float) -> None:
        """Nobody counts."""

    def tables_restored(self, restored: int, set_aside: int) -> None:
        """Nobody counts."""

    def relay_round_trip(self, seconds: float) -> None:
        """Nobody counts."""
