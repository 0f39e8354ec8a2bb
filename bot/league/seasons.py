"""A server's seasons, kept in the store: how they go, which one runs, and ending one.

An admin chooses the seasons' length (``/cinch season settings``): a calendar month or
quarter, or dates. The first season starts at once (the month or quarter that holds today, or
the dates given); each month or quarter is followed by the next when it ends, and a season of
dates by nothing until the admins give new dates. New settings apply from the next season,
which starts where the last one ended (:func:`~bot.league.windows.next_window`): seasons never
overlap.

Ending a season is driven from the store, so a restart, or another process of the bot, picks
up where one stopped: every minute the bot ends the seasons whose end has passed, for the
servers it runs (:func:`due_seasons`, then :func:`end_season`, which is one transaction that
stores the awards, marks it ended and starts the next, and does nothing for a season another
process ended first); then it posts each ended season not yet posted (:func:`unposted`, then
:func:`mark_posted`). A post Discord refuses is stored as refused (:func:`post_refused`) and
tried again later, each time later than the last, and given up after :data:`MOST_POST_TRIES`:
never a loop that would hold the clock, nor the other servers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from bot.errors import UserFacingError, require_number
from bot.league.season_boards import CHAMPIONS, Award, Awards, season_awards
from bot.league.windows import SeasonLength, Window, chosen_dates, next_window
from bot.stats.players import USER_PREFIX
from bot.store import Store
from bot.store.database import UNSET, Row, Session, Unset, decode_time, encode_time

#: The most players a season's role may go to: its champions.
MOST_ROLE_PLACES = CHAMPIONS
DEFAULT_ROLE_PLACES = CHAMPIONS
#: A season's end Discord refused to take is posted again this much later, twice as late after
#: each refusal up to the longest; after the most tries it is given up.
FIRST_POST_RETRY, LONGEST_POST_RETRY = timedelta(minutes=5), timedelta(hours=6)
MOST_POST_TRIES = 10


@dataclass(frozen=True, slots=True)
class SeasonSettings:
    guild_id: int
    length: SeasonLength
    #: Where a season's end is posted.
    channel_id: int
    #: The role given to the season's best players, and to how many.
    role_id: int | None = None
    role_places: int = DEFAULT_ROLE_PLACES


@dataclass(frozen=True, slots=True)
class RoleHolder:
    """Someone the bot gave a season's role to, and which role it was (None: unknown, from
    before the bot kept it)."""

    user_id: int
    role_id: int | None


@dataclass(frozen=True, slots=True)
class Season:
    guild_id: int
    number: int
    window: Window
    ended: bool
    posted: bool


class SeasonDatesRefused(ValueError):
    """Dates that would overlap the season running until ``until``."""

    def __init__(self, until: datetime) -> None:
        super().__init__(f"the running season ends at {until}")
        self.until = until


def _season(row: Row) -> Season:
    return Season(
        guild_id=row["guild_id"],
        number=row["number"],
        window=Window(decode_time(row["starts_at"]), decode_time(row["ends_at"])),
        ended=bool(row["ended"]),
        posted=row["posted_at"] is not None,
    )


def _settings(row: Row) -> SeasonSettings:
    return SeasonSettings(
        guild_id=row["guild_id"],
        length=SeasonLength(row["length"]),
        channel_id=row["channel_id"],
        role_id=row["role_id"],
        role_places=row["role_places"],
    )


async def season_settings(store: Store, guild_id: int) -> SeasonSettings | None:
    """The server's choices for its seasons; None when it never chose any."""
    row = await store.database.fetch_one(
        "SELECT * FROM season_settings WHERE guild_id = ?", (guild_id,)
    )
    return None if row is None else _settings(row)


async def change_season_settings(
    store: Store,
    guild_id: int,
    *,
    channel_id: int,
    length: SeasonLength | Unset = UNSET,
    dates: tuple[date, date] | None = None,
    role_id: int | Unset | None = UNSET,
    role_places: int | Unset = UNSET,
) -> tuple[SeasonSettings, list[Season]]:
    """Store the server's new choices (``channel_id`` is where the ends are posted: the
    channel they were first made in, unless given) and start the season they call for when
    none is under way; the settings and the seasons to come (the running one first).

    Dates make the next season: they are checked (:func:`~bot.league.windows.chosen_dates`),
    and must start once the last season is over, whether it runs, is to come or ended
    (:class:`SeasonDatesRefused` otherwise); a month or quarter started here starts no earlier
    than the last season's end."""
    if not isinstance(role_places, Unset):
        require_number(role_places, 1, MOST_ROLE_PLACES, "cmd.cinch-server.seasons.places.name")
    db = store.database
    window = None if dates is None else chosen_dates(*dates, db.clock().date())
    async with db.write() as tx:
        await _lock(tx, guild_id)
        row = await tx.fetch_one("SELECT * FROM season_settings WHERE guild_id = ?", (guild_id,))
        current = _settings(row) if row is not None else None
        chosen = SeasonSettings(
            guild_id,
            length
            if not isinstance(length, Unset)
            else (current.length if current else SeasonLength.OFF),
            channel_id,
            role_id if not isinstance(role_id, Unset) else (current.role_id if current else None),
            role_places
            if not isinstance(role_places, Unset)
            else (current.role_places if current else DEFAULT_ROLE_PLACES),
        )
        if not 1 <= chosen.role_places <= MOST_ROLE_PLACES:
            raise ValueError(f"a season role goes to 1 to {MOST_ROLE_PLACES} players")
        await tx.execute(
            "INSERT INTO season_settings (guild_id, length, channel_id, role_id, role_places,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
            " length = excluded.length, channel_id = excluded.channel_id,"
            " role_id = excluded.role_id, role_places = excluded.role_places,"
            " updated_at = excluded.updated_at",
            (
                guild_id,
                str(chosen.length),
                chosen.channel_id,
                chosen.role_id,
                chosen.role_places,
                db.now(),
            ),
        )
        coming = await _coming(tx, guild_id)
        last_end = await _last_end(tx, guild_id)
        if chosen.length is SeasonLength.DATES and window is not None:
            if last_end is not None and window.start < last_end:
                raise SeasonDatesRefused(last_end)
            coming.append(await _add_season(tx, guild_id, window))
        elif not coming:
            following = next_window(chosen.length, last_end, db.clock())
            if following is not None:
                coming.append(await _add_season(tx, guild_id, following))
    return chosen, coming


async def seasons(store: Store, guild_id: int) -> list[Season]:
    """Every season of the server, the first first."""
    rows = await store.database.fetch_all(
        "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number", (guild_id,)
    )
    return [_season(row) for row in rows]


def season_at(all_seasons: list[Season], moment: datetime) -> Season | None:
    """The season running at ``moment``, if any."""
    return next((season for season in all_seasons if season.window.holds(moment)), None)


async def pick_season(
    store: Store, guild_id: int, number: int | None, *, ended: bool = False
) -> Season:
    """The season someone asks for: by its number; else the last one that ended (``ended``),
    or the one running (or, between seasons, the last one that started). Refused when there is
    no such season."""
    all_seasons = await seasons(store, guild_id)
    if not all_seasons:
        raise UserFacingError("errors.no_season")
    if number is not None:
        season = next((season for season in all_seasons if season.number == number), None)
        if season is None:
            raise UserFacingError("errors.no_such_season", number=number)
        return season
    if ended:
        past = [season for season in all_seasons if season.ended]
        if not past:
            raise UserFacingError("errors.no_season_ended")
        return past[-1]
    now = store.clock()
    started = [season for season in all_seasons if season.window.start <= now]
    return season_at(all_seasons, now) or (started[-1] if started else all_seasons[0])


async def due_seasons(store: Store) -> list[Season]:
    """Every season, of any server, that is over and not yet ended."""
    rows = await store.database.fetch_all(
        "SELECT * FROM seasons WHERE ended = 0 AND ends_at <= ? ORDER BY ends_at, guild_id",
        (store.database.now(),),
    )
    return [_season(row) for row in rows]


async def end_season(store: Store, season: Season) -> bool:
    """End a season that is over: store its awards, mark it ended and start the next one its
    server's settings call for; all in one transaction. False when it was ended already."""
    db = store.database
    async with db.write() as tx:
        await _lock(tx, season.guild_id)
        awards = await season_awards(tx, season.guild_id, season.window)
        ended = await tx.execute(
            "UPDATE seasons SET ended = 1 WHERE guild_id = ? AND number = ? AND ended = 0",
            (season.guild_id, season.number),
        )
        if ended.rowcount == 0:
            return False
        await tx.execute_many(
            "INSERT INTO season_awards (guild_id, season, award, place, player, value, games,"
            " wins) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    season.guild_id,
                    season.number,
                    kind,
                    place,
                    player,
                    award.value,
                    award.games,
                    award.wins,
                )
                for kind, place, award in _placed(awards)
                for player in award.players
            ],
        )
        settings = await tx.fetch_one(
            "SELECT length FROM season_settings WHERE guild_id = ?", (season.guild_id,)
        )
        coming = await _coming(tx, season.guild_id)
        length = SeasonLength(settings["length"]) if settings is not None else SeasonLength.OFF
        window = next_window(length, season.window.end, db.clock())
        if not coming and window is not None:
            await _add_season(tx, season.guild_id, window)
    return True


async def season_ends(store: Store) -> list[tuple[int, datetime]]:
    """When each season not ended yet ends, with its server: what the league's clock waits
    for."""
    rows = await store.database.fetch_all(
        "SELECT guild_id, ends_at FROM seasons WHERE ended = 0 ORDER BY ends_at"
    )
    return [(row["guild_id"], decode_time(row["ends_at"])) for row in rows]


async def unposted(store: Store) -> list[Season]:
    """Every ended season, of any server, whose end is not posted yet and may be tried now
    (one refused waits for its next try)."""
    rows = await store.database.fetch_all(
        "SELECT * FROM seasons WHERE ended = 1 AND posted_at IS NULL"
        " AND (post_retry_at IS NULL OR post_retry_at <= ?) ORDER BY guild_id, number",
        (store.database.now(),),
    )
    return [_season(row) for row in rows]


async def post_retries(store: Store) -> list[tuple[int, datetime]]:
    """When each refused season's end is tried again, with its server: the league's clock
    waits for these too."""
    rows = await store.database.fetch_all(
        "SELECT guild_id, post_retry_at FROM seasons WHERE ended = 1 AND posted_at IS NULL"
        " AND post_retry_at IS NOT NULL"
    )
    return [(row["guild_id"], decode_time(row["post_retry_at"])) for row in rows]


async def post_refused(store: Store, season: Season) -> int:
    """Discord refused the season's end: it is tried again later, each time later than the
    last, and given up (marked posted, without its role's holders) at the last try. How many
    tries were refused so far."""
    db = store.database
    async with db.write() as tx:
        row = await tx.fetch_required(
            "UPDATE seasons SET post_tries = post_tries + 1 WHERE guild_id = ? AND number = ?"
            " RETURNING post_tries",
            (season.guild_id, season.number),
        )
        tries: int = row["post_tries"]
        wait = min(FIRST_POST_RETRY * 2 ** (tries - 1), LONGEST_POST_RETRY)
        given_up = tries >= MOST_POST_TRIES
        await tx.execute(
            "UPDATE seasons SET post_retry_at = ?, posted_at = ? WHERE guild_id = ? AND number = ?",
            (
                None if given_up else encode_time(db.clock() + wait),
                db.now() if given_up else None,
                season.guild_id,
                season.number,
            ),
        )
    return tries


async def mark_posted(store: Store, season: Season, role_holders: Sequence[RoleHolder]) -> None:
    """The season's end is posted, and ``role_holders`` hold a role the bot gave them: its
    champions given the season's role now, and those it could not take back from yet."""
    db = store.database
    async with db.write() as tx:
        await tx.execute(
            "UPDATE seasons SET posted_at = ? WHERE guild_id = ? AND number = ?",
            (db.now(), season.guild_id, season.number),
        )
        await tx.execute_many(
            "INSERT INTO season_role_holders (guild_id, season, user_id, role_id)"
            " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [
                (season.guild_id, season.number, holder.user_id, holder.role_id)
                for holder in role_holders
            ],
        )


async def last_role_holders(store: Store, guild_id: int, before: int) -> list[RoleHolder]:
    """Who holds a role the bot gave them, as the last season posted before ``before`` left
    it, and which role: only that is taken back from them, whatever the season's role is now."""
    rows = await store.database.fetch_all(
        "SELECT user_id, role_id FROM season_role_holders WHERE guild_id = ? AND season = ("
        " SELECT MAX(number) FROM seasons WHERE guild_id = ? AND number < ?"
        " AND posted_at IS NOT NULL) ORDER BY user_id",
        (guild_id, guild_id, before),
    )
    return [RoleHolder(row["user_id"], row["role_id"]) for row in rows]


async def stored_awards(store: Store, guild_id: int, number: int) -> Awards:
    """A past season's awards as its end showed them."""
    rows = await store.database.fetch_all(
        "SELECT * FROM season_awards WHERE guild_id = ? AND season = ?"
        " ORDER BY award, place, player",
        (guild_id, number),
    )
    grouped: dict[tuple[str, int], list[Row]] = {}
    for row in rows:
        grouped.setdefault((row["award"], row["place"]), []).append(row)

    def award(group: list[Row]) -> Award:
        first = group[0]
        players = tuple(row["player"] for row in group)
        return Award(players, first["value"], first["games"], first["wins"])

    champions = tuple(
        award(group) for (kind, _), group in sorted(grouped.items()) if kind == "champion"
    )
    partnership = grouped.get(("partnership", 1))
    improved = grouped.get(("improved", 1))
    return Awards(
        champions,
        award(partnership) if partnership else None,
        award(improved) if improved else None,
    )


async def player_names(store: Store, guild_id: int, players: set[str]) -> dict[str, str]:
    """The name each person last played under on the server (from the results, which every
    board is derived from and which a reset never deletes)."""
    names: dict[str, str] = {}
    for player in players:
        row = await store.database.fetch_one(
            "SELECT display_name FROM result_players WHERE guild_id = ? AND user_id = ?"
            " ORDER BY ended_at DESC LIMIT 1",
            (guild_id, int(player.removeprefix(USER_PREFIX))),
        )
        if row is not None:
            names[player] = row["display_name"]
    return names


def _placed(awards: Awards) -> list[tuple[str, int, Award]]:
    placed = [("champion", place, award) for place, award in enumerate(awards.champions, 1)]
    if awards.partnership is not None:
        placed.append(("partnership", 1, awards.partnership))
    if awards.improved is not None:
        placed.append(("improved", 1, awards.improved))
    return placed


async def _coming(session: Session, guild_id: int) -> list[Season]:
    """The server's seasons not ended yet: the running one, then one of dates to come."""
    rows = await session.fetch_all(
        "SELECT * FROM seasons WHERE guild_id = ? AND ended = 0 ORDER BY number", (guild_id,)
    )
    return [_season(row) for row in rows]


async def _last_end(session: Session, guild_id: int) -> datetime | None:
    """When the server's last season ends (or ended): where the next may start."""
    row = await session.fetch_one(
        "SELECT ends_at FROM seasons WHERE guild_id = ? ORDER BY ends_at DESC LIMIT 1",
        (guild_id,),
    )
    return None if row is None else decode_time(row["ends_at"])


async def _add_season(session: Session, guild_id: int, window: Window) -> Season:
    row = await session.fetch_required(
        "INSERT INTO seasons (guild_id, number, starts_at, ends_at) VALUES (?,"
        " (SELECT COALESCE(MAX(number), 0) + 1 FROM seasons WHERE guild_id = ?), ?, ?)"
        " RETURNING *",
        (guild_id, guild_id, encode_time(window.start), encode_time(window.end)),
    )
    return _season(row)


async def _lock(session: Session, guild_id: int) -> None:
    """Changes to a server's seasons run one at a time, even from two processes."""
    await session.lock(f"cinch:seasons:{guild_id}")
