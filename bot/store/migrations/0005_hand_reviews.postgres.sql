-- As 0005_hand_reviews.sql, with PostgreSQL's 64-bit ids and an ordinary table.
CREATE TABLE hand_reviews (
    game_id     BIGINT  NOT NULL,
    hand_number INTEGER NOT NULL,
    review      TEXT    NOT NULL,
    reviewed_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, hand_number),
    FOREIGN KEY (game_id, hand_number) REFERENCES hands (game_id, number) ON DELETE CASCADE
);
