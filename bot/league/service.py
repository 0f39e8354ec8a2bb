"""The league service: the one object the Discord layer calls for a server's league.

Commands and buttons bring intentions (create a tournament, sign up, invite a partner, answer,
withdraw, start, cancel, a season's settings) and get plain data back (:mod:`bot.league.shown`);
the league's clock (``cogs/league/clock.py``) asks it for the work that came due and when to
look again. Everything it shows (a round's threads and posts, the sign-up message, the
standings, a season's end, its role) goes through the :class:`~bot.league.outbox.LeagueOutbox`,
and what Discord refuses comes back to it, to be stored as the tournament's or the season's
state and reported once.

Nothing is held in memory between two calls: each reads the store, so a restart, or another
process taking a server over, carries on from there. The service is made of parts sharing the
state of :mod:`bot.league.league_state`: signing up (:mod:`bot.league.signups`), the seasons'
requests (:mod:`bot.league.season_requests`) and the due work (:mod:`bot.league.due_work`);
this module puts them together, with a tournament's life from its creation to its end.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.errors import UserFacingError
from bot.i18n import t
from bot.league import tournaments as league
from bot.league.course import WITHDRAWN, TournamentCourse, standings_picture
from bot.league.due_work import DueWork
from bot.league.outbox import LeagueOutbox, Refused
from bot.league.rounds import rounds_for
from bot.league.season_end import SeasonEnds
from bot.league.season_requests import SeasonRequests
from bot.league.shown import Acting, Picture, RoundEvent
from bot.league.signup_texts import signup_shown
from bot.league.signups import SignUps
from bot.league.tournament_scenes import round_title
from bot.league.tournaments import Format, Status, Tournament
from bot.presentation.user_text import in_message
from bot.service import TableService
from bot.store import Store


class LeagueService(SignUps, SeasonRequests, DueWork):
    """A server's tournaments and seasons: intentions in, plain data out, shown through the
    outbox."""

    def __init__(self, store: Store, tables: TableService, outbox: LeagueOutbox) -> None:
        self.store = store
        self.tables = tables
        self.outbox = outbox
        self.course = TournamentCourse(store, tables, outbox)
        self.season_ends = SeasonEnds(store, outbox)
        self._changed: Callable[[], None] = lambda: None
        self._failing = {}

    def when_changed(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (the clock's wake-up) whenever an intention makes work for the
        clock: a tournament started, an entry withdrawn, a match's table closed."""
        self._changed = listener

    async def table_closed(self, table_id: int) -> None:
        """A table closed: when it was a match's not decided yet, the clock looks now."""
        if await league.undecided_match_at(self.store, table_id):
            self._changed_now()

    # -------------------------------------------------------------- choosing a tournament

    async def tournament(
        self, guild_id: int, channel_id: int | None, tournament_id: int | None
    ) -> Tournament:
        """The tournament named; else this channel's (one going on first), else the server's
        (the same way); the latest of them."""
        if tournament_id is not None:
            found = await league.tournament(self.store, tournament_id)
            if found.guild_id != guild_id:
                raise UserFacingError("errors.tournament_gone")
            return found
        every = await league.latest(self.store, guild_id)
        going = [item for item in every if item.status in (Status.SIGNUP, Status.RUNNING)]
        for candidates in (going, every):
            here = [item for item in candidates if item.channel_id == channel_id]
            if here or candidates:
                return (here or candidates)[-1]
        raise UserFacingError("errors.no_tournament")

    async def going_on(self, guild_id: int, typed: str) -> list[tuple[str, int]]:
        """The server's tournaments going on whose name holds ``typed``, latest first: (name,
        id)."""
        going = await league.going_on(self.store, guild_id)
        wanted = typed.strip().lower()
        return [(item.name, item.id) for item in reversed(going) if wanted in item.name.lower()]

    # -------------------------------------------------------------- a tournament's life

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        name: str,
        format: Format,
        rounds: int | None,
        target: int,
        round_minutes: int,
        turn_timer: int,
        language: str | None,
        events: bool,
    ) -> Tournament:
        """Open a tournament's sign-up in the channel: stored, then its sign-up message
        posted."""
        going = await league.going_on(self.store, guild_id)
        if any(item.channel_id == channel_id for item in going):
            raise UserFacingError("errors.tournament_in_channel")
        created = await league.create(
            self.store,
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            name=name,
            format=format,
            rounds=rounds_for(format, 2, rounds),
            target=target,
            round_minutes=round_minutes,
            turn_timer=turn_timer,
            language=language,
            events=events,
        )
        message_id = await self.outbox.post_signup(signup_shown(created, []))
        await league.set_message(self.store, created.id, message_id)
        return created

    async def start(
        self, tournament: Tournament, by: Acting, locale: str | None
    ) -> tuple[int, str | None]:
        """Close the sign-up, seed the entrants and let the clock open the first round: how
        many rounds it has, and (in ``locale``) the permission the bot lacks to post its
        events, if it does."""
        self.require_organiser(tournament, by)
        store = self.store
        entered = [
            entrant for entrant in await league.entrants(store, tournament.id) if entrant.entered
        ]
        if len(entered) < tournament.format.fewest_entrants:
            raise UserFacingError(
                "errors.tournament_too_few", fewest=tournament.format.fewest_entrants
            )
        seeds = await league.seeds_by_rating(store, tournament.guild_id, entered)
        count = rounds_for(tournament.format, len(entered), tournament.rounds)
        started = await league.start(store, tournament.id, seeds, count, store.clock())
        await self.refresh_signup(tournament.id)
        lacking = await self._post_events(started, locale) if started.events else None
        self._changed_now()
        return count, lacking

    async def _post_events(self, tournament: Tournament, locale: str | None) -> str | None:
        """Post each round as a scheduled event of the server, at the time it is planned; the
        permission the bot lacks for it (in ``locale``), if it does."""
        language = tournament.language
        # Discord takes only events to come: the first round's starts a minute from now, and
        # the bot starts it when the round opens.
        soonest = self.store.clock() + timedelta(minutes=1)
        for current in await league.rounds(self.store, tournament.id):
            start = max(current.planned_at, soonest)
            event = RoundEvent(
                guild_id=tournament.guild_id,
                name=t(
                    "tournament.event_name",
                    language,
                    name=tournament.name,
                    round=round_title(tournament, current.number, language),
                )[:100],
                description=t("tournament.event_description", language, name=tournament.name),
                start=start,
                end=start + timedelta(minutes=tournament.round_minutes),
                location_channel_id=tournament.channel_id,
            )
            try:
                event_id = await self.outbox.create_event(event, locale)
            except Refused as refused:
                return refused.lacking
            await league.set_event(self.store, tournament.id, current.number, event_id)
        return None

    async def standings(self, tournament: Tournament, locale: str | None) -> Picture:
        """The standings (or the bracket) as they are (of a tournament that started)."""
        return await standings_picture(self.store, tournament, locale)

    async def cancel(self, tournament: Tournament, by: Acting) -> None:
        """End the tournament now: its tables close, its events are cancelled."""
        self.require_organiser(tournament, by)
        if not await league.end(self.store, tournament.id, Status.CANCELLED):
            raise UserFacingError("errors.tournament_over")
        text = t("tournament.cancelled", tournament.language, name=in_message(tournament.name))
        for match in await league.matches(self.store, tournament.id):
            if not match.done and match.table_id is not None:
                await self.tables.stop(match.table_id, text, reason=WITHDRAWN)
        for current in await league.rounds(self.store, tournament.id):
            if current.event_id is not None and not current.closed:
                await self.outbox.change_event(tournament.guild_id, current.event_id, "cancel")
        await self.refresh_signup(tournament.id)
