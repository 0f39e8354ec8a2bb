-- As 0007_shown_to_players.sql, with PostgreSQL's 64-bit ids and ordinary tables.
CREATE TABLE announced_results (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hand_number  INTEGER NOT NULL CHECK (hand_number >= 0),
    announced_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, hand_number)
);
INSERT INTO announced_results (game_id, hand_number, announced_at)
    SELECT game_id, number, finished_at FROM hands;
INSERT INTO announced_results (game_id, hand_number, announced_at)
    SELECT game_id, 0, ended_at FROM results;

CREATE TABLE hand_messages (
    table_id       BIGINT  NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id        BIGINT  NOT NULL,
    kind           TEXT    NOT NULL CHECK (kind IN ('dm', 'private')),
    message_id     BIGINT  NOT NULL,
    dm_channel_id  BIGINT,
    application_id BIGINT,
    token          TEXT,
    editable_until TEXT,
    locale         TEXT,
    game_id        BIGINT,
    hand_number    INTEGER,
    PRIMARY KEY (table_id, user_id, kind)
);
