"""What the bot may do in a server, feature by feature, as ``/cinch-server limits`` reports it
to the server's admins: the same features and permissions as the invite link
(``bot/permissions.py``). A channel's features are read in the channel the command was used in
(Discord sends the bot's permissions there with every interaction); a server's, in its roles.
"""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.permissions import FEATURES, Scope, missing
from cogs.shared.error_replies import permission_names
from cogs.shared.interaction import CinchInteraction


def permissions_report(interaction: CinchInteraction, locale: str | None) -> str:
    """A line per feature: granted, or what it lacks."""
    me = interaction.guild.me if interaction.guild is not None else None
    in_server = me.guild_permissions if me is not None else discord.Permissions.none()
    lines = [f"**{t('permissions.title', locale)}**"]
    for feature in FEATURES:
        granted = interaction.app_permissions if feature.scope is Scope.CHANNEL else in_server
        name = t(f"permissions.feature.{feature.key}", locale)
        lacking = missing(feature, granted)
        if lacking:
            names = permission_names(lacking, locale)
            line = t("permissions.missing", locale, feature=name, permissions=names)
            lines.append(f"- ❌ {line}")
        else:
            lines.append(f"- ✅ {name}")
    return "\n".join(lines)
