-- Who may do what in a server's league, and what the bot gave: see 0015_league_rights.sql.

ALTER TABLE season_role_holders ADD COLUMN role_id BIGINT;
UPDATE season_role_holders SET role_id = (
    SELECT s.role_id FROM season_settings s WHERE s.guild_id = season_role_holders.guild_id
);

ALTER TABLE daily_plays ADD COLUMN player_key TEXT;
CREATE UNIQUE INDEX daily_plays_by_key ON daily_plays (day, player_key);

ALTER TABLE tournament_entrants ADD COLUMN declined_at TEXT;

ALTER TABLE tournament_matches DROP CONSTRAINT tournament_matches_decided_by_check;
ALTER TABLE tournament_matches ADD CONSTRAINT tournament_matches_decided_by_check
    CHECK (decided_by IN ('game', 'deadline', 'ended', 'bye', 'forfeit'));

ALTER TABLE puzzle_attempts ADD COLUMN display_name TEXT;
