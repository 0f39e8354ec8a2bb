"""The puzzles: the one object the Discord layer asks for a puzzle, an answer, or a board.

`/cinch puzzle` gives the day's puzzle, the same for everyone (dealt from the bot's secret
and the date), to whoever has not tried it; then practice puzzles, the closest to the person's
rating among those they have not tried: from the server's own games once they hold
`ENOUGH` puzzles, else dealt ones, a new one dealt when every other was tried. Each time it is
asked, a few more finished hands of the server's games are searched (`SEARCHED_PER_ASK`).

A server's games are shown to everyone who asks, so only games played where every member may
read (the Discord layer says which channels: `channels`) give puzzles, and only four-player
games. A puzzle of a server's game is answered and shown only in that server, through a
channel still open to everyone.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from datetime import date

from bot.ai.pool import DecisionPool
from bot.daily.days import day_key, day_of
from bot.daily.records import deals_secret
from bot.engine import Card
from bot.errors import UserFacingError
from bot.puzzles.positions import PuzzlePosition
from bot.puzzles.records import GAME, PuzzleRecord, PuzzleRecords
from bot.puzzles.shown import Answer, PuzzleBoard, PuzzleShown, RatingLine
from bot.puzzles.sources import Dealing, deal_puzzle, game_hand, game_puzzles
from bot.replays.stored import load_replay
from bot.service.pacing import PUZZLE_REQUESTS, RequestPace
from bot.store import Store

log = logging.getLogger(__name__)

#: The server's own puzzles needed before practice puzzles come from its games.
ENOUGH = 10
#: Finished hands of the server's games searched each time a practice puzzle is asked for.
SEARCHED_PER_ASK = 2
#: The labels of dealt practice puzzles begin with this.
PRACTICE = "practice:"


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

    async def first(self, guild_id: int, user_id: int, channels: Collection[int]) -> PuzzleShown:
        """Today's puzzle if the person has not tried it, else a practice puzzle (a member
        asking again and again is asked to slow down: `PUZZLE_REQUESTS`)."""
        self._asked.take(user_id, "puzzles")
        daily = await self._daily_puzzle(self.today())
        if await self._records.attempt(user_id, daily.id) is None:
            return await self._shown(daily, user_id)
        return await self._practice(guild_id, user_id, channels)

    async def practice(self, guild_id: int, user_id: int, channels: Collection[int]) -> PuzzleShown:
        """A puzzle the person has not tried, near their rating (see the module), at the
        pace `PUZZLE_REQUESTS` allows each member."""
        self._asked.take(user_id, "puzzles")
        return await self._practice(guild_id, user_id, channels)

    async def _practice(
        self, guild_id: int, user_id: int, channels: Collection[int]
    ) -> PuzzleShown:
        await self._search(guild_id, channels)
        rating = await self._records.rating(user_id)
        candidates: list[PuzzleRecord] = []
        if await self._records.server_puzzles(guild_id, channels) >= ENOUGH:
            candidates = await self._records.untried(
                user_id, guild_id=guild_id, channels=channels, prefix=PRACTICE
            )
        if not candidates:
            candidates = await self._records.untried(
                user_id, guild_id=None, channels=(), prefix=PRACTICE
            )
        if candidates:
            aim = rating if rating is not None else candidates[0].rating
            chosen = min(candidates, key=lambda puzzle: (abs(puzzle.rating - aim), puzzle.id))
        else:
            count = await self._records.generated_labels(PRACTICE)
            chosen = await self._dealt(f"{PRACTICE}{count}")
        return await self._shown(chosen, user_id)

    async def show(
        self, guild_id: int, user_id: int, puzzle_id: int, channels: Collection[int]
    ) -> PuzzleShown:
        """A puzzle again, with the person's answer if they gave one."""
        return await self._shown(await self._seen(guild_id, puzzle_id, channels), user_id)

    async def answer(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        puzzle_id: int,
        card: Card,
        channels: Collection[int],
    ) -> PuzzleShown:
        """The person plays `card`: their first attempt moves both ratings; a later one only
        shows the first again."""
        puzzle = await self._seen(guild_id, puzzle_id, channels)
        position = puzzle.position
        if card not in position.legal:
            raise UserFacingError("puzzle.not_legal", card=card.display)
        now = await self._records.try_puzzle(
            user_id, name, guild_id, puzzle.id, card, card in position.best
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

    async def _search(self, guild_id: int, channels: Collection[int]) -> None:
        """Search a few more finished hands of the server's games for puzzles."""
        hands = await self._records.unscanned_hands(guild_id, channels, SEARCHED_PER_ASK)
        for game_id, number in hands:
            try:
                stored = await load_replay(self._store, guild_id, game_id, number)
            except UserFacingError:  # a game whose actions no longer replay: nothing to find
                found: tuple[tuple[int, PuzzlePosition], ...] = ()
                channel = 0
            else:
                hand = game_hand(stored.replay, stored.target)
                found = await self._decisions.analyse(
                    game_puzzles, hand, owner=("puzzles", guild_id)
                )
                channel = stored.channel_id or 0
            await self._records.add_scanned(guild_id, channel, game_id, number, found)

    # ----------------------------------------------------------------- showing

    async def _seen(self, guild_id: int, puzzle_id: int, channels: Collection[int]) -> PuzzleRecord:
        """A puzzle this server's member may see: dealt, or of this server's game played
        where everyone may read (the same refusal as for a puzzle that does not exist)."""
        puzzle = await self._records.puzzle(puzzle_id)
        if puzzle is None or (
            puzzle.source == GAME
            and (puzzle.guild_id != guild_id or puzzle.channel_id not in channels)
        ):
            raise UserFacingError("puzzle.not_found")
        return puzzle

    async def _shown(self, puzzle: PuzzleRecord, user_id: int, *, now: bool = False) -> PuzzleShown:
        """The puzzle as the person sees it, with their answer (given `now`, or before)."""
        attempt = await self._records.attempt(user_id, puzzle.id)
        answer = (
            None
            if attempt is None
            else Answer(
                attempt.card, attempt.solved, attempt.rating_before, attempt.rating_after, now
            )
        )
        return PuzzleShown(
            puzzle_id=puzzle.id,
            day=day_of_label(puzzle.label or ""),
            position=puzzle.position,
            rating=puzzle.rating,
            player_rating=await self._records.rating(user_id),
            game_hand=puzzle.hand_number if puzzle.source == GAME else None,
            answer=answer,
        )


def day_of_label(label: str) -> date | None:
    """The day a daily puzzle's label names (None for any other label)."""
    if not label.startswith("daily:"):
        return None
    return date.fromisoformat(label.removeprefix("daily:"))
