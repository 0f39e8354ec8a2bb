-- A season whose end Discord refused to take: how many tries failed, and when to try again
-- (each failure waits longer; the admins are told at the first).
ALTER TABLE seasons ADD COLUMN post_tries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seasons ADD COLUMN post_retry_at TEXT;

-- A round whose match threads Discord refused to create: no thread is asked for again in it,
-- its matches without a table are decided at its deadline, and the channel was told once.
ALTER TABLE tournament_rounds
    ADD COLUMN threads_refused INTEGER NOT NULL DEFAULT 0 CHECK (threads_refused IN (0, 1));

-- People who asked to be forgotten, until they are everywhere: the work is done in the
-- background, a little at a time, and carried on after a restart under the same pseudonym.
CREATE TABLE pending_forgets (
    user_id   INTEGER PRIMARY KEY,
    pseudonym BIGINT  NOT NULL CHECK (pseudonym < 0),
    asked_at  TEXT    NOT NULL
);
