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
