-- When each table was paused (issue #41): a player's time to move leaves out the table's pauses, and the tables
-- row keeps only whether it is paused now. One row a pause; `ended` is NULL while it lasts.
CREATE TABLE pauses (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    began       REAL    NOT NULL,
    ended       REAL,
    PRIMARY KEY (table_id, began)
);
