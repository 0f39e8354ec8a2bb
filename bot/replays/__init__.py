"""Replays of finished hands: rebuilt by the engine from the stored actions, reviewed card by
card, and turned into picture scenes.

A wing of its own beside the statistics: it reads the store and never a live table, so a
replay shows the same whether the game still runs, ended, or ran in another process.
"""

from bot.replays.library import Replay, Replays

__all__ = ["Replay", "Replays"]
