"""The people who use the bot, as the table service sees them: who they are and what Discord
calls them. The Discord layer fills one in from each interaction."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Person:
    """Someone using the bot, as Discord names them."""

    user_id: int
    name: str
