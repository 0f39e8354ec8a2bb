-- Leaderboards, player statistics and skill ratings.
-- Everything in the stat_* tables is derived from results, result_players, hands and
-- hand_sides by bot/stats, and can be deleted and rebuilt from them at any time.

-- Which side captured each scoring card of a hand: JSON [[kind, side or null], ...] in the
-- engine's HandResult.captured form. NULL for hands stored without it.
ALTER TABLE hands ADD COLUMN captured TEXT;

-- A server's choices for its boards. No row means the defaults.
CREATE TABLE board_settings (
    guild_id        INTEGER PRIMARY KEY,
    -- Computer players appear on the boards (they are always rated).
    show_computers  INTEGER NOT NULL DEFAULT 1 CHECK (show_computers IN (0, 1)),
    -- Games ended before the target count like finished ones.
    count_abandoned INTEGER NOT NULL DEFAULT 0 CHECK (count_abandoned IN (0, 1)),
    -- Set when the boards are reset: games that ended earlier no longer count.
    counted_from    TEXT,
    updated_at      TEXT    NOT NULL
);

-- One row per seat of every counted game, with the figures the boards add up. The primary
-- key starts with the server and the end time, so a board for a server and a period reads
-- one range of the table itself.
-- player is 'user:<id>' for a person and 'computer:<level>' for a computer player.
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
    -- The player's displayed rating after this game (filled in by the rating pass).
    rating         DOUBLE PRECISION,
    PRIMARY KEY (guild_id, ended_at, game_id, seat)
) WITHOUT ROWID;
CREATE INDEX stat_games_player ON stat_games (guild_id, player, ended_at);
CREATE INDEX stat_games_game ON stat_games (game_id, side);

-- How many times a player bid each amount in a counted game.
CREATE TABLE stat_bids (
    guild_id BIGINT  NOT NULL,
    player   TEXT    NOT NULL,
    amount   INTEGER NOT NULL,
    game_id  BIGINT  NOT NULL,
    bids     INTEGER NOT NULL CHECK (bids > 0),
    PRIMARY KEY (guild_id, player, amount, game_id)
) WITHOUT ROWID;

-- Each player of a server: current rating, the name they last played under, and their
-- stat_games figures added up over all counted games (what all-time boards and cards read).
CREATE TABLE stat_players (
    guild_id       BIGINT  NOT NULL,
    player         TEXT    NOT NULL,
    user_id        BIGINT,
    computer_level TEXT,
    display_name   TEXT    NOT NULL,
    mu             DOUBLE PRECISION NOT NULL,
    sigma          DOUBLE PRECISION NOT NULL,
    rating         DOUBLE PRECISION NOT NULL,
    last_ended_at  TEXT    NOT NULL,
    last_game_id   BIGINT  NOT NULL,
    games          INTEGER NOT NULL DEFAULT 0,
    wins           INTEGER NOT NULL DEFAULT 0,
    hands          INTEGER NOT NULL DEFAULT 0,
    hands_as_maker INTEGER NOT NULL DEFAULT 0,
    contracts_made INTEGER NOT NULL DEFAULT 0,
    points         INTEGER NOT NULL DEFAULT 0,
    pedros         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, player),
    CHECK ((user_id IS NULL) <> (computer_level IS NULL))
) WITHOUT ROWID;
