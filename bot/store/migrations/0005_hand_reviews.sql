-- The review of a finished hand's card play (bot/ai/review.py), computed once and kept, so a
-- replay shows it again at once. review is the JSON of bot.ai.review.review_to_json: the
-- costly cards (points lost, the better cards, the scoring cards that fell to the other side)
-- and the maker's hand worth.
CREATE TABLE hand_reviews (
    game_id     BIGINT  NOT NULL,
    hand_number INTEGER NOT NULL,
    review      TEXT    NOT NULL,
    reviewed_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, hand_number),
    FOREIGN KEY (game_id, hand_number) REFERENCES hands (game_id, number) ON DELETE CASCADE
) WITHOUT ROWID;
