"""The league service on a real store: intentions in, plain data out, and what Discord refuses
stored as the tournament's or the season's state and said once (never asked again in a loop).

Time is the store's clock, moved by the test; the service never sleeps."""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, timedelta

import pytest

from bot.errors import UserFacingError
from bot.league import tournaments as store_of
from bot.league.due_work import ERROR_EVERY
from bot.league.season_role import Rights, RoleFacts
from bot.league.seasons import FIRST_POST_RETRY, change_season_settings, seasons
from bot.league.service import LeagueService
from bot.league.shown import Acting
from bot.league.tournaments import Format, Status, Tournament
from bot.league.windows import SeasonLength
from bot.service import Person
from bot.store import Store
from tests.league.league_outbox import RecordingLeagueOutbox, league_service
from tests.stats.builders import Clock

GUILD, CHANNEL, ORGANISER, SEASONS = 1, 10, 99, 50
ALICE, BOB, CAROL, DAVE = (
    Person(100 + n, name) for n, name in enumerate(("alice", "bob", "carol", "dave"))
)


@pytest.fixture
def outbox() -> RecordingLeagueOutbox:
    return RecordingLeagueOutbox()


async def create(service: LeagueService, format: Format = Format.KNOCKOUT) -> Tournament:
    return await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        name="Cup",
        format=format,
        rounds=None,
        target=51,
        round_minutes=45,
        turn_timer=60,
        language="en",
        events=False,
    )


async def enter_pair(service: LeagueService, tournament_id: int, who: Person, partner: Person):
    invited = await service.invite(tournament_id, who, partner)
    assert invited.invitation is not None
    await service.follow_up(invited)
    await service.answer_invitation(
        tournament_id, invited.invitation.entrant, partner.user_id, accept=True
    )


async def started_cup(service: LeagueService) -> Tournament:
    """A knockout cup of two pairs, started: one match, one round."""
    cup = await create(service)
    await enter_pair(service, cup.id, ALICE, CAROL)
    await enter_pair(service, cup.id, BOB, DAVE)
    assert await service.start(cup, Acting(ORGANISER), "en") == (1, None)
    return await store_of.tournament(service.store, cup.id)


async def test_signing_up_answers_first_and_shows_the_sign_up_after(
    store: Store, outbox: RecordingLeagueOutbox
):
    async with league_service(store, outbox) as service:
        cup = await create(service, Format.SWISS)
        [posted] = outbox.signups_posted
        assert (await store_of.tournament(store, cup.id)).message_id is not None
        assert "0 entries" in posted.text and posted.pairs is True

        # Choosing a partner asks nothing of Discord until the click is answered.
        invited = await service.invite(cup.id, ALICE, BOB)
        assert invited.reply == "reply.tournament_invited"
        assert outbox.invitations == [] and outbox.signups_shown == []
        await service.follow_up(invited)
        [invitation] = outbox.invitations
        assert invitation.partner_id == BOB.user_id and f"<@{BOB.user_id}>" in invitation.text
        assert outbox.calls[-2:] == [("invitation", CHANNEL), ("signup edit", CHANNEL)]

        with pytest.raises(UserFacingError) as refused:
            await service.answer_invitation(cup.id, invitation.entrant, CAROL.user_id, accept=True)
        assert refused.value.key == "errors.tournament_not_invited"
        accepted = await service.answer_invitation(
            cup.id, invitation.entrant, BOB.user_id, accept=True
        )
        assert "alice & bob" in accepted.text
        assert "alice & bob" in accepted.signup.text and "1 entry" in accepted.signup.text

        with pytest.raises(UserFacingError) as refused:
            await service.start(cup, Acting(ORGANISER), "en")
        assert refused.value.key == "errors.tournament_too_few"

        # Only the organiser (or whoever may organise) starts it, or withdraws someone else.
        with pytest.raises(UserFacingError) as refused:
            await service.start(cup, Acting(ALICE.user_id), "en")
        assert refused.value.key == "errors.tournament_not_organiser"
        with pytest.raises(UserFacingError) as refused:
            await service.withdraw(cup.id, BOB.user_id, Acting(ALICE.user_id))
        assert refused.value.key == "errors.tournament_not_organiser"
        with pytest.raises(UserFacingError) as refused:
            await service.cancel(cup, Acting(ALICE.user_id))
        assert refused.value.key == "errors.tournament_not_organiser"

        withdrawn = await service.withdraw(cup.id, BOB.user_id, Acting(BOB.user_id))
        assert withdrawn.reply == "reply.tournament_withdrew"
        assert "0 entries" in withdrawn.signup.text


async def test_a_tournament_is_found_by_its_channel_then_its_server(
    store: Store, outbox: RecordingLeagueOutbox
):
    async with league_service(store, outbox) as service:
        cup = await create(service)
        assert (await service.tournament(GUILD, CHANNEL, None)).id == cup.id
        assert (await service.tournament(GUILD, 11, None)).id == cup.id
        with pytest.raises(UserFacingError) as refused:
            await service.tournament(GUILD + 1, CHANNEL, cup.id)
        assert refused.value.key == "errors.tournament_gone"
        with pytest.raises(UserFacingError) as refused:
            await create(service)
        assert refused.value.key == "errors.tournament_in_channel"
        assert await service.going_on(GUILD, "cu") == [("Cup", cup.id)]
        assert await service.going_on(GUILD, "league") == []


async def test_starting_wakes_the_clock_which_opens_the_round_in_threads(
    store: Store, outbox: RecordingLeagueOutbox
):
    async with league_service(store, outbox) as service:
        woken: list[bool] = []
        service.when_changed(lambda: woken.append(True))
        cup = await started_cup(service)
        assert woken == [True]
        assert outbox.signups_shown[-1].pairs is None  # its buttons go with the sign-up

        assert await service.due_work()
        [(channel, name)] = outbox.threads_asked
        assert channel == CHANNEL and name == "Round 1 · Table 1"
        [match] = await store_of.matches(store, cup.id)
        assert match.thread_id is not None and match.table_id is not None
        [call] = [post for channel, post in outbox.posts if channel == match.thread_id]
        assert set(call.mentions) == {ALICE.user_id, BOB.user_id, CAROL.user_id, DAVE.user_id}
        assert any(f"<#{match.thread_id}>" in text for text in outbox.texts(CHANNEL))

        # A match's table closing wakes the clock; another table's does not.
        await service.table_closed(match.table_id + 1000)
        assert woken == [True]
        await service.table_closed(match.table_id)
        assert woken == [True, True]

        # Looked at again, nothing is made twice.
        posts = len(outbox.posts)
        assert await service.due_work()
        assert len(outbox.threads_asked) == 1 and len(outbox.posts) == posts

        await service.cancel(cup, Acting(ALICE.user_id, organises=True))
        assert (await store_of.tournament(store, cup.id)).status is Status.CANCELLED
        assert service.tables.held() == []
        with pytest.raises(UserFacingError) as refused:
            await service.cancel(cup, Acting(ORGANISER))
        assert refused.value.key == "errors.tournament_over"


async def test_a_piece_of_due_work_that_keeps_failing_is_an_error_once_an_hour(
    store: Store, outbox: RecordingLeagueOutbox, caplog: pytest.LogCaptureFixture
):
    async with league_service(store, outbox) as service:
        await started_cup(service)
        carry_on = service.course.carry_on

        async def broken(tournament: Tournament) -> None:
            raise RuntimeError("a damaged row")

        service.course.carry_on = broken  # type: ignore[method-assign]
        caplog.set_level(logging.WARNING, logger="bot.league.due_work")
        for _ in range(ERROR_EVERY + 1):  # an hour of retries, and one more
            assert not await service.due_work()
        levels = [record.levelno for record in caplog.records]
        assert levels.count(logging.ERROR) == 2 and levels.count(logging.WARNING) == ERROR_EVERY - 1
        assert caplog.records[0].exc_info is not None and caplog.records[1].exc_info is None

        # Once it works, a new failure is an error again at once.
        service.course.carry_on = carry_on  # type: ignore[method-assign]
        assert await service.due_work()
        service.course.carry_on = broken  # type: ignore[method-assign]
        caplog.clear()
        assert not await service.due_work()
        assert [record.levelno for record in caplog.records] == [logging.ERROR]


async def test_a_refused_thread_is_stored_said_once_and_never_asked_again(
    store: Store, outbox: RecordingLeagueOutbox, clock: Clock
):
    async with league_service(store, outbox) as service:
        cup = await started_cup(service)
        outbox.refuse_threads = True
        assert await service.due_work()
        [current] = await store_of.rounds(store, cup.id)
        assert current.threads_refused
        refusals = [text for text in outbox.texts(CHANNEL) if "refused me a thread" in text]
        assert len(refusals) == 1 and "Create Public Threads" in refusals[0]

        # The clock looks again, and again: no thread asked for, nothing said again.
        for _ in range(3):
            clock.advance(minutes=1)
            assert await service.due_work()
        assert len(outbox.threads_asked) == 1
        again = [text for text in outbox.texts(CHANNEL) if "refused me a thread" in text]
        assert again == refusals

        # The clock's next look is the round's reminder, not a retry in a few seconds.
        assert current.deadline is not None
        assert await service.next_moment() == current.deadline - timedelta(minutes=5)

        # At the deadline the match that never got a table is decided: the better seed goes
        # through, and the cup ends.
        clock.now = current.deadline
        assert await service.due_work()
        [match] = await store_of.matches(store, cup.id)
        assert match.done and match.scores == (0, 0) and match.winner == 0
        assert (await store_of.tournament(store, cup.id)).status is Status.FINISHED
        assert len(outbox.threads_asked) == 1


async def test_a_refused_post_is_stored_the_admins_told_once_and_the_round_goes_on(
    store: Store, outbox: RecordingLeagueOutbox, clock: Clock
):
    async with league_service(store, outbox) as service:
        cup = await started_cup(service)
        outbox.refusing.add(CHANNEL)
        assert await service.due_work()
        [match] = await store_of.matches(store, cup.id)
        assert match.table_id is not None  # the match is played all the same
        assert ("post", CHANNEL) in outbox.calls
        [(guild, told)] = outbox.admins_told
        assert guild == GUILD and f"<#{CHANNEL}>" in told and "**Cup**" in told
        calls = len(outbox.calls)
        assert await service.due_work()
        assert outbox.calls[calls:] == []  # nothing asked again

        # Refused again at the deadline (the final standings): the admins were told already,
        # also by a service started anew.
        [current] = await store_of.rounds(store, cup.id)
        assert current.deadline is not None
        clock.now = current.deadline
        async with league_service(store, outbox) as again:
            assert await again.due_work()
        assert outbox.calls.count(("post", CHANNEL)) > 1
        assert len(outbox.admins_told) == 1
        assert (await store_of.tournament(store, cup.id)).status is Status.FINISHED


async def test_a_refused_season_end_is_tried_again_later_and_the_admins_told_once(
    store: Store, outbox: RecordingLeagueOutbox, clock: Clock
):
    clock.now = datetime(2026, 3, 1, 12, tzinfo=UTC)
    await change_season_settings(
        store,
        GUILD,
        channel_id=SEASONS,
        length=SeasonLength.DATES,
        dates=(date(2026, 3, 1), date(2026, 3, 1)),
    )
    outbox.refusing.add(SEASONS)
    async with league_service(store, outbox) as service:
        clock.now = datetime(2026, 3, 2, 0, 1, tzinfo=UTC)
        assert await service.due_work()
        [season] = await seasons(store, GUILD)
        assert season.ended and not season.posted
        assert outbox.calls.count(("post", SEASONS)) == 1
        [(guild, told)] = outbox.admins_told
        assert guild == GUILD and f"<#{SEASONS}>" in told
        assert await service.next_moment() == clock.now + FIRST_POST_RETRY

        # Looked at before its time: not tried.
        clock.advance(minutes=1)
        assert await service.due_work()
        assert outbox.calls.count(("post", SEASONS)) == 1

        # Tried again at its time, refused again: the next try twice as late, nobody told.
        clock.now += FIRST_POST_RETRY
        assert await service.due_work()
        assert outbox.calls.count(("post", SEASONS)) == 2
        assert len(outbox.admins_told) == 1
        assert await service.next_moment() == clock.now + 2 * FIRST_POST_RETRY

        # Discord takes it now: posted once, with its picture.
        outbox.refusing.clear()
        clock.now += 2 * FIRST_POST_RETRY
        assert await service.due_work()
        [(channel, post)] = outbox.posts
        assert channel == SEASONS and post.picture is not None
        [season] = await seasons(store, GUILD)
        assert season.posted
        assert await service.next_moment() is None


async def test_only_a_season_that_ended_has_its_awards_drawn(
    store: Store, outbox: RecordingLeagueOutbox, clock: Clock
):
    clock.now = datetime(2026, 3, 1, 12, tzinfo=UTC)
    await change_season_settings(store, GUILD, channel_id=SEASONS, length=SeasonLength.MONTH)
    async with league_service(store, outbox) as service:
        with pytest.raises(UserFacingError) as refused:
            await service.ended_season(GUILD, 1)
        assert refused.value.key == "errors.season_not_ended"

        clock.now = datetime(2026, 4, 1, 0, 1, tzinfo=UTC)
        assert await service.due_work()
        march = await service.ended_season(GUILD, None)
        assert march.number == 1
        picture = await service.season_awards(march, "en")
        assert picture.filename == "season.png" and "Season 1" in picture.alt


async def test_a_seasons_settings_are_checked_by_the_service_and_said_as_they_stand(
    store: Store, outbox: RecordingLeagueOutbox, clock: Clock
):
    clock.now = datetime(2026, 3, 1, 12, tzinfo=UTC)
    badge = RoleFacts(rank=(3, -900), permissions=frozenset(), assignable=True)
    outbox.roles[900] = badge
    admin = Rights(manage_roles=True, top_rank=(5, 0))
    async with league_service(store, outbox) as service:
        with pytest.raises(UserFacingError) as refused:
            await service.season_settings(GUILD, channel_id=None, here=CHANNEL, locale="en")
        assert refused.value.key == "errors.no_season"
        text = await service.season_settings(
            GUILD,
            channel_id=None,
            here=CHANNEL,
            length=SeasonLength.MONTH,
            role_id=900,
            chooser=admin,
            locale="en",
        )
        assert f"<#{CHANNEL}>" in text and "<@&900>" in text

        # A role above the admin's own is not theirs to choose.
        outbox.roles[901] = RoleFacts(rank=(7, -901), permissions=frozenset(), assignable=True)
        with pytest.raises(UserFacingError) as refused:
            await service.season_settings(
                GUILD, channel_id=None, here=CHANNEL, role_id=901, chooser=admin, locale="en"
            )
        assert refused.value.key == "errors.season_role_not_yours"

        # The role taken away; a channel chosen.
        text = await service.season_settings(
            GUILD, channel_id=SEASONS, here=CHANNEL, role_id=None, locale="en"
        )
        assert f"<#{SEASONS}>" in text and "<@&900>" not in text
