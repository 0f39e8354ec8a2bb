-- 0002_statistics.sql for PostgreSQL: Discord and game ids are BIGINT, ratings DOUBLE
-- PRECISION (SQLite's REAL is 8 bytes, PostgreSQL's 4), and there is no WITHOUT ROWID.

ALTER TABLE hands ADD COLUMN captured TEXT;

CREATE TABLE board_settings (
    guild_id        BIGINT  PRIMARY KEY,
    show_computers  INTEGER NOT NULL DEFAULT 1 CHECK (show_computers IN (0, 1)),
    count_abandoned INTEGER NOT NULL DEFAULT 0 CHECK (count_abandoned IN (0, 1)),
    counted_from    TEXT,
    updated_at      TEXT    NOT NULL
);

CREATE TABLE stat_games (
    guild_id       BIGINT  NOT NULL,
    ended_at       TEXT    NOT NULL,
    game_id        BIGINT  NOT NULL,
    seat           INTEGER NOT NULL,
    player         TEXT    NOT NULL,
    user_id        BIGINT,
    side           INTEGER NOT NULL,
    won            INTEGER NOT NULL CHECK (won IN (0, 1)),
    hands          INTEGER NOT NULL,
    hands_as_maker INTEGER NOT NULL,
    contracts_made INTEGER NOT NULL,
    points         INTEGER NOT NULL,
    pedros         INTEGER NOT NULL,
    rating         DOUBLE PRECISION,
    PRIMARY KEY (guild_id, ended_at, game_id, seat)
);
CREATE INDEX stat_games_player ON stat_games (guild_id, player, ended_at);
CREATE INDEX stat_games_game ON stat_games (game_id, side);

CREATE TABLE stat_bids (
    guild_id BIGINT  NOT NULL,
    player   TEXT    NOT NULL,
    amount   INTEGER NOT NULL,
    game_id  BIGINT  NOT NULL,
    bids     INTEGER NOT NULL CHECK (bids > 0),
    PRIMARY KEY (guild_id, player, amount, game_id)
);

CREATE TABLE stat_players (
    guild_id       BIGINT           NOT NULL,
    player         TEXT             NOT NULL,
    user_id        BIGINT,
    computer_level TEXT,
    display_name   TEXT             NOT NULL,
    mu             DOUBLE PRECISION NOT NULL,
    sigma          DOUBLE PRECISION NOT NULL,
    rating         DOUBLE PRECISION NOT NULL,
    last_ended_at  TEXT             NOT NULL,
    last_game_id   BIGINT           NOT NULL,
    games          INTEGER          NOT NULL DEFAULT 0,
    wins           INTEGER          NOT NULL DEFAULT 0,
    hands          INTEGER          NOT NULL DEFAULT 0,
    hands_as_maker INTEGER          NOT NULL DEFAULT 0,
    contracts_made INTEGER          NOT NULL DEFAULT 0,
    points         INTEGER          NOT NULL DEFAULT 0,
    pedros         INTEGER          NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, player),
    CHECK ((user_id IS NULL) <> (computer_level IS NULL))
);
