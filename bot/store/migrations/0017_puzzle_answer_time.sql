-- A puzzle's ratings count only what a person could not look up (bot/puzzles, docs/daily.md):
-- their first answer, given within the time allowed from when the puzzle was first shown to
-- them. Puzzles are dealt only from now on; those cut from servers' games stay in their table,
-- never shown again (their answers are in the games' replays).

-- When each person was first shown each puzzle.
CREATE TABLE puzzle_views (
    user_id   BIGINT NOT NULL,
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    shown_at  TEXT   NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);

-- Whether a first attempt moved the ratings: 1 when answered in time, 0 when not (kept, shown
-- again, and the ratings left as they were). Every attempt from before counted.
ALTER TABLE puzzle_attempts ADD COLUMN counted INTEGER NOT NULL DEFAULT 1 CHECK (counted IN (0, 1));
