"""``/cinch-server limits``: a server's admins set how many tables may be open; ``/cinch new`` past
them is refused in one line."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import t
from bot.permissions import FEATURES

pytestmark = pytest.mark.slow

EN = "en"


@pytest.fixture
def admin(guild, simcord_env):
    role = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(simcord_env.create_user("admin"), roles=[role])


async def test_admins_set_the_limits_and_a_table_past_them_is_refused(
    guild, channel, players, admin, simcord_env, offer_server_command
):
    alice = players[0]
    await offer_server_command(alice)
    refused = await alice.slash(channel, "cinch-server limits", per_member=5)
    assert refused.ephemeral
    assert refused.response.content == t(
        "errors.user_missing_permissions", EN, permissions=t("permission.manage_guild", EN)
    )

    shown = await admin.slash(channel, "cinch-server limits")
    assert shown.ephemeral
    assert shown.response.content.splitlines()[1:3] == [
        "- Per member: at most 2",
        "- In all: at most 20",
    ]
    changed = await admin.slash(channel, "cinch-server limits", per_member=1)
    assert changed.response.content.splitlines()[0] == t("settings.saved", EN)
    assert "- Per member: at most 1" in changed.response.content

    await alice.slash(channel, "cinch new")
    other = guild.create_text_channel("cinch-2")
    second = await alice.slash(other, "cinch new")
    assert second.ephemeral
    assert second.response.content == (
        "You already have 1 open table in this server, which is the limit here:"
        " end it with /cinch end before opening another."
    )
    assert second.response.content.count("\n") == 0
    missing, too_many = simcord_env.errors  # both answered, each in one line
    assert isinstance(missing, discord.app_commands.MissingPermissions)
    assert too_many.original.key == "errors.tables_per_member"


async def test_admins_see_what_the_bot_may_do_and_what_it_lacks(guild, admin, simcord_env):
    """The same features as the invite link (``bot/permissions.py``): here the bot may not
    manage messages nor threads in this channel."""
    channel = guild.create_text_channel(
        "no-tidying",
        overwrites={
            guild.me: discord.PermissionOverwrite(manage_messages=False, manage_threads=False)
        },
    )
    shown = await admin.slash(channel, "cinch-server limits")
    lines = shown.response.content.splitlines()
    report = lines[lines.index(f"**{t('permissions.title', EN)}**") + 1 :]

    def missing(feature: str, *names: str) -> str:
        permissions = ", ".join(t(f"permission.{name}", EN) for name in names)
        name = t(f"permissions.feature.{feature}", EN)
        return f"- ❌ {t('permissions.missing', EN, feature=name, permissions=permissions)}"

    assert report[:3] == [
        f"- ✅ {t('permissions.feature.tables', EN)}",
        missing("turns", "manage_messages"),
        missing("threads", "manage_threads"),
    ]
    assert len(report) == len(FEATURES)
    here = await admin.slash(guild.create_text_channel("all-granted"), "cinch-server limits")
    granted = here.response.content.splitlines()[-len(FEATURES) :]
    assert granted[:3] == [
        f"- ✅ {t(f'permissions.feature.{key}', EN)}" for key in ("tables", "turns", "threads")
    ]
