"""Games whose seats are settled before anyone clicks Start: a tournament's match and a rematch.

The league opens each match's table in a thread of its own with everyone in their seat and
deals at once (docs/league.md), and stops the tables it no longer plays. A rematch
(:mod:`bot.service.areas.rematches`) plays a finished game again at the same seats: at the table in
its lobby in the game's channel, or one opened again there. Both deal with every seat kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import UserFacingError
from bot.i18n import t
from bot.people import Person
from bot.service.areas.closing import TableClosing
from bot.service.areas.finding import table_facts
from bot.service.areas.lobby_actions import DEFAULT_COMPUTER_LEVEL
from bot.service.areas.rematches import GameSeat, Rematch, finished_seats
from bot.service.refusals import TableAlreadyOpen, past_limit
from bot.service.showing.publishing import Pending, Update
from bot.service.shown import RematchReply, TableFacts
from bot.service.tables.options import TableOptions, language_chosen, turn_timer_chosen
from bot.service.tables.restoring import UnreadableTable, read_options
from bot.service.tables.table import Table
from bot.store import TableExistsError, TableLimitError, TableRecord


class ArrangedGames(TableClosing):
    """Tournament matches opened and stopped, and rematches confirmed."""

    async def open_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser: int,
        seats: Sequence[Person | None],
        options: TableOptions,
        language: str | None,
        turn_timer: int | None,
    ) -> TableFacts:
        """Open a tournament match's table in its channel (a thread of its own), everyone in
        their seat (None: a computer player), and deal its game at once, seats kept. Its
        creator is the organiser, who may end it alone. It is opened without the server's
        limits: a tournament that started is never stopped half-way by them (docs/league.md).
        Opened again (the channel already has this match's table, after a restart), it is
        the same table."""
        existing = self.registry.find_in_channel(channel_id)
        if existing is not None and existing.options.match:
            return table_facts(existing)
        try:
            record = await self.store.tables.create(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=organiser,
                house_rules=options.to_json(),
                language=language_chosen(language),
                turn_timer=turn_timer_chosen(turn_timer),
            )
        except TableExistsError as error:
            raise TableAlreadyOpen(error.table) from None
        seated = {}
        for seat, person in enumerate(seats):
            computer = t("player.computer", record.language, number=seat + 1)
            seated[seat] = await self.store.tables.sit(
                record.id,
                seat,
                display_name=person.name if person is not None else computer,
                user_id=person.user_id if person is not None else None,
                computer_level=None if person is not None else DEFAULT_COMPUTER_LEVEL,
            )
        table = Table(record=record, options=options, seats=seated)
        self.registry.add(table)
        async with table.lock:
            pending = await self._deal(table, keep_seats=True)
        self._publisher.publish(table, pending)
        return table_facts(table)

    async def stop(self, table_id: int, text: str, *, reason: str) -> None:
        """Close a table the league no longer plays (a round's deadline, a pair that withdrew):
        ``text`` says why in its channel, and its game, if one is going on, is stored as
        abandoned, with the score it had."""
        table = self.registry.get(table_id)
        if table is None:
            return
        async with table.lock:
            if table.closed:
                return
            pending = await self._close(table, text, reason=reason)
        self._publisher.publish(table, pending)

    # ------------------------------------------------------------------ rematches

    async def rematch(self, game_id: int, person: Person) -> RematchReply:
        """The person confirms a rematch of a finished game they played
        (:mod:`bot.service.areas.rematches`): at the table in its lobby in the game's channel, or
        one opened again there with the game's seats. The game starts once every person
        seated has confirmed, and they are answered with their hand."""
        record, seats = await self._finished_game(game_id)
        if person.user_id not in {seat.user_id for seat in seats}:
            raise UserFacingError("errors.rematch_not_played")
        async with self._reopening:
            table = self.registry.find_in_channel(record.channel_id)
            reopened = table is None
            if table is None:
                table = await self._reopen(record, seats, person)
        async with table.lock:
            pending = await self._confirm_rematch(table, game_id, seats, person)
        self._publisher.publish(table, pending)
        if table.playing:
            hand = await self._hands.reply(table, person, acted=False)
            return RematchReply(started=True, waiting=(), reopened=reopened, hand=hand)
        rematch = table.rematch
        waiting = tuple(rematch.waiting(table.seats)) if rematch is not None else ()
        return RematchReply(started=False, waiting=waiting, reopened=reopened)

    async def _finished_game(self, game_id: int) -> tuple[TableRecord, tuple[GameSeat, ...]]:
        """The table a game was played at, and its seats, when it ended with a winner."""
        game = await self.store.games.get(game_id)
        result = await self.store.games.result(game_id)
        record = await self.store.tables.get(game.table_id) if game is not None else None
        if record is None or result is None or result.status != "finished":
            raise UserFacingError("errors.rematch_unavailable")
        return record, finished_seats(result)

    async def _reopen(
        self, record: TableRecord, seats: tuple[GameSeat, ...], person: Person
    ) -> Table:
        """Open the game's table again in its channel, as it was opened, everyone in the seat
        they had; within the server's limits. The person whose click opens it is its creator,
        so it counts among their tables, not among those of whoever opened the first one (who
        may not even want a rematch)."""
        try:
            options = read_options(record.house_rules)
            reopened = await self.store.tables.create(
                guild_id=record.guild_id,
                channel_id=record.channel_id,
                creator_id=person.user_id,
                house_rules=record.house_rules,
                language=record.language,
                turn_timer=record.turn_timer,
                limits=await self.store.limits.get(record.guild_id),
            )
        except UnreadableTable:
            raise UserFacingError("errors.rematch_unavailable") from None
        except TableExistsError:
            raise UserFacingError("errors.rematch_busy") from None
        except TableLimitError as error:
            raise past_limit(error) from None
        seated = {
            seat.seat: await self.store.tables.sit(
                reopened.id,
                seat.seat,
                display_name=seat.name,
                user_id=seat.user_id,
                computer_level=seat.computer_level,
            )
            for seat in seats
        }
        table = Table(record=reopened, options=options, seats=seated)
        self.registry.add(table)
        self._automation.schedule(table)
        self._publisher.publish(table, Pending(Update(repost=True)))
        return table

    async def _confirm_rematch(
        self, table: Table, game_id: int, seats: tuple[GameSeat, ...], person: Person
    ) -> Pending:
        """Count the person's confirmation (back in their seat if they had left it), and deal
        the game once everyone seated confirmed. Called with the table's lock held."""
        if table.playing:
            raise UserFacingError("errors.rematch_busy")
        rematch = table.rematch
        if rematch is None or rematch.game_id != game_id:
            rematch = Rematch(game_id, seats)
        if not rematch.kept(table.seats):
            raise UserFacingError("errors.rematch_seats_changed")
        seat = table.seat_of(person.user_id)
        if seat is None:
            own = rematch.seat_of(person.user_id)
            assert own is not None and own not in table.seats, "a person's own seat is theirs"
            table.sit(
                await self.store.tables.sit(
                    table.id, own, display_name=person.name, user_id=person.user_id
                )
            )
        elif table.seats[seat].away:
            table.sit(await self.store.tables.update_seat(table.id, seat, away=False, auto_moves=0))
        rematch.ready.add(person.user_id)
        table.rematch = rematch
        if table.full and set(table.people()) <= rematch.ready:
            return await self._deal(table, keep_seats=True)
        return Pending(self._seats_changed(table))
