"""How soon a move shows in the channel when Discord's per-channel limits are spent.

Four quick people play through the real table service (its edit coalescer, turn pings and publishing
order) on a real SQLite file, in virtual time. The outbox stands in for the Discord layer
(``cogs/tables/delivery.py``): it takes the very same decisions (``cogs.tables.channel_pace.plan``:
edit the table in place, or post it anew and delete the old one, or shrink it to a bare line where
it notified someone, as ``cogs.tables.delivery`` does) and spends Discord's buckets the way
discord.py paces itself by the ``X-RateLimit-*`` headers: 5 sends and 5 edits per 5 s in a channel,
5 deletes a second; a call that finds its bucket spent waits for the window to reset. Interaction
answers and private hands go through their own webhooks, outside those buckets.

Printed: the time from each click to the table message showing that move (p50, p95, max, and
how many took over a second), and the calls of each bucket. Run from the repository root:
``python scripts/bench_channel_pace.py [--moves 300] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import asyncio
import heapq
import itertools
import random
import statistics
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.engine import HouseRules
from bot.engine.random_player import random_action
from bot.engine.rules import MAX_TARGET_SCORE
from bot.service import (
    Announcement,
    HandDelivery,
    HandPlace,
    HandShown,
    NoOutbox,
    Person,
    Reminder,
    TableOptions,
    TableService,
    TableShown,
)
from bot.store import Store
from cogs.tables.channel_pace import ChannelPace, plan

#: One REST round trip to Discord.
LATENCY = 0.12
#: When players take their time to choose (seconds after their turn starts).
THINKING = (0.3, 1.2)
START = datetime(2026, 1, 1, tzinfo=UTC)
#: Polls of 1 ms with nothing changing after which the run takes every task to be waiting.
IDLE_POLLS = 5


class VirtualTime:
    """Sleeps end only when the run moves time on; nothing waits in real time."""

    def __init__(self) -> None:
        self.now = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self.sleeping = 0

    def datetime(self) -> datetime:
        return START + timedelta(seconds=self.now)

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + max(seconds, 0.0), next(self._order), future))
        self.sleeping += 1
        try:
            await future
        finally:
            self.sleeping -= 1

    async def run(self, busy: list[asyncio.Task[object]], service: TableService) -> None:
        """Move time on, sleeper by sleeper, whenever nothing else can go on: every task waits
        on this clock, or on one that does (a table's lock held across a paced call), with
        nothing changing for a while (real work, drawing or the database, moves things on)."""
        still, seen = 0, None
        while not all(task.done() for task in busy):
            while self._sleepers and self._sleepers[0][2].done():
                heapq.heappop(self._sleepers)  # a sleep cancelled: no time passes for it
            working = len(service.pending_tasks) + sum(not task.done() for task in busy)
            now_seen = (working, self.sleeping, len(self._sleepers))
            still = still + 1 if now_seen == seen else 0
            seen = now_seen
            if self._sleepers and (working <= self.sleeping or still > IDLE_POLLS):
                due, _, future = heapq.heappop(self._sleepers)
                self.now = max(self.now, due)
                if not future.done():
                    future.set_result(None)
                still = 0
            await asyncio.sleep(0.001)


@dataclass
class Bucket:
    """A Discord rate-limit bucket as discord.py paces it."""

    limit: int
    window: float
    remaining: int = 0
    reset: float = 0.0

    async def spend(self, clock: VirtualTime) -> None:
        if clock.now >= self.reset:
            self.remaining, self.reset = self.limit, clock.now + self.window
        elif self.remaining == 0:
            await clock.sleep(self.reset - clock.now)
            self.remaining, self.reset = self.limit, clock.now + self.window
        self.remaining -= 1
        await clock.sleep(LATENCY)


@dataclass
class Channel:
    sends: Bucket = field(default_factory=lambda: Bucket(5, 5.0))
    edits: Bucket = field(default_factory=lambda: Bucket(5, 5.0))
    deletes: Bucket = field(default_factory=lambda: Bucket(5, 1.0))


class PacedOutbox(NoOutbox):
    """The Discord layer's decisions, paced by one channel's buckets."""

    mention_format = "<@{}>"

    def __init__(self, clock: VirtualTime) -> None:
        self.clock = clock
        self.channel = Channel()
        self.pace = ChannelPace()
        self.calls: Counter[str] = Counter()
        self.shown_at: dict[int, float] = {}
        self._messages = itertools.count(1)

    async def _call(self, bucket: Bucket | None, kind: str) -> None:
        self.calls[kind] += 1
        if kind in ("send", "edit"):
            self.pace.spent(1, kind, self.clock.now)
        if bucket is None:
            await self.clock.sleep(LATENCY)
        else:
            await bucket.spend(self.clock)

    async def show_table(self, shown: TableShown) -> int | None:
        public, channel, now = shown.table, self.channel, self.clock.now
        old = public.message_id
        how = plan(
            has_message=old is not None,
            wants_new=shown.repost,
            notifies=shown.notify is not None,
            old_mentions=shown.old_mentions,
            may_edit_old=True,
            edits_left=self.pace.left(1, "edit", now),
            sends_left=self.pace.left(1, "send", now),
        )
        if how.edit and old is not None:
            await self._call(channel.edits, "edit")
            new = old
        else:
            await self._call(channel.sends, "send")
            new = next(self._messages)
            if old is not None and how.unmention_old:
                await self._call(channel.edits, "edit")
            elif old is not None:
                await self._call(channel.deletes, "delete")
        for move in range(public.moves + 1):
            self.shown_at.setdefault(move, self.clock.now)
        return new

    async def announce(self, channel_id: int, announcement: Announcement) -> None:
        await self._call(self.channel.sends, "send")

    async def remind(self, reminder: Reminder) -> None:
        await self._call(self.channel.sends, "send")

    async def show_hand(self, delivery: HandDelivery) -> HandShown:
        await self._call(None, "private hand")
        return HandShown(delivery.place)


async def play(
    moves: int, seed: int, min_interval: float | None = None
) -> tuple[list[float], Counter[str]]:
    clock = VirtualTime()
    folder = Path(tempfile.mkdtemp(prefix="cinch-pace-"))
    store = await Store.open(folder / "pace.sqlite3", clock=clock.datetime)
    outbox = PacedOutbox(clock)
    service = TableService(store, outbox, random_source=random.Random(seed), sleep=clock.sleep)
    if min_interval is not None:
        service.showing.edits.min_interval = min_interval
    rng = random.Random(seed)
    people = [Person(100 + seat, f"player {seat + 1}") for seat in range(4)]
    clicked: dict[int, float] = {}
    try:
        # One game, long enough for every move measured (a new game starts its moves at 0).
        options = TableOptions(rules=HouseRules(target_score=MAX_TARGET_SCORE))
        facts = await service.open_table(
            guild_id=1, channel_id=1, creator=people[0], options=options,
            language="en", turn_timer=None,
        )
        table_id = facts.table_id
        for person in people[1:]:
            await service.join(table_id, person)
        await service.start(table_id, people[0])
        table = service.registry.table(table_id)
        far = clock.datetime() + timedelta(days=1)
        for number, person in enumerate(people, start=1):
            place = HandPlace(number, application_id=1, token="t", editable_until=far)
            await service.hand_shown(table_id, person.user_id, place, new_message=False)

        async def players() -> None:
            while len(clicked) < moves and table.game is not None:
                await clock.sleep(rng.uniform(*THINKING))
                game = table.game
                if game is None or game.to_act is None:
                    continue
                user = table.user_at(game.to_act)
                person = next(p for p in people if p.user_id == user)
                clicked[len(game.log)] = clock.now
                await service.act(table_id, person, random_action(game.decision(), rng))

        await clock.run([asyncio.get_running_loop().create_task(players())], service)
        # Everything clicked shows before the run ends.
        await clock.run([asyncio.get_running_loop().create_task(clock.sleep(30.0))], service)
    finally:
        await service.close()
        await store.close()
    latency = [outbox.shown_at[move + 1] - at for move, at in clicked.items()
               if move + 1 in outbox.shown_at]
    return latency, outbox.calls


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--min-interval",
        type=float,
        default=None,
        help="seconds between two showings of the table (default: the edit coalescer's own)",
    )
    args = parser.parse_args()
    latency, calls = asyncio.run(play(args.moves, args.seed, args.min_interval))
    slow = sum(value > 1.0 for value in latency)
    print(
        f"{len(latency)} moves by four quick people ({THINKING[0]:g}-{THINKING[1]:g} s to choose),"
        f" {LATENCY * 1000:.0f} ms a request; seconds from click to the table showing it:"
    )
    print(
        f"p50 {statistics.median(latency):.2f}  p95 {percentile(latency, 0.95):.2f}"
        f"  max {max(latency):.2f}  over 1 s: {slow} of {len(latency)}"
    )
    print("calls: " + ", ".join(f"{kind} {count}" for kind, count in sorted(calls.items())))


if __name__ == "__main__":
    main()
