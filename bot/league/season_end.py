"""A season's end shown: its picture posted in the season channel, in the server's language,
and its role moved to its champions.

The season was ended in the store first (:func:`bot.league.seasons.end_season`); this posts it,
once. A post Discord refuses, whatever the reason, is stored as refused and tried again later,
each time later than the last (:func:`bot.league.seasons.post_refused`: 5 minutes, doubling up
to 6 hours, 10 tries at most); the server's admins are told at the first refusal only. Who may
be given which role is :mod:`bot.league.season_role`'s; the bot takes back only the role it
gave, from those it gave it to.
"""

from __future__ import annotations

import asyncio
import logging

from bot.i18n import t
from bot.league.outbox import LeagueOutbox, Refused
from bot.league.season_boards import Awards
from bot.league.season_role import refusal_to_give
from bot.league.season_scenes import season_end_text, season_name, season_scene
from bot.league.seasons import (
    RoleHolder,
    Season,
    SeasonSettings,
    last_role_holders,
    mark_posted,
    player_names,
    post_refused,
    season_settings,
    stored_awards,
)
from bot.league.shown import Picture, Post
from bot.render.league import SeasonScene, render_season
from bot.stats.players import USER_PREFIX
from bot.store import Store

log = logging.getLogger(__name__)


def role_mention(role_id: int) -> str:
    return f"<@&{role_id}>"


class SeasonEnds:
    """Posts the seasons' ends and moves their roles, through the outbox."""

    def __init__(self, store: Store, outbox: LeagueOutbox) -> None:
        self.store = store
        self.outbox = outbox

    async def hidden(self, user_id: int) -> bool:
        """Whether the person keeps off the boards (and so off a season's awards)."""
        return (await self.store.preferences.get(user_id)).hidden_from_boards

    async def shown_names(self, guild_id: int, awards: Awards) -> dict[str, str]:
        """The names of the awards' players who are still shown on the boards."""
        players = {
            player
            for award in (*awards.champions, awards.partnership, awards.improved)
            if award is not None
            for player in award.players
        }
        names = await player_names(self.store, guild_id, players)
        return {
            player: name
            for player, name in names.items()
            if not await self.hidden(int(player.removeprefix(USER_PREFIX)))
        }

    async def picture(
        self, season: Season, locale: str | None
    ) -> tuple[Picture, SeasonScene, Awards]:
        """A season's picture, the scene it shows and the awards it was drawn from."""
        awards = await stored_awards(self.store, season.guild_id, season.number)
        names = await self.shown_names(season.guild_id, awards)
        scene = season_scene(season.number, season.window, awards, names, locale)
        png = await asyncio.to_thread(render_season, scene)
        alt = t("season.awards_alt", locale, name=season_name(season.number, season.window, locale))
        return Picture(png, "season.png", alt), scene, awards

    async def post(self, season: Season) -> None:
        """Post a season's end in its channel and move its role to its champions; then mark
        it posted (also when its server or settings are gone: nobody is left to tell). A post
        Discord refuses is stored as refused and tried again later; the admins are told at
        the first refusal."""
        store = self.store
        settings = await season_settings(store, season.guild_id)
        locale = self.outbox.server_language(season.guild_id)
        if settings is None or locale is None:
            # Nothing can be given or taken back: those holding a role the bot gave keep it.
            await mark_posted(
                store, season, await last_role_holders(store, season.guild_id, season.number)
            )
            return
        picture, scene, awards = await self.picture(season, locale)
        lines = [season_end_text(season.number, season.window, scene, locale)]
        role_line, holders = await self.move_role(settings, season, awards, locale)
        if role_line is not None:
            lines.append(role_line)
        try:
            await self.outbox.post(settings.channel_id, Post("\n".join(lines), picture=picture))
        except Refused as refused:
            await self._refused(season, settings.channel_id, refused, locale)
            return
        await mark_posted(store, season, holders)

    async def _refused(
        self, season: Season, channel_id: int, refused: Refused, locale: str | None
    ) -> None:
        """Store the refusal (the post is tried again later), and tell the admins the first
        time."""
        tries = await post_refused(self.store, season)
        log.warning(
            "Season %s of server %s: its end could not be posted in %s (try %s: %s)",
            season.number,
            season.guild_id,
            channel_id,
            tries,
            refused.reason,
        )
        if tries != 1:
            return
        text = t("season.post_refused", locale, number=season.number, channel=f"<#{channel_id}>")
        await self.outbox.tell_admins(season.guild_id, text)

    async def move_role(
        self, settings: SeasonSettings, season: Season, awards: Awards, locale: str | None
    ) -> tuple[str | None, list[RoleHolder]]:
        """Take back from the last season's holders the role the bot gave them, and give the
        season's role to this one's champions who do not hold it already (someone who had it
        from elsewhere keeps it as theirs: the bot never takes it from them); the line saying
        so (or what keeps the bot from it), and who holds a role the bot gave now."""
        guild_id, outbox = season.guild_id, self.outbox
        role_id = settings.role_id
        role = None if role_id is None else outbox.role(guild_id, role_id)
        problem = None if role is None else refusal_to_give(role, outbox.bot_rights(guild_id))
        winners = []
        if role is not None and problem is None:
            for award in awards.champions[: settings.role_places]:
                user_id = int(award.players[0].removeprefix(USER_PREFIX))
                if not await self.hidden(user_id):
                    winners.append(user_id)
        holders: list[RoleHolder] = []
        refused: int | None = None
        for holder in await last_role_holders(self.store, guild_id, season.number):
            if role is not None and holder.role_id == role_id and holder.user_id in winners:
                holders.append(holder)  # a champion again keeps what the bot gave them
                continue
            taken = holder.role_id
            if (
                taken is not None
                and outbox.role(guild_id, taken) is not None
                and not await outbox.take_role(guild_id, holder.user_id, taken)
            ):
                holders.append(holder)  # refused: tried again at the next season's end
                refused = taken
        kept = {
            holder.user_id for holder in holders if role is not None and holder.role_id == role_id
        }
        if role is not None and role_id is not None and refused is None:
            try:
                for user_id in winners:
                    if user_id not in kept and await outbox.give_role(guild_id, user_id, role_id):
                        holders.append(RoleHolder(user_id, role_id))
                        kept.add(user_id)
            except Refused:
                refused = role_id
        if refused is not None:
            return t("season.role_above_mine", locale, role=role_mention(refused)), holders
        if role_id is None:
            return None, holders
        if role is None:
            return t("season.role_gone", locale), holders
        if problem is not None:
            return t(problem, locale, role=role_mention(role_id)), holders
        if not kept:
            return None, holders
        names = ", ".join(f"<@{user_id}>" for user_id in winners if user_id in kept)
        return t("season.role_given", locale, role=role_mention(role_id), players=names), holders
