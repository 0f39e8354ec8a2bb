-- Two personal choices: a direct message whenever one's turn starts, besides the ping in the
-- channel (opt-in), and one's own hand drawn with the four-colour deck.
ALTER TABLE user_preferences
    ADD COLUMN turn_dm INTEGER NOT NULL DEFAULT 0 CHECK (turn_dm IN (0, 1));
ALTER TABLE user_preferences
    ADD COLUMN four_colour INTEGER NOT NULL DEFAULT 0 CHECK (four_colour IN (0, 1));
