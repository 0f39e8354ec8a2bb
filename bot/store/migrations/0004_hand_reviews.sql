-- The review of a finished hand's card play (bot/ai/review.py), computed once and kept, so a
-- replay shows it again at once. review is JSON written by bot/service/reviews.py:
-- {"version": 1, "verdicts": [[play, seat, card, lost, [better cards]], ...],
--  "lost": [points lost by each seat], "worth": the maker's hand worth or null}.
CREATE TABLE hand_reviews (
    game_id     INTEGER NOT NULL,
    hand_number INTEGER NOT NULL,
    review      TEXT    NOT NULL,
    reviewed_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, hand_number),
    FOREIGN KEY (game_id, hand_number) REFERENCES hands (game_id, number) ON DELETE CASCADE
) WITHOUT ROWID;
