-- A server's limits on open tables, set by its admins with /cinch limits. No row, or an empty
-- column, means the bot's default (bot/store/limits.py).
CREATE TABLE server_limits (
    guild_id          INTEGER PRIMARY KEY,
    -- Tables one member may have opened and not yet ended in this server.
    tables_per_member INTEGER CHECK (tables_per_member IS NULL OR tables_per_member > 0),
    -- Tables open in this server at once.
    tables_per_server INTEGER CHECK (tables_per_server IS NULL OR tables_per_server > 0),
    updated_at        TEXT    NOT NULL
);
-- Counting a server's open tables, and one member's, reads one index range.
CREATE INDEX game_tables_open_by_guild ON game_tables (guild_id, creator_id) WHERE status = 'open';

-- The person a stand-in computer player played for: someone away when the game ended is not
-- credited with it (the computer is), but the row still concerns them, so forgetting them
-- (bot/store/people.py) finds it.
ALTER TABLE result_players ADD COLUMN stand_in_for BIGINT;
