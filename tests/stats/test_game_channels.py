"""Games kept to some channels: what the history, a player's rating chart and their card-play
figures show of the games played where a reader may not look."""

from __future__ import annotations

from bot.ai.review import HandReview, Verdict, review_to_json
from bot.engine import Card
from bot.stats import (
    card_play_losses,
    game_channels,
    game_hands,
    player_card,
    recent_games,
    record_game,
    user_key,
)
from bot.store import Store
from tests.stats.builders import Hand, person, store_game

TWO = [person(1, "A"), person(2, "B")]
HANDS = [Hand(maker=0, contract=7, points=(8, 6))]
OPEN, PRIVATE = 7, 8


async def _games(store: Store, clock) -> list[int]:
    """Three finished games, counted on the boards: in the open channel, the private one, and
    the open one again, an hour apart."""
    games = []
    for channel in (OPEN, PRIVATE, OPEN):
        clock.advance(hours=1)
        game = await store_game(store, TWO, winner=0, channel=channel, hands=HANDS)
        assert await record_game(store, game)
        games.append(game)
    return games


async def test_the_history_lists_only_games_of_the_channels_given(store: Store, clock):
    first, hidden, last = await _games(store, clock)

    assert await game_channels(store, 1) == {OPEN, PRIVATE}
    assert await game_channels(store, 2) == set()
    shown = await recent_games(store, 1, channels={OPEN})
    assert [(game.game_id, game.channel_id) for game in shown] == [(last, OPEN), (first, OPEN)]
    assert [game.game_id for game in await recent_games(store, 1, channels={PRIVATE})] == [hidden]
    assert await recent_games(store, 1, channels=set()) == []
    detail = await game_hands(store, 1, hidden)
    assert detail is not None and detail.game.channel_id == PRIVATE


async def test_a_rating_chart_leaves_out_games_of_other_channels(store: Store, clock):
    await _games(store, clock)

    everything = await player_card(store, 1, user_key(1))
    kept = await player_card(store, 1, user_key(1), channels={OPEN})
    nothing = await player_card(store, 1, user_key(1), channels=set())

    assert everything is not None and kept is not None and nothing is not None
    assert len(everything.rating_history) == 3
    # The ratings after the first and the third game, as they were then.
    assert kept.rating_history == everything.rating_history[::2]
    assert nothing.rating_history == ()
    # The figures are the player's own, over every game: only the games listed are kept back.
    assert (kept.games, kept.rating) == (everything.games, everything.rating)


async def test_card_play_counts_only_games_of_the_channels_given(store: Store, clock):
    games = await _games(store, clock)
    for lost, game in zip((3, 5, 1), games, strict=True):
        verdict = Verdict(0, 0, Card.parse("2C"), lost, (Card.parse("3C"),))
        await store.reviews.save(game, 1, review_to_json(HandReview((verdict,), None)))

    assert await card_play_losses(store, 1, user_id=1) == (3.0, 5.0, 1.0)
    assert await card_play_losses(store, 1, user_id=1, channels={OPEN}) == (3.0, 1.0)
    assert await card_play_losses(store, 1, user_id=1, channels={OPEN}, limit=1) == (1.0,)
    assert await card_play_losses(store, 1, user_id=1, channels=set()) == ()
