"""Loading a finished hand's replay from the store, and refusing anything still in play.

A hand may be replayed once it is over (it has a row in ``hands``), in a game of the server
asking; the replay says which channel the game was played in, for the Discord layer to show it
only to those who may read that channel. The engine rebuilds it from the game's start, kept in
every snapshot, and the stored actions; the replay must agree with the stored hand's score,
otherwise the stored game comes from a version whose actions no longer replay and the player
is told so.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Game, HouseRules
from bot.errors import UserFacingError
from bot.replays.steps import HandReplay, NotReplayable, replay_hand
from bot.store import GameRecord, HandRecord, Store


@dataclass(frozen=True, slots=True)
class StoredReplay:
    """A hand's replay with what the pictures need besides it."""

    game_id: int
    replay: HandReplay
    #: Each seat's display name.
    names: tuple[str, ...]
    target: int
    #: The table's language: what a replay shared in its channel is written in.
    locale: str | None = None
    #: Which seats computer players played.
    computers: tuple[bool, ...] = ()
    #: The channel the game was played in: only who may read it may see the replay (``None``
    #: when the table is no longer stored, and then nobody may).
    channel_id: int | None = None


async def load_replay(store: Store, guild_id: int, game_id: int, number: int) -> StoredReplay:
    """The replay of hand `number` of game `game_id`, as the engine rebuilds it.

    Raises ``UserFacingError``: ``replay.not_found`` (no such game on this server, or no such
    hand), ``replay.in_play`` (the hand is not over), ``replay.unavailable`` (stored by an older
    version whose actions cannot be replayed).
    """
    record = await store.games.get(game_id)
    if record is None or record.guild_id != guild_id:
        raise UserFacingError("replay.not_found")
    hands = await store.games.hands(game_id)
    hand = next((hand for hand in hands if hand.number == number), None)
    if hand is None:
        in_play = record.status == "playing" and number > max((h.number for h in hands), default=0)
        raise UserFacingError("replay.in_play" if in_play else "replay.not_found")
    replay = await _replay(store, record, hand)
    table = await store.tables.get(record.table_id)
    names, computers = await _seating(store, record)
    return StoredReplay(
        game_id=game_id,
        replay=replay,
        names=names,
        target=(record.rules or {}).get("target_score", HouseRules().target_score),
        locale=table.language if table is not None else None,
        computers=computers,
        channel_id=table.channel_id if table is not None else None,
    )


async def _replay(store: Store, record: GameRecord, hand: HandRecord) -> HandReplay:
    """Rebuild the hand; any disagreement with what was stored means it cannot be replayed."""
    try:
        if record.state is None:
            raise NotReplayable("the game has no stored start")
        start = Game.from_dict(record.state).restarted()
        stored = await store.games.actions(record.id)
        actions = [Game.action_from_dict({"seat": a.seat, **a.action}) for a in stored]
        replay = replay_hand(start, actions, hand.number)
    except (NotReplayable, ValueError, KeyError, TypeError):
        raise UserFacingError("replay.unavailable", number=hand.number) from None
    result = replay.steps[-1].result
    if result is None or result.points != hand.points or result.changes != hand.score_change:
        raise UserFacingError("replay.unavailable", number=hand.number)
    return replay


async def _seating(store: Store, record: GameRecord) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """Who sat where, and which seats computer players played: from the result once the game
    is over, from the table while it runs."""
    names = [f"#{seat + 1}" for seat in range(record.player_count)]
    computers = [False] * record.player_count
    result = await store.games.result(record.id)
    players = result.players if result is not None else await store.tables.seats(record.table_id)
    for player in players:
        seat, name, level = player.seat, player.display_name, player.computer_level
        if seat < len(names):
            names[seat], computers[seat] = name, level is not None
    return tuple(names), tuple(computers)
