"""Which shards this process runs, and so which servers' tables it owns.

Discord splits a bot's servers into shards by id: a server belongs to shard
``(guild_id >> 22) % shard_count`` (the formula of Discord's gateway documentation). A process
started with ``SHARD_COUNT=4 SHARD_IDS=0,1`` receives the events of those shards only, and owns
the tables of their servers; another process runs the others, and both share one PostgreSQL
database. Unset, one process runs every shard, as discord.py chooses.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord delivers a server's events on."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class ShardPlan:
    """``count`` shards in all, of which this process runs ``ids``."""

    count: int
    ids: tuple[int, ...]

    @classmethod
    def parse(cls, count_text: str | None, ids_text: str | None) -> ShardPlan | None:
        """From ``SHARD_COUNT`` and ``SHARD_IDS``; None when both are unset (discord.py decides).

        Raises :class:`ValueError` with one sentence saying what to fix.
        """
        count_text, ids_text = (count_text or "").strip(), (ids_text or "").strip()
        if not count_text and not ids_text:
            return None
        if not count_text:
            raise ValueError("SHARD_IDS is set but SHARD_COUNT is not: set both, e.g. 4 and 0,1.")
        try:
            count = int(count_text)
        except ValueError:
            raise ValueError(f"SHARD_COUNT must be a whole number; got {count_text!r}.") from None
        if count < 1:
            raise ValueError(f"SHARD_COUNT must be at least 1; got {count}.")
        if not ids_text:
            return cls(count, tuple(range(count)))
        try:
            ids = tuple(int(part) for part in ids_text.split(","))
        except ValueError:
            raise ValueError(
                f"SHARD_IDS must be shard numbers separated by commas, e.g. 0,1; got {ids_text!r}."
            ) from None
        outside = [shard for shard in ids if not 0 <= shard < count]
        if outside:
            raise ValueError(
                f"SHARD_IDS {ids_text} names shard {outside[0]}, outside SHARD_COUNT={count}:"
                f" shards are numbered 0 to {count - 1}."
            )
        if len(set(ids)) != len(ids):
            raise ValueError(f"SHARD_IDS names a shard twice: {ids_text}.")
        return cls(count, tuple(sorted(ids)))

    @property
    def partial(self) -> bool:
        """This process runs only some of the shards: others run elsewhere."""
        return len(self.ids) < self.count

    def owns(self, guild_id: int) -> bool:
        """Whether this process receives the server's events, and so owns its tables."""
        return shard_of(guild_id, self.count) in self.ids
