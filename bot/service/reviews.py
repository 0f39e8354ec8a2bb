"""A finished hand's review: read from the store, or computed once in the worker processes
and kept (as ``bot.ai.review.review_to_json`` writes it; one of another version is computed
again).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.ai.pool import DecisionPool
from bot.ai.review import HandReview, review_from_json, review_to_json
from bot.service.replays import StoredReplay
from bot.store import Store


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished hand's replay and its review (None when it could not be computed)."""

    stored: StoredReplay
    review: HandReview | None

    @property
    def step_count(self) -> int:
        return len(self.stored.replay.steps)


async def hand_review(store: Store, pool: DecisionPool, stored: StoredReplay) -> HandReview:
    """The hand's review, computed off the event loop the first time and kept."""
    number = stored.replay.hand_number
    review = review_from_json(await store.reviews.get(stored.game_id, number))
    if review is not None:
        return review
    replay = stored.replay
    side_of = tuple(replay.side_of(seat) for seat in range(replay.players))
    review = await pool.review(
        replay.plays, replay.trump, side_of, replay.capture_points, replay.maker_view
    )
    await store.reviews.save(stored.game_id, number, review_to_json(review))
    return review
