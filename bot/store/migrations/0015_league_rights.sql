-- Who may do what in a server's league, and what the bot gave: the season role's holders keep
-- the role they were given, a play of the daily deals is known by a keyed hash of its person
-- and day (so that forgetting oneself gives no second go), an invited partner may decline for
-- the tournament, a match ended early by its table is recorded as such, and a puzzle attempt
-- keeps the name its server showed.

-- The role each holder was given (the season role then). Rows from before: the server's season
-- role now, the best guess; NULL where it has none (nothing is taken back).
ALTER TABLE season_role_holders ADD COLUMN role_id BIGINT;
UPDATE season_role_holders SET role_id = (
    SELECT s.role_id FROM season_settings s WHERE s.guild_id = season_role_holders.guild_id
);

-- A keyed hash (HMAC) of the person and the day (bot/daily/records.py): it stays when the person
-- is forgotten, so a new play of the same day is refused. NULL for plays from before.
ALTER TABLE daily_plays ADD COLUMN player_key TEXT;
CREATE UNIQUE INDEX daily_plays_by_key ON daily_plays (day, player_key);

-- When the invited partner declined: the one who invited them may not invite them again in
-- this tournament.
ALTER TABLE tournament_entrants ADD COLUMN declined_at TEXT;

-- decided_by 'ended': the match's table was ended before the game (by the organiser, or by its
-- players' vote), and the match decided on the score then. SQLite changes a CHECK only by
-- rebuilding the table, which PostgreSQL reads alike.
CREATE TABLE tournament_matches_new (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    number        INTEGER NOT NULL CHECK (number > 0),
    side_a        TEXT    NOT NULL,
    side_b        TEXT,
    thread_id     BIGINT,
    table_id      BIGINT,
    status        TEXT    NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'playing', 'done')),
    scores        TEXT,
    winner        INTEGER CHECK (winner IS NULL OR winner IN (0, 1)),
    decided_by    TEXT    CHECK (decided_by IN ('game', 'deadline', 'ended', 'bye', 'forfeit')),
    PRIMARY KEY (tournament_id, round, number)
);
INSERT INTO tournament_matches_new SELECT * FROM tournament_matches;
DROP TABLE tournament_matches;
ALTER TABLE tournament_matches_new RENAME TO tournament_matches;
CREATE INDEX tournament_matches_table ON tournament_matches (table_id);

-- The name the server showed when the attempt was made: a server's puzzle board names each
-- person as that server knows them. NULL for attempts from before.
ALTER TABLE puzzle_attempts ADD COLUMN display_name TEXT;
