-- As migrations/0005: one channel message per turn, and the table's choice of posts.
ALTER TABLE tables ADD COLUMN posts TEXT NOT NULL DEFAULT 'turn' CHECK (posts IN ('turn', 'action'));

CREATE TABLE turn_messages (
    table_id    BIGINT  PRIMARY KEY REFERENCES tables (id),
    started     INTEGER NOT NULL,
    message_id  BIGINT,
    seen        TEXT    NOT NULL,
    body        TEXT    NOT NULL
);
