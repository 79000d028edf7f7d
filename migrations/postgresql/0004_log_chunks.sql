-- As migrations/0004: the log of finished turns, compressed into one chunk per turn.
CREATE TABLE log_chunks (
    table_id    BIGINT  NOT NULL REFERENCES tables (id),
    first_n     INTEGER NOT NULL,
    last_n      INTEGER NOT NULL,
    users       TEXT    NOT NULL,
    rows        BYTEA   NOT NULL,
    PRIMARY KEY (table_id, first_n)
);
