"""A server's tournaments, kept in the store: sign-ups, rounds, matches and their results.

A tournament goes from its sign-up (people enter, a pair together: one invites, the other
accepts) to its rounds, once its organiser starts it, to its end.

An invitation notifies the person invited, so inviting is paced: one invitation waiting per
person who invites (withdrawn before another), at most :data:`INVITATIONS_PER_HOUR` an hour in
a server, the same person again only :data:`REINVITE_AFTER` after the last invitation to them,
and never again in the tournament once they declined. Being invited holds nobody: the person
invited may invite someone else, or accept another invitation; entering as a pair lapses every
other invitation of its two players. Every change is one
transaction under the tournament's lock, and each step can be taken once only (a round opened,
a match decided, a round closed), so the bot may look at a tournament again after a restart, or
from another process that took the server over, and carry on where it stopped without doing
anything twice. What a round pairs is the league's (``rounds.py``); this module only keeps it.
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.engine.rules import MAX_TARGET_SCORE
from bot.errors import OptionRefused, UserFacingError, require_number
from bot.store import Store
from bot.store.database import Row, Session, decode_json, decode_time, encode_json, encode_time

#: The most entrants a tournament takes: 32 pairs or 64 players, 16 tables at once.
MOST_TABLES = 16
#: A round's time, in minutes: the fewest and the most an organiser may choose, and the usual.
FEWEST_MINUTES, MOST_MINUTES, DEFAULT_MINUTES = 10, 240, 45
#: Seconds a move may take at a match's table (a late player's turns are played for them): a
#: tournament keeps to a round's time, so its timer is shorter than a table's may be.
FEWEST_TIMER, MOST_TIMER, DEFAULT_TIMER = 15, 300, 60
#: The most rounds of Swiss or rotating partners, and how long a tournament's name may be.
MOST_ROUNDS, NAME_LIMIT = 9, 60
#: The most invitations one member sends in a server in an hour, and how long before they may
#: invite the same person again.
INVITATIONS_PER_HOUR = 5
REINVITE_AFTER = timedelta(minutes=30)


class Format(enum.StrEnum):
    #: Pairs with fixed partners, in Swiss rounds.
    SWISS = "swiss"
    #: Pairs with fixed partners, in single elimination.
    KNOCKOUT = "knockout"
    #: Individuals, with rotating partners.
    INDIVIDUAL = "individual"

    @property
    def pairs(self) -> bool:
        return self is not Format.INDIVIDUAL

    @property
    def most_entrants(self) -> int:
        return MOST_TABLES * (2 if self.pairs else 4)

    @property
    def fewest_entrants(self) -> int:
        return 2 if self.pairs else 4


class Status(enum.StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    format: Format
    rounds: int
    target: int
    round_minutes: int
    turn_timer: int
    language: str | None
    events: bool
    status: Status
    message_id: int | None


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player, or a pair: the one who signed up and their partner."""

    number: int
    user_id: int
    name: str
    partner_id: int | None
    partner_name: str | None
    status: str
    seed: int | None

    @property
    def people(self) -> tuple[int, ...]:
        return (self.user_id,) if self.partner_id is None else (self.user_id, self.partner_id)

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name,) if self.partner_name is None else (self.name, self.partner_name)

    @property
    def entered(self) -> bool:
        return self.status == "entered"


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    planned_at: datetime
    opened_at: datetime | None
    deadline: datetime | None
    reminded: bool
    closed: bool
    event_id: int | None
    #: Discord refused its match threads: none is asked for again in it, and its matches
    #: without a table are decided at its deadline.
    threads_refused: bool = False


Side = tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class Match:
    round: int
    number: int
    side_a: Side
    #: None for a bye.
    side_b: Side | None
    thread_id: int | None
    table_id: int | None
    status: str
    scores: tuple[int, int] | None
    winner: int | None
    decided_by: str | None

    @property
    def done(self) -> bool:
        return self.status == "done"


def _tournament(row: Row) -> Tournament:
    return Tournament(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        organiser_id=row["organiser_id"],
        name=row["name"],
        format=Format(row["format"]),
        rounds=row["rounds"],
        target=row["target"],
        round_minutes=row["round_minutes"],
        turn_timer=row["turn_timer"],
        language=row["language"],
        events=bool(row["events"]),
        status=Status(row["status"]),
        message_id=row["message_id"],
    )


def _entrant(row: Row) -> Entrant:
    return Entrant(
        number=row["entrant"],
        user_id=row["user_id"],
        name=row["name"],
        partner_id=row["partner_id"],
        partner_name=row["partner_name"],
        status=row["status"],
        seed=row["seed"],
    )


def _round(row: Row) -> Round:
    return Round(
        number=row["number"],
        planned_at=decode_time(row["planned_at"]),
        opened_at=decode_time(row["opened_at"]),
        deadline=decode_time(row["deadline"]),
        reminded=bool(row["reminded"]),
        closed=bool(row["closed"]),
        event_id=row["event_id"],
        threads_refused=bool(row["threads_refused"]),
    )


def _side(text: str | None) -> Side | None:
    return None if text is None else tuple(decode_json(text))


def _match(row: Row) -> Match:
    side_a = _side(row["side_a"])
    assert side_a is not None
    scores = decode_json(row["scores"])
    return Match(
        round=row["round"],
        number=row["number"],
        side_a=side_a,
        side_b=_side(row["side_b"]),
        thread_id=row["thread_id"],
        table_id=row["table_id"],
        status=row["status"],
        scores=None if scores is None else (scores[0], scores[1]),
        winner=row["winner"],
        decided_by=row["decided_by"],
    )


async def _lock(session: Session, tournament_id: int) -> None:
    await session.lock(f"cinch:tournament:{tournament_id}")


async def _locked(session: Session, tournament_id: int) -> Tournament:
    await _lock(session, tournament_id)
    row = await session.fetch_one("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    if row is None:
        raise UserFacingError("errors.tournament_gone")
    return _tournament(row)


# ------------------------------------------------------------------ reading


async def tournament(store: Store, tournament_id: int) -> Tournament:
    row = await store.database.fetch_one("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    if row is None:
        raise UserFacingError("errors.tournament_gone")
    return _tournament(row)


async def going_on(store: Store, guild_id: int | None = None) -> list[Tournament]:
    """The tournaments signing up or running (of one server, or of all)."""
    where = "" if guild_id is None else " AND guild_id = ?"
    rows = await store.database.fetch_all(
        f"SELECT * FROM tournaments WHERE status IN ('signup', 'running'){where} ORDER BY id",
        () if guild_id is None else (guild_id,),
    )
    return [_tournament(row) for row in rows]


async def latest(store: Store, guild_id: int) -> list[Tournament]:
    """The server's tournaments, the latest last (ended ones included)."""
    rows = await store.database.fetch_all(
        "SELECT * FROM tournaments WHERE guild_id = ? ORDER BY id", (guild_id,)
    )
    return [_tournament(row) for row in rows]


async def entrants(store: Store, tournament_id: int) -> list[Entrant]:
    """Everyone who signed up, in the order they did (withdrawn and invited included)."""
    rows = await store.database.fetch_all(
        "SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY entrant",
        (tournament_id,),
    )
    return [_entrant(row) for row in rows]


async def rounds(store: Store, tournament_id: int) -> list[Round]:
    rows = await store.database.fetch_all(
        "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY number",
        (tournament_id,),
    )
    return [_round(row) for row in rows]


async def matches(store: Store, tournament_id: int) -> list[Match]:
    """Every match so far, round by round."""
    rows = await store.database.fetch_all(
        "SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY round, number",
        (tournament_id,),
    )
    return [_match(row) for row in rows]


@dataclass(frozen=True, slots=True)
class TableOutcome:
    """How a match's table stands."""

    #: The table closed.
    closed: bool
    #: Its game's final score by side (0 to 0 while none ended).
    scores: tuple[int, int]
    #: The side that won by reaching the target (None otherwise: stopped, or never ended).
    winner: int | None
    #: Its people ended it before its game did (the organiser, or the players' vote).
    ended_early: bool
    #: Its game ended without a result (its table was set aside, its rows unreadable): the
    #: scores are those of the hands it finished, as their own rows have them.
    from_hands: bool = False


async def table_outcome(store: Store, table_id: int) -> TableOutcome:
    """How a match's table stands: whether it closed, and how its game ended. A game that
    ended with no result (its table was set aside at a start because its rows could not be
    read) counts the hands it finished: their rows are plain numbers, apart from what was
    damaged."""
    db = store.database
    table = await db.fetch_one(
        "SELECT status, closed_reason FROM game_tables WHERE id = ?", (table_id,)
    )
    closed = table is None or table["status"] != "open"
    # Only its people close a table without a reason (the bot's own closings give one).
    by_people = table is not None and closed and table["closed_reason"] is None
    game = await db.fetch_one(
        "SELECT id FROM games WHERE table_id = ? ORDER BY id DESC LIMIT 1", (table_id,)
    )
    if game is None:
        return TableOutcome(closed, (0, 0), None, by_people)
    row = await db.fetch_one(
        "SELECT status, winners, final_scores FROM results WHERE game_id = ?", (game["id"],)
    )
    if row is None:
        scores = await _hands_score(store, game["id"])
        return TableOutcome(closed, scores, None, by_people, from_hands=True)
    final = decode_json(row["final_scores"])
    winners = decode_json(row["winners"])
    winner = winners[0] if row["status"] == "finished" and winners else None
    return TableOutcome(closed, (final[0], final[1]), winner, by_people and winner is None)


async def _hands_score(store: Store, game_id: int) -> tuple[int, int]:
    """The score of the hands a game finished, by side."""
    rows = await store.database.fetch_all(
        "SELECT side, SUM(score_change) AS total FROM hand_sides WHERE game_id = ?"
        " AND side IN (0, 1) GROUP BY side",
        (game_id,),
    )
    totals = {row["side"]: int(row["total"]) for row in rows}
    return totals.get(0, 0), totals.get(1, 0)


# ------------------------------------------------------------------ the sign-up


async def create(
    store: Store,
    *,
    guild_id: int,
    channel_id: int,
    organiser_id: int,
    name: str,
    format: Format,
    rounds: int,
    target: int,
    round_minutes: int,
    turn_timer: int,
    language: str | None,
    events: bool,
) -> Tournament:
    """A new tournament, signing up. Each option is checked again, whatever let it through
    (:class:`~bot.errors.OptionRefused` names the one refused)."""
    require_number(target, 1, MAX_TARGET_SCORE, "rules.house.target_score")
    require_number(round_minutes, FEWEST_MINUTES, MOST_MINUTES, "option.round_minutes")
    require_number(turn_timer, FEWEST_TIMER, MOST_TIMER, "option.turn_timer")
    require_number(rounds, 1, MOST_ROUNDS, "option.rounds")
    if not 0 < len(name) <= NAME_LIMIT:
        raise OptionRefused("errors.option_name", "option.tournament_name", most=NAME_LIMIT)
    db = store.database
    async with db.write() as tx:
        row = await tx.fetch_required(
            "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, format, rounds,"
            " target, round_minutes, turn_timer, language, events, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (
                guild_id,
                channel_id,
                organiser_id,
                name,
                str(format),
                rounds,
                target,
                round_minutes,
                turn_timer,
                language,
                int(events),
                db.now(),
            ),
        )
    return _tournament(row)


async def set_message(store: Store, tournament_id: int, message_id: int) -> None:
    async with store.database.write() as tx:
        await tx.execute(
            "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
        )


async def _signed_up(session: Session, tournament_id: int, user_id: int) -> Entrant | None:
    """The person's entry: entered (with a partner or not), or their invitation waiting for an
    answer. An invitation waiting for the person to answer is not theirs: it holds nobody."""
    row = await session.fetch_one(
        "SELECT * FROM tournament_entrants WHERE tournament_id = ? AND (status = 'entered'"
        " AND (user_id = ? OR partner_id = ?) OR status = 'invited' AND user_id = ?)"
        " ORDER BY status",
        (tournament_id, user_id, user_id, user_id),
    )
    return None if row is None else _entrant(row)


async def _may_invite(
    session: Session, current: Tournament, user_id: int, partner_id: int, now: datetime
) -> None:
    """Refuse an invitation that would notify the partner once too often (see the module)."""
    if partner_id == user_id:
        raise UserFacingError("errors.tournament_partner_self")
    mine = await _signed_up(session, current.id, user_id)
    if mine is not None:
        key = "errors.tournament_already_in" if mine.entered else "errors.tournament_invite_waiting"
        raise UserFacingError(key)
    theirs = await _signed_up(session, current.id, partner_id)
    if theirs is not None and theirs.entered:
        raise UserFacingError("errors.tournament_partner_in")
    if theirs is not None and theirs.partner_id == user_id:
        raise UserFacingError("errors.tournament_invited_you")
    declined = await session.fetch_one(
        "SELECT 1 FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?"
        " AND partner_id = ? AND declined_at IS NOT NULL",
        (current.id, user_id, partner_id),
    )
    if declined is not None:
        raise UserFacingError("errors.tournament_declined_you")
    sent = await session.fetch_all(
        "SELECT e.partner_id, e.signed_up_at FROM tournament_entrants e"
        " JOIN tournaments t ON t.id = e.tournament_id WHERE t.guild_id = ? AND e.user_id = ?"
        " AND e.partner_id IS NOT NULL AND e.signed_up_at > ? ORDER BY e.signed_up_at",
        (current.guild_id, user_id, encode_time(now - timedelta(hours=1))),
    )
    if len(sent) >= INVITATIONS_PER_HOUR:
        again = decode_time(sent[-INVITATIONS_PER_HOUR]["signed_up_at"]) + timedelta(hours=1)
        raise UserFacingError(
            "errors.tournament_invitations_paced",
            most=INVITATIONS_PER_HOUR,
            minutes=_minutes_until(again, now),
        )
    last = [decode_time(row["signed_up_at"]) for row in sent if row["partner_id"] == partner_id]
    if last and last[-1] + REINVITE_AFTER > now:
        raise UserFacingError(
            "errors.tournament_reinvite_paced",
            minutes=_minutes_until(last[-1] + REINVITE_AFTER, now),
        )


def _minutes_until(moment: datetime, now: datetime) -> int:
    """Whole minutes from ``now`` to ``moment``, rounded up: when to try again."""
    return max(1, -(-int((moment - now).total_seconds()) // 60))


async def sign_up(
    store: Store,
    tournament_id: int,
    user_id: int,
    name: str,
    *,
    partner: tuple[int, str] | None = None,
) -> Entrant:
    """Enter a player; or, with a ``partner`` (user id and name), invite them to enter as a
    pair (entered once they accept). Refused once the sign-up is over, for someone already in,
    past the most entrants, and for an invitation paced out (see the module)."""
    db = store.database
    async with db.write() as tx:
        current = await _locked(tx, tournament_id)
        if current.status is not Status.SIGNUP:
            raise UserFacingError("errors.tournament_signup_over")
        if current.format.pairs != (partner is not None):
            key = (
                "errors.tournament_needs_partner"
                if current.format.pairs
                else "errors.tournament_alone"
            )
            raise UserFacingError(key)
        if partner is None:
            if await _signed_up(tx, tournament_id, user_id) is not None:
                raise UserFacingError("errors.tournament_already_in")
        else:
            await _may_invite(tx, current, user_id, partner[0], db.clock())
        counted = await tx.fetch_required(
            "SELECT COALESCE(MAX(entrant), 0) AS last FROM tournament_entrants"
            " WHERE tournament_id = ?",
            (tournament_id,),
        )
        active = await tx.fetch_required(
            "SELECT COUNT(*) AS n FROM tournament_entrants WHERE tournament_id = ?"
            " AND status <> 'withdrawn'",
            (tournament_id,),
        )
        if active["n"] >= current.format.most_entrants:
            raise UserFacingError("errors.tournament_full", most=current.format.most_entrants)
        row = await tx.fetch_required(
            "INSERT INTO tournament_entrants (tournament_id, entrant, user_id, name, partner_id,"
            " partner_name, status, signed_up_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (
                tournament_id,
                counted["last"] + 1,
                user_id,
                name,
                partner[0] if partner else None,
                partner[1] if partner else None,
                "invited" if partner else "entered",
                db.now(),
            ),
        )
    return _entrant(row)


async def answer_invitation(
    store: Store, tournament_id: int, entrant: int, partner_id: int, *, accept: bool
) -> Entrant:
    """The invited partner accepts (the pair is entered, and every other invitation of its two
    players lapses) or declines (the invitation goes, and its sender may not invite them again
    in this tournament)."""
    db = store.database
    async with db.write() as tx:
        current = await _locked(tx, tournament_id)
        row = await tx.fetch_one(
            "SELECT * FROM tournament_entrants WHERE tournament_id = ? AND entrant = ?",
            (tournament_id, entrant),
        )
        if row is None or row["partner_id"] != partner_id:
            raise UserFacingError("errors.tournament_not_invited")
        if row["status"] != "invited":
            raise UserFacingError("errors.tournament_invitation_answered")
        if current.status is not Status.SIGNUP:
            raise UserFacingError("errors.tournament_signup_over")
        if not accept:
            await tx.execute(
                "UPDATE tournament_entrants SET status = 'withdrawn', declined_at = ?"
                " WHERE tournament_id = ? AND entrant = ?",
                (db.now(), tournament_id, entrant),
            )
            return replace(_entrant(row), status="withdrawn")
        mine = await _signed_up(tx, tournament_id, partner_id)
        if mine is not None and mine.entered:
            raise UserFacingError("errors.tournament_already_in")
        pair = (row["user_id"], partner_id)
        await tx.execute(
            "UPDATE tournament_entrants SET status = 'withdrawn' WHERE tournament_id = ?"
            " AND status = 'invited' AND entrant <> ? AND (user_id IN (?, ?) OR partner_id IN"
            " (?, ?))",
            (tournament_id, entrant, *pair, *pair),
        )
        await tx.execute(
            "UPDATE tournament_entrants SET status = 'entered' WHERE tournament_id = ?"
            " AND entrant = ?",
            (tournament_id, entrant),
        )
    return replace(_entrant(row), status="entered")


async def withdraw(store: Store, tournament_id: int, user_id: int) -> Entrant:
    """The person's entry withdraws (a pair withdraws together), from the sign-up or from the
    rounds still to come; or their invitation waiting for an answer is taken back."""
    async with store.database.write() as tx:
        current = await _locked(tx, tournament_id)
        if current.status not in (Status.SIGNUP, Status.RUNNING):
            raise UserFacingError("errors.tournament_over")
        entry = await _signed_up(tx, tournament_id, user_id)
        if entry is None:
            raise UserFacingError("errors.tournament_not_in")
        await tx.execute(
            "UPDATE tournament_entrants SET status = 'withdrawn'"
            " WHERE tournament_id = ? AND entrant = ?",
            (tournament_id, entry.number),
        )
    return entry


# ------------------------------------------------------------------ the rounds


async def start(
    store: Store, tournament_id: int, seeds: Sequence[int], rounds_count: int, first_at: datetime
) -> Tournament:
    """Close the sign-up: the entrants take their ``seeds`` (entrant numbers, best first),
    invitations never accepted go, and the rounds are planned one after the other from
    ``first_at``. Refused unless it is still signing up."""
    async with store.database.write() as tx:
        current = await _locked(tx, tournament_id)
        if current.status is not Status.SIGNUP:
            raise UserFacingError("errors.tournament_started")
        await tx.execute(
            "UPDATE tournament_entrants SET status = 'withdrawn'"
            " WHERE tournament_id = ? AND status = 'invited'",
            (tournament_id,),
        )
        await tx.execute_many(
            "UPDATE tournament_entrants SET seed = ? WHERE tournament_id = ? AND entrant = ?",
            [(seed, tournament_id, entrant) for seed, entrant in enumerate(seeds, 1)],
        )
        step = timedelta(minutes=current.round_minutes)
        await tx.execute_many(
            "INSERT INTO tournament_rounds (tournament_id, number, planned_at) VALUES (?, ?, ?)",
            [
                (tournament_id, number, encode_time(first_at + step * (number - 1)))
                for number in range(1, rounds_count + 1)
            ],
        )
        row = await tx.fetch_required(
            "UPDATE tournaments SET status = 'running', rounds = ? WHERE id = ? RETURNING *",
            (rounds_count, tournament_id),
        )
    return _tournament(row)


async def set_event(store: Store, tournament_id: int, number: int, event_id: int) -> None:
    async with store.database.write() as tx:
        await tx.execute(
            "UPDATE tournament_rounds SET event_id = ? WHERE tournament_id = ? AND number = ?",
            (event_id, tournament_id, number),
        )


async def open_round(
    store: Store,
    tournament_id: int,
    number: int,
    pairings: Sequence[tuple[Side, Side | None]],
    deadline: datetime,
) -> bool:
    """Open round ``number`` with its matches (a bye decided at once); False when it was
    opened already."""
    db = store.database
    async with db.write() as tx:
        await _locked(tx, tournament_id)
        opened = await tx.execute(
            "UPDATE tournament_rounds SET opened_at = ?, deadline = ?"
            " WHERE tournament_id = ? AND number = ? AND opened_at IS NULL",
            (db.now(), encode_time(deadline), tournament_id, number),
        )
        if opened.rowcount == 0:
            return False
        await tx.execute_many(
            "INSERT INTO tournament_matches (tournament_id, round, number, side_a, side_b,"
            " status, decided_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    tournament_id,
                    number,
                    index,
                    encode_json(list(side_a)),
                    None if side_b is None else encode_json(list(side_b)),
                    "done" if side_b is None else "waiting",
                    "bye" if side_b is None else None,
                )
                for index, (side_a, side_b) in enumerate(pairings, 1)
            ],
        )
    return True


async def place_match(
    store: Store, tournament_id: int, match: Match, *, thread_id: int, table_id: int | None
) -> None:
    """The match has its thread, and (once opened) its table, where it is being played."""
    async with store.database.write() as tx:
        await tx.execute(
            "UPDATE tournament_matches SET thread_id = ?, table_id = ?, status = ?"
            " WHERE tournament_id = ? AND round = ? AND number = ? AND status <> 'done'",
            (
                thread_id,
                table_id,
                "waiting" if table_id is None else "playing",
                tournament_id,
                match.round,
                match.number,
            ),
        )


async def decide_match(
    store: Store,
    tournament_id: int,
    match: Match,
    *,
    scores: tuple[int, int] | None,
    winner: int | None,
    decided_by: str,
) -> bool:
    """Store how a match ended; False when it was decided already."""
    async with store.database.write() as tx:
        decided = await tx.execute(
            "UPDATE tournament_matches SET status = 'done', scores = ?, winner = ?,"
            " decided_by = ? WHERE tournament_id = ? AND round = ? AND number = ?"
            " AND status <> 'done'",
            (
                None if scores is None else encode_json(list(scores)),
                winner,
                decided_by,
                tournament_id,
                match.round,
                match.number,
            ),
        )
    return decided.rowcount > 0


async def refuse_threads(store: Store, tournament_id: int, number: int) -> bool:
    """Discord refused a match thread of the round: no other is asked for in it. False when
    that was known already (so the channel is told once)."""
    async with store.database.write() as tx:
        refused = await tx.execute(
            "UPDATE tournament_rounds SET threads_refused = 1"
            " WHERE tournament_id = ? AND number = ? AND threads_refused = 0",
            (tournament_id, number),
        )
    return refused.rowcount > 0


async def mark_reminded(store: Store, tournament_id: int, number: int) -> bool:
    async with store.database.write() as tx:
        reminded = await tx.execute(
            "UPDATE tournament_rounds SET reminded = 1"
            " WHERE tournament_id = ? AND number = ? AND reminded = 0",
            (tournament_id, number),
        )
    return reminded.rowcount > 0


async def close_round(store: Store, tournament_id: int, number: int) -> bool:
    """Close a round whose matches are all decided; False when it was closed already."""
    async with store.database.write() as tx:
        closed = await tx.execute(
            "UPDATE tournament_rounds SET closed = 1"
            " WHERE tournament_id = ? AND number = ? AND closed = 0",
            (tournament_id, number),
        )
    return closed.rowcount > 0


async def end(store: Store, tournament_id: int, status: Status) -> bool:
    """Finish or cancel a tournament; False when it had ended already."""
    db = store.database
    async with db.write() as tx:
        ended = await tx.execute(
            "UPDATE tournaments SET status = ?, ended_at = ?"
            " WHERE id = ? AND status IN ('signup', 'running')",
            (str(status), db.now(), tournament_id),
        )
    return ended.rowcount > 0


async def round_deadlines(store: Store) -> list[tuple[int, datetime, bool]]:
    """(server, deadline, reminded) of every round open and not closed: when the league's
    clock must look again."""
    rows = await store.database.fetch_all(
        "SELECT t.guild_id, r.deadline, r.reminded FROM tournament_rounds r"
        " JOIN tournaments t ON t.id = r.tournament_id"
        " WHERE t.status = 'running' AND r.opened_at IS NOT NULL AND r.closed = 0"
    )
    return [(row["guild_id"], decode_time(row["deadline"]), bool(row["reminded"])) for row in rows]


async def refuse_posts(store: Store, tournament_id: int) -> bool:
    """Discord refused one of the tournament's posts: kept with what the bot remembers, so that
    its admins are told once (True the first time, even across processes and restarts)."""
    token = secrets.token_hex(8)
    return await store.marks.keep_first(f"tournament {tournament_id} posts refused", token) == token


async def undecided_match_at(store: Store, table_id: int) -> bool:
    """Whether the table is that of a match not decided yet: its closing may decide it."""
    row = await store.database.fetch_one(
        "SELECT 1 FROM tournament_matches WHERE table_id = ? AND status != 'done'", (table_id,)
    )
    return row is not None


async def seeds_by_rating(store: Store, guild_id: int, entered: Sequence[Entrant]) -> list[int]:
    """The entrants, best first, by their all-time rating on the server (a pair's is its two
    players' average; someone unrated counts 0, a newcomer's rating), then in the order they
    signed up."""
    ratings: dict[int, float] = {}
    for entrant in entered:
        for person in entrant.people:
            row = await store.database.fetch_one(
                "SELECT rating FROM stat_players WHERE guild_id = ? AND player = ?",
                (guild_id, f"user:{person}"),
            )
            ratings[person] = row["rating"] if row is not None else 0.0

    def strength(entrant: Entrant) -> tuple[float, int]:
        mean = sum(ratings[person] for person in entrant.people) / len(entrant.people)
        return (-mean, entrant.number)

    return [entrant.number for entrant in sorted(entered, key=strength)]
