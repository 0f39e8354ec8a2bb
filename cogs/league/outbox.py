"""The league service's outbox: what the league decided, shown in Discord.

Each method does one thing Discord is asked, and turns what Discord refuses into
:class:`~bot.league.outbox.Refused`: the service stores it and says it once. Texts come worded;
this only fits them within Discord's limits and chooses whom a message may notify.
"""

from __future__ import annotations

import logging

import discord

from bot.i18n import normalise_locale, t
from bot.league.outbox import EventChange, Refused
from bot.league.season_role import Rights, RoleFacts
from bot.league.shown import InvitationShown, Post, RoundEvent, SignupShown
from cogs.league.signup import invitation_view, signup_view
from cogs.shared.client import CinchClient
from cogs.shared.error_replies import permission_names
from cogs.shared.message_parts import fit, png_file
from cogs.tables.table_threads import AUTO_ARCHIVE_MINUTES, THREAD_NAME_LIMIT, THREAD_PERMISSIONS

log = logging.getLogger(__name__)


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


def _refusal(error: discord.HTTPException) -> str:
    return f"HTTP {error.status} {error.text}"


class LeagueDelivery:
    """The :class:`~bot.league.outbox.LeagueOutbox` of the Discord client."""

    def __init__(self, client: CinchClient) -> None:
        self.client = client

    async def _messageable(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except discord.HTTPException as error:
                raise Refused(_refusal(error)) from None
        if not isinstance(channel, discord.abc.Messageable):
            raise Refused("it takes no messages")
        return channel

    async def create_thread(self, channel_id: int, name: str, locale: str | None) -> int:
        channel = self.client.get_channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise Refused("the channel is gone", permission_names(list(THREAD_PERMISSIONS), locale))
        try:
            thread = await channel.create_thread(
                name=name[:THREAD_NAME_LIMIT],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=AUTO_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            granted = channel.permissions_for(channel.guild.me)
            missing = [name for name in THREAD_PERMISSIONS if not getattr(granted, name)]
            lacking = permission_names(missing or list(THREAD_PERMISSIONS), locale)
            raise Refused(_refusal(error), lacking) from None
        return thread.id

    async def post(self, channel_id: int, post: Post) -> None:
        channel = await self._messageable(channel_id)
        mentions = discord.AllowedMentions(
            users=[discord.Object(user) for user in post.mentions], roles=False, everyone=False
        )
        picture = post.picture
        try:
            if picture is None:
                await channel.send(fit(post.text), allowed_mentions=mentions)
            else:
                file = png_file(picture.png, picture.filename, picture.alt)
                await channel.send(fit(post.text), file=file, allowed_mentions=mentions)
        except discord.HTTPException as error:
            raise Refused(_refusal(error)) from None

    async def post_signup(self, signup: SignupShown) -> int:
        channel = await self._messageable(signup.channel_id)
        view = signup_view(signup)
        assert view is not None, "a sign-up is posted while it is open"
        message = await channel.send(fit(signup.text), view=view)
        return message.id

    async def show_signup(self, signup: SignupShown) -> None:
        if signup.message_id is None:
            return
        channel = self.client.get_partial_messageable(signup.channel_id)
        try:
            await channel.get_partial_message(signup.message_id).edit(
                content=fit(signup.text), view=signup_view(signup)
            )
        except discord.HTTPException:
            return  # deleted, or refused: the next change tries again

    async def post_invitation(self, channel_id: int, invitation: InvitationShown) -> None:
        channel = await self._messageable(channel_id)
        await channel.send(
            fit(invitation.text),
            view=invitation_view(invitation),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(invitation.partner_id)]),
        )

    async def create_event(self, event: RoundEvent, locale: str | None) -> int:
        guild = self.client.get_guild(event.guild_id)
        channel = self.client.get_channel(event.location_channel_id)
        if guild is None or not isinstance(channel, discord.TextChannel):
            raise Refused("the server or channel is gone")
        try:
            created = await guild.create_scheduled_event(
                name=event.name,
                start_time=event.start,
                end_time=event.end,
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=f"#{channel.name}",
                description=event.description,
            )
        except discord.Forbidden as error:
            raise Refused(_refusal(error), permission_names(["create_events"], locale)) from None
        return created.id

    async def change_event(self, guild_id: int, event_id: int, change: EventChange) -> None:
        guild = self.client.get_guild(guild_id)
        if guild is None:
            return
        try:
            event = guild.get_scheduled_event(event_id) or await guild.fetch_scheduled_event(
                event_id
            )
            if change == "start":
                await event.start()
            elif change == "end" or event.status is discord.EventStatus.active:
                await event.end()
            elif event.status is discord.EventStatus.scheduled:
                await event.cancel()
        except (discord.HTTPException, ValueError, TypeError):
            log.info("Server %s: could not %s event %s", guild_id, change, event_id)

    def server_language(self, guild_id: int) -> str | None:
        guild = self.client.get_guild(guild_id)
        return None if guild is None else normalise_locale(guild.preferred_locale)

    def role(self, guild_id: int, role_id: int) -> RoleFacts | None:
        guild = self.client.get_guild(guild_id)
        role = None if guild is None else guild.get_role(role_id)
        return None if role is None else role_facts(role)

    def bot_rights(self, guild_id: int) -> Rights:
        guild = self.client.get_guild(guild_id)
        if guild is None:
            return Rights(manage_roles=False, top_rank=(0, 0))
        return rights(guild.me)

    async def _member(self, guild_id: int, user_id: int) -> discord.Member | None:
        guild = self.client.get_guild(guild_id)
        if guild is None:
            return None
        try:
            return await guild.fetch_member(user_id)
        except discord.NotFound:
            return None

    async def give_role(self, guild_id: int, user_id: int, role_id: int) -> bool:
        member = await self._member(guild_id, user_id)
        if member is None or member.get_role(role_id) is not None:
            return False
        try:
            await member.add_roles(discord.Object(role_id), reason=t("season.role_reason", None))
        except discord.Forbidden as error:
            raise Refused(_refusal(error)) from None
        return True

    async def take_role(self, guild_id: int, user_id: int, role_id: int) -> bool:
        member = await self._member(guild_id, user_id)
        if member is None:
            return True
        try:
            await member.remove_roles(discord.Object(role_id), reason=t("season.role_reason", None))
        except discord.Forbidden:
            return False
        return True

    async def tell_admins(self, guild_id: int, text: str) -> None:
        guild = self.client.get_guild(guild_id)
        admins = None if guild is None else guild.public_updates_channel or guild.system_channel
        if admins is None:
            return
        try:
            await admins.send(fit(text), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("Server %s: its admins could not be told", guild_id)
