-- Moves a bot process hands to the process that owns their table (bot/store/relay.py), one row
-- per click: written by the process the click reached, applied or refused by the owner, or
-- withdrawn by the sender that stopped waiting, whichever comes first. Only the bot's own role
-- may write it (docs/database.md): a move is never taken from a notification.
CREATE TABLE relayed_moves (
    request_id BIGINT  PRIMARY KEY,
    shard      INTEGER NOT NULL,
    table_id   BIGINT  NOT NULL,
    move       TEXT    NOT NULL,
    state      TEXT    NOT NULL DEFAULT 'waiting'
               CHECK (state IN ('waiting', 'applied', 'refused', 'withdrawn')),
    refusal    TEXT,
    created_at TEXT    NOT NULL
);
CREATE INDEX relayed_moves_waiting ON relayed_moves (shard, request_id) WHERE state = 'waiting';
