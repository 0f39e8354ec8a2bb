"""The replays the bot offers: a finished hand's replay with its review.

A review (the open-hand verdict on every card) is read from the store, or computed once in the
computer players' worker processes, off the event loop, and kept (as
``bot.ai.review.review_to_json`` writes it; one of another version is computed again). The
table service asks for it as each hand ends, so a replay opened later shows at once.

Reviews cost more than everything else a hand does (some 90 ms of search a hand of random
play, 50 ms of good play: most of a worker's core at a thousand busy tables), so hands that end
while the workers are busy wait their turn holding only their numbers and their game: a hand's
replay is rebuilt only when a worker can take its review, never held in memory for the length of the
queue; the table service rebuilds it from the game it holds (the actions it stored), without
reading them back. A replay someone opens does not wait behind them.

The reviews take what the cores leave (`bot.ai.pool`), and a busy machine can end hands faster
than it reviews them: at 1,000 busy tables of random play in each of two processes on two
cores, some 6.6 hands a second each, of which what the cores leave reviews some 1.3. So at most
`REVIEWS_WAITING_MOST` hands wait at once, and a hand that ends beyond them is reviewed when its
replay is opened (its card play counts in the statistics from then on; `docs/benchmarks.md`,
"What the reviews cost the tail").
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.ai.pool import DecisionPool
from bot.ai.review import HandReview, review_from_json, review_to_json
from bot.replays.steps import HandReplay
from bot.replays.stored import StoredReplay, load_replay
from bot.store import Store

log = logging.getLogger(__name__)

#: Finished hands that may wait for their review at once (see the module).
REVIEWS_WAITING_MOST = 1_000


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished hand's replay and its review (None when it could not be computed)."""

    stored: StoredReplay
    review: HandReview | None

    @property
    def step_count(self) -> int:
        return len(self.stored.replay.steps)


class Replays:
    """Finished hands' replays, reviewed by the computer players' worker processes."""

    def __init__(self, store: Store, decisions: DecisionPool) -> None:
        self._store = store
        self._decisions = decisions
        #: The hands reviewed as they end, at most one a worker at once; the others wait here
        #: in the order they ended.
        self._reviewing = asyncio.Semaphore(decisions.workers)
        #: Hands waiting for a worker's turn (`REVIEWS_WAITING_MOST` at most).
        self._waiting = 0
        #: Whether the log says the hands waiting are at the most (told once each time).
        self._told_full = False

    async def replay(self, guild_id: int, game_id: int, number: int) -> Replay:
        """Hand ``number`` of game ``game_id`` of this server, with its review. Raises
        :class:`UserFacingError` for a hand that does not exist here or is still in play."""
        stored = await load_replay(self._store, guild_id, game_id, number)
        try:
            review = await self._review(stored)
        except Exception:
            # The replay stands on its own: without its review rather than not at all.
            log.exception("Could not review hand %s of game %s", number, game_id)
            review = None
        return Replay(stored, review)

    async def review_finished_hand(
        self, game_id: int, number: int, replayed: Callable[[], HandReplay]
    ) -> None:
        """Review hand ``number`` of game ``game_id``, which just ended, so that its replay
        opens at once and the statistics count its card play. ``replayed`` rebuilds the hand
        from what the table service holds of the game (the very actions it stored), so nothing
        is read back; it is called only once a worker is free for the review (see the
        module). Beyond `REVIEWS_WAITING_MOST` hands waiting, it is left for when its replay is
        opened."""
        if self._waiting >= REVIEWS_WAITING_MOST:
            if not self._told_full:
                log.warning(
                    "%s finished hands wait for their review: the next are reviewed when opened",
                    self._waiting,
                )
                self._told_full = True
            return
        self._told_full = False
        self._waiting += 1
        try:
            await self._reviewing.acquire()
        finally:
            self._waiting -= 1
        try:
            if review_from_json(await self._store.reviews.get(game_id, number)) is not None:
                return  # someone opened the replay meanwhile
            review = await review_replay(self._decisions, replayed(), game=game_id)
            await self._store.reviews.save(game_id, number, review_to_json(review))
        except Exception:
            log.exception("Could not review hand %s of game %s", number, game_id)
        finally:
            self._reviewing.release()

    async def _review(self, stored: StoredReplay) -> HandReview:
        number = stored.replay.hand_number
        review = review_from_json(await self._store.reviews.get(stored.game_id, number))
        if review is not None:
            return review
        review = await review_replay(self._decisions, stored.replay, game=stored.game_id)
        await self._store.reviews.save(stored.game_id, number, review_to_json(review))
        return review


async def review_replay(
    decisions: DecisionPool, replay: HandReplay, *, game: int | None
) -> HandReview:
    """The double-dummy review of a replayed hand, worked out in the computer players' worker
    processes (`game` names whose work it is, for the workers' fair turns)."""
    side_of = tuple(replay.side_of(seat) for seat in range(replay.players))
    return await decisions.review(
        replay.plays,
        replay.trump,
        side_of,
        replay.capture_points,
        replay.maker_view,
        game=game,
    )
