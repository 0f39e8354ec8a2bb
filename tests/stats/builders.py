"""Games stored the way the table service stores them, for the statistics to read.

A test describes who sat where, the hands (who bid what, who made the contract, the points and
Pedros each side took) and who won; :func:`store_game` writes it through the store's own
methods (table, game, ``record_hand`` per hand, ``finish``), exactly as a real game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from itertools import count

from bot.store import ResultPlayer, Store

_channels = count(1000)


class Clock:
    """A settable clock for the store: every stored time is what the test says it is."""

    def __init__(self, now: datetime = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass(frozen=True)
class Player:
    name: str
    user_id: int | None = None
    computer: str | None = None


def person(user_id: int, name: str | None = None) -> Player:
    return Player(name or f"player {user_id}", user_id=user_id)


def computer(level: str = "hard", name: str | None = None) -> Player:
    return Player(name or f"Computer ({level})", computer=level)


@dataclass(frozen=True)
class Hand:
    """One hand: ``bids`` by seat (None = pass), the maker and contract, side points."""

    maker: int
    contract: int
    points: Sequence[int]
    bids: dict[int, int | None] = field(default_factory=dict)
    pedros: dict[int, int] = field(default_factory=dict)
    """Side → Pedros it captured (0, 1 or 2)."""

    def captured(self) -> list[list[object]]:
        kinds = ["right_pedro", "left_pedro"]
        owners = [side for side, n in sorted(self.pedros.items()) for _ in range(n)]
        owners += [None] * (2 - len(owners))
        return [["high", 0], *([kind, side] for kind, side in zip(kinds, owners, strict=True))]


def partners_of(seats: int) -> list[int]:
    """The side of each seat: partners sit opposite with four players, else one seat a side."""
    return [seat % 2 for seat in range(seats)] if seats == 4 else list(range(seats))


async def store_game(
    store: Store,
    players: Sequence[Player],
    *,
    winner: int | None,
    guild: int = 1,
    channel: int | None = None,
    hands: Sequence[Hand] = (),
    status: str = "finished",
    final_scores: Sequence[int] | None = None,
) -> int:
    """Play out a game in the store and end it; returns its id. Each game is played in a
    channel of its own unless ``channel`` is given."""
    sides = partners_of(len(players))
    side_count = max(sides) + 1
    table = await store.tables.create(
        guild_id=guild,
        channel_id=next(_channels) if channel is None else channel,
        creator_id=1,
        house_rules={},
    )
    game = await store.games.start(table.id, seed=7, rules={}, player_count=len(players))
    totals = [0] * side_count
    for number, hand in enumerate(hands, start=1):
        maker_side = sides[hand.maker]
        made = hand.points[maker_side] >= hand.contract
        changes = [
            points if side != maker_side or made else -hand.contract
            for side, points in enumerate(hand.points)
        ]
        totals = [total + change for total, change in zip(totals, changes, strict=True)]
        await store.games.record_hand(
            game.id,
            number=number,
            dealer=(number - 1) % len(players),
            bids=[[seat, amount] for seat, amount in hand.bids.items()],
            contract=hand.contract,
            maker=hand.maker,
            trump="H",
            points=list(hand.points),
            score_change=changes,
            captured=hand.captured(),
        )
    if final_scores is None:
        final_scores = [51 if side == winner else 30 for side in range(side_count)]
    await store.games.finish(
        game.id,
        status=status,
        winners=[] if winner is None else [winner],
        final_scores=final_scores,
        players=[
            ResultPlayer(
                seat=seat,
                side=sides[seat],
                display_name=player.name,
                won=sides[seat] == winner,
                user_id=player.user_id,
                computer_level=player.computer,
            )
            for seat, player in enumerate(players)
        ],
    )
    await store.tables.end(table.id)
    return game.id
