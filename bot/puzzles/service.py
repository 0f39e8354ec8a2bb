"""The puzzles: the one object the Discord layer asks for a puzzle, an answer, or a board.

`/cinch puzzle` gives the day's puzzle, the same for everyone (dealt from the bot's secret
and the date), to whoever has not tried it; then practice puzzles, the closest to the person's
rating among the dealt ones they have not tried, a new one dealt when every other was tried.

Every puzzle is dealt: a hand nobody played, so its answer is in no replay and no review. A
puzzle cut from a server's game had its answer there (the card played, or the review's better
card), and the bot no longer searches games for puzzles nor shows those it found.

The ratings count only what a person could not look up: their first answer to a puzzle, given
within `ANSWER_TIME` of when it was first shown to them. A later first answer is checked and
kept, and moves no rating.
"""

from __future__ import annotations

import logging
from datetime import date, timedelta

from bot.ai.pool import DecisionPool
from bot.daily.days import day_key, day_of
from bot.daily.records import deals_secret
from bot.engine import Card
from bot.errors import UserFacingError
from bot.puzzles.positions import PuzzlePosition
from bot.puzzles.records import GENERATED, PuzzleRecord, PuzzleRecords
from bot.puzzles.shown import Answer, PuzzleBoard, PuzzleShown, RatingLine
from bot.puzzles.sources import Dealing, deal_puzzle
from bot.service.pacing import PUZZLE_REQUESTS, RequestPace
from bot.store import Store

log = logging.getLogger(__name__)

#: The labels of dealt practice puzzles begin with this.
PRACTICE = "practice:"
#: How long after a puzzle is first shown to a person their answer may move the ratings.
ANSWER_TIME = timedelta(minutes=2)


class Puzzles:
    """Daily and practice puzzles, attempts and ratings (see the module)."""

    def __init__(self, store: Store, decisions: DecisionPool) -> None:
        self._store = store
        self._decisions = decisions
        self._records = PuzzleRecords(store)
        #: Each member's puzzles asked for: a stream of them is asked to slow down.
        self._asked = RequestPace(PUZZLE_REQUESTS, store.clock)

    @property
    def records(self) -> PuzzleRecords:
        return self._records

    def today(self) -> date:
        return day_of(self._store.clock())

    async def first(self, user_id: int) -> PuzzleShown:
        """Today's puzzle if the person has not tried it, else a practice puzzle (a member
        asking again and again is asked to slow down: `PUZZLE_REQUESTS`)."""
        self._asked.take(user_id, "puzzles")
        daily = await self._daily_puzzle(self.today())
        if await self._records.attempt(user_id, daily.id) is None:
            return await self._shown(daily, user_id)
        return await self._practice(user_id)

    async def practice(self, user_id: int) -> PuzzleShown:
        """A puzzle the person has not tried, near their rating (see the module), at the
        pace `PUZZLE_REQUESTS` allows each member."""
        self._asked.take(user_id, "puzzles")
        return await self._practice(user_id)

    async def _practice(self, user_id: int) -> PuzzleShown:
        rating = await self._records.rating(user_id)
        candidates = await self._records.untried(user_id, PRACTICE)
        if candidates:
            aim = rating if rating is not None else candidates[0].rating
            chosen = min(candidates, key=lambda puzzle: (abs(puzzle.rating - aim), puzzle.id))
        else:
            count = await self._records.generated_labels(PRACTICE)
            chosen = await self._dealt(f"{PRACTICE}{count}")
        return await self._shown(chosen, user_id)

    async def show(self, user_id: int, puzzle_id: int) -> PuzzleShown:
        """A puzzle again, with the person's answer if they gave one."""
        return await self._shown(await self._seen(puzzle_id), user_id)

    async def answer(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        puzzle_id: int,
        card: Card,
    ) -> PuzzleShown:
        """The person plays `card`: their first attempt moves both ratings when made in time
        (`ANSWER_TIME`); a later one only shows the first again."""
        puzzle = await self._seen(puzzle_id)
        position = puzzle.position
        if card not in position.legal:
            raise UserFacingError("puzzle.not_legal", card=card.display)
        now = await self._records.try_puzzle(
            user_id, name, guild_id, puzzle.id, card, card in position.best, ANSWER_TIME
        )
        again = await self._records.puzzle(puzzle.id)
        assert again is not None
        return await self._shown(again, user_id, now=now)

    async def board(self, guild_id: int, viewer: int | None) -> PuzzleBoard:
        """Everyone who tried a puzzle in this server, by rating."""
        lines: list[RatingLine] = []
        for rated in await self._records.board(guild_id):
            tied = lines and round(lines[-1].rating) == round(rated.rating)
            rank = lines[-1].rank if tied else len(lines) + 1
            if rated.hidden and rated.user_id != viewer:
                continue
            lines.append(
                RatingLine(
                    rank,
                    rated.user_id,
                    rated.name,
                    rated.rating,
                    rated.attempts,
                    rated.solved,
                    rated.user_id == viewer,
                )
            )
        return PuzzleBoard(guild_id, tuple(lines))

    # ----------------------------------------------------------------- where puzzles come from

    async def _daily_puzzle(self, day: date) -> PuzzleRecord:
        puzzle_id = await self._records.day_puzzle(day)
        if puzzle_id is None:
            dealt = await self._dealt(f"daily:{day_key(day)}")
            puzzle_id = await self._records.set_day_puzzle(day, dealt.id)
        puzzle = await self._records.puzzle(puzzle_id)
        assert puzzle is not None
        return puzzle

    async def _dealt(self, label: str) -> PuzzleRecord:
        """The puzzle dealt for `label`: kept, or found now in the computer players' workers."""
        kept = await self._records.generated(label)
        if kept is not None:
            return kept
        secret = await deals_secret(self._store)
        position: PuzzlePosition | None = await self._decisions.analyse(
            deal_puzzle, Dealing(secret, label), owner=("puzzles", label)
        )
        if position is None:
            raise UserFacingError("puzzle.none")
        return await self._records.add_generated(label, position)

    # ----------------------------------------------------------------- showing

    async def _seen(self, puzzle_id: int) -> PuzzleRecord:
        """A puzzle that may be shown: a dealt one (one cut from a server's game, from before,
        gets the same refusal as a puzzle that does not exist)."""
        puzzle = await self._records.puzzle(puzzle_id)
        if puzzle is None or puzzle.source != GENERATED:
            raise UserFacingError("puzzle.not_found")
        return puzzle

    async def _shown(self, puzzle: PuzzleRecord, user_id: int, *, now: bool = False) -> PuzzleShown:
        """The puzzle as the person sees it, with their answer (given `now`, or before); shown
        unanswered, their time to answer starts (the first time)."""
        attempt = await self._records.attempt(user_id, puzzle.id)
        if attempt is None:
            await self._records.mark_shown(user_id, puzzle.id)
        answer = (
            None
            if attempt is None
            else Answer(
                attempt.card,
                attempt.solved,
                attempt.rating_before,
                attempt.rating_after,
                now,
                attempt.counted,
            )
        )
        return PuzzleShown(
            puzzle_id=puzzle.id,
            day=day_of_label(puzzle.label or ""),
            position=puzzle.position,
            rating=puzzle.rating,
            player_rating=await self._records.rating(user_id),
            answer_minutes=ANSWER_TIME // timedelta(minutes=1),
            answer=answer,
        )


def day_of_label(label: str) -> date | None:
    """The day a daily puzzle's label names (None for any other label)."""
    if not label.startswith("daily:"):
        return None
    return date.fromisoformat(label.removeprefix("daily:"))
