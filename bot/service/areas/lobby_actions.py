"""What people do at a table's seats: open it, sit, add computer players, leave, start.

Every seat change takes the table's lock, so two people reaching for one seat together are
seated one after the other, the second judged against the seats the first left. A seat is
taken in the lobby, or during a game when it is away or a computer's: someone who was not
playing asks the people playing first, unless the table was opened to all. Leaving a game keeps
the seat, away, for the computer to play until anyone takes it.
"""

from __future__ import annotations

from bot.ai import LEVELS
from bot.errors import OptionRefused, UserFacingError
from bot.i18n import t
from bot.people import Person
from bot.presentation.user_text import in_message
from bot.service.areas.finding import table_facts
from bot.service.refusals import CountedError, TableAlreadyOpen, past_limit
from bot.service.showing.publishing import Pending, PendingAnnouncement, Update
from bot.service.shown import HandReply, Seated, SeatRequest, TableFacts
from bot.service.tables.options import TableOptions, language_chosen, turn_timer_chosen
from bot.service.tables.table import Table
from bot.service.tables.table_changes import TableChanges
from bot.store import TableExistsError, TableLimitError

#: The level of a computer player seated without one named.
DEFAULT_COMPUTER_LEVEL = "normal"


class LobbyActions(TableChanges):
    """Opening a table, taking and leaving its seats, and starting its game."""

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator: Person,
        options: TableOptions,
        language: str | None,
        turn_timer: int | None,
    ) -> TableFacts:
        """Open a table in a channel and seat its creator, within the server's limits on open
        tables (per member and in all). A turn timer of 0 is none; one too long, or a language
        the bot does not speak, is refused."""
        turn_timer, language = turn_timer_chosen(turn_timer), language_chosen(language)
        try:
            record = await self.store.tables.create(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator.user_id,
                house_rules=options.to_json(),
                language=language,
                turn_timer=turn_timer,
                limits=await self.store.limits.get(guild_id),
            )
        except TableExistsError as error:
            raise TableAlreadyOpen(error.table) from None
        except TableLimitError as error:
            raise past_limit(error) from None
        seat = await self.store.tables.sit(
            record.id, 0, display_name=creator.name, user_id=creator.user_id
        )
        table = Table(record=record, options=options, seats={0: seat})
        self.registry.add(table)
        self._automation.schedule(table)  # a lobby nobody touches expires too
        self._publisher.publish(table, Pending(Update(repost=True)))
        return table_facts(table)

    async def join(
        self, table_id: int, person: Person, seat: int | None = None
    ) -> Seated | SeatRequest:
        """Seat ``person``: in the lobby any free seat; during a game a seat that is away or
        held by a computer player, and then they are answered with their hand.

        Someone who was not playing takes a seat in a game going on only when someone playing
        agrees, unless the table was opened to all (``open_seats``): they get the
        :class:`SeatRequest` to show in the channel, answered by :meth:`answer_seat_request`.
        """
        table = self.registry.table(table_id)
        self.showing.looked_at(table.id)
        async with table.lock:
            current = table.seat_of(person.user_id)
            if current is None and table.options.match:
                raise UserFacingError("errors.match_seats")
            if current is not None and (seat is None or seat == current):
                if not table.seats[current].away:
                    raise UserFacingError("errors.already_seated")
                seat = current
            seat = table.seat_to_take(seat)
            if current is None and table.playing and not table.options.open_seats:
                return table.ask_for_seat(person.user_id, seat)
            if current is not None and current != seat:
                if table.playing:
                    raise UserFacingError("errors.already_seated")
                await self.store.tables.leave(table.id, current)
                table.unseat(current)
            update = await self._seat(table, person, seat)
        self._publisher.publish(table, Pending(update))
        hand = await self._hands.reply(table, person, acted=False) if table.playing else None
        return Seated(seat, table.players, hand)

    async def answer_seat_request(
        self,
        table_id: int,
        answering: Person,
        *,
        newcomer: Person,
        seat: int,
        game_id: int,
        accept: bool,
        can_manage: bool,
    ) -> Seated | None:
        """Let a newcomer take the seat they asked for in this game (None when refused).

        Anyone playing at the table may answer, as may its creator and anyone allowed to
        manage messages (who could end the game anyway). A request of an earlier game, or for
        a seat someone has taken since, is refused."""
        table = self.registry.table(table_id)
        async with table.lock:
            allowed = can_manage or answering.user_id == table.record.creator_id
            if not (allowed or table.plays_here(answering.user_id)):
                raise UserFacingError("errors.not_playing_here")
            if game_id != table.game_id:
                raise UserFacingError("errors.game_over")
            table.seat_requests.discard(newcomer.user_id)
            if not accept:
                return None
            if table.seat_of(newcomer.user_id) is not None:
                raise UserFacingError("errors.newcomer_seated")
            seat = table.seat_to_take(seat)
            update = await self._seat(table, newcomer, seat)
        self._publisher.publish(table, Pending(update))
        return Seated(seat, table.players)

    async def _seat(self, table: Table, person: Person, seat: int) -> Update:
        """Sit ``person`` in ``seat`` (whoever held it gives it up). Called with the lock held."""
        table.sit(
            await self.store.tables.sit(
                table.id, seat, display_name=person.name, user_id=person.user_id
            )
        )
        return self._seats_changed(table, private={person.user_id})

    async def add_computer(
        self,
        table_id: int,
        user_id: int,
        seat: int | None = None,
        level: str = DEFAULT_COMPUTER_LEVEL,
    ) -> int:
        """Put a computer player in a free seat, or in a computer player's. Returns the seat.

        A seat someone stepped away from stays theirs: the computer already plays it for them,
        and putting a computer player there would only take their vote to end the game away.
        """
        if level not in LEVELS:
            raise OptionRefused("errors.option_choice", "option.level")
        table = self.registry.table(table_id)
        async with table.lock:
            if table.options.match:
                raise UserFacingError("errors.match_seats")
            if table.seat_of(user_id) is None and user_id != table.record.creator_id:
                raise UserFacingError("errors.not_seated")
            seat = table.seat_to_take(seat)
            if table.user_at(seat) is not None:
                raise UserFacingError("errors.seat_kept", player=table.seats[seat].display_name)
            table.sit(
                await self.store.tables.sit(
                    table.id,
                    seat,
                    display_name=table.new_computer_name(seat),
                    computer_level=level,
                )
            )
            update = self._seats_changed(table)
        self._publisher.publish(table, Pending(update))
        return seat

    async def leave(self, table_id: int, user_id: int) -> bool:
        """Leave the lobby, or step away from a game (the computer plays the seat until anyone
        takes it). True when they stepped away from a game."""
        table = self.registry.table(table_id)
        self.showing.looked_at(table.id)
        async with table.lock:
            seat = table.require_seat(user_id)
            announcements: tuple[PendingAnnouncement, ...] = ()
            stepped_away = table.playing
            if stepped_away:
                table.sit(await self.store.tables.update_seat(table.id, seat, away=True))
                name = in_message(table.seats[seat].display_name)
                announcements = (
                    PendingAnnouncement(t("text.left_game", table.locale, player=name)),
                )
            else:
                await self.store.tables.leave(table.id, seat)
                table.unseat(seat)
            table.withdraw_vote(user_id)
            update = self._seats_changed(table)
        self._publisher.publish(table, Pending(update, announcements))
        return stepped_away

    async def member_left(self, guild_id: int, user_id: int) -> int:
        """Someone is no longer a member of a server (banned, kicked, gone): they step away
        from every table of that server they sit at, as if they had left it. Returns how many."""
        return await self._leave_tables(user_id, guild_id)

    async def _leave_tables(self, user_id: int, guild_id: int | None = None) -> int:
        """Leave every table held here (of one server, or of all) the person sits at."""
        left = 0
        for table in self.registry:
            if guild_id not in (None, table.record.guild_id) or table.seat_of(user_id) is None:
                continue
            try:
                await self.leave(table.id, user_id)
            except UserFacingError:
                continue  # the table closed, or they left it, in the meantime
            left += 1
        return left

    async def start(self, table_id: int, person: Person) -> HandReply | None:
        """Start a game: draw for seats and the first dealer, deal, and persist it. The person
        who started it is answered with their hand (None for a creator without a seat)."""
        table = self.registry.table(table_id)
        self.showing.looked_at(table.id)
        async with table.lock:
            if table.playing:
                raise UserFacingError("errors.game_running")
            if person.user_id != table.record.creator_id:
                creator = table.creator_name()
                if creator is not None:
                    raise UserFacingError("errors.not_creator", player=in_message(creator))
                table.require_seat(person.user_id)
            if not table.full:
                raise CountedError("errors.not_enough_players", table.players)
            pending = await self._deal(table)
        self._publisher.publish(table, pending)
        if table.seat_of(person.user_id) is None:
            return None
        return await self._hands.reply(table, person, acted=False)
