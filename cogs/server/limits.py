"""``/cinch-server limits``: how many tables may be open at once in a server, per member and
in all, and whether they open in a thread of their own; and what the bot may do there
(``cogs/server/permissions_report.py``).

For the server's admins (Manage Server). The table service reads and changes them
(``bot/service/areas/server_tables.py``); their defaults and the most an admin may allow are the
store's (``bot/store/limits.py``); ``/cinch new`` is refused in one line when a table would pass
them. Where tables open is ``cogs/tables/table_threads.py``'s.
"""

from __future__ import annotations

from discord import app_commands

from bot.i18n import t
from bot.service import ServerTables
from bot.store.limits import MAX_TABLES_PER_MEMBER, MAX_TABLES_PER_SERVER
from cogs.server.permissions_report import permissions_report
from cogs.shared.client import CinchCommands
from cogs.shared.error_replies import manage_server
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.translator import command_strings, localised_options


def describe_limits(chosen: ServerTables, locale: str) -> str:
    """A server's limits and where its tables open, as ``/cinch-server limits`` shows them."""
    return "\n".join(
        [
            f"**{t('limits.title', locale)}**",
            f"- {t('limits.per_member', locale, count=chosen.tables_per_member)}",
            f"- {t('limits.per_server', locale, count=chosen.tables_per_server)}",
            f"- {t('threads.on' if chosen.in_threads else 'threads.off', locale)}",
            t(
                "limits.hint",
                locale,
                most_per_member=MAX_TABLES_PER_MEMBER,
                most=MAX_TABLES_PER_SERVER,
            ),
        ]
    )


class LimitsCommands(CinchCommands):
    """A server's limits on open tables."""

    @app_commands.command(**command_strings("cinch-server.limits"))
    @localised_options("cinch-server.limits", "per_member", "per_server", "threads")
    @manage_server
    async def limits(
        self,
        interaction: CinchInteraction,
        per_member: app_commands.Range[int, 1, MAX_TABLES_PER_MEMBER] | None = None,
        per_server: app_commands.Range[int, 1, MAX_TABLES_PER_SERVER] | None = None,
        threads: bool | None = None,
    ) -> None:
        """Show the server's limits, changing first the ones given."""
        locale = await interaction_locale(interaction)
        chosen = await self.bot.tables.change_server_tables(
            guild_of(interaction), per_member=per_member, per_server=per_server, in_threads=threads
        )
        text = describe_limits(chosen, locale)
        text = f"{text}\n{permissions_report(interaction, locale)}"
        if (per_member, per_server, threads) != (None, None, None):
            text = f"{t('settings.saved', locale)}\n{text}"
        await interaction.response.send_message(text, ephemeral=True)
