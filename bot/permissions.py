"""What the bot asks of a server, feature by feature: the one table the invite link, the
command line's set-up help, ``/cinch-server limits``' report and ``docs/deploying.md`` read.

Tables need the first feature's permissions in their channel, and the bot refuses to open one
without them (``cogs/shared/error_replies.py``). Every other feature works without its permissions,
less well or not at all, and says what is missing where it is used. Permissions are named as
discord.py's flags, in Discord's own order of the settings; iterating ``discord.Permissions``
would give the older alias ``read_messages`` for View Channel.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import discord


class Scope(StrEnum):
    """Where Discord reads a feature's permissions: in the channel, or in the whole server."""

    CHANNEL = "channel"
    SERVER = "server"


@dataclass(frozen=True)
class Feature:
    """Something the bot does and the permissions it takes. ``key`` names it in the catalogue
    (``permissions.feature.<key>``); ``purpose`` says it in English for the command line."""

    key: str
    permissions: tuple[str, ...]
    scope: Scope
    purpose: str


TABLES = Feature(
    "tables",
    ("view_channel", "send_messages", "embed_links", "attach_files", "read_message_history"),
    Scope.CHANNEL,
    "tables, hands and pictures",
)
FEATURES: tuple[Feature, ...] = (
    TABLES,
    Feature(
        "turns",
        ("manage_messages",),
        Scope.CHANNEL,
        "clearing past turns' messages in one call",
    ),
    Feature(
        "threads",
        ("create_public_threads", "send_messages_in_threads", "manage_threads"),
        Scope.CHANNEL,
        "tables and tournament matches in threads",
    ),
    Feature(
        "roles",
        ("manage_roles",),
        Scope.SERVER,
        "the role of each season's champions",
    ),
    Feature(
        "events",
        ("create_events",),
        Scope.SERVER,
        "tournament rounds as scheduled events",
    ),
)

#: Everything the bot needs in a table's channel.
TABLE_PERMISSION_NAMES = TABLES.permissions
#: What the invite link asks for: every feature's permissions, and nothing more.
INVITE_PERMISSIONS = discord.Permissions(
    **{name: True for feature in FEATURES for name in feature.permissions}
)


def missing(feature: Feature, granted: discord.Permissions) -> list[str]:
    """The permissions of `feature` that `granted` lacks."""
    return [name for name in feature.permissions if not getattr(granted, name)]


def permission_title(name: str) -> str:
    """A permission named as Discord's English settings do (``manage_threads``: Manage
    Threads)."""
    return " ".join(word if word == "in" else word.capitalize() for word in name.split("_"))
