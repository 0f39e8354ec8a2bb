-- Double-dummy puzzles (bot/puzzles, docs/daily.md): positions of finished hands where one card
-- keeps the side's best result and every other costs at least two points.
-- A puzzle comes from a hand of a server's game (source 'game': its server, channel, game, hand
-- and play) or from a hand dealt from the bot's secret and a label (source 'generated'). position
-- is its JSON (bot.puzzles.positions): every hand, the trick, each legal card's value, the
-- answer and the line after it. rating is its Elo rating, moved by every first attempt.
CREATE TABLE puzzles (
    id          INTEGER PRIMARY KEY,
    source      TEXT    NOT NULL CHECK (source IN ('game', 'generated')),
    guild_id    BIGINT,
    channel_id  BIGINT,
    game_id     BIGINT,
    hand_number INTEGER,
    play        INTEGER,
    label       TEXT,
    position    TEXT    NOT NULL,
    rating      REAL    NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    created_at  TEXT    NOT NULL,
    UNIQUE (game_id, hand_number, play),
    UNIQUE (label),
    CHECK ((source = 'game') = (game_id IS NOT NULL)),
    CHECK ((source = 'generated') = (label IS NOT NULL))
);
CREATE INDEX puzzles_by_server ON puzzles (guild_id) WHERE source = 'game';

-- The hands of servers' games already searched for puzzles (whether or not they held one).
CREATE TABLE puzzle_scans (
    game_id     BIGINT  NOT NULL,
    hand_number INTEGER NOT NULL,
    found       INTEGER NOT NULL CHECK (found >= 0),
    scanned_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, hand_number)
);

-- The daily puzzle of each day (UTC date 'YYYY-MM-DD'), the same for everyone.
CREATE TABLE puzzle_days (
    day       TEXT    PRIMARY KEY,
    puzzle_id BIGINT  NOT NULL REFERENCES puzzles (id)
);

-- Each person's first attempt at each puzzle (later ones are not kept): the card they chose,
-- whether it kept the best, their rating before and after, and the server they tried it in.
CREATE TABLE puzzle_attempts (
    user_id       BIGINT  NOT NULL,
    puzzle_id     BIGINT  NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    guild_id      BIGINT  NOT NULL,
    card          TEXT    NOT NULL,
    solved        INTEGER NOT NULL CHECK (solved IN (0, 1)),
    rating_before REAL    NOT NULL,
    rating_after  REAL    NOT NULL,
    attempted_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_by_server ON puzzle_attempts (guild_id, user_id);

-- Each person's puzzle rating (Elo, bot/puzzles/ratings.py), the same in every server, with the
-- name they last tried a puzzle under, for the boards.
CREATE TABLE puzzle_ratings (
    user_id      INTEGER PRIMARY KEY,
    display_name TEXT    NOT NULL,
    rating       REAL    NOT NULL,
    updated_at   TEXT    NOT NULL
);
