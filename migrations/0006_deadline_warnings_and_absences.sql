-- Deadlines a player can see and cannot miss: a warning before a deadline falls (when a quarter of the time is
-- left; NULL once sent, or with no deadline), and announced absences that hold deadlines back up to a
-- per-table allowance.
ALTER TABLE reminders ADD COLUMN warn_at REAL;
ALTER TABLE prefs ADD COLUMN away_from REAL;     -- an announced absence (/away), in epoch seconds
ALTER TABLE prefs ADD COLUMN away_to REAL;
ALTER TABLE tables ADD COLUMN away_allowance INTEGER NOT NULL DEFAULT 1209600;  -- 14 days a seat, a game

CREATE TABLE away_used (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    seconds     REAL    NOT NULL,              -- how long absences have held this seat's deadlines back
    PRIMARY KEY (table_id, seat)
);
