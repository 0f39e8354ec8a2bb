-- What players have been shown, so that a restart between storing an action and showing it
-- shows it then.
--
-- announced_results: the results posted in the channel, one row per hand (its number) and one
-- for the game's end (number 0). A stored result without its row was never posted. Everything
-- finished before this migration was posted.
CREATE TABLE announced_results (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hand_number  INTEGER NOT NULL CHECK (hand_number >= 0),
    announced_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, hand_number)
) WITHOUT ROWID;
INSERT INTO announced_results (game_id, hand_number, announced_at)
    SELECT game_id, number, finished_at FROM hands;
INSERT INTO announced_results (game_id, hand_number, announced_at)
    SELECT game_id, 0, ended_at FROM results;

-- Where each person's live hand messages are at an open table: their DM (kind 'dm': the DM
-- channel and message), and their private message in the channel (kind 'private': the message,
-- and the interaction's token that edits it until editable_until). Which hand each one shows
-- (game_id, hand_number) tells whether a new deal's DM went out.
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
) WITHOUT ROWID;
