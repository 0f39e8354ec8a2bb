-- Whether a server's new tables open in a thread of their own by default, set by its admins
-- with /cinch threads. No row means no: a table opens in the channel itself.
CREATE TABLE server_threads (
    guild_id   INTEGER PRIMARY KEY,
    in_threads INTEGER NOT NULL CHECK (in_threads IN (0, 1)),
    updated_at TEXT    NOT NULL
);
