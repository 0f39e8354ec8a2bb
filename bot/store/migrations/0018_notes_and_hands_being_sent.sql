-- What a player must still be told, given with their next hand: kept for a player whose DMs
-- are refused when no interaction of theirs lives and the table's channel refuses the message
-- that would name them, so that a restart does not lose it. The latest note per table and
-- person (a catalogue key), deleted once an answer showed it.
CREATE TABLE notes_for_next_hand (
    table_id    BIGINT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL,
    message_key TEXT   NOT NULL,
    noted_at    TEXT   NOT NULL,
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;
CREATE INDEX notes_for_next_hand_by_user ON notes_for_next_hand (user_id);

-- A private hand being sent in a channel as an interaction's response, seen by its player
-- alone: written before the response, deleted once where the hand lives is stored
-- (hand_messages). A row left at start is an answer that may have gone out unrecorded; while
-- its token lives (until editable_until) Discord gives that message back, and it is brought up
-- to date like the others.
CREATE TABLE hands_being_sent (
    table_id       BIGINT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id        BIGINT NOT NULL,
    token          TEXT   NOT NULL,
    application_id BIGINT NOT NULL,
    editable_until TEXT   NOT NULL,
    locale         TEXT,
    PRIMARY KEY (table_id, user_id, token)
) WITHOUT ROWID;
