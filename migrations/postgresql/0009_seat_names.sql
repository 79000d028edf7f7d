-- As migrations/0009: every name a person held a seat under, per table, until they are forgotten; and seats
-- erased mid-game played by the easy bot from now on.
CREATE TABLE seat_names (
    table_id    BIGINT  NOT NULL REFERENCES tables (id),
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id, name)
);
INSERT INTO seat_names (table_id, user_id, name)
    SELECT table_id, user_id, name FROM seats WHERE bot IS NULL AND user_id > 0;

UPDATE seats SET bot = 'easy'
    WHERE user_id < 0 AND bot IS NULL AND table_id IN (SELECT id FROM tables WHERE status IN ('lobby', 'running'));
UPDATE reminders SET next_at = 4e12, deadline_at = NULL, warn_at = NULL
    WHERE EXISTS (SELECT 1 FROM seats s WHERE s.table_id = reminders.table_id AND s.seat = reminders.seat
                  AND s.bot IS NOT NULL);
