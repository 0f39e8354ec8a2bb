"""Whether a role may be a season's role, and whether it may be given at a season's end.

A season's role goes to its champions, whoever they are, so it must grant nothing beyond a
badge: a role with a permission that lets its holder run the server, its members, its channels
or its messages (:data:`ELEVATED`) is refused, when chosen and again when given (its
permissions may change in between). An admin may only choose a role they could give anyone
themselves: they hold Manage Roles and the role is below their own highest role, unless they own
the server. And the bot gives it only when it can: Manage Roles, and the role below its own.

The Discord layer reads the role and the people's rights into :class:`RoleFacts` and
:class:`Rights`; the answers are catalogue keys (each worded with ``role=``).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The permissions a season's role may not carry (Discord's names): administering the server,
#: its roles, channels, messages or webhooks, removing members, and mentioning everyone.
ELEVATED = frozenset(
    {
        "administrator",
        "manage_guild",
        "manage_roles",
        "manage_channels",
        "manage_messages",
        "manage_webhooks",
        "ban_members",
        "kick_members",
        "mention_everyone",
    }
)

#: A role's place in the server's list, as Discord orders roles: (position, id).
Rank = tuple[int, int]


@dataclass(frozen=True, slots=True)
class RoleFacts:
    rank: Rank
    #: The names of the permissions it grants.
    permissions: frozenset[str]
    #: Whether anyone may give it: not @everyone, nor a role an integration manages.
    assignable: bool


@dataclass(frozen=True, slots=True)
class Rights:
    """What someone (a member, or the bot) may do with the server's roles."""

    manage_roles: bool
    top_rank: Rank
    owner: bool = False

    def can_give(self, role: RoleFacts) -> bool:
        return self.owner or (self.manage_roles and role.rank < self.top_rank)


def elevated(role: RoleFacts) -> bool:
    return bool(role.permissions & ELEVATED)


def refusal_to_give(role: RoleFacts, bot: Rights) -> str | None:
    """Why the bot may not give ``role`` to a season's champions (None: it may)."""
    if not role.assignable:
        return "season.role_not_givable"
    if elevated(role):
        return "season.role_elevated"
    if not bot.manage_roles:
        return "season.role_needs_manage_roles"
    if not bot.can_give(role):
        return "season.role_above_mine"
    return None


def refusal_to_choose(role: RoleFacts, chooser: Rights) -> str | None:
    """Why ``chooser`` may not make ``role`` the season's role (None: they may; whether the bot
    can give it is said apart, since the admins can fix that)."""
    if not role.assignable:
        return "season.role_not_givable"
    if elevated(role):
        return "season.role_elevated"
    if not chooser.can_give(role):
        return "errors.season_role_not_yours"
    return None
