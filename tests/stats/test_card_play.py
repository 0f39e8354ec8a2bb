"""Points lost by card play, per hand of each of a person's latest games, from the reviews."""

from __future__ import annotations

from bot.ai.review import HandReview, Verdict, review_to_json
from bot.engine import Card
from bot.stats import card_play_losses
from bot.store import Store
from tests.stats.builders import Hand, person, store_game

FOUR = [person(n, name) for n, name in enumerate("ABCD", start=1)]
HANDS = [Hand(maker=0, contract=7, points=(8, 6)), Hand(maker=1, contract=7, points=(4, 10))]


def _review(*lost_by_seat: tuple[int, int]) -> dict:
    verdicts = tuple(
        Verdict(play, seat, Card.parse("2C"), lost, (Card.parse("3C"),))
        for play, (seat, lost) in enumerate(lost_by_seat)
    )
    return review_to_json(HandReview(verdicts, None))


async def test_each_game_counts_the_points_lost_per_reviewed_hand(store: Store, clock):
    first = await store_game(store, FOUR, winner=0, hands=HANDS)
    clock.advance(hours=1)
    second = await store_game(store, FOUR, winner=1, hands=HANDS)
    clock.advance(hours=1)
    await store_game(store, FOUR, winner=1, hands=HANDS)  # never reviewed: not counted
    await store.reviews.save(first, 1, _review((0, 5), (1, 2), (0, 1)))
    await store.reviews.save(first, 2, _review())
    await store.reviews.save(second, 2, _review((0, 4)))

    # Player A (seat 0): 6 points over the first game's two hands, 4 in the second's one.
    assert await card_play_losses(store, 1, user_id=1) == (3.0, 4.0)
    assert await card_play_losses(store, 1, user_id=2) == (1.0, 0.0)
    assert await card_play_losses(store, 1, user_id=1, limit=2) == (4.0,)
    assert await card_play_losses(store, 2, user_id=1) == ()
