"""Keeping a table's game in the store: starting it, each action as it happens, hands and
results, and bringing a game back from its last snapshot and the actions stored after it.

Every action is appended (and committed) before anyone hears of it, with a full snapshot only
when a hand is dealt or scored, so a restart replays at most one hand's actions. Starting a game
draws for seats and the first dealer and deals: with teams drawn, the draw also reseats
everyone; otherwise the seats stay as the lobby left them and the draw only chooses the first
dealer.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.engine import (
    Action,
    Event,
    Game,
    GameWon,
    HandDealt,
    HandResult,
    HandScored,
    draw_for_seats,
)
from bot.engine.actions import action_to_dict
from bot.engine.plain import to_plain
from bot.presentation.texts import TextContext, seat_draw_text
from bot.service.areas.automation import STAND_IN_LEVEL
from bot.service.tables.options import Teams
from bot.service.tables.restoring import read_game
from bot.service.tables.table import Table
from bot.stats import count_game, record_game
from bot.store import UNSET, FinishedHand, GameEnd, ResultPlayer, SeatRecord, Store
from bot.store.database import Session

log = logging.getLogger(__name__)

#: Automatic moves in a row after which a person's seat is marked away.
AWAY_AFTER = 3


class GameRecords:
    """The store's side of a game in progress at a table."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def load(self, table: Table) -> tuple[Game, int] | None:
        """Restore the table's game: the last snapshot plus the actions stored after it.

        Returns the game as the store left it (also one that the stored actions finished, which
        leaves the table in its lobby) with its id; None when no game was going on. A hand
        finished by an action whose hand row was never stored (the process stopped in between)
        is stored now. Raises :class:`~bot.service.tables.restoring.UnreadableTable` (or the store's
        :class:`~bot.store.UnreadableValue`) when they cannot be read back."""
        record = await self._store.games.active(table.id)
        if record is None or record.state is None:
            table.end_game()
            return None
        replayed = await self._store.games.actions(record.id, after=record.state_seq)
        game = read_game(record.state, replayed, players=table.players, seats=table.seats)
        table.begin_game(game, record.id, stored_actions=record.state_seq + len(replayed))
        stored_hands = {hand.number for hand in await self._store.games.hands(record.id)}
        for result in game.history:
            if result.hand_number not in stored_hands:
                await self._record_hand(record.id, result)
        if game.is_over and game.winner is not None:
            await self.finish(table, game, record.id, winner=game.winner)
            table.end_game()
        return game, record.id

    async def record_action(
        self,
        table: Table,
        game: Game,
        seat: int,
        action: Action,
        events: list[Event],
        *,
        timed_out: bool,
        responder: int | None,
        request_id: int | None = None,
    ) -> None:
        """Store an action just applied, what it ended, and whether its seat is now away.

        The action, the hand it ended (the engine ends one hand an action at most), the game
        it won and the game counted on the boards are one transaction: an action is one commit.

        The action must get the number after the last one this table knows of: if another
        process stored one first, the store refuses it (:class:`~bot.store.ConstraintError`)."""
        assert table.game_id is not None
        snapshot = any(isinstance(event, HandDealt | HandScored) for event in events)
        scored = next((event.result for event in events if isinstance(event, HandScored)), None)
        won = next((event for event in events if isinstance(event, GameWon)), None)
        await self._store.games.append_action(
            table.game_id,
            action_to_dict(action),
            seat=seat,
            state=game.to_dict() if snapshot else UNSET,
            seq=table.stored_actions + 1,
            request_id=request_id,
            hand=None if scored is None else finished_hand(scored),
            ended=None if won is None else _game_end(table, game, won.side),
            after_result=_count_on_boards,
        )
        table.stored_actions += 1
        await self._mark_presence(table, seat, timed_out=timed_out, responder=responder)

    async def _record_hand(self, game_id: int, result: HandResult) -> None:
        await record_hand(self._store, game_id, result)

    async def _mark_presence(
        self, table: Table, seat: int, *, timed_out: bool, responder: int | None
    ) -> None:
        """Count a timed-out move (enough in a row mark the seat away); a person's own move
        brings them back."""
        record = table.seats[seat]
        if timed_out:
            record = await self._store.tables.add_auto_move(table.id, seat)
            if record.auto_moves >= AWAY_AFTER and not record.away:
                record = await self._store.tables.update_seat(table.id, seat, away=True)
        elif responder is not None and (record.away or record.auto_moves):
            record = await self._store.tables.update_seat(table.id, seat, away=False, auto_moves=0)
        table.sit(record)

    async def finish(self, table: Table, game: Game, game_id: int, winner: int | None) -> None:
        """Store a game's result (abandoned when nobody won), then count it on the boards.

        The boards are derived data that a manager can always rebuild, so a failure there is
        logged and never stops the end of a game.
        """
        await self._store.games.finish(
            game_id, **vars(_game_end(table, game, winner)), state=game.to_dict()
        )
        try:
            await record_game(self._store, game_id)
        except Exception:
            log.exception("could not count game %s on the boards", game_id)


async def _count_on_boards(tx: Session, game_id: int) -> None:
    """Count a game won by an action on the boards, in the transaction that stores the action.
    The boards are derived data that a manager can always rebuild: a failure here is undone
    alone (a savepoint) and logged, and the game's end is stored all the same."""
    try:
        async with tx.savepoint():
            await count_game(tx, game_id)
    except Exception:
        log.exception("could not count game %s on the boards", game_id)


def _game_end(table: Table, game: Game, winner: int | None) -> GameEnd:
    """How the table's game ended: won by ``winner``, or abandoned when nobody won."""
    return GameEnd(
        status="abandoned" if winner is None else "finished",
        winners=[] if winner is None else [winner],
        final_scores=list(game.scores),
        players=_result_players(table, game, winner=winner),
    )


def _result_players(table: Table, game: Game, winner: int | None) -> list[ResultPlayer]:
    """Who played each seat. A person who is away at the end (who left, or missed their turns
    until marked away) did not play it: the stand-in computer player did, and it, not they,
    gets the game, the win and the rating."""
    return [
        ResultPlayer(
            seat=seat,
            side=game.side_of[seat],
            display_name=record.display_name,
            won=winner is not None and game.side_of[seat] == winner,
            user_id=None if record.away else record.user_id,
            computer_level=STAND_IN_LEVEL if record.away else record.computer_level,
            stand_in_for=record.user_id if record.away else None,
        )
        for seat, record in sorted(table.seats.items())
    ]


async def record_hand(store: Store, game_id: int, result: HandResult) -> None:
    """Store a finished hand's result with its game, as the boards and replays read it."""
    await store.games.record_hand(game_id, **vars(finished_hand(result)))


def finished_hand(result: HandResult) -> FinishedHand:
    """A finished hand's result as the store keeps it."""
    return FinishedHand(
        number=result.hand_number,
        dealer=result.dealer,
        bids=to_plain(result.bids),
        contract=result.contract,
        maker=result.maker,
        trump=result.trump.value,
        points=result.points,
        score_change=result.changes,
        captured=to_plain(result.captured),
    )


async def start_game(store: Store, table: Table, seed: int, *, keep_seats: bool = False) -> str:
    """Deal the table's new game from ``seed`` and store it; returns the text of the draw.

    With ``keep_seats`` (a rematch) everyone keeps the seat, and so the partner, they had,
    whatever the table's teams: the draw only chooses the first dealer."""
    rules = table.options.rules
    draw = draw_for_seats(table.players, seed, rules.first_dealer)
    lobby = [table.seats[seat] for seat in range(table.players)]
    drawn_teams = table.options.teams is Teams.DRAW and not keep_seats
    if drawn_teams:
        dealer = draw.first_dealer_seat
        new_seats = [draw.seating.index(index) for index in range(table.players)]
    else:
        dealer = draw.seating[draw.first_dealer_seat]
        new_seats = list(range(table.players))
    game = Game.new(rules, table.players, seed, first_dealer=dealer)
    # The game is stored first: when the store refuses it (the table closed, or a game started
    # in another process), nobody has been moved.
    record = await store.games.start(
        table.id,
        seed=seed,
        rules=rules.to_dict(),
        player_count=table.players,
        state=game.to_dict(),
    )
    if drawn_teams:
        await _reseat(store, table, [lobby[index] for index in draw.seating])
    table.begin_game(game, record.id)
    context = TextContext(table.names(table.locale), table.locale)
    names = [context.names[seat] for seat in new_seats]
    return seat_draw_text(draw, names, context.names[dealer], game.sides, context)


async def _reseat(store: Store, table: Table, order: Sequence[SeatRecord]) -> None:
    """Move everyone to the seats the draw gave them: ``order[n]`` takes seat ``n``."""
    if all(record.seat == seat for seat, record in enumerate(order)):
        return
    for seat in list(table.seats):
        await store.tables.leave(table.id, seat)
    table.reseat(
        [
            await store.tables.sit(
                table.id,
                seat,
                display_name=record.display_name,
                user_id=record.user_id,
                computer_level=record.computer_level,
            )
            for seat, record in enumerate(order)
        ]
    )
