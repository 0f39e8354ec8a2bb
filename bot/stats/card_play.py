"""Points lost by card play: how a player's play compares with perfect play, game by game.

Each finished hand is reviewed once (``bot.ai.review``, kept in ``hand_reviews``), as it ends or,
on a machine too busy for that, when its replay is opened (``bot.replays.library``); a player's
figure for a game is the points their cards lost per reviewed hand of it. Read straight from the
reviews, so it needs no table of its own and follows the reviews as they are computed.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.ai.review import points_lost, review_from_json
from bot.stats.game_channels import played_in
from bot.store import Store
from bot.store.database import decode_json

CARD_PLAY_GAMES = 10
"""How many of the player's latest games the figure covers."""

_REVIEWS = """
SELECT mine.game_id, mine.seat, mine.players, hr.review
FROM (
    SELECT rp.game_id, rp.seat, rp.ended_at,
           (SELECT COUNT(*) FROM result_players other WHERE other.game_id = rp.game_id) AS players
    FROM result_players rp
    WHERE rp.guild_id = :guild_id AND rp.user_id = :user_id AND {channels}
    ORDER BY rp.ended_at DESC, rp.game_id DESC LIMIT :limit
) mine
JOIN hand_reviews hr ON hr.game_id = mine.game_id
ORDER BY mine.ended_at, mine.game_id, hr.hand_number
"""


async def card_play_losses(
    store: Store,
    guild_id: int,
    user_id: int,
    limit: int = CARD_PLAY_GAMES,
    *,
    channels: Collection[int] | None = None,
) -> tuple[float, ...]:
    """Points the person lost by card play per reviewed hand, for each of their latest games
    played in ``channels`` (``None``: anywhere) that has reviewed hands, oldest first."""
    shown, params = played_in("rp.game_id", channels)
    params |= {"guild_id": guild_id, "user_id": user_id, "limit": limit}
    rows = await store.database.fetch_all(_REVIEWS.format(channels=shown), params)
    by_game: dict[int, list[int]] = {}
    for row in rows:
        review = review_from_json(decode_json(row["review"]))
        if review is not None:
            lost = points_lost(review.verdicts, row["players"])[row["seat"]]
            by_game.setdefault(row["game_id"], []).append(lost)
    return tuple(sum(losses) / len(losses) for losses in by_game.values())
