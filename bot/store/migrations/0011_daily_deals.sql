-- The daily deal (bot/daily, docs/daily.md): every day from 00:00 UTC the same deals for
-- everyone, each played alone with computer partner and opponents, once a day per person.
-- day is the UTC date as 'YYYY-MM-DD'. A person's play belongs to the server where they began
-- it, and is compared with that server's other players.
CREATE TABLE daily_plays (
    id           INTEGER PRIMARY KEY,
    day          TEXT    NOT NULL,
    user_id      BIGINT  NOT NULL,
    guild_id     BIGINT  NOT NULL,
    -- The name the server showed when they began, for the boards.
    display_name TEXT    NOT NULL,
    started_at   TEXT    NOT NULL,
    -- Set when the last deal of the day is over.
    finished_at  TEXT,
    UNIQUE (day, user_id)
);
CREATE INDEX daily_plays_by_server ON daily_plays (guild_id, day);
CREATE INDEX daily_plays_by_person ON daily_plays (user_id, day);

-- Every action of every seat of a deal, in order (number from 0): the deal is rebuilt from its
-- seed and these, so it survives a restart.
CREATE TABLE daily_actions (
    play_id    BIGINT  NOT NULL REFERENCES daily_plays (id) ON DELETE CASCADE,
    deal       INTEGER NOT NULL CHECK (deal >= 0),
    number     INTEGER NOT NULL CHECK (number >= 0),
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (play_id, deal, number)
);

-- A deal played to its end: score is the player's side's score change minus the other side's.
-- review is the double-dummy review's JSON (bot.ai.review.review_to_json), once computed.
CREATE TABLE daily_results (
    play_id     BIGINT  NOT NULL REFERENCES daily_plays (id) ON DELETE CASCADE,
    deal        INTEGER NOT NULL CHECK (deal >= 0),
    score       INTEGER NOT NULL,
    review      TEXT,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (play_id, deal)
);

-- Par: each deal played with the computers in all four seats, once per day and deal, its
-- score for the player's seat and its actions (a replay of how they played it).
CREATE TABLE daily_pars (
    day     TEXT    NOT NULL,
    deal    INTEGER NOT NULL CHECK (deal >= 0),
    score   INTEGER NOT NULL,
    actions TEXT    NOT NULL,
    PRIMARY KEY (day, deal)
);

-- Where a server's end-of-day post goes (its admins choose it); no row: no post.
CREATE TABLE daily_channels (
    guild_id   INTEGER PRIMARY KEY,
    channel_id BIGINT  NOT NULL,
    updated_at TEXT    NOT NULL
);

-- Each end-of-day post, claimed before it is sent, so that it goes out once.
CREATE TABLE daily_posts (
    guild_id   BIGINT  NOT NULL,
    day        TEXT    NOT NULL,
    channel_id BIGINT  NOT NULL,
    posted_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, day)
);
