-- As migrations/0013: when each table was paused, for the time to move. Times in DOUBLE PRECISION.
CREATE TABLE pauses (
    table_id    BIGINT  NOT NULL REFERENCES tables (id),
    began       DOUBLE PRECISION NOT NULL,
    ended       DOUBLE PRECISION,
    PRIMARY KEY (table_id, began)
);
