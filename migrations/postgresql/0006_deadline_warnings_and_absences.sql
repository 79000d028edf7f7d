-- As migrations/0006: the warning before a deadline, and absences that hold deadlines back.
ALTER TABLE reminders ADD COLUMN warn_at DOUBLE PRECISION;
ALTER TABLE prefs ADD COLUMN away_from DOUBLE PRECISION;
ALTER TABLE prefs ADD COLUMN away_to DOUBLE PRECISION;
ALTER TABLE tables ADD COLUMN away_allowance INTEGER NOT NULL DEFAULT 1209600;

CREATE TABLE away_used (
    table_id    BIGINT  NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    seconds     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat)
);
