"""A finished hand's review: read from the store, or computed once in the worker processes
and kept.

The JSON kept in ``hand_reviews`` (version 1) is ``{"version", "verdicts": [[play, seat, card,
lost, [better cards]], ...], "worth"}``; a review of another version is computed again.
"""

from __future__ import annotations

from typing import Any

from bot.ai.pool import DecisionPool
from bot.ai.review import HandReview, Verdict
from bot.engine import Card
from bot.service.replays import StoredReplay
from bot.store import Store

VERSION = 1


def review_to_json(review: HandReview) -> dict[str, Any]:
    return {
        "version": VERSION,
        "verdicts": [
            [v.play, v.seat, v.card.code, v.lost, [card.code for card in v.better]]
            for v in review.verdicts
        ],
        "worth": review.worth,
    }


def review_from_json(data: Any) -> HandReview | None:
    """The review kept in the store, or None for one of another version."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return None
    verdicts = tuple(
        Verdict(play, seat, Card.parse(card), lost, tuple(Card.parse(c) for c in better))
        for play, seat, card, lost, better in data["verdicts"]
    )
    return HandReview(verdicts, data["worth"])


async def hand_review(store: Store, pool: DecisionPool, stored: StoredReplay) -> HandReview:
    """The hand's review, computed off the event loop the first time and kept."""
    number = stored.replay.hand_number
    review = review_from_json(await store.reviews.get(stored.game_id, number))
    if review is not None:
        return review
    replay = stored.replay
    side_of = tuple(replay.side_of(seat) for seat in range(replay.players))
    review = await pool.review(replay.plays, replay.trump, side_of, replay.maker_view)
    await store.reviews.save(stored.game_id, number, review_to_json(review))
    return review
