-- The first schema: tables and seats, games with their actions and hands, final results with
-- one row per player for the leaderboards, and per-user preferences.
-- Times are ISO-8601 UTC text written by the store (fixed width, so they sort and compare
-- as text). JSON columns hold text written by the store with json.dumps.

-- A table is a place to play in one channel; at most one is open per channel.
CREATE TABLE game_tables (
    id                 INTEGER PRIMARY KEY,
    guild_id           BIGINT  NOT NULL,
    channel_id         BIGINT  NOT NULL,
    creator_id         BIGINT  NOT NULL,
    house_rules        TEXT    NOT NULL DEFAULT '{}',
    language           TEXT,
    turn_timer_seconds INTEGER CHECK (turn_timer_seconds IS NULL OR turn_timer_seconds > 0),
    status             TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ended')),
    message_id         BIGINT,
    created_at         TEXT    NOT NULL,
    ended_at           TEXT
);
CREATE UNIQUE INDEX game_tables_one_open_per_channel
    ON game_tables (channel_id) WHERE status = 'open';
CREATE INDEX game_tables_open ON game_tables (status) WHERE status = 'open';

-- Who sits where: a person (user_id) or a computer player (computer_level), never both.
CREATE TABLE seats (
    table_id       BIGINT  NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat >= 0),
    user_id        BIGINT,
    computer_level TEXT,
    display_name   TEXT    NOT NULL,
    away           INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1)),
    auto_moves     INTEGER NOT NULL DEFAULT 0 CHECK (auto_moves >= 0),
    PRIMARY KEY (table_id, seat),
    CHECK ((user_id IS NULL) <> (computer_level IS NULL))
) WITHOUT ROWID;
CREATE UNIQUE INDEX seats_one_per_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;

-- One game to the target score. state is the engine's own JSON snapshot after state_seq
-- actions, so a restart restores quickly and replays only the actions after it.
CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    table_id     BIGINT  NOT NULL REFERENCES game_tables (id),
    guild_id     BIGINT  NOT NULL,
    seed         BIGINT  NOT NULL,
    rules        TEXT    NOT NULL,
    player_count INTEGER NOT NULL CHECK (player_count > 0),
    status       TEXT    NOT NULL DEFAULT 'playing'
                         CHECK (status IN ('playing', 'finished', 'abandoned')),
    started_at   TEXT    NOT NULL,
    ended_at     TEXT,
    state        TEXT,
    state_seq    INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX games_one_playing_per_table ON games (table_id) WHERE status = 'playing';
CREATE INDEX games_guild_started ON games (guild_id, started_at);

-- Every action in order: seed + actions replay the game exactly.
CREATE TABLE actions (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq > 0),
    seat       INTEGER,
    action     TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- One row per finished hand.
CREATE TABLE hands (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number      INTEGER NOT NULL CHECK (number > 0),
    dealer      INTEGER NOT NULL,
    bids        TEXT    NOT NULL,
    contract    INTEGER,
    maker       INTEGER,
    trump       TEXT,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID;

-- Points taken and score change of each side in a hand (a side is a partnership, or one
-- player when everyone plays alone), as rows so statistics can be summed in SQL.
CREATE TABLE hand_sides (
    game_id      BIGINT  NOT NULL,
    hand_number  INTEGER NOT NULL,
    side         INTEGER NOT NULL CHECK (side >= 0),
    points       INTEGER NOT NULL,
    score_change INTEGER NOT NULL,
    PRIMARY KEY (game_id, hand_number, side),
    FOREIGN KEY (game_id, hand_number) REFERENCES hands (game_id, number) ON DELETE CASCADE
) WITHOUT ROWID;

-- How a game ended. winners and final_scores are JSON lists indexed by side.
CREATE TABLE results (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id     BIGINT  NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('finished', 'abandoned')),
    winners      TEXT    NOT NULL,
    final_scores TEXT    NOT NULL,
    ended_at     TEXT    NOT NULL
);
CREATE INDEX results_guild_ended ON results (guild_id, ended_at);

-- One row per seat of a result, with the guild and time copied in so leaderboards for a
-- server and a period read one index range.
CREATE TABLE result_players (
    game_id        BIGINT  NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    guild_id       BIGINT  NOT NULL,
    ended_at       TEXT    NOT NULL,
    user_id        BIGINT,
    computer_level TEXT,
    display_name   TEXT    NOT NULL,
    side           INTEGER NOT NULL,
    won            INTEGER NOT NULL CHECK (won IN (0, 1)),
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (computer_level IS NULL))
) WITHOUT ROWID;
CREATE INDEX result_players_guild_ended ON result_players (guild_id, ended_at);
CREATE INDEX result_players_guild_user ON result_players (guild_id, user_id, ended_at);

-- Per-user choices, kept across servers.
CREATE TABLE user_preferences (
    user_id            INTEGER PRIMARY KEY,
    hand_delivery      TEXT    NOT NULL DEFAULT 'ephemeral'
                               CHECK (hand_delivery IN ('ephemeral', 'dm')),
    dm_failed          INTEGER NOT NULL DEFAULT 0 CHECK (dm_failed IN (0, 1)),
    hidden_from_boards INTEGER NOT NULL DEFAULT 0 CHECK (hidden_from_boards IN (0, 1)),
    locale             TEXT,
    updated_at         TEXT    NOT NULL
);
