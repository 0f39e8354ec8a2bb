"""A tournament's course: each round's matches in threads of its channel, their tables opened
there with the right seats, the results read back into the standings.

The league service (:mod:`bot.league.service`) calls :meth:`TournamentCourse.carry_on` for each
running tournament of the servers this process runs, whenever its clock wakes: at a round's
deadline, when a table closes, when a command changed a tournament. It reads where the
tournament stands from the store and takes the next steps it can, each stored before the next,
so a restart (or another process taking the server over) carries on from there:

1. open the next round once the last one closed: its pairings stored, then each match given a
   thread (named after it) and a table, whose game starts at once, and its players told there;
2. decide each match whose table closed (:mod:`bot.league.rounds`); a pair that withdrew
   forfeits its match;
3. five minutes before the deadline, remind the tables still playing; at the deadline, stop them
   (each decided on its score);

   a match thread Discord refuses (the bot lost Create Public Threads, say) is stored as
   refused for the round, said once in the channel, and asked for no more in that round: its
   matches without a table are decided at the deadline, as matches that never got one;
4. once every match of a round is decided, close it and post the standings; after the last
   round, post the final standings and end the tournament.

Everything shown goes through the :class:`~bot.league.outbox.LeagueOutbox`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.engine import HouseRules
from bot.i18n import t
from bot.i18n.messages import template
from bot.league import tournaments as league
from bot.league.outbox import EventChange, LeagueOutbox, Refused
from bot.league.rounds import champion, decided, next_pairings, round_done, table_of_standings
from bot.league.shown import Picture, Post, moment
from bot.league.signup_texts import signup_shown
from bot.league.tournament_scenes import round_title, tournament_picture
from bot.league.tournaments import Entrant, Match, Round, Status, Tournament
from bot.presentation.user_text import in_message, one_line
from bot.service import Person, TableOptions, TableService, Teams
from bot.store import Store

log = logging.getLogger(__name__)

#: Why a match's table closed when the league closed it.
ROUND_DEADLINE, WITHDRAWN = "round deadline", "withdrawn"
#: How long before a round's deadline the tables still playing are reminded.
REMINDER_BEFORE = timedelta(minutes=5)


def match_options(tournament: Tournament) -> TableOptions:
    """A match's table: four seats, partners opposite as the pairing set them, the
    tournament's target; in a thread of its own, its seats its players' alone."""
    return TableOptions(
        players=4,
        rules=HouseRules(target_score=tournament.target),
        teams=Teams.MANUAL,
        thread=True,
        match=True,
    )


def match_seats(match: Match, entrants: Sequence[Entrant]) -> list[Person | None]:
    """Who sits where: side a in seats 0 and 2, side b in 1 and 3, partners opposite; a pair's
    player who signed up first, their partner across. None is a computer player."""
    by_number = {entrant.number: entrant for entrant in entrants}

    def people(side: tuple[int | None, ...]) -> list[Person | None]:
        seated: list[Person | None] = []
        for number in side:
            if number is None:
                seated.append(None)
                continue
            entrant = by_number[number]
            seated.extend(
                Person(user, name) for user, name in zip(entrant.people, entrant.names, strict=True)
            )
        return seated

    side_a, side_b = people(match.side_a), people(match.side_b or ())
    return [side_a[0], side_b[0], side_a[1], side_b[1]]


def _side(
    side: tuple[int | None, ...], entrants: Sequence[Entrant], locale: str | None, *, mention: bool
) -> str:
    """A side as messages name it (``mention``: notifying its people): its players, joined as
    every message joins partners; a computer player filling a seat says so."""
    by_number = {entrant.number: entrant for entrant in entrants}
    parts: list[str] = []
    for number in side:
        if number is None:
            parts.append(t("tournament.computer", locale))
        elif mention:
            parts.extend(f"<@{user}>" for user in by_number[number].people)
        else:
            parts.extend(in_message(name) for name in by_number[number].names)
    return template("picture.names_joiner", locale).join(parts)


def side_names(
    side: tuple[int | None, ...], entrants: Sequence[Entrant], locale: str | None
) -> str:
    return _side(side, entrants, locale, mention=False)


def side_mentions(
    side: tuple[int | None, ...], entrants: Sequence[Entrant], locale: str | None
) -> str:
    return _side(side, entrants, locale, mention=True)


def match_people(match: Match, entrants: Sequence[Entrant]) -> tuple[int, ...]:
    """The people of a match (computer players are nobody)."""
    return tuple(person.user_id for person in match_seats(match, entrants) if person is not None)


async def standings_picture(store: Store, tournament: Tournament, locale: str | None) -> Picture:
    """The tournament's standings (or bracket) as they are, drawn off the event loop."""
    entrants = await league.entrants(store, tournament.id)
    matches = await league.matches(store, tournament.id)
    current = await league.tournament(store, tournament.id)
    render, scene = tournament_picture(current, entrants, matches, locale)
    png = await asyncio.to_thread(render, scene)
    alt = t("tournament.picture_alt", locale, name=tournament.name)
    return Picture(png, "standings.png", alt)


class TournamentCourse:
    """Runs the tournaments' rounds from the store, showing them through the outbox."""

    def __init__(self, store: Store, tables: TableService, outbox: LeagueOutbox) -> None:
        self.store = store
        self.tables = tables
        self.outbox = outbox

    async def carry_on(self, tournament: Tournament) -> None:
        """Take every step the tournament can take now (see the module's docstring)."""
        store = self.store
        now = store.clock()
        for planned in await league.rounds(store, tournament.id):
            if planned.closed:
                continue
            current = await self._opened(tournament, planned)
            if current is None:
                return
            matches = await league.matches(store, tournament.id)
            entrants = await league.entrants(store, tournament.id)
            await self._forfeits(tournament, current, matches, entrants)
            await self._place_waiting(tournament, current, entrants)
            deadline = current.deadline
            assert deadline is not None
            if now >= deadline:
                await self._stop_round(tournament, current, entrants)
            elif now >= deadline - REMINDER_BEFORE and not current.reminded:
                await self._remind(tournament, current, entrants)
            await self._settle(tournament, current, entrants)
            matches = await league.matches(store, tournament.id)
            if not round_done(matches, current.number):
                return
            if await league.close_round(store, tournament.id, current.number):
                await self._round_over(tournament, current, matches)
            if champion(tournament.format, matches) is not None:
                break
            if current.number == tournament.rounds:
                break
        await self._finish(tournament)

    async def next_moment(self) -> datetime | None:
        """The next moment a round of the servers this process runs needs the clock: its
        reminder, or its deadline."""
        moments = [
            deadline if reminded else deadline - REMINDER_BEFORE
            for guild_id, deadline, reminded in await league.round_deadlines(self.store)
            if self.tables.owns(guild_id)
        ]
        return min(moments, default=None)

    # -------------------------------------------------------------- opening a round

    async def _opened(self, tournament: Tournament, current: Round) -> Round | None:
        """The round as it stands, opened first if it was not: paired and stored, each match
        seated in its thread, the channel told. None if another process opened it meanwhile."""
        if current.opened_at is not None:
            return current
        store = self.store
        entrants = await league.entrants(store, tournament.id)
        matches = await league.matches(store, tournament.id)
        # A round of rotating partners is searched for (bot/league/pairing.py): off the loop.
        pairings = await asyncio.to_thread(
            next_pairings, tournament.format, entrants, matches, current.number
        )
        deadline = store.clock() + timedelta(minutes=tournament.round_minutes)
        if not await league.open_round(store, tournament.id, current.number, pairings, deadline):
            return None
        opened = next(
            r for r in await league.rounds(store, tournament.id) if r.number == current.number
        )
        await self._place_waiting(tournament, opened, entrants)
        await self._announce_round(tournament, opened, entrants)
        if opened.event_id is not None:
            await self._event(tournament, opened.event_id, "start")
        return opened

    async def _place_waiting(
        self, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
    ) -> None:
        """Place each match of the round still waiting for its table, unless Discord refused
        the round's threads (as the store says now)."""
        rounds = await league.rounds(self.store, tournament.id)
        if any(r.number == current.number and r.threads_refused for r in rounds):
            return
        for match in await league.matches(self.store, tournament.id):
            if match.round != current.number or match.status != "waiting":
                continue
            if not await self._place(tournament, match, entrants, current):
                return

    async def _place(
        self, tournament: Tournament, match: Match, entrants: Sequence[Entrant], current: Round
    ) -> bool:
        """Give a match its thread and its table, whose game starts at once, and call its
        players there. Each is stored as soon as it exists, so a restart never makes one twice.
        False when Discord refused the thread: the round's other matches are not tried."""
        locale = tournament.language
        thread_id = match.thread_id
        if thread_id is None:
            name = t("tournament.thread", locale, round=match.round, table=match.number)
            try:
                thread_id = await self.outbox.create_thread(
                    tournament.channel_id, one_line(name), locale
                )
            except Refused as refused:
                await self._threads_refused(tournament, current, refused)
                return False
            await league.place_match(
                self.store, tournament.id, match, thread_id=thread_id, table_id=None
            )
        table = await self.tables.open_match(
            guild_id=tournament.guild_id,
            channel_id=thread_id,
            organiser=tournament.organiser_id,
            seats=match_seats(match, entrants),
            options=match_options(tournament),
            language=locale,
            turn_timer=tournament.turn_timer,
        )
        await league.place_match(
            self.store, tournament.id, match, thread_id=thread_id, table_id=table.table_id
        )
        assert match.side_b is not None and current.deadline is not None
        text = t(
            "tournament.match_call",
            locale,
            name=in_message(tournament.name),
            round=match.round,
            table=match.number,
            side_a=side_mentions(match.side_a, entrants, locale),
            side_b=side_mentions(match.side_b, entrants, locale),
            deadline=moment(current.deadline, "t"),
            remaining=moment(current.deadline, "R"),
        )
        await self._post(tournament, thread_id, Post(text, match_people(match, entrants)))
        return True

    async def _threads_refused(
        self, tournament: Tournament, current: Round, refused: Refused
    ) -> None:
        """Discord refused a match thread: stored for the round (no thread is asked for again
        in it), and said once in the channel, naming what the bot lacks there."""
        log.warning(
            "Tournament %s, round %s: Discord refused a match thread (%s)",
            tournament.id,
            current.number,
            refused.reason,
        )
        if not await league.refuse_threads(self.store, tournament.id, current.number):
            return
        text = t(
            "tournament.threads_refused",
            tournament.language,
            round=current.number,
            permissions=refused.lacking or "—",
        )
        await self._post(tournament, tournament.channel_id, Post(text))

    async def _announce_round(
        self, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
    ) -> None:
        """Say in the tournament's channel which thread each match is in, and who has a bye."""
        locale = tournament.language
        lines = [
            t(
                "tournament.round_open",
                locale,
                name=in_message(tournament.name),
                round=round_title(tournament, current.number, locale),
                deadline=moment(current.deadline or self.store.clock(), "t"),
            )
        ]
        for match in await league.matches(self.store, tournament.id):
            if match.round != current.number or not match.side_a:
                continue
            if match.side_b is None:
                lines.append(
                    t(
                        "tournament.bye_line",
                        locale,
                        side=side_names(match.side_a, entrants, locale),
                    )
                )
                continue
            lines.append(
                t(
                    "tournament.match_line",
                    locale,
                    table=match.number,
                    thread=f"<#{match.thread_id}>" if match.thread_id else "—",
                    side_a=side_names(match.side_a, entrants, locale),
                    side_b=side_names(match.side_b, entrants, locale),
                )
            )
        await self._post(tournament, tournament.channel_id, Post("\n".join(lines)))

    # -------------------------------------------------------------- deciding matches

    async def _settle(
        self, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
    ) -> None:
        """Decide every match of the round whose table closed."""
        store = self.store
        for match in await league.matches(store, tournament.id):
            if match.round != current.number or match.done or match.table_id is None:
                continue
            outcome = await league.table_outcome(store, match.table_id)
            if not outcome.closed:
                continue
            side, by = decided(
                tournament.format,
                entrants,
                match,
                outcome.scores,
                outcome.winner,
                ended_early=outcome.ended_early,
            )
            if (
                await league.decide_match(
                    store, tournament.id, match, scores=outcome.scores, winner=side, decided_by=by
                )
                and outcome.from_hands
            ):
                await self._decided_from_hands(tournament, match, outcome.scores)

    async def _forfeits(
        self,
        tournament: Tournament,
        current: Round,
        matches: Sequence[Match],
        entrants: Sequence[Entrant],
    ) -> None:
        """A pair that withdrew forfeits the match it is playing: its table closes, saying
        why. (A player of rotating partners who withdraws leaves their table at once, and the
        computer plays their seat to its end: :meth:`LeagueService.withdraw`.)"""
        if not tournament.format.pairs:
            return
        gone = {entrant.number for entrant in entrants if not entrant.entered}
        locale = tournament.language
        for match in matches:
            if match.round != current.number or match.done or match.side_b is None:
                continue
            sides = (match.side_a, match.side_b)
            losers = [side for side, own in enumerate(sides) if own[0] in gone]
            if not losers:
                continue
            winner = None if len(losers) == 2 else 1 - losers[0]
            if match.table_id is not None:
                names = side_names(sides[losers[0]], entrants, locale)
                await self.tables.stop(
                    match.table_id, t("tournament.withdrew", locale, side=names), reason=WITHDRAWN
                )
            await league.decide_match(
                self.store, tournament.id, match, scores=None, winner=winner, decided_by="forfeit"
            )

    async def _remind(
        self, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
    ) -> None:
        """Tell the players of the tables still playing that the round's deadline is near, and
        what happens then: the message mentions them, so it reaches whoever stepped away."""
        if not await league.mark_reminded(self.store, tournament.id, current.number):
            return
        assert current.deadline is not None
        text = t(
            "tournament.reminder", tournament.language, remaining=moment(current.deadline, "R")
        )
        for match in await league.matches(self.store, tournament.id):
            if match.round == current.number and not match.done and match.thread_id is not None:
                people = match_people(match, entrants)
                called = " ".join(f"<@{user}>" for user in people)
                await self._post(tournament, match.thread_id, Post(f"{called}\n{text}", people))

    async def _stop_round(
        self, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
    ) -> None:
        """The deadline passed: each table still playing stops, and its match is decided on its
        score (one whose game ended meanwhile, on its game); a match that never got its table
        is decided 0 to 0."""
        store = self.store
        text = t("tournament.deadline", tournament.language)
        for match in await league.matches(store, tournament.id):
            if match.round != current.number or match.done:
                continue
            outcome = league.TableOutcome(True, (0, 0), None, ended_early=False)
            if match.table_id is not None:
                await self.tables.stop(match.table_id, text, reason=ROUND_DEADLINE)
                outcome = await league.table_outcome(store, match.table_id)
            side, by = decided(tournament.format, entrants, match, outcome.scores, outcome.winner)
            if (
                await league.decide_match(
                    store, tournament.id, match, scores=outcome.scores, winner=side, decided_by=by
                )
                and outcome.from_hands
            ):
                await self._decided_from_hands(tournament, match, outcome.scores)

    async def _decided_from_hands(
        self, tournament: Tournament, match: Match, scores: tuple[int, int]
    ) -> None:
        """Say in the tournament's channel that a match whose table was set aside (its rows
        could not be read back) was decided on the hands its game finished."""
        text = t(
            "tournament.decided_from_hands",
            tournament.language,
            table=match.number,
            score_a=scores[0],
            score_b=scores[1],
        )
        await self._post(tournament, tournament.channel_id, Post(text))

    # -------------------------------------------------------------- standings

    async def _round_over(
        self, tournament: Tournament, current: Round, matches: Sequence[Match]
    ) -> None:
        """Post the standings after a round (the last one's come with the tournament's end)."""
        if current.event_id is not None:
            await self._event(tournament, current.event_id, "end")
        if current.number == tournament.rounds or champion(tournament.format, matches) is not None:
            return
        text = t(
            "tournament.round_over",
            tournament.language,
            name=in_message(tournament.name),
            round=current.number,
        )
        await self.post_standings(tournament, text)

    async def _finish(self, tournament: Tournament) -> None:
        """The last round is over: the final standings, and the winners named."""
        store = self.store
        if not await league.end(store, tournament.id, Status.FINISHED):
            return
        entrants = await league.entrants(store, tournament.id)
        matches = await league.matches(store, tournament.id)
        first = champion(tournament.format, matches)
        if first is None:
            table = table_of_standings(entrants, matches)
            first = table[0].entrant if table else None
        locale = tournament.language
        winners = side_names((first,), entrants, locale) if first is not None else "—"
        ended = await league.tournament(store, tournament.id)
        await self.outbox.show_signup(signup_shown(ended, entrants))
        text = t("tournament.finished", locale, name=in_message(tournament.name), winners=winners)
        await self.post_standings(tournament, text)

    async def post_standings(self, tournament: Tournament, text: str) -> None:
        """Post ``text`` with the tournament's standings (or bracket) in its channel."""
        picture = await standings_picture(self.store, tournament, tournament.language)
        await self._post(tournament, tournament.channel_id, Post(text, picture=picture))

    # -------------------------------------------------------------- Discord

    async def _post(self, tournament: Tournament, channel_id: int, post: Post) -> None:
        """Post in the tournament's channel or a match's thread. A post Discord refuses is
        not asked for again: the tournament goes on, the refusal is stored, and the server's
        admins are told the first time."""
        try:
            await self.outbox.post(channel_id, post)
        except Refused as refused:
            log.warning(
                "Tournament %s: a post in %s was refused (%s)",
                tournament.id,
                channel_id,
                refused.reason,
            )
            if await league.refuse_posts(self.store, tournament.id):
                text = t(
                    "tournament.posts_refused",
                    tournament.language,
                    channel=f"<#{channel_id}>",
                    name=in_message(tournament.name),
                )
                await self.outbox.tell_admins(tournament.guild_id, text)

    async def _event(self, tournament: Tournament, event_id: int, change: EventChange) -> None:
        await self.outbox.change_event(tournament.guild_id, event_id, change)
