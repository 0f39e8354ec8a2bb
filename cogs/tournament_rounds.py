"""Running a tournament's rounds in Discord: each match in a thread of the tournament's channel,
its table opened there with the right seats, the results read back into the standings.

Everything here is carried out by the league's clock (``cogs/league_clock.py``), which calls
:func:`carry_on` for each running tournament of the servers this process runs, whenever it
wakes: at a round's deadline, when a table closes, when a command changed a tournament. It
reads where the tournament stands from the store and takes the next steps it can, each stored
before the next, so a restart (or another process taking the server over) carries on from
there:

1. open the next round once the last one closed: its pairings stored, then each match given a
   thread (named after it) and a table, whose game starts at once, and its players told there;
2. decide each match whose table closed (``bot/league/rounds.py``); a pair that withdrew
   forfeits its match;
3. five minutes before the deadline, remind the tables still playing; at the deadline, stop them
   (each decided on its score);

   a match thread Discord refuses (the bot lost Create Public Threads, say) is stored as
   refused for the round, said once in the channel, and asked for no more in that round: its
   matches without a table are decided at the deadline, as matches that never got one;
4. once every match of a round is decided, close it and post the standings; after the last
   round, post the final standings and end the tournament.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

import discord

from bot.engine import HouseRules
from bot.i18n import t
from bot.i18n.messages import template
from bot.league import tournaments as league
from bot.league.rounds import champion, decided, next_pairings, round_done, table_of_standings
from bot.league.tournament_scenes import round_title, tournament_picture
from bot.league.tournaments import Entrant, Match, Round, Status, Tournament
from bot.presentation.user_text import in_message, one_line
from bot.service import Person, TableOptions, Teams
from cogs.shared.client import CinchClient
from cogs.shared.error_replies import permission_names
from cogs.shared.message_parts import fit, png_file
from cogs.tables.table_threads import AUTO_ARCHIVE_MINUTES, THREAD_NAME_LIMIT, THREAD_PERMISSIONS
from cogs.tournament_signup import refresh_signup

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


def _people(match: Match, entrants: Sequence[Entrant]) -> list[int]:
    return [person.user_id for person in match_seats(match, entrants) if person is not None]


async def carry_on(client: CinchClient, tournament: Tournament) -> None:
    """Take every step the tournament can take now (see the module's docstring)."""
    store = client.store
    now = store.clock()
    for planned in await league.rounds(store, tournament.id):
        if planned.closed:
            continue
        current = await _opened(client, tournament, planned)
        if current is None:
            return
        matches = await league.matches(store, tournament.id)
        entrants = await league.entrants(store, tournament.id)
        await _forfeits(client, tournament, current, matches, entrants)
        await _place_waiting(client, tournament, current, entrants)
        deadline = current.deadline
        assert deadline is not None
        if now >= deadline:
            await _stop_round(client, tournament, current, entrants)
        elif now >= deadline - REMINDER_BEFORE and not current.reminded:
            await _remind(client, tournament, current, entrants)
        await _settle(client, tournament, current, entrants)
        matches = await league.matches(store, tournament.id)
        if not round_done(matches, current.number):
            return
        if await league.close_round(store, tournament.id, current.number):
            await _round_over(client, tournament, current, entrants, matches)
        if champion(tournament.format, matches) is not None:
            break
        if current.number == tournament.rounds:
            break
    await _finish(client, tournament)


async def next_moment(client: CinchClient) -> datetime | None:
    """The next moment a round of the servers this process runs needs the clock: its
    reminder, or its deadline."""
    moments = [
        deadline if reminded else deadline - REMINDER_BEFORE
        for guild_id, deadline, reminded in await league.round_deadlines(client.store)
        if client.tables.owns(guild_id)
    ]
    return min(moments, default=None)


# ------------------------------------------------------------------ opening a round


async def _opened(client: CinchClient, tournament: Tournament, current: Round) -> Round | None:
    """The round as it stands, opened first if it was not: paired and stored, each match
    seated in its thread, the channel told. None if another process opened it meanwhile."""
    if current.opened_at is not None:
        return current
    store = client.store
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
    await _place_waiting(client, tournament, opened, entrants)
    await _announce_round(client, tournament, opened, entrants)
    if opened.event_id is not None:
        await _event(client, tournament, opened.event_id, discord.EventStatus.active)
    return opened


async def _place_waiting(
    client: CinchClient, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
) -> None:
    """Place each match of the round still waiting for its table, unless Discord refused the
    round's threads (as the store says now)."""
    store = client.store
    rounds = await league.rounds(store, tournament.id)
    if any(r.number == current.number and r.threads_refused for r in rounds):
        return
    for match in await league.matches(store, tournament.id):
        if match.round != current.number or match.status != "waiting":
            continue
        if not await _place(client, tournament, match, entrants, current):
            return


async def _place(
    client: CinchClient,
    tournament: Tournament,
    match: Match,
    entrants: Sequence[Entrant],
    current: Round,
) -> bool:
    """Give a match its thread and its table, whose game starts at once, and call its players
    there. Each is stored as soon as it exists, so a restart never makes one twice. False when
    Discord refused the thread: the round's other matches are not tried."""
    locale = tournament.language
    thread_id = match.thread_id
    if thread_id is None:
        channel = client.get_channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("Tournament %s: its channel is gone", tournament.id)
            return False
        name = t("tournament.thread", locale, round=match.round, table=match.number)
        try:
            thread = await channel.create_thread(
                name=one_line(name)[:THREAD_NAME_LIMIT],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=AUTO_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as refused:
            await _threads_refused(client, tournament, current, channel, refused)
            return False
        thread_id = thread.id
        await league.place_match(
            client.store, tournament.id, match, thread_id=thread_id, table_id=None
        )
    table = await client.tables.open_match(
        guild_id=tournament.guild_id,
        channel_id=thread_id,
        organiser=tournament.organiser_id,
        seats=match_seats(match, entrants),
        options=match_options(tournament),
        language=locale,
        turn_timer=tournament.turn_timer,
    )
    await league.place_match(
        client.store, tournament.id, match, thread_id=thread_id, table_id=table.table_id
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
        deadline=discord.utils.format_dt(current.deadline, "t"),
        remaining=discord.utils.format_dt(current.deadline, "R"),
    )
    users = [discord.Object(user) for user in _people(match, entrants)]
    await _post(client, thread_id, text, mentions=users)
    return True


async def _threads_refused(
    client: CinchClient,
    tournament: Tournament,
    current: Round,
    channel: discord.TextChannel,
    refused: discord.HTTPException,
) -> None:
    """Discord refused a match thread: stored for the round (no thread is asked for again in
    it), and said once in the channel, naming what the bot lacks there."""
    log.warning(
        "Tournament %s, round %s: Discord refused a match thread (HTTP %s)",
        tournament.id,
        current.number,
        refused.status,
    )
    if not await league.refuse_threads(client.store, tournament.id, current.number):
        return
    locale = tournament.language
    granted = channel.permissions_for(channel.guild.me)
    missing = [name for name in THREAD_PERMISSIONS if not getattr(granted, name)]
    text = t(
        "tournament.threads_refused",
        locale,
        round=current.number,
        permissions=permission_names(missing or list(THREAD_PERMISSIONS), locale),
    )
    try:
        await channel.send(fit(text), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("Tournament %s: its channel could not be told either", tournament.id)


async def _announce_round(
    client: CinchClient, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
) -> None:
    """Say in the tournament's channel which thread each match is in, and who has a bye."""
    locale = tournament.language
    lines = [
        t(
            "tournament.round_open",
            locale,
            name=in_message(tournament.name),
            round=round_title(tournament, current.number, locale),
            deadline=discord.utils.format_dt(current.deadline or client.store.clock(), "t"),
        )
    ]
    for match in await league.matches(client.store, tournament.id):
        if match.round != current.number or not match.side_a:
            continue
        if match.side_b is None:
            lines.append(
                t("tournament.bye_line", locale, side=side_names(match.side_a, entrants, locale))
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
    await _post(client, tournament.channel_id, "\n".join(lines))


# ------------------------------------------------------------------ deciding matches


async def _settle(
    client: CinchClient, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
) -> None:
    """Decide every match of the round whose table closed."""
    store = client.store
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
        if await league.decide_match(
            store, tournament.id, match, scores=outcome.scores, winner=side, decided_by=by
        ) and outcome.from_hands:
            await _decided_from_hands(client, tournament, match, outcome.scores)


async def _forfeits(
    client: CinchClient,
    tournament: Tournament,
    current: Round,
    matches: Sequence[Match],
    entrants: Sequence[Entrant],
) -> None:
    """A pair that withdrew forfeits the match it is playing: its table closes, saying why.
    (A player of rotating partners who withdraws leaves their table at once, and the computer
    plays their seat to its end: ``cogs/tournaments.py``.)"""
    if not tournament.format.pairs:
        return
    gone = {entrant.number for entrant in entrants if not entrant.entered}
    locale = tournament.language
    for match in matches:
        if match.round != current.number or match.done or match.side_b is None:
            continue
        losers = [side for side, own in enumerate((match.side_a, match.side_b)) if own[0] in gone]
        if not losers:
            continue
        winner = None if len(losers) == 2 else 1 - losers[0]
        if match.table_id is not None:
            names = side_names((match.side_a, match.side_b)[losers[0]], entrants, locale)
            await client.tables.stop(
                match.table_id, t("tournament.withdrew", locale, side=names), reason=WITHDRAWN
            )
        await league.decide_match(
            client.store, tournament.id, match, scores=None, winner=winner, decided_by="forfeit"
        )


async def _remind(
    client: CinchClient, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
) -> None:
    """Tell the players of the tables still playing that the round's deadline is near, and what
    happens then: the message mentions them, so it reaches whoever stepped away."""
    if not await league.mark_reminded(client.store, tournament.id, current.number):
        return
    assert current.deadline is not None
    text = t(
        "tournament.reminder",
        tournament.language,
        remaining=discord.utils.format_dt(current.deadline, "R"),
    )
    for match in await league.matches(client.store, tournament.id):
        if match.round == current.number and not match.done and match.thread_id is not None:
            users = _people(match, entrants)
            called = " ".join(f"<@{user}>" for user in users)
            mentions = [discord.Object(user) for user in users]
            await _post(client, match.thread_id, f"{called}\n{text}", mentions=mentions)


async def _stop_round(
    client: CinchClient, tournament: Tournament, current: Round, entrants: Sequence[Entrant]
) -> None:
    """The deadline passed: each table still playing stops, and its match is decided on its
    score (one whose game ended meanwhile, on its game); a match that never got its table is
    decided 0 to 0."""
    store = client.store
    text = t("tournament.deadline", tournament.language)
    for match in await league.matches(store, tournament.id):
        if match.round != current.number or match.done:
            continue
        outcome = league.TableOutcome(True, (0, 0), None, ended_early=False)
        if match.table_id is not None:
            await client.tables.stop(match.table_id, text, reason=ROUND_DEADLINE)
            outcome = await league.table_outcome(store, match.table_id)
        side, by = decided(tournament.format, entrants, match, outcome.scores, outcome.winner)
        if await league.decide_match(
            store, tournament.id, match, scores=outcome.scores, winner=side, decided_by=by
        ) and outcome.from_hands:
            await _decided_from_hands(client, tournament, match, outcome.scores)


async def _decided_from_hands(
    client: CinchClient, tournament: Tournament, match: Match, scores: tuple[int, int]
) -> None:
    """Say in the tournament's channel that a match whose table was set aside (its rows could
    not be read back) was decided on the hands its game finished."""
    text = t(
        "tournament.decided_from_hands",
        tournament.language,
        table=match.number,
        score_a=scores[0],
        score_b=scores[1],
    )
    try:
        await _post(client, tournament.channel_id, text)
    except discord.HTTPException:
        log.warning("Tournament %s: its channel could not be told", tournament.id)


# ------------------------------------------------------------------ standings


async def _round_over(
    client: CinchClient,
    tournament: Tournament,
    current: Round,
    entrants: Sequence[Entrant],
    matches: Sequence[Match],
) -> None:
    """Post the standings after a round (the last one's come with the tournament's end)."""
    if current.event_id is not None:
        await _event(client, tournament, current.event_id, discord.EventStatus.completed)
    if current.number == tournament.rounds or champion(tournament.format, matches) is not None:
        return
    locale = tournament.language
    text = t(
        "tournament.round_over", locale, name=in_message(tournament.name), round=current.number
    )
    await post_picture(client, tournament, text)


async def _finish(client: CinchClient, tournament: Tournament) -> None:
    """The last round is over: the final standings, and the winners named."""
    store = client.store
    if not await league.end(store, tournament.id, Status.FINISHED):
        return
    entrants = await league.entrants(store, tournament.id)
    matches = await league.matches(store, tournament.id)
    first = champion(tournament.format, matches)
    if first is None:
        table = table_of_standings(entrants, matches)
        first = table[0].entrant if table else None
    winners = side_names((first,), entrants, tournament.language) if first is not None else "—"
    await refresh_signup(client, tournament.id)
    text = t(
        "tournament.finished",
        tournament.language,
        name=in_message(tournament.name),
        winners=winners,
    )
    await post_picture(client, tournament, text)


async def post_picture(client: CinchClient, tournament: Tournament, text: str) -> None:
    """Post ``text`` with the tournament's standings (or bracket) in its channel."""
    store = client.store
    entrants = await league.entrants(store, tournament.id)
    matches = await league.matches(store, tournament.id)
    current = await league.tournament(store, tournament.id)
    render, scene = tournament_picture(current, entrants, matches, tournament.language)
    png = await asyncio.to_thread(render, scene)
    alt = t("tournament.picture_alt", tournament.language, name=tournament.name)
    channel = client.get_channel(tournament.channel_id)
    if isinstance(channel, discord.abc.Messageable):
        await channel.send(fit(text), file=png_file(png, "standings.png", alt))


# ------------------------------------------------------------------ Discord


async def _post(
    client: CinchClient,
    channel_id: int,
    text: str,
    *,
    mentions: Sequence[discord.abc.Snowflake] = (),
) -> None:
    channel = client.get_channel(channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        channel = await client.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    await channel.send(
        fit(text),
        allowed_mentions=discord.AllowedMentions(users=list(mentions), roles=False, everyone=False),
    )


async def _event(
    client: CinchClient, tournament: Tournament, event_id: int, status: discord.EventStatus
) -> None:
    """Start or end a round's scheduled event; one gone, or refused, is left alone."""
    guild = client.get_guild(tournament.guild_id)
    if guild is None:
        return
    try:
        event = guild.get_scheduled_event(event_id) or await guild.fetch_scheduled_event(event_id)
        if status is discord.EventStatus.active:
            await event.start()
        else:
            await event.end()
    except (discord.HTTPException, ValueError, TypeError):
        log.info("Tournament %s: could not update event %s", tournament.id, event_id)
