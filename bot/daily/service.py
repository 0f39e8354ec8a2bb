"""The daily deal: the one object the Discord layer asks to play, show and compare the day's deals.

Intentions in (a person opens the day's deals, plays a card), plain data out
(:mod:`bot.daily.shown`). Nothing is held in memory between two clicks: each one rebuilds the
deal from its seed and the stored actions, applies the player's action, stores it, and lets
the computers move (each move stored as it is decided) until it is the player's turn again or
the deal is over. A deal cut short by a restart is brought up to date the next time it is
opened, by the same computers making the same moves.

Who may see what: a player's own deal while they play it; today's results, replays and board
only once they have played every deal of the day (``daily.play_first``); any earlier day's,
to anyone of the server. The end-of-day post waits for the day to end.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Iterable
from datetime import date, datetime

from bot.ai.pool import DecisionPool, decision_seed
from bot.ai.review import review_from_json, review_to_json
from bot.daily.days import day_of
from bot.daily.deals import (
    COMPUTER_LEVEL,
    DEALS_PER_DAY,
    PLAYER_SEAT,
    Deal,
    deal_score,
    deal_start,
)
from bot.daily.matchpoints import standings, widest_deal
from bot.daily.records import DailyRecords, ParRecord, PlayerDay, PlayRecord, StaleMove
from bot.daily.scenes import seat_names
from bot.daily.shown import (
    BoardLine,
    DayBoard,
    DayShown,
    DealOutcome,
    DealOver,
    DealShown,
)
from bot.daily.streaks import streak
from bot.engine import Action, IllegalAction, Keep, KeepDecision
from bot.errors import UserFacingError
from bot.presentation.refusals import refusal
from bot.replays.library import Replay, review_replay
from bot.replays.steps import NotReplayable, replay_hand
from bot.replays.stored import StoredReplay
from bot.service.pacing import DAILY_REQUESTS, RequestPace
from bot.store import Store


class DailyDeals:
    """The day's deals for every player of every server (see the module)."""

    def __init__(self, store: Store, decisions: DecisionPool) -> None:
        self._store = store
        self._records = DailyRecords(store)
        self._decisions = decisions
        self._clock: Callable[[], datetime] = store.clock
        #: One player's clicks, and one deal's par, are worked out one at a time.
        self._locks: weakref.WeakValueDictionary[object, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._secret: str | None = None
        #: Each member's asks to see their day again: a stream of them is asked to slow down.
        self._asked = RequestPace(DAILY_REQUESTS, store.clock)

    @property
    def records(self) -> DailyRecords:
        """The day's stored plays, for the end-of-day work beside this service (``day_end.py``)."""
        return self._records

    def now(self) -> datetime:
        return self._clock()

    async def post_channel(self, guild_id: int) -> int | None:
        """Where the server's end of each day is posted (None: nowhere)."""
        return await self._records.post_channel(guild_id)

    async def post_in(self, guild_id: int, channel_id: int | None) -> None:
        """Post the server's end of each day in ``channel_id`` from now on (None: nowhere)."""
        await self._records.set_post_channel(guild_id, channel_id)

    def today(self) -> date:
        return day_of(self._clock())

    def _lock(self, key: object) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    async def secret(self) -> str:
        if self._secret is None:
            self._secret = await self._records.secret()
        return self._secret

    # ----------------------------------------------------------------- playing

    async def open(self, guild_id: int, user_id: int, name: str) -> DealShown | DayShown:
        """The person's day: the deal they are at (begun now if need be, the computers moved
        up to their turn), or, once every deal is played, their results (at the pace
        `DAILY_REQUESTS` allows each member)."""
        self._asked.take(user_id, "daily")
        day = self.today()
        async with self._lock(("play", user_id)):
            return await self._current(await self._records.begin(day, user_id, guild_id, name))

    async def resume(self, user_id: int, day: date) -> DealShown | DayShown:
        """The person's play of `day` as it is now: the deal they are at, or their results
        once every deal is played (a day that ended unfinished takes no more moves)."""
        self._asked.take(user_id, "daily")
        async with self._lock(("play", user_id)):
            play = await self._records.play(day, user_id)
            if play is None or (not play.finished and day != self.today()):
                raise UserFacingError("daily.day_over")
            return await self._current(play)

    async def _current(self, play: PlayRecord) -> DealShown | DayShown:
        if play.finished:
            return await self._day_shown(play)
        played = await self._records.scores(play.id)
        deal = await self._load(play, len(played))
        return await self._go_on(play, len(played), deal)

    async def act(
        self, user_id: int, day: date, number: int, moves: int, action: Action
    ) -> DealShown | DayShown:
        """The player's action on deal `number` of `day` as they saw it after `moves` actions.

        A click made on an older picture of the deal (another click, or another process, moved
        first) changes nothing and shows the deal as it is now.
        """
        if day != self.today():
            raise UserFacingError("daily.day_over")
        async with self._lock(("play", user_id)):
            play = await self._records.play(day, user_id)
            if play is None:
                raise UserFacingError("daily.day_over")
            if play.finished:
                return await self._day_shown(play)
            current = len(await self._records.scores(play.id))
            deal = await self._load(play, current)
            if current != number or len(deal.game.log) != moves or deal.to_act != PLAYER_SEAT:
                return await self._go_on(play, current, deal)
            decision = deal.game.decision()
            if isinstance(action, Keep) and isinstance(decision, KeepDecision):
                # A select offers only the free choices: the cards the dealer must keep join.
                action = Keep(decision.completed(action.cards))
            try:
                deal.apply(PLAYER_SEAT, action)
            except IllegalAction as error:
                names = seat_names(play.display_name, None)
                raise refusal(error, names.__getitem__) from None
            try:
                await self._records.append(play.id, number, moves, PLAYER_SEAT, action)
            except StaleMove:
                return await self._go_on(play, current, await self._load(play, current))
            return await self._go_on(play, current, deal, mover=True)

    async def _load(self, play: PlayRecord, number: int) -> Deal:
        """Deal `number` of the play as its stored actions left it."""
        start = deal_start(await self.secret(), play.day, number)
        return Deal.replayed(start, await self._records.actions(play.id, number))

    async def _go_on(
        self, play: PlayRecord, number: int, deal: Deal, *, mover: bool = False
    ) -> DealShown:
        """Let the computers move until the player's turn or the deal's end, keeping each move,
        and show the deal; one over is scored (once) and compared with par."""
        while deal.to_act is not None and deal.to_act != PLAYER_SEAT:
            seat, game = deal.to_act, deal.game
            action = await self._decisions.decide(
                game.view(seat), COMPUTER_LEVEL, decision_seed(game)
            )
            moves = len(game.log)
            deal.apply(seat, action)
            try:
                await self._records.append(play.id, number, moves, seat, action)
            except StaleMove:  # another process played this deal meanwhile: take its moves
                deal = await self._load(play, number)
        over = None
        if deal.end is not None:
            score = deal_score(deal.end.result, PLAYER_SEAT, deal.game.sides)
            last = number == DEALS_PER_DAY - 1
            await self._records.finish_deal(play.id, number, score, last=last)
            par = await self.par(play.day, number)
            over = DealOver(deal.end, score, par.score, last)
        game = deal.game
        log = game.log
        mine = [index for index, (seat, _) in enumerate(log) if seat == PLAYER_SEAT]
        since = tuple(log[mine[-1] + 1 :] if mine else log)
        return DealShown(
            guild_id=play.guild_id,
            day=play.day,
            deal=number,
            moves=len(log),
            player_name=play.display_name,
            view=game.view(PLAYER_SEAT),
            table=game.public_view(),
            since=since,
            over=over,
        )

    async def par(self, day: date, number: int) -> ParRecord:
        """Deal `number` of `day` played with the computers in every seat, worked out once."""
        async with self._lock(("par", day, number)):
            par = await self._records.par(day, number)
            if par is not None:
                return par
            deal = Deal(deal_start(await self.secret(), day, number))
            while deal.to_act is not None:
                seat, game = deal.to_act, deal.game
                action = await self._decisions.decide(
                    game.view(seat), COMPUTER_LEVEL, decision_seed(game)
                )
                deal.apply(seat, action)
            assert deal.end is not None
            score = deal_score(deal.end.result, PLAYER_SEAT, deal.game.sides)
            par = ParRecord(score, tuple(deal.game.log))
            await self._records.save_par(day, number, par)
            return par

    # ----------------------------------------------------------------- results

    async def day(self, user_id: int, day: date | None = None) -> DayShown:
        """The person's results of `day` (today by default), once they may see them."""
        day = day or self.today()
        play = await self._records.play(day, user_id)
        if play is None:
            raise UserFacingError("daily.not_played")
        self._check_may_see(play, day)
        return await self._day_shown(play)

    def _check_may_see(self, play: PlayRecord | None, day: date) -> None:
        """Today's results are for those who played every deal of it; no one sees a day not
        begun yet."""
        today = self.today()
        if day > today or (day == today and (play is None or not play.finished)):
            raise UserFacingError("daily.play_first")

    async def _day_shown(self, play: PlayRecord) -> DayShown:
        players = await self._records.day_scores(play.guild_id, play.day)
        table = standings({player.user_id: player.scores for player in players}, DEALS_PER_DAY)
        own = next(row for row in table if row.player == play.user_id)
        mine = next(player for player in players if player.user_id == play.user_id)
        outcomes = []
        for number in range(DEALS_PER_DAY):
            score = mine.scores.get(number)
            par = await self.par(play.day, number) if score is not None else None
            points = own.matchpoints[number]
            outcomes.append(
                DealOutcome(
                    deal=number,
                    score=score,
                    par=par.score if par is not None else None,
                    matchpoints=float(points) if points is not None else None,
                    players=sum(number in player.scores for player in players),
                )
            )
        return DayShown(
            guild_id=play.guild_id,
            day=play.day,
            player_name=play.display_name,
            finished=play.finished,
            deals=tuple(outcomes),
            share=float(own.share),
            rank=own.rank,
            players=len(players),
            streak=streak(await self._records.finished_days(play.user_id), self.today()),
        )

    async def check_played_in(self, user_id: int, day: date, guild_id: int) -> None:
        """Refuse the board of a server the member did not play `day` in: a board button
        clicked away from its server (in a DM) shows only the board of the member's own day."""
        play = await self._records.play(day, user_id)
        if play is None or play.guild_id != guild_id:
            raise UserFacingError("daily.not_played")

    async def board(self, guild_id: int, day: date, viewer: int | None) -> DayBoard:
        """The server's board of `day`: today's only for who played every deal of it (and for
        nobody as the bot, `viewer` None, until the day is over)."""
        play = await self._records.play(day, viewer) if viewer is not None else None
        self._check_may_see(play, day)
        players = await self._records.day_scores(guild_id, day)
        return await self._board(guild_id, day, players, viewer)

    async def _board(
        self, guild_id: int, day: date, players: list[PlayerDay], viewer: int | None
    ) -> DayBoard:
        scores = {player.user_id: player.scores for player in players}
        by_id = {player.user_id: player for player in players}
        lines = tuple(
            BoardLine(
                rank=row.rank,
                user_id=row.player,
                name=by_id[row.player].name,
                share=float(row.share),
                total=row.total,
                deals_played=len(by_id[row.player].scores),
                is_viewer=row.player == viewer,
            )
            for row in standings(scores, DEALS_PER_DAY)
            if not by_id[row.player].hidden or row.player == viewer
        )
        widest = widest_deal(scores, DEALS_PER_DAY)
        spread = par = None
        if widest is not None:
            results = [played[widest] for played in scores.values() if widest in played]
            spread = (min(results), max(results))
            par = (await self.par(day, widest)).score
        return DayBoard(guild_id, day, lines, len(players), widest, spread, par)

    async def ended_day_board(self, guild_id: int, day: date) -> DayBoard:
        """The board of a day that is over, as the end-of-day post shows it to everyone."""
        if day >= self.today():
            raise ValueError(f"{day} is not over")
        return await self.board(guild_id, day, None)

    # ----------------------------------------------------------------- replays

    async def replay(self, user_id: int, day: date, number: int, locale: str | None) -> Replay:
        """The replay of the person's deal `number` of `day`, with its review (computed once
        and kept), once they may see it; the same replay asked for again and again is asked
        to slow down."""
        self._asked.take(user_id, "replays", (day, number))
        play = await self._records.play(day, user_id)
        self._check_may_see(play, day)
        if play is None or number not in await self._records.scores(play.id):
            raise UserFacingError("daily.not_played")
        actions = await self._records.actions(play.id, number)
        stored = await self._stored_replay(day, number, actions, play.display_name, locale)
        review = review_from_json(await self._records.review(play.id, number))
        if review is None:
            review = await review_replay(self._decisions, stored.replay, game=None)
            await self._records.save_review(play.id, number, review_to_json(review))
        return Replay(stored, review)

    async def _stored_replay(
        self,
        day: date,
        number: int,
        actions: Iterable[tuple[int, Action]],
        player_name: str,
        locale: str | None,
    ) -> StoredReplay:
        start = deal_start(await self.secret(), day, number)
        try:
            replay = replay_hand(start, actions, 1)
        except NotReplayable:
            raise UserFacingError("replay.unavailable", number=number + 1) from None
        return StoredReplay(
            game_id=0,  # a daily deal is not a stored game
            replay=replay,
            names=seat_names(player_name, locale),
            target=start.rules.target_score,
            locale=locale,
            computers=tuple(seat != PLAYER_SEAT for seat in range(start.players)),
        )
