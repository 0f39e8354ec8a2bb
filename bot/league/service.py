"""The league service: the one object the Discord layer calls for a server's league.

Commands and buttons bring intentions (create a tournament, sign up, invite a partner, answer,
withdraw, start, cancel, a season's settings) and get plain data back (:mod:`bot.league.shown`);
the league's clock (``cogs/league/clock.py``) asks it for the work that came due
(:meth:`LeagueService.due_work`) and when to look again. Everything it shows (a round's
threads and posts, the sign-up message, the standings, a season's end, its role) goes through
the :class:`~bot.league.outbox.LeagueOutbox`, and what Discord refuses comes back to it, to be
stored as the tournament's or the season's state and reported once.

Nothing is held in memory between two calls: each reads the store, so a restart, or another
process taking a server over, carries on from there. Each process does the work of the servers
it runs only (:meth:`TableService.owns`), and the store lets each piece of work be done once.
Each server's due work runs beside the others', and each piece of it alone: a failure (a
damaged row, Discord down) is logged, its piece is looked at again shortly, and no other piece
waits for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta
from functools import partial

from bot.errors import UserFacingError
from bot.i18n import t
from bot.league import tournaments as league
from bot.league.course import WITHDRAWN, TournamentCourse, standings_picture
from bot.league.outbox import LeagueOutbox, Refused
from bot.league.rounds import rounds_for
from bot.league.season_end import SeasonEnds, role_mention
from bot.league.season_role import Rights, refusal_to_choose, refusal_to_give
from bot.league.season_scenes import season_name
from bot.league.seasons import (
    Season,
    SeasonDatesRefused,
    SeasonSettings,
    change_season_settings,
    due_seasons,
    end_season,
    pick_season,
    post_retries,
    season_ends,
    season_settings,
    seasons,
    unposted,
)
from bot.league.shown import InvitationAnswer, InvitationShown, Picture, RoundEvent, SignupAnswer
from bot.league.signup_texts import signup_shown
from bot.league.tournament_scenes import round_title
from bot.league.tournaments import Entrant, Format, Status, Tournament
from bot.league.windows import SeasonLength
from bot.presentation.user_text import in_message
from bot.service import Person, TableService
from bot.store import UNSET, Store, Unset

log = logging.getLogger(__name__)

#: The longest the clock sleeps without looking at the store again (seconds).
LONGEST_SLEEP = 60 * 60
#: After a failure, the clock looks again this much later (seconds).
RETRY_AFTER = 60
#: The shortest sleep (seconds): work due that cannot be done yet is looked at again this
#: often, never in a loop that would hold the event loop.
SHORTEST_SLEEP = 5

Step = tuple[str, Callable[[], Awaitable[object]]]


class LeagueService:
    """A server's tournaments and seasons: intentions in, plain data out, shown through the
    outbox."""

    def __init__(self, store: Store, tables: TableService, outbox: LeagueOutbox) -> None:
        self.store = store
        self.tables = tables
        self.outbox = outbox
        self.course = TournamentCourse(store, tables, outbox)
        self.season_ends = SeasonEnds(store, outbox)
        self._changed: Callable[[], None] = lambda: None

    def when_changed(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (the clock's wake-up) whenever an intention makes work for the
        clock: a tournament started, an entry withdrawn, a match's table closed."""
        self._changed = listener

    def _changed_now(self) -> None:
        self._changed()

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

    async def start(self, tournament: Tournament, locale: str | None) -> tuple[int, str | None]:
        """Close the sign-up, seed the entrants and let the clock open the first round: how
        many rounds it has, and (in ``locale``) the permission the bot lacks to post its
        events, if it does."""
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

    async def cancel(self, tournament: Tournament) -> None:
        """End the tournament now: its tables close, its events are cancelled."""
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

    # -------------------------------------------------------------- signing up

    async def refresh_signup(self, tournament_id: int) -> None:
        """Bring the tournament's sign-up message up to date."""
        current = await league.tournament(self.store, tournament_id)
        entrants = await league.entrants(self.store, tournament_id)
        await self.outbox.show_signup(signup_shown(current, entrants))

    async def _answer(self, tournament_id: int, reply: str) -> SignupAnswer:
        current = await league.tournament(self.store, tournament_id)
        entrants = await league.entrants(self.store, tournament_id)
        return SignupAnswer(reply, signup_shown(current, entrants))

    async def sign_up(self, tournament_id: int, who: Person) -> SignupAnswer:
        """An individual signs up. The sign-up message is the caller's to bring up to date
        (:meth:`follow_up`), once the click is answered."""
        await league.sign_up(self.store, tournament_id, who.user_id, who.name)
        return await self._answer(tournament_id, "reply.tournament_signed_up")

    async def withdraw(self, tournament_id: int, user_id: int) -> SignupAnswer:
        """Withdraw the entry holding the person; a player of rotating partners leaves the
        table they are at now (the computer plays their seat to its end); the clock does the
        rest (a pair forfeits its match)."""
        entry = await league.withdraw(self.store, tournament_id, user_id)
        current = await league.tournament(self.store, tournament_id)
        if current.status is Status.RUNNING and not current.format.pairs:
            for match in await league.matches(self.store, tournament_id):
                if (
                    not match.done
                    and match.table_id is not None
                    and entry.number in match.side_a + (match.side_b or ())
                ):
                    with contextlib.suppress(UserFacingError):  # the table closed meanwhile
                        await self.tables.leave(match.table_id, entry.user_id)
        self._changed_now()
        return await self._answer(tournament_id, "reply.tournament_withdrew")

    async def invite(self, tournament_id: int, who: Person, partner: Person) -> SignupAnswer:
        """A pair signs up together: ``who`` chose ``partner``, who is asked in the channel
        (their mention notifies them) with the Accept and Decline buttons, once the click is
        answered (:meth:`follow_up`)."""
        entry = await league.sign_up(
            self.store,
            tournament_id,
            who.user_id,
            who.name,
            partner=(partner.user_id, partner.name),
        )
        current = await league.tournament(self.store, tournament_id)
        text = t(
            "tournament.invitation",
            current.language,
            partner=f"<@{partner.user_id}>",
            player=in_message(who.name),
            name=in_message(current.name),
        )
        invitation = InvitationShown(
            current.id, entry.number, partner.user_id, text, current.language
        )
        answer = await self._answer(tournament_id, "reply.tournament_invited")
        return replace(answer, invitation=invitation)

    async def answer_invitation(
        self, tournament_id: int, entrant: int, user_id: int, *, accept: bool
    ) -> InvitationAnswer:
        """The partner invited accepts or declines: what the invitation reads from now on."""
        entry: Entrant = await league.answer_invitation(
            self.store, tournament_id, entrant, user_id, accept=accept
        )
        current = await league.tournament(self.store, tournament_id)
        key = (
            "tournament.invitation_accepted" if entry.entered else "tournament.invitation_declined"
        )
        joiner = t("picture.names_joiner", current.language)
        text = t(
            key,
            current.language,
            pair=joiner.join(in_message(name) for name in entry.names),
            name=in_message(current.name),
        )
        return InvitationAnswer(text, (await self._answer(tournament_id, "")).signup)

    async def follow_up(self, answer: SignupAnswer | InvitationAnswer) -> None:
        """What a click on the sign-up's buttons shows once it is answered: the invitation it
        asks, and the sign-up message as it left it."""
        if isinstance(answer, SignupAnswer) and answer.invitation is not None:
            await self.outbox.post_invitation(answer.signup.channel_id, answer.invitation)
        await self.outbox.show_signup(answer.signup)

    # -------------------------------------------------------------- seasons

    async def season_settings(
        self,
        guild_id: int,
        *,
        channel_id: int | None,
        here: int,
        length: SeasonLength | Unset = UNSET,
        dates: tuple[date, date] | None = None,
        role_id: int | Unset | None = UNSET,
        chooser: Rights | None = None,
        places: int | Unset = UNSET,
        locale: str | None,
    ) -> str:
        """Change what is given of the server's seasons (``role_id`` None takes the role
        away; a role is one ``chooser`` could give, when they are known), and say how they
        stand, in ``locale``."""
        current = await season_settings(self.store, guild_id)
        if current is None and length is UNSET:
            raise UserFacingError("errors.no_season")
        if isinstance(role_id, int) and chooser is not None:
            role = self.outbox.role(guild_id, role_id)
            refusal = None if role is None else refusal_to_choose(role, chooser)
            if refusal is not None:
                raise UserFacingError(refusal, role=role_mention(role_id))
        if channel_id is None:
            channel_id = current.channel_id if current is not None else here
        try:
            settings, coming = await change_season_settings(
                self.store,
                guild_id,
                channel_id=channel_id,
                length=length,
                dates=dates,
                role_id=role_id,
                role_places=places,
            )
        except SeasonDatesRefused as refused:
            day = refused.until.date().isoformat()
            raise UserFacingError("errors.season_dates_overlap", day=day) from None
        return self.describe_seasons(settings, coming, locale)

    def describe_seasons(
        self, settings: SeasonSettings, coming: Sequence[Season], locale: str | None
    ) -> str:
        """A server's seasons in a few lines, as ``/cinch-server seasons`` shows them."""
        lines = [f"**{t('season.settings.title', locale)}**"]
        lines.append(t(f"season.length.{settings.length.value}", locale))
        lines.append(t("season.settings.channel", locale, channel=f"<#{settings.channel_id}>"))
        role_id = settings.role_id
        role = None if role_id is None else self.outbox.role(settings.guild_id, role_id)
        if role_id is None:
            lines.append(t("season.settings.no_role", locale))
        elif role is None:
            lines.append(t("season.role_gone", locale))
        else:
            mention = role_mention(role_id)
            if settings.role_places == 1:
                lines.append(t("season.settings.role_one", locale, role=mention))
            else:
                lines.append(
                    t("season.settings.role", locale, role=mention, count=settings.role_places)
                )
            problem = refusal_to_give(role, self.outbox.bot_rights(settings.guild_id))
            if problem is not None:
                lines.append(t(problem, locale, role=mention))
        lines += [season_name(season.number, season.window, locale) for season in coming]
        if not coming:
            lines.append(t("season.settings.none", locale))
        return "\n".join(lines)

    async def season_names(
        self, guild_id: int, typed: str, locale: str | None, *, ended: bool = False
    ) -> list[tuple[str, int]]:
        """The server's seasons (those that ended, or all) whose name holds ``typed``, the
        latest first: (name, number)."""
        wanted = typed.strip().lower()
        names = [
            (season_name(season.number, season.window, locale), season.number)
            for season in reversed(await seasons(self.store, guild_id))
            if season.ended or not ended
        ]
        return [(name, number) for name, number in names if wanted in name.lower()]

    async def ended_season(self, guild_id: int, number: int | None) -> Season:
        """A season that ended (the last one, unless a number is given)."""
        chosen = await pick_season(self.store, guild_id, number, ended=True)
        if not chosen.ended:
            day = chosen.window.last_day.isoformat()
            raise UserFacingError("errors.season_not_ended", number=chosen.number, day=day)
        return chosen

    async def season_awards(self, season: Season, locale: str | None) -> Picture:
        """The awards picture of a season that ended, as its end showed them."""
        picture, _, _ = await self.season_ends.picture(season, locale)
        return picture

    # -------------------------------------------------------------- the clock's work

    async def due_work(self) -> bool:
        """End every season that is over, post every ended season not posted yet, and move
        every running tournament on, for the servers this process runs: each server beside
        the others, and each piece of work alone. False when a piece failed (it is looked at
        again shortly)."""
        owns = self.tables.owns
        failures: list[bool] = []
        for season in await due_seasons(self.store):  # the store's work alone: first
            if owns(season.guild_id):
                failures.append(
                    not await self._alone(
                        season.guild_id,
                        f"ending season {season.number}",
                        partial(end_season, self.store, season),
                    )
                )
        work: dict[int, list[Step]] = defaultdict(list)
        for season in await unposted(self.store):
            if owns(season.guild_id):
                work[season.guild_id].append(
                    (f"posting season {season.number}", partial(self.season_ends.post, season))
                )
        for tournament in await league.going_on(self.store):
            if tournament.status is Status.RUNNING and owns(tournament.guild_id):
                work[tournament.guild_id].append(
                    (f"tournament {tournament.id}", partial(self.course.carry_on, tournament))
                )
        done = await asyncio.gather(
            *(self._server_work(guild, steps) for guild, steps in work.items())
        )
        return not any(failures) and all(done)

    async def _server_work(self, guild_id: int, steps: list[Step]) -> bool:
        """One server's due work, in order, each step alone; False when one failed."""
        done = True
        for what, step in steps:
            done = await self._alone(guild_id, what, step) and done
        return done

    @staticmethod
    async def _alone(guild_id: int, what: str, step: Callable[[], Awaitable[object]]) -> bool:
        """Do one piece of due work; a failure is logged (False), and looked at again
        shortly."""
        try:
            await step()
        except Exception:
            log.exception("Server %s: %s failed; tried again shortly", guild_id, what)
            return False
        return True

    async def next_moment(self) -> datetime | None:
        """The next moment work of the servers this process runs is due: a season's end, a
        refused season's end tried again, a round's reminder or deadline."""
        owns = self.tables.owns
        moments = await season_ends(self.store) + await post_retries(self.store)
        due = [moment for guild_id, moment in moments if owns(guild_id)]
        round_moment = await self.course.next_moment()
        if round_moment is not None:
            due.append(round_moment)
        return min(due, default=None)

    async def seconds_to_next(self, *, failed: bool) -> float:
        """How long the clock may sleep: until the next piece of work is due, at most
        :data:`LONGEST_SLEEP` (:data:`RETRY_AFTER` after a failure)."""
        longest = RETRY_AFTER if failed else LONGEST_SLEEP
        due = await self.next_moment()
        if due is None:
            return longest
        return min(max((due - self.store.clock()).total_seconds(), SHORTEST_SLEEP), longest)
