-- The action log of finished turns, compressed (table/logchunks.py): when a turn ends, its rows move from
-- `actions` into one chunk here, so `actions` holds only the turn under way. Reading the log reads both.
CREATE TABLE log_chunks (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    first_n     INTEGER NOT NULL,              -- the chunk holds actions first_n..last_n of the table
    last_n      INTEGER NOT NULL,
    users       TEXT    NOT NULL,              -- ',1001,1002,': whose ids are inside (to forget a user)
    rows        BLOB    NOT NULL,
    PRIMARY KEY (table_id, first_n)
);
