-- A player may ask for a direct message whenever their turn starts, besides the ping in the
-- channel (the ping in the channel is for everybody; the DM is opt-in).
ALTER TABLE user_preferences
    ADD COLUMN turn_dm INTEGER NOT NULL DEFAULT 0 CHECK (turn_dm IN (0, 1));
