"""``/cinch-server limits``: a server's admins set how many tables may be open; ``/cinch new`` past
them is refused in one line."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import t

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
