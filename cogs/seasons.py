"""``/cinch-server seasons`` and ``/cinch-boards awards``; and posting a season's end.

The seasons themselves are the league's (``bot/league``): this cog asks for them, draws them off the
event loop and answers; a season's board is a leaderboard (``cogs/records/board_pages.py``). At a
season's end (``cogs/league_clock.py`` finds it in the store) its picture is posted in the season
channel, and its role moves to its champions. Who may choose which role, and whether the bot may
give it, is the league's (``bot/league/season_role.py``): this cog reads the role's permissions and
place, and the rights of the admin choosing it and of the bot, into plain data. The bot takes back
only the role it gave, from those it gave it to.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import date

import discord
from discord import app_commands

from bot.errors import OptionRefused, UserFacingError, choice_of
from bot.i18n import normalise_locale, t
from bot.league.season_boards import Awards
from bot.league.season_role import Rights, RoleFacts, refusal_to_choose, refusal_to_give
from bot.league.season_scenes import season_end_text, season_name, season_scene
from bot.league.seasons import (
    MOST_ROLE_PLACES,
    RoleHolder,
    Season,
    SeasonDatesRefused,
    SeasonSettings,
    change_season_settings,
    last_role_holders,
    mark_posted,
    pick_season,
    player_names,
    post_refused,
    season_settings,
    stored_awards,
)
from bot.league.windows import SeasonLength
from bot.render.league import SeasonScene, render_season
from bot.stats.players import USER_PREFIX
from bot.store import UNSET
from cogs.records.board_pages import season_choices
from cogs.shared.client import CinchClient, CinchCommands
from cogs.shared.error_replies import manage_server, require_table_permissions
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.message_parts import fit, png_file
from cogs.shared.translator import command_strings, localised_choices, localised_options

log = logging.getLogger(__name__)

LENGTH_CHOICES = localised_choices(
    {f"choice.season_length.{length.value}": length.value for length in SeasonLength}
)


def _day(text: str, option: str) -> date:
    """A day written ``YYYY-MM-DD``, or a refusal naming the option."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise OptionRefused("errors.option_date", option) from None


def role_facts(role: discord.Role) -> RoleFacts:
    """The role as the league weighs it; its rank orders roles as Discord does (of two at the
    same position, the older is higher)."""
    return RoleFacts(
        rank=(role.position, -role.id),
        permissions=frozenset(name for name, granted in role.permissions if granted),
        assignable=not (role.managed or role.is_default()),
    )


def rights(member: discord.Member) -> Rights:
    """What the member may do with the server's roles."""
    return Rights(
        manage_roles=member.guild_permissions.manage_roles,
        top_rank=role_facts(member.top_role).rank,
        owner=member.guild.owner_id == member.id,
    )


def role_problem(guild: discord.Guild, role: discord.Role) -> str | None:
    """What keeps the bot from giving ``role`` (a catalogue key), if anything."""
    return refusal_to_give(role_facts(role), rights(guild.me))


def describe_seasons(
    settings: SeasonSettings,
    coming: list[Season],
    guild: discord.Guild | None,
    locale: str,
) -> str:
    """A server's seasons in a few lines, as ``/cinch season settings`` shows them."""
    lines = [f"**{t('season.settings.title', locale)}**"]
    lines.append(t(f"season.length.{settings.length.value}", locale))
    lines.append(t("season.settings.channel", locale, channel=f"<#{settings.channel_id}>"))
    role = guild.get_role(settings.role_id) if guild and settings.role_id is not None else None
    if settings.role_id is None:
        lines.append(t("season.settings.no_role", locale))
    elif role is None:
        lines.append(t("season.role_gone", locale))
    else:
        places = settings.role_places
        if places == 1:
            lines.append(t("season.settings.role_one", locale, role=role.mention))
        else:
            lines.append(t("season.settings.role", locale, role=role.mention, count=places))
        problem = role_problem(role.guild, role)
        if problem is not None:
            lines.append(t(problem, locale, role=role.mention))
    lines += [season_name(season.number, season.window, locale) for season in coming]
    if not coming:
        lines.append(t("season.settings.none", locale))
    return "\n".join(lines)


async def shown_names(client: CinchClient, guild_id: int, awards: Awards) -> dict[str, str]:
    """The names of the awards' players who are still shown on the boards."""
    players = {
        player
        for award in (*awards.champions, awards.partnership, awards.improved)
        if award is not None
        for player in award.players
    }
    names = await player_names(client.store, guild_id, players)
    return {
        player: name
        for player, name in names.items()
        if not await _hidden(client, int(player.removeprefix(USER_PREFIX)))
    }


async def _hidden(client: CinchClient, user_id: int) -> bool:
    """Whether the person keeps off the boards (and so off a season's awards)."""
    return (await client.store.preferences.get(user_id)).hidden_from_boards


async def season_picture(
    client: CinchClient, season: Season, locale: str | None
) -> tuple[bytes, SeasonScene, Awards]:
    """A season's picture, the scene it shows and the awards it was drawn from."""
    awards = await stored_awards(client.store, season.guild_id, season.number)
    names = await shown_names(client, season.guild_id, awards)
    scene = season_scene(season.number, season.window, awards, names, locale)
    return await asyncio.to_thread(render_season, scene), scene, awards


class SeasonSettingsCommands(CinchCommands):
    """A server's seasons, set by its admins (``/cinch-server seasons``)."""

    @app_commands.command(**command_strings("cinch-server.seasons"))
    @localised_options(
        "cinch-server.seasons",
        "length",
        "first_day",
        "last_day",
        "channel",
        "role",
        "places",
        "no_role",
    )
    @app_commands.choices(length=LENGTH_CHOICES)
    @manage_server
    async def season_settings(
        self,
        interaction: CinchInteraction,
        length: app_commands.Choice[str] | None = None,
        first_day: str | None = None,
        last_day: str | None = None,
        channel: discord.TextChannel | None = None,
        role: discord.Role | None = None,
        places: app_commands.Range[int, 1, MOST_ROLE_PLACES] | None = None,
        no_role: bool | None = None,
    ) -> None:
        """Show the server's seasons, changing first what is given."""
        locale = await interaction_locale(interaction)
        store, guild_id = self.bot.store, guild_of(interaction)
        current = await season_settings(store, guild_id)
        chosen = choice_of(SeasonLength, length.value, "option.season_length") if length else UNSET
        dates = None
        if first_day or last_day or chosen is SeasonLength.DATES:
            if not (first_day and last_day):
                raise UserFacingError("errors.season_dates_needed")
            first, last = _day(first_day, "option.first_day"), _day(last_day, "option.last_day")
            dates, chosen = (first, last), SeasonLength.DATES
        if current is None and chosen is UNSET:
            raise UserFacingError("errors.no_season")
        if role is not None and isinstance(interaction.user, discord.Member):
            refusal = refusal_to_choose(role_facts(role), rights(interaction.user))
            if refusal is not None:
                raise UserFacingError(refusal, role=role.mention)
        channel_id = (
            channel.id
            if channel is not None
            else current.channel_id
            if current is not None
            else interaction.channel_id or 0
        )
        try:
            settings, coming = await change_season_settings(
                store,
                guild_id,
                channel_id=channel_id,
                length=chosen,
                dates=dates,
                role_id=None if no_role else role.id if role is not None else UNSET,
                role_places=UNSET if places is None else places,
            )
        except SeasonDatesRefused as refused:
            day = refused.until.date().isoformat()
            raise UserFacingError("errors.season_dates_overlap", day=day) from None
        text = describe_seasons(settings, coming, interaction.guild, locale)
        await interaction.response.send_message(fit(text), ephemeral=True)


class SeasonAwardsCommands(CinchCommands):
    """A season's awards, for everyone (``/cinch-boards awards``)."""

    @app_commands.command(**command_strings("cinch-boards.awards"))
    @localised_options("cinch-boards.awards", "season")
    @require_table_permissions
    async def season_awards(self, interaction: CinchInteraction, season: int | None = None) -> None:
        """The awards of a season that ended (the last one, unless a number is given)."""
        locale = await interaction_locale(interaction)
        chosen = await pick_season(self.bot.store, guild_of(interaction), season, ended=True)
        if not chosen.ended:
            day = chosen.window.last_day.isoformat()
            raise UserFacingError("errors.season_not_ended", number=chosen.number, day=day)
        await interaction.response.defer(thinking=True)
        png, _, _ = await season_picture(self.bot, chosen, locale)
        name = season_name(chosen.number, chosen.window, locale)
        await interaction.followup.send(
            file=png_file(png, "season.png", t("season.awards_alt", locale, name=name))
        )

    @season_awards.autocomplete("season")
    async def ended_season_numbers(
        self, interaction: CinchInteraction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await season_choices(interaction, current, ended=True)


async def post_season_end(client: CinchClient, season: Season) -> None:
    """Post a season's end in its channel, in the server's language, and move its role to
    its champions; then mark it posted (also when its server or settings are gone: nobody is
    left to tell). A post Discord refuses, whatever the reason, is stored as refused and tried
    again later (``post_refused``); the server's admins are told at the first refusal."""
    store = client.store
    settings = await season_settings(store, season.guild_id)
    guild = client.get_guild(season.guild_id)
    if settings is None or guild is None:
        # Nothing can be given or taken back: those holding a role the bot gave keep it.
        await mark_posted(
            store, season, await last_role_holders(store, season.guild_id, season.number)
        )
        return
    locale = normalise_locale(guild.preferred_locale)
    png, scene, awards = await season_picture(client, season, locale)
    name = season_name(season.number, season.window, locale)
    lines = [season_end_text(season.number, season.window, scene, locale)]
    role_line, holders = await move_season_role(client, guild, settings, season, awards, locale)
    if role_line is not None:
        lines.append(role_line)
    try:
        channel = client.get_channel(settings.channel_id) or await client.fetch_channel(
            settings.channel_id
        )
        if isinstance(channel, discord.abc.Messageable):
            alt = t("season.awards_alt", locale, name=name)
            await channel.send(fit("\n".join(lines)), file=png_file(png, "season.png", alt))
            await mark_posted(store, season, holders)
            return
        refusal = "it takes no messages"
    except discord.HTTPException as refused:
        refusal = f"HTTP {refused.status} {refused.text}"
    await _post_refused(client, guild, season, settings.channel_id, refusal, locale)


async def _post_refused(
    client: CinchClient,
    guild: discord.Guild,
    season: Season,
    channel_id: int,
    refusal: str,
    locale: str | None,
) -> None:
    """Store the refusal (the post is tried again later), and tell the admins the first time,
    in the channel Discord sends them its notices in (or the server's system channel)."""
    tries = await post_refused(client.store, season)
    log.warning(
        "Season %s of server %s: its end could not be posted in %s (try %s: %s)",
        season.number,
        guild.id,
        channel_id,
        tries,
        refusal,
    )
    admins = guild.public_updates_channel or guild.system_channel
    if tries != 1 or admins is None:
        return
    text = t("season.post_refused", locale, number=season.number, channel=f"<#{channel_id}>")
    try:
        await admins.send(fit(text), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("Server %s: its admins could not be told either", guild.id)


async def move_season_role(
    client: CinchClient,
    guild: discord.Guild,
    settings: SeasonSettings,
    season: Season,
    awards: Awards,
    locale: str,
) -> tuple[str | None, list[RoleHolder]]:
    """Take back from the last season's holders the role the bot gave them, and give the
    season's role to this one's champions who do not hold it already (someone who had it from
    elsewhere keeps it as theirs: the bot never takes it from them); the line saying so (or
    what keeps the bot from it), and who holds a role the bot gave now."""
    role = guild.get_role(settings.role_id) if settings.role_id is not None else None
    problem = None if role is None else role_problem(guild, role)
    winners = []
    if role is not None and problem is None:
        for award in awards.champions[: settings.role_places]:
            user_id = int(award.players[0].removeprefix(USER_PREFIX))
            if not await _hidden(client, user_id):
                winners.append(user_id)
    holders: list[RoleHolder] = []
    refused: discord.Role | None = None
    for holder in await last_role_holders(client.store, guild.id, season.number):
        if role is not None and holder.role_id == role.id and holder.user_id in winners:
            holders.append(holder)  # a champion again keeps what the bot gave them
            continue
        taken = guild.get_role(holder.role_id) if holder.role_id is not None else None
        if taken is not None and not await _change_role(guild, holder.user_id, taken, give=False):
            holders.append(holder)  # refused: tried again at the next season's end
            refused = taken
    kept = {holder.user_id for holder in holders if role is not None and holder.role_id == role.id}
    if role is not None and refused is None:
        try:
            for user_id in winners:
                if user_id not in kept and await _change_role(guild, user_id, role, give=True):
                    holders.append(RoleHolder(user_id, role.id))
                    kept.add(user_id)
        except discord.Forbidden:
            refused = role
    if refused is not None:
        return t("season.role_above_mine", locale, role=refused.mention), holders
    if settings.role_id is None:
        return None, holders
    if role is None:
        return t("season.role_gone", locale), holders
    if problem is not None:
        return t(problem, locale, role=role.mention), holders
    if not kept:
        return None, holders
    names = ", ".join(f"<@{user_id}>" for user_id in winners if user_id in kept)
    return t("season.role_given", locale, role=role.mention, players=names), holders


async def _change_role(
    guild: discord.Guild, user_id: int, role: discord.Role, *, give: bool
) -> bool:
    """Give the role (False when the person is no longer a member, or holds it already: then
    it is theirs, not the bot's to take back); or take it back (False when Discord refuses;
    someone no longer a member has nothing to take back)."""
    try:
        member = await guild.fetch_member(user_id)
    except discord.NotFound:
        return not give
    reason = t("season.role_reason", None)
    if give:
        if member.get_role(role.id) is not None:
            return False
        await member.add_roles(role, reason=reason)
        return True
    try:
        await member.remove_roles(role, reason=reason)
    except discord.Forbidden:
        return False
    return True
