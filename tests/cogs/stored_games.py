"""Games written straight to the store the way the table service ends them, for tests of what
is shown of finished games: hands recorded and the game finished through the store, then
``bot.stats.record_game`` once.
"""

from __future__ import annotations

import simcord

from bot.stats import record_game
from bot.store import ResultPlayer, Store


async def end_game(
    store: Store,
    channel: simcord.ChannelHandle,
    members: list[simcord.MemberActor],
    *,
    winner: int,
    computer: str | None = None,
) -> int:
    """A game at a table in ``channel`` played to its end: one hand, then the result.

    With four seats partners sit opposite (sides 0 and 1); with two, each is a side. A
    ``computer`` level takes the last seat instead of a member.
    """
    seats = len(members) + (computer is not None)
    sides = [seat % 2 for seat in range(seats)]
    table = await store.tables.create(
        guild_id=channel.guild.id, channel_id=channel.id, creator_id=members[0].id, house_rules={}
    )
    game = await store.games.start(table.id, seed=1, rules={}, player_count=seats)
    points = [9, 5] if winner == 0 else [5, 9]
    await store.games.record_hand(
        game.id,
        number=1,
        dealer=0,
        bids=[[seat, 7 if seat == 0 else None] for seat in range(seats)],
        contract=7,
        maker=0,
        trump="H",
        points=points,
        score_change=points,
        captured=[["right_pedro", winner], ["left_pedro", None]],
    )
    players = [
        ResultPlayer(seat, sides[seat], member.user.name, sides[seat] == winner, user_id=member.id)
        for seat, member in enumerate(members)
    ]
    if computer is not None:
        seat = seats - 1
        players.append(
            ResultPlayer(
                seat, sides[seat], "Computer", sides[seat] == winner, computer_level=computer
            )
        )
    final = [51, 30] if winner == 0 else [30, 51]
    await store.games.finish(
        game.id, status="finished", winners=[winner], final_scores=final, players=players
    )
    await store.tables.end(table.id)
    assert await record_game(store, game.id)
    return game.id
