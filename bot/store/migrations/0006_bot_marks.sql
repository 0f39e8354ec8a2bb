-- What the bot remembers about itself between starts, by name: for example a fingerprint of
-- the slash commands last published to Discord, so an unchanged tree is not published again.
CREATE TABLE bot_marks (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
