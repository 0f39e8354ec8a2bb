-- A server's league (bot/league): its seasons and their awards, and its tournaments.

-- How a server's seasons go, set by its admins with /cinch season settings. No row: no seasons.
-- length: a calendar month, a calendar quarter, dates the admins give, or no new season.
CREATE TABLE season_settings (
    guild_id    INTEGER PRIMARY KEY,
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

-- A tournament of a server (/cinch tournament): played round by round, each match at a table
-- in a thread of its channel. format: pairs with fixed partners in Swiss rounds ('swiss') or
-- single elimination ('knockout'), or individuals with rotating partners ('individual').
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    guild_id      BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    organiser_id  BIGINT  NOT NULL,
    name          TEXT    NOT NULL,
    format        TEXT    NOT NULL CHECK (format IN ('swiss', 'knockout', 'individual')),
    rounds        INTEGER NOT NULL CHECK (rounds > 0),
    target        INTEGER NOT NULL CHECK (target > 0),
    round_minutes INTEGER NOT NULL CHECK (round_minutes > 0),
    turn_timer    INTEGER NOT NULL CHECK (turn_timer > 0),
    language      TEXT,
    -- Its rounds are posted as the server's scheduled events.
    events        INTEGER NOT NULL DEFAULT 0 CHECK (events IN (0, 1)),
    status        TEXT    NOT NULL DEFAULT 'signup'
                          CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    -- The sign-up message, edited as people sign up.
    message_id    BIGINT,
    created_at    TEXT    NOT NULL,
    ended_at      TEXT
);
CREATE INDEX tournaments_going_on ON tournaments (guild_id) WHERE status IN ('signup', 'running');

-- Who signed up: a player (individuals), or a pair (one invited the other, who accepted).
-- entrant numbers follow the order of signing up; seed is the order set at the start.
CREATE TABLE tournament_entrants (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    entrant       INTEGER NOT NULL CHECK (entrant > 0),
    user_id       BIGINT  NOT NULL,
    name          TEXT    NOT NULL,
    partner_id    BIGINT,
    partner_name  TEXT,
    status        TEXT    NOT NULL CHECK (status IN ('invited', 'entered', 'withdrawn')),
    seed          INTEGER,
    signed_up_at  TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, entrant)
);

-- Each round: when it was planned to start (and its scheduled event), when it opened, and its
-- deadline, after which a match still playing is decided on its score.
CREATE TABLE tournament_rounds (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL CHECK (number > 0),
    planned_at    TEXT    NOT NULL,
    opened_at     TEXT,
    deadline      TEXT,
    reminded      INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    closed        INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
    event_id      BIGINT,
    PRIMARY KEY (tournament_id, number)
);

-- Each match of a round: its sides (JSON lists of entrant numbers, null for a computer player;
-- no side_b for a bye), its thread and table, and how it ended: the score by side, the winning
-- side (0 or 1; none for a draw), and what decided it.
CREATE TABLE tournament_matches (
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
    decided_by    TEXT    CHECK (decided_by IN ('game', 'deadline', 'bye', 'forfeit')),
    PRIMARY KEY (tournament_id, round, number)
);
CREATE INDEX tournament_matches_table ON tournament_matches (table_id);
