"""What a player sees when something goes wrong, for slash commands and components alike.

- :class:`bot.errors.UserFacingError` (a mistake: "It is Bob's turn") → its message,
  ephemeral, in the player's language. Nothing is logged as a failure.
- The bot lacks a permission it needs in the channel → which one(s), ephemeral.
- An option's value the command does not offer (sent by a client whose copy of the commands
  is out of date, or made up) → the option named and what it takes, ephemeral; likewise a
  button whose id the bot did not make as it reads (:func:`reads_custom_id`).
- Anything else → logged with a short error id; the player gets a short apology with that id,
  so a report from a server can be matched to the log line.

Wiring: :class:`CinchCommandTree` is the bot's command tree class (see ``bot/factory.py``), so
every app-command error reaches :func:`handle_interaction_error`. discord.py does not route
component errors through the tree: a ``View``/``LayoutView`` gets them in ``on_error`` (inherit
:class:`ReportsErrors` first, before the view class), and a ``DynamicItem`` callback gets none
at all, so decorate it with :func:`reports_errors`; and its ``from_custom_id`` with
:func:`reads_custom_id`, since discord.py only logs what that raises, answering nothing.
"""

from __future__ import annotations

import functools
import logging
import re
import secrets
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, TypeVar, cast

import discord
from discord import app_commands

from bot.errors import UserFacingError
from bot.i18n import DEFAULT_LOCALE, lookup, t
from bot.permissions import TABLE_PERMISSION_NAMES
from bot.store import LARGEST_ID
from cogs.shared.interaction import CinchInteraction, in_thread, interaction_locale
from cogs.shared.message_parts import fit
from cogs.shared.translator import in_language

log = logging.getLogger(__name__)

_MISSING_PERMISSIONS = 50013
#: The permission that takes the place of one of the channel's in a thread.
THREAD_POSTING = {"send_messages": "send_messages_in_threads"}

ItemT = TypeVar("ItemT")


def new_error_id() -> str:
    """A short id to quote in the log and to the user (8 hex digits)."""
    return secrets.token_hex(4)


def missing_channel_permissions(interaction: CinchInteraction) -> list[str]:
    """Which of the permissions the bot needs it lacks in this interaction's channel.

    Discord sends the bot's permissions in the channel with every interaction
    (``app_permissions``), so this costs no request. In a thread they are its parent
    channel's, except for posting, which takes Send Messages in Threads. Names are permission
    flag names such as ``"attach_files"``. Direct messages need no permissions, so nothing is
    missing there.
    """
    if interaction.guild_id is None:
        return []
    granted = interaction.app_permissions
    needed = TABLE_PERMISSION_NAMES
    if in_thread(interaction):
        # In a thread, posting takes Send Messages in Threads, whatever the channel allows.
        needed = tuple(THREAD_POSTING.get(name, name) for name in needed)
    return [name for name in needed if not getattr(granted, name)]


def check_table_permissions(interaction: CinchInteraction) -> bool:
    """Refuse a command or click when the bot could not update the table in this channel,
    naming what is missing; True otherwise."""
    missing = missing_channel_permissions(interaction)
    if missing:
        raise app_commands.BotMissingPermissions(missing)
    return True


require_table_permissions = app_commands.check(check_table_permissions)
"""Decorator for commands that post in the channel (see :func:`check_table_permissions`)."""

manage_server = app_commands.checks.has_permissions(manage_guild=True)
"""Decorator for the commands of a server's admins (Manage Server). Discord lets a bot set
default permissions on a top-level command only, not on ``/cinch``'s subcommands, so this is
checked when the command runs."""


def permission_name(name: str, locale: str | None) -> str:
    """Discord's name for a permission flag (``attach_files`` → "Attach Files").

    Permissions without a catalogue entry (only those the bot's own checks can name have
    one) fall back to the flag name in English words rather than a raw key.
    """
    key = f"permission.{name}"
    if lookup(key, DEFAULT_LOCALE) is None:
        return name.replace("_", " ").title()
    return t(key, locale)


def permission_names(names: list[str], locale: str | None) -> str:
    return ", ".join(permission_name(name, locale) for name in names)


async def respond_ephemeral(interaction: CinchInteraction, content: str) -> None:
    """Answer only the user, whether or not the interaction was already answered.

    A failure to answer (the interaction expired, Discord is down) is logged, not raised:
    this runs inside error handlers, where raising would hide the original error.
    """
    content = fit(content)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=True)
        else:
            await interaction.response.send_message(content, ephemeral=True)
    except discord.HTTPException:
        log.warning("Could not answer interaction %s", interaction.id, exc_info=True)


def _where(interaction: CinchInteraction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data = cast(Mapping[str, object], interaction.data or {})
    custom_id = data.get("custom_id")
    return f"component {custom_id!r}" if custom_id else f"interaction type {interaction.type}"


async def explain_error(interaction: CinchInteraction, error: BaseException) -> str:
    """The text to show for ``error``; logs it with a fresh id when it is unexpected."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    locale = await interaction_locale(interaction)
    if isinstance(error, UserFacingError):
        return error.message(locale)
    if isinstance(error, app_commands.BotMissingPermissions):
        return t(
            "errors.bot_missing_permissions",
            locale,
            permissions=permission_names(error.missing_permissions, locale),
        )
    if isinstance(error, discord.Forbidden) and error.code == _MISSING_PERMISSIONS:
        missing = missing_channel_permissions(interaction)
        if missing:
            return t(
                "errors.bot_missing_permissions",
                locale,
                permissions=permission_names(missing, locale),
            )
        return t("errors.forbidden", locale)
    if isinstance(error, app_commands.MissingPermissions):
        return t(
            "errors.user_missing_permissions",
            locale,
            permissions=permission_names(error.missing_permissions, locale),
        )
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("errors.guild_only", locale)
    if isinstance(error, app_commands.TransformerError):
        return _value_not_offered(interaction, error, locale)
    error_id = new_error_id()
    log.error(
        "Unexpected error %s in %s (user %s, channel %s)",
        error_id,
        _where(interaction),
        interaction.user.id,
        interaction.channel_id,
        exc_info=error,
    )
    return t("errors.unexpected", locale, error_id=error_id)


def _value_not_offered(
    interaction: CinchInteraction, error: app_commands.TransformerError, locale: str
) -> str:
    """What to say of a value an option does not take: the option, as Discord shows it, and
    the values it offers (or, for one that is not a choice, that it takes none of that kind)."""
    command = interaction.command
    parameters = command.parameters if isinstance(command, app_commands.Command) else []
    given = vars(interaction.namespace)
    for parameter in parameters:
        if parameter.display_name in given and given[parameter.display_name] == error.value:
            option = in_language(parameter.locale_name or parameter.display_name, locale)
            if not parameter.choices:
                return t("errors.option_not_offered", locale, option=option)
            values = ", ".join(in_language(choice.name, locale) for choice in parameter.choices)
            return t("errors.option_values", locale, option=option, values=values)
    return t("errors.option_not_offered", locale, option="—")


async def handle_interaction_error(interaction: CinchInteraction, error: BaseException) -> None:
    """Explain ``error`` to the user who caused it, ephemerally (see the module docstring)."""
    await respond_ephemeral(interaction, await explain_error(interaction, error))


class CinchCommandTree(app_commands.CommandTree):
    """The bot's command tree: every app-command error goes to :func:`handle_interaction_error`."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await handle_interaction_error(interaction, error)


class ReportsErrors:
    """Mixin for views: ``class TableView(ReportsErrors, discord.ui.View)``."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: Exception, item: discord.ui.Item[Any], /
    ) -> None:
        await handle_interaction_error(interaction, error)


def reports_errors(
    callback: Callable[[ItemT, CinchInteraction], Coroutine[Any, Any, None]],
) -> Callable[[ItemT, discord.Interaction[Any]], Coroutine[Any, Any, None]]:
    """Decorate a ``DynamicItem.callback`` so its errors reach the user like any other.

    discord.py types a component's interaction for any client; the bot's own components are
    only ever called with the bot's interactions, which the callback then sees typed as such.
    """

    @functools.wraps(callback)
    async def guarded(self: ItemT, interaction: discord.Interaction[Any]) -> None:
        try:
            await callback(self, interaction)
        except Exception as error:
            await handle_interaction_error(interaction, error)

    return guarded


class UnreadableComponent(discord.ui.Button[Any]):
    """Stands in for a button or menu whose id matches one of the bot's but holds values the
    bot never puts there (a number too large to be an id, a card that does not exist): a click
    on it gets the sentence saying so, ephemeral."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(custom_id=custom_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        locale = await interaction_locale(interaction)
        await respond_ephemeral(interaction, t("errors.component_unreadable", locale))


FromCustomId = Callable[[Any, discord.Interaction[Any], discord.ui.Item[Any], re.Match[str]], Any]


def reads_custom_id(parse: FromCustomId) -> FromCustomId:
    """Decorate a ``DynamicItem.from_custom_id`` (under ``@classmethod``): an id whose values
    the bot never makes (a number past any id, one ``parse`` refuses) gets an
    :class:`UnreadableComponent`, never an error in the log and a click left unanswered."""

    @functools.wraps(parse)
    async def guarded(
        cls: Any,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> discord.ui.Item[Any]:
        custom_id = match.string
        numbers = [value for value in match.groupdict().values() if value and value.isdigit()]
        if any(int(number) > LARGEST_ID for number in numbers):
            return UnreadableComponent(custom_id)
        try:
            parsed: discord.ui.Item[Any] = await parse(cls, interaction, item, match)
        except (ValueError, KeyError, IndexError, TypeError):
            return UnreadableComponent(custom_id)
        return parsed

    return guarded
