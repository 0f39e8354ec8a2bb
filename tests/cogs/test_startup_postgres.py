"""The real bot on PostgreSQL: DATABASE_URL's URL is what the bot opens and migrates."""

from __future__ import annotations

import pytest

from bot.settings import Settings
from bot.store.migrate import bundled_migrations

pytestmark = pytest.mark.slow


@pytest.fixture
def bot_settings(postgres_url: str) -> Settings:
    return Settings.from_env({"DATABASE_URL": postgres_url}, dotenv_path=None)


async def test_start_opens_and_migrates_the_postgres_database(simcord_env, simcord_bot, channel):
    assert simcord_bot.store.location.startswith("postgresql://")
    assert await simcord_bot.store.schema_version() == bundled_migrations("postgres")[-1].version
    table = await simcord_bot.store.tables.create(
        guild_id=channel.guild.id, channel_id=channel.id, creator_id=1, house_rules={}
    )
    assert (await simcord_bot.store.tables.open_in_channel(channel.id)) == table
