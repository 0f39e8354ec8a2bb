"""The daily deal: every day from 00:00 UTC the same few deals for everyone, each played alone
with computer partner and opponents, and compared with par and with the server's other players
(docs/daily.md). No Discord here.

A wing of its own beside the statistics and the replays: it keeps its own rows in the store
(migration 0011), plays through the engine, and asks the computer players' worker processes
for the computers' moves and the deals' reviews::

    daily = DailyDeals(store, decisions)
    shown = await daily.open(guild_id, user_id, "alice")      # the deal she is at
    shown = await daily.act(user_id, shown.day, shown.deal, shown.moves, Bid(7))
"""

from bot.daily.deals import DEALS_PER_DAY, PLAYER_SEAT
from bot.daily.service import DailyDeals
from bot.daily.shown import BoardLine, DayBoard, DayShown, DealOutcome, DealOver, DealShown

__all__ = [
    "DEALS_PER_DAY",
    "PLAYER_SEAT",
    "BoardLine",
    "DailyDeals",
    "DayBoard",
    "DayShown",
    "DealOutcome",
    "DealOver",
    "DealShown",
]
