-- A server's league (bot/league): its seasons and their awards.

-- How a server's seasons go, set by its admins with /cinch season settings. No row: no seasons.
-- length: a calendar month, a calendar quarter, dates the admins give, or no new season.
CREATE TABLE season_settings (
    guild_id    BIGINT  PRIMARY KEY,
    length      TEXT    NOT NULL CHECK (length IN ('month', 'quarter', 'dates', 'off')),
    -- Where a season's end is posted.
    channel_id  BIGINT  NOT NULL,
    -- The role given to the season's champions at its end, and to how many of them.
    role_id     BIGINT,
    role_places INTEGER NOT NULL DEFAULT 3 CHECK (role_places BETWEEN 1 AND 3),
    updated_at  TEXT    NOT NULL
);

-- Each season: the games that ended in [starts_at, ends_at) make its boards, which are derived
-- from stat_games like the others. Once over, its awards are kept as posted.
CREATE TABLE seasons (
    guild_id  BIGINT  NOT NULL,
    number    INTEGER NOT NULL CHECK (number > 0),
    starts_at TEXT    NOT NULL,
    ends_at   TEXT    NOT NULL,
    ended     INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1)),
    -- When its end was posted in the season channel (NULL: not yet, or it is still running).
    posted_at TEXT,
    PRIMARY KEY (guild_id, number),
    CHECK (starts_at < ends_at)
);
CREATE INDEX seasons_running ON seasons (ends_at) WHERE ended = 0;

-- A season's awards, as its end post showed them: its champions (places 1 to 3), its best
-- partnership (two rows of place 1) and its most improved player. player is 'user:<id>'.
CREATE TABLE season_awards (
    guild_id BIGINT  NOT NULL,
    season   INTEGER NOT NULL,
    award    TEXT    NOT NULL CHECK (award IN ('champion', 'partnership', 'improved')),
    place    INTEGER NOT NULL CHECK (place > 0),
    player   TEXT    NOT NULL,
    -- The season rating (champion), the share of games won together (partnership), or the
    -- rating gained over the season (improved).
    value    DOUBLE PRECISION NOT NULL,
    games    INTEGER NOT NULL,
    wins     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, award, place, player)
);

-- Who was given the season role at a season's end, so that it moves on at the next one.
CREATE TABLE season_role_holders (
    guild_id BIGINT  NOT NULL,
    season   INTEGER NOT NULL,
    user_id  BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, season, user_id)
);
